"""Shared fixtures: the two shipped boards, loaded once; a board cache of the test run's own."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

from maps import Board, load_board


def pytest_configure(config: pytest.Config) -> None:
    """Boards are cached in a folder of this run's own (and so are the CLI runs it starts), not the user's."""
    os.environ["SENGOKU_CACHE_DIR"] = tempfile.mkdtemp(prefix="sengoku-test-cache-")


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(os.environ.pop("SENGOKU_CACHE_DIR", ""), ignore_errors=True)


@pytest.fixture(scope="session")
def sengoku() -> Board:
    return load_board("sengoku")


@pytest.fixture(scope="session")
def standard() -> Board:
    return load_board("standard")
