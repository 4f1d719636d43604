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


SPRING = datetime(2027, 3, 1, 12, 0, tzinfo=UTC)  # a Monday, noon UTC


def test_a_local_time_the_clocks_skip_is_refused_with_both_moments_it_could_mean() -> None:
    """2:30 on 14 March 2027 never happens in New York: it was read as 03:30 EDT without a word."""
    with pytest.raises(click.BadParameter) as refused:
        parse_when("2027-03-14 02:30", SPRING, zone="America/New_York")
    assert refused.value.message == (
        "2027-03-14 02:30 does not exist in America/New_York (the clocks go forward that night): "
        "write '2027-03-14 01:30' (EST, 06:30 UTC) or '2027-03-14 03:30' (EDT, 07:30 UTC)"
    )
    assert f"{parse_when('2027-03-14 03:30', SPRING, zone='America/New_York'):%H:%M}" == "07:30"


def test_a_local_time_the_clocks_pass_twice_is_refused_with_both_and_each_choice_reads() -> None:
    """1:30 on 7 November 2027 happens twice in New York: it was taken as the first without a word."""
    with pytest.raises(click.BadParameter) as refused:
        parse_when("2027-11-07 01:30", SPRING, zone="America/New_York")
    assert refused.value.message == (
        "2027-11-07 01:30 happens twice in America/New_York (the clocks go back that night): "
        "write '2027-11-07 01:30 EDT' (05:30 UTC, the first) or '2027-11-07 01:30 EST' (06:30 UTC, the second)"
    )
    assert f"{parse_when('2027-11-07 01:30 EDT', SPRING):%H:%M}" == "05:30"
    assert f"{parse_when('2027-11-07 01:30 EST', SPRING):%H:%M}" == "06:30"


def test_a_choice_whose_letters_mean_several_zones_is_offered_with_its_offset() -> None:
    """Dublin's summer time is 'IST', which is refused as India's, Ireland's or Israel's: the offset is offered."""
    with pytest.raises(click.BadParameter, match=r"write '2027-10-31T01:30\+01:00' \(00:30 UTC, the first\)"):
        parse_when("2027-10-31 01:30", SPRING, zone="Europe/Dublin")
    assert f"{parse_when('2027-10-31T01:30+01:00', SPRING):%H:%M}" == "00:30"


@pytest.mark.parametrize(
    ("typed", "zone", "utc"),
    [
        ("20:00", "", "2027-03-01 20:00"),  # later today
        ("11:00", "", "2027-03-02 11:00"),  # passed today: tomorrow's
        ("20:00", "Asia/Tokyo", "2027-03-02 11:00"),  # 21:00 in Tokyo now: tomorrow's 20:00 there
        ("tomorrow 20:00", "", "2027-03-02 20:00"),
        ("tomorrow at 8:30 JST", "", "2027-03-01 23:30"),
        ("tonight 23:59", "", "2027-03-01 23:59"),
        ("friday 20:00", "Europe/London", "2027-03-05 20:00"),
        ("mon 11:00", "", "2027-03-08 11:00"),  # Monday today, 11:00 passed: next Monday's
        ("mon 13:00", "", "2027-03-01 13:00"),
    ],
)
def test_a_time_without_a_date_is_the_next_one(typed: str, zone: str, utc: str) -> None:
    assert f"{parse_when(typed, SPRING, zone=zone):%Y-%m-%d %H:%M}" == utc


def test_a_time_without_a_date_in_summer_times_gap_is_refused_too() -> None:
    night = datetime(2027, 3, 13, 12, 0, tzinfo=UTC)
    with pytest.raises(click.BadParameter, match="does not exist in America/New_York"):
        parse_when("tomorrow 02:30", night, zone="America/New_York")


@pytest.mark.parametrize("typed", ["today 09:00", "tomorrow 24:00", "someday 20:00"])
def test_a_time_without_a_date_that_cannot_be_is_refused(typed: str) -> None:
    with pytest.raises(click.BadParameter):
        parse_when(typed, SPRING)


def test_a_misspelt_zone_is_refused_with_the_names_it_may_mean() -> None:
    with pytest.raises(click.BadParameter, match=r"unknown time zone 'Asia/Tokio' \(did you mean Asia/Tokyo"):
        parse_when("2027-12-01 20:00 Asia/Tokio", SPRING)
    with pytest.raises(ZoneProblem, match=r"unknown time zone 'Europe/Londn' \(did you mean Europe/London\?\)"):
        game_zone("Europe/Londn")
    with pytest.raises(ZoneProblem, match=r"did you mean Asia/Tokyo\?"):
        game_zone("Tokyo")


def test_the_deadline_command_takes_a_time_without_a_date(cli: Cli, game: Path) -> None:
    said = cli("deadline", "game.json", "tomorrow 20:00").stdout
    assert "20:00 UTC" in said
