"""Shared fixtures: the two shipped boards, loaded once."""

from __future__ import annotations

import pytest

from maps import Board, load_board


@pytest.fixture(scope="session")
def sengoku() -> Board:
    return load_board("sengoku")


@pytest.fixture(scope="session")
def standard() -> Board:
    return load_board("standard")
