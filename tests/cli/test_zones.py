"""Deadlines by named time zone (``JST``, ``Asia/Tokyo``, ``Europe/London``), and a game's own zone for showing them.

``JST`` was refused and only ``+09:00`` read; every deadline was shown in UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import click
import pytest

from cli.when import parse_when
from post.words import deadline_text
from post.zones import ZoneProblem, game_zone
from tests.cli.conftest import Cli

NOW = datetime(2099, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("typed", "utc"),
    [
        ("2099-12-01 20:00 JST", "2099-12-01 11:00"),
        ("2099-12-01 20:00 jst", "2099-12-01 11:00"),
        ("2099-12-01 20:00 Asia/Tokyo", "2099-12-01 11:00"),
        ("2099-12-01 20:00 asia/tokyo", "2099-12-01 11:00"),
        ("2099-12-01 20:00 Europe/London", "2099-12-01 20:00"),  # winter: GMT
        ("2099-07-01 20:00 Europe/London", "2099-07-01 19:00"),  # summer: BST
        ("2099-07-01 20:00 BST", "2099-07-01 19:00"),
        ("2099-07-01 20:00 CEST", "2099-07-01 18:00"),
        ("2099-07-01 20:00 EDT", "2099-07-02 00:00"),
        ("2099-12-01 20:00 UTC", "2099-12-01 20:00"),
        ("2099-12-01T20:00+09:00", "2099-12-01 11:00"),
    ],
)
def test_a_deadline_is_read_in_the_zone_named(typed: str, utc: str) -> None:
    assert f"{parse_when(typed, NOW):%Y-%m-%d %H:%M}" == utc


def test_a_time_without_a_zone_is_in_the_games_zone() -> None:
    assert f"{parse_when('2099-12-01 20:00', NOW, zone='Asia/Tokyo'):%H:%M}" == "11:00"
    assert f"{parse_when('2099-12-01 20:00', NOW):%H:%M}" == "20:00"


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("2099-12-01 20:00 IST", "'IST' means several zones: write Asia/Kolkata, Europe/Dublin or Asia/Jerusalem"),
        ("2099-12-01 20:00 CST", "'CST' means several zones: write America/Chicago or Asia/Shanghai"),
        ("2099-12-01 20:00 Mars/Base", "unknown time zone 'Mars/Base'"),
        ("2099-12-01T20:00+09:00 JST", "gives two zones"),
    ],
)
def test_a_zone_that_is_not_one_is_refused_with_what_to_write(typed: str, problem: str) -> None:
    with pytest.raises(click.BadParameter, match=problem.replace("(", r"\(").replace(")", r"\)")):
        parse_when(typed, NOW)


@pytest.mark.parametrize(
    ("word", "zone"),
    [("JST", "Asia/Tokyo"), ("Asia/Tokyo", "Asia/Tokyo"), ("europe/london", "Europe/London"), ("UTC", "")],
)
def test_a_games_zone_is_a_places_zone(word: str, zone: str) -> None:
    assert game_zone(word) == zone


def test_a_games_zone_is_not_a_summer_time_clock() -> None:
    with pytest.raises(ZoneProblem, match="'CEST' names a clock that changes with summer time, not a place"):
        game_zone("CEST")


def test_a_deadline_is_shown_in_the_games_zone_with_utc_beside_it() -> None:
    moment = datetime(2099, 12, 1, 11, 0, tzinfo=UTC)
    assert deadline_text(moment) == "Tuesday 1 December 2099, 11:00 UTC"
    assert deadline_text(moment, "Asia/Tokyo") == "Tuesday 1 December 2099, 20:00 JST (11:00 UTC)"
    summer = datetime(2099, 7, 1, 19, 0, tzinfo=UTC)
    assert deadline_text(summer, "Europe/London") == "Wednesday 1 July 2099, 20:00 BST (19:00 UTC)"
    assert deadline_text(moment, "Europe/London") == "Tuesday 1 December 2099, 11:00 UTC"  # GMT is UTC
    assert deadline_text(moment, "No/Such_Zone") == "Tuesday 1 December 2099, 11:00 UTC"  # never lost to a zone


def test_the_game_zone_reaches_status_the_post_and_the_reminder(cli: Cli, game: Path) -> None:
    out = cli("deadline", "game.json", "--zone", "JST").stdout
    assert out.endswith("Deadlines are shown in Asia/Tokyo, with UTC beside.\n")
    cli("deadline", "game.json", "2099-12-01 20:00")  # in the game's zone
    assert cli.lines("status", "game.json")[1].startswith("Deadline: Tuesday 1 December 2099, 20:00 JST (11:00 UTC)")
    post = cli("adjudicate", "game.json", "--yes", "--deadline", "2099-12-04 20:00").stdout
    assert post.endswith("Next phase: Fall 1570 movement. Deadline: Friday 4 December 2099, 20:00 JST (11:00 UTC).\n")
    cli("edit", "game.json", "zone", "Europe/London")
    assert "Deadline: Friday 4 December 2099, 11:00 UTC" in cli("status", "game.json").stdout
