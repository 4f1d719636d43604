"""The suite's own set-up (tests/conftest.py): the wall clock frozen where a test reads it, and a
PostgreSQL database of its own for each test process."""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime

import pytest
from sqlalchemy.engine import make_url

from tests.conftest import DEFAULT_NOW, now_under_test


@pytest.mark.clock
def test_a_clock_test_reads_the_frozen_moment_and_it_does_not_move() -> None:
    first = datetime.now(UTC)
    assert first == now_under_test() and time.time() == now_under_test().timestamp()
    start = time.monotonic()
    while time.monotonic() - start < 0.01:  # timeouts' clock runs on (10 ms of it)...
        pass
    assert datetime.now(UTC) == first  # ...the wall clock does not


@pytest.mark.clock(tick=True)
def test_a_ticking_clock_test_starts_at_the_frozen_moment() -> None:
    assert 0 <= (datetime.now(UTC) - now_under_test()).total_seconds() < 60


@pytest.mark.parametrize(
    ("given", "moment"),
    [
        (None, DEFAULT_NOW),
        ("2026-11-25T19:30Z", datetime(2026, 11, 25, 19, 30, tzinfo=UTC)),
        ("2027-02-28T19:30:30+01:00", datetime(2027, 2, 28, 18, 30, 30, tzinfo=UTC)),
        ("2030-01-01 00:00", datetime(2030, 1, 1, tzinfo=UTC)),  # no zone: UTC
    ],
)
def test_sengoku_test_now_names_the_frozen_moment(
    given: str | None, moment: datetime, monkeypatch: pytest.MonkeyPatch
) -> None:
    if given is None:
        monkeypatch.delenv("SENGOKU_TEST_NOW", raising=False)
    else:
        monkeypatch.setenv("SENGOKU_TEST_NOW", given)
    assert now_under_test() == moment


def test_the_database_of_a_test_process_is_named_for_it() -> None:
    """./run test always has PostgreSQL (scripts/test-services.sh); a run without it has no database to share."""
    url = os.environ.get("TEST_DATABASE_URL")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    assert url is None or make_url(url).database == f"sengoku_test_{worker}"
