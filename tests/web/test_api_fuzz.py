"""Fuzzing the JSON API from its own OpenAPI document (schemathesis): no 500, and every answer as documented.

For each operation in /api/openapi.json, schemathesis generates requests,
valid and invalid (bodies that break the schemas, wrong types, missing
fields), sends them to the app in-process, and checks each answer: never a
server error, a status code and a body the document describes, invalid input
refused with a 4xx. The test counts the requests it sent and asserts
that they ran and none was a server error. (Whether a valid request is *accepted* is not checked:
that depends on the game, e.g. a DP order for a unit that is not neutral is
well formed and refused all the same.) The requests go to a real game with the right token for
the operation (a power's for the player endpoints, the GM's for the GM's), so
they reach the engine rather than stopping at the door. Bounded: a few dozen
examples per operation.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import positive_data_acceptance

from web import create_app
from web.api import public as api  # noqa: F401  (their operations fill OPERATIONS)
from web.api.openapi import OPERATIONS

pytestmark = pytest.mark.slow  # generated requests to every endpoint: ./run test -m "not slow" leaves it out

EXAMPLES = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)


@pytest.fixture
def fuzzed_app(tmp_path: Path) -> Iterator[Flask]:
    # No compression: schemathesis reads a WSGI answer's bytes as they come (test_assets checks compression).
    config = {"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'fuzz.db'}", "SECRET_KEY": "fuzz"}
    app = create_app(config | {"COMPRESS_REGISTER": False})
    yield app
    app.extensions["sengoku_db"].dispose()


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: f"{op.method} {op.path}")
def test_the_api_answers_every_request_as_documented(fuzzed_app: Flask, operation) -> None:  # type: ignore[no-untyped-def]
    game = fuzzed_app.test_client().post("/api/games", json={"name": "Fuzzed"}).get_json()
    token = game["gm_token"] if operation.auth == "gm" else game["power_tokens"]["Oda"] if operation.auth else None
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", fuzzed_app)
    fuzzed = schema[operation.path][operation.method]

    answered: list[int] = []  # the status of every request sent: the checks ran on real answers

    @given(case=fuzzed.as_strategy())
    @EXAMPLES
    def request(case: schemathesis.Case) -> None:
        if "game_id" in (case.path_parameters or {}):
            case.path_parameters = {**(case.path_parameters or {}), "game_id": game["id"]}
        if token is not None:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
        response = case.call_and_validate(excluded_checks=[positive_data_acceptance])
        answered.append(response.status_code)

    request()
    assert answered, "schemathesis sent no request"
    assert all(status < 500 for status in answered), answered
