"""Shared fixtures and the suite's set-up: boards loaded once, a board cache and a database per test worker.

``./run test`` runs the suite on several processes (pytest-xdist), so nothing here may be shared between
them: each worker gets its own board cache folder and, when ``TEST_DATABASE_URL`` names a PostgreSQL
cluster (scripts/test-services.sh starts one), its own database in that cluster, made at the worker's
start; ``TEST_DATABASE_URL`` then names that database for the worker's tests. Servers bind port 0 and
files go to ``tmp_path``.

Markers: ``slow`` (an end-to-end run of several seconds: ``./run test -m "not slow"`` leaves them out) and
``clock`` (the test reads the wall clock, itself or through the code under test: it runs at a frozen
moment, see :func:`frozen_clock`; ``SENGOKU_TEST_NOW=2026-11-25T19:30Z pytest -m clock`` runs them all at
another).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import threading
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
import time_machine

from maps import Board, load_board

# The moment a ``clock`` test runs at, unless SENGOKU_TEST_NOW names another (an ISO 8601 time, e.g.
# ``SENGOKU_TEST_NOW=2026-11-25T19:30Z pytest -m clock`` to check the tests at 19:30 UTC). The evening
# the GM's guide's mail was sent (the story's mailbox is dated the day after).
DEFAULT_NOW = datetime(2026, 3, 1, 21, 0, tzinfo=UTC)


def pytest_configure(config: pytest.Config) -> None:
    """Boards are cached in a folder of this worker's own (and so are the CLI runs it starts), not the user's."""
    config.addinivalue_line("markers", "slow: an end-to-end run of seconds (left out by -m 'not slow')")
    config.addinivalue_line("markers", "clock(tick=False): reads the wall clock, so runs at a frozen moment")
    os.environ["SENGOKU_CACHE_DIR"] = tempfile.mkdtemp(prefix="sengoku-test-cache-")


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(os.environ.pop("SENGOKU_CACHE_DIR", ""), ignore_errors=True)


def worker_database(url: str, worker: str) -> str:
    """A new, empty database named for this worker in the cluster of ``url``; returns its URL.

    Made anew (dropped first) so that a run never sees what an earlier run left.
    """
    import psycopg
    from sqlalchemy.engine import make_url

    name = "sengoku_test_" + re.sub(r"\W", "_", worker)
    target = make_url(url)
    admin = target.set(drivername="postgresql", database="postgres")  # the cluster's own, always there
    with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')
    return target.set(database=name).render_as_string(hide_password=False)


# Made when this file is imported, before any other conftest reads TEST_DATABASE_URL (pytest imports the
# conftests of the folders it was given before it calls pytest_configure). PYTEST_XDIST_WORKER is set by then.
if os.environ.get("TEST_DATABASE_URL"):
    os.environ["TEST_DATABASE_URL"] = worker_database(
        os.environ["TEST_DATABASE_URL"], os.environ.get("PYTEST_XDIST_WORKER", "main")
    )


def now_under_test() -> datetime:
    """The frozen moment of ``clock`` tests: SENGOKU_TEST_NOW if set, else :data:`DEFAULT_NOW`."""
    given = os.environ.get("SENGOKU_TEST_NOW")
    if not given:
        return DEFAULT_NOW
    moment = datetime.fromisoformat(given.replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@pytest.fixture(autouse=True)
def frozen_clock(request: pytest.FixtureRequest) -> Iterator[time_machine.Coordinates | None]:
    """A test marked ``clock`` runs with the wall clock (``datetime.now``, ``time.time``; not the monotonic
    clock that timeouts use) stopped at :func:`now_under_test`, so it passes at any hour of any day and
    two readings of it agree (``@pytest.mark.clock(tick=True)``: running on from that moment)."""
    marker = request.node.get_closest_marker("clock")
    if marker is None:
        yield None
        return
    with time_machine.travel(now_under_test(), tick=marker.kwargs.get("tick", False)) as traveller:
        yield traveller


@pytest.fixture(scope="session")
def sengoku() -> Board:
    return load_board("sengoku")


@pytest.fixture(scope="session")
def standard() -> Board:
    return load_board("standard")


BACKGROUND_THREADS = ("sengoku-discord-later", "sengoku-push")
"""The site's own threads that answer after the request (Discord's follow-ups, Web Push)."""


def join_background_threads(timeout: float = 30.0) -> None:
    """Wait for the site's background threads before a test's database goes: one that outlived its test would
    open a connection on a disposed engine (a ResourceWarning in a later test) or call a stand-in already gone."""
    for thread in threading.enumerate():
        if thread.name in BACKGROUND_THREADS:
            thread.join(timeout)
