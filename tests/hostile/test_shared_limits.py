"""Two servers on one PostgreSQL and one Redis, as a site on two hosts runs: a client's limit and every deadline
hold across both.

``./run test`` starts the Redis (scripts/test-services.sh: TEST_REDIS_URL) and the PostgreSQL
(TEST_DATABASE_URL); both servers listen on loopback, and the test is the proxy in front of them (127.0.0.1,
trusted by default), saying whom it forwards for.
"""

from __future__ import annotations

import hashlib
import os
import time
from contextlib import ExitStack
from pathlib import Path

import pytest

from tests.cli.sengoku_process import run
from tests.hostile.site import Site, call, serve
from tests.web.conftest import database_url

pytestmark = pytest.mark.slow

REDIS = os.environ.get("TEST_REDIS_URL")
POSTGRES = os.environ.get("TEST_DATABASE_URL")
LIMIT = 20  # web/access/limits.py RATES["wrong_link"]
GAMES = 4


@pytest.fixture
def two_servers(tmp_path: Path) -> tuple[Site, Site]:  # type: ignore[misc]
    if not (REDIS and POSTGRES):
        pytest.fail(
            "TEST_REDIS_URL and TEST_DATABASE_URL are not set: run it with ./run test (scripts/test-services.sh)"
        )
    url = database_url("postgresql", tmp_path)
    assert run(tmp_path, "db", "upgrade", "--database", url).returncode == 0
    shared = {"DATABASE_URL": url, "SENGOKU_RATE_LIMIT_STORAGE": REDIS}
    with ExitStack() as stack:
        sites = []
        for name in ("a", "b"):
            (tmp_path / name).mkdir()
            sites.append(stack.enter_context(serve(tmp_path / name, "--deadline-check", "0.2", **shared)))
        yield sites[0], sites[1]


def test_a_clients_wrong_link_limit_holds_across_two_servers(two_servers: tuple[Site, Site], tmp_path: Path) -> None:
    first, second = two_servers
    status, game = call(first, "POST", "/api/games", {"name": "Two hosts"})
    assert status == 201
    # a client address of this test's own (the Redis is shared by the whole run)
    high, low = hashlib.sha256(str(tmp_path).encode()).digest()[:2]
    client = f"198.18.{high}.{low}"
    wrong = f"/games/{game['id']}/play/not-a-token"
    statuses = [call((first, second)[n % 2], "GET", wrong, X_Forwarded_For=client)[0] for n in range(LIMIT + 1)]
    assert set(statuses[:LIMIT]) == {403} and statuses[LIMIT] == 429  # 10 on one server, 11 on the other
    assert [call(site, "GET", wrong, X_Forwarded_For=client)[0] for site in (first, second)] == [429, 429]
    assert call(second, "GET", wrong, X_Forwarded_For=client + "1")[0] == 403  # another client is not held back


def test_every_passed_deadline_is_adjudicated_once_by_two_servers(two_servers: tuple[Site, Site]) -> None:
    first, second = two_servers
    ids = []
    for n in range(GAMES):
        status, game = call((first, second)[n % 2], "POST", "/api/games", {"name": f"Deadline {n}"})
        assert status == 201
        passed = {"at": "2026-01-01T00:00:00Z"}  # long past: both servers' deadline jobs find it at once
        assert call(first, "PUT", f"/api/games/{game['id']}/deadline", passed, token=game["gm_token"])[0] == 200
        ids.append(game["id"])
    phases: list[str] = []
    for _ in range(150):  # 30 s at most: each job looks every 0.2 s
        phases = [call(second, "GET", f"/api/games/{game_id}")[1]["phase"] for game_id in ids]
        if all(phase != "Spring 1570 movement" for phase in phases):
            break
        time.sleep(0.2)
    assert phases == ["Fall 1570 movement"] * GAMES  # each adjudicated once: not twice, not skipped
