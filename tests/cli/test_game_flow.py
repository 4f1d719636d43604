"""Two years of a Sengoku game run with the commands a GM types, compared with the posts they print.

The orders are pasted as a GM receives them: several powers in one text,
with mistakes (a line before any header, another power's unit, an unknown or
ambiguous province, too many DP, an illegal retreat, builds that are not
allowed). Every expected post in ``expected/first-years/`` was read against
the rules before it was kept; the notes beside each step say what it shows.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

import pytest

from tests.cli.conftest import EXPECTED, GAMES, Cli

ORDERS = GAMES / "first-years"


class Step(NamedTuple):
    args: tuple[str, ...]
    expected: str | None  # file in expected/first-years/, or None: only the exit code is checked
    code: int = 0
    stdin: str | None = None


STEPS = [
    # a new game; the first paste: Oda, Asakura, Takeda and Hojo at once, four bad lines
    Step(("new", "game.json", "--name", "Test game"), "00-new.txt"),
    Step(("orders", "game.json", "01-spring-1570.txt"), "01-orders.txt", code=3),
    # Oda sends all its orders again: they replace the three stored before
    Step(("orders", "game.json", "02-spring-1570-oda-again.txt"), "02-orders.txt"),
    Step(("status", "game.json"), "02-status.txt"),
    # DP auction: 2 + 1 DP for the same support beat Oda's 2 DP for a hold; Asakura takes Ise
    Step(("adjudicate", "game.json", "--yes"), "03-spring-1570.txt"),
    Step(("orders", "game.json", "03-fall-1570.txt"), None),
    # a tie in the auction (Yamashiro holds); Oda dislodges Asakura from Ise
    Step(("adjudicate", "game.json", "--yes"), "04-fall-1570.txt"),
    # no retreat to the attacker's province; Oda has nothing to retreat
    Step(("orders", "game.json", "04-fall-1570-retreats.txt"), "05-orders.txt", code=3),
    Step(("adjudicate", "game.json", "--yes"), "05-fall-1570-retreats.txt"),
    Step(("orders", "game.json", "05-winter-1570.txt"), "06-orders.txt", code=3),
    # the GM forgets Hojo's builds (waived by civil disorder), rolls back and does it again: the players never
    # saw the first results (printed for the GM alone), so the second are no correction
    Step(("adjudicate", "game.json", "--yes"), "06-winter-1570-without-hojo.txt"),
    Step(("rollback", "game.json"), "07-rollback.txt"),
    Step(("orders", "game.json"), "07-orders.txt", stdin="06-winter-1570-hojo.txt"),
    Step(("adjudicate", "game.json", "--yes"), "08-winter-1570.txt"),
    # two supports cut, one of them a neutral's bought with DP; a neutral dislodged and disbanded
    Step(("orders", "game.json", "07-spring-1571.txt"), None),
    Step(("adjudicate", "game.json", "--yes", "--explain"), "09-spring-1571-explained.txt"),
    Step(("orders", "game.json", "08-fall-1571.txt"), "10-orders.txt", code=3),
    # Hojo takes neutral Musashi; Takeda leaves Mino, which stays neutral
    Step(("adjudicate", "game.json", "--yes"), "10-fall-1571.txt"),
    # a chaos build in Kazusa (not a home centre); Mino's neutral army comes back
    Step(("orders", "game.json", "09-winter-1571.txt"), None),
    Step(("adjudicate", "game.json", "--yes"), "11-winter-1571.txt"),
    Step(("history", "game.json"), "12-history.txt"),
    Step(("status", "game.json"), "13-status.txt"),
]


def run(cli: Cli, step: Step) -> str:
    """One step, with the orders files copied beside the game as a GM would have them."""
    args = [str(ORDERS / a) if (ORDERS / a).is_file() else a for a in step.args]
    stdin = (ORDERS / step.stdin).read_text(encoding="utf-8") if step.stdin else None
    return cli(*args, input=stdin, code=step.code).stdout


@pytest.fixture
def played(cli: Cli) -> list[str]:
    return [run(cli, step) for step in STEPS]


def test_every_post_is_the_expected_text(played: list[str]) -> None:
    for step, output in zip(STEPS, played, strict=True):
        if step.expected is not None:
            expected = (EXPECTED / "first-years" / step.expected).read_text(encoding="utf-8")
            assert output == expected, f"{' '.join(step.args)} ({step.expected})"


def test_history_shows_any_post_again(cli: Cli, played: list[str]) -> None:
    spring_1571 = played[STEPS.index(next(s for s in STEPS if s.expected == "09-spring-1571-explained.txt"))]
    assert cli("history", "game.json", "spring 1571", "--explain").stdout == spring_1571
    assert cli("history", "game.json", "5", "--explain").stdout == spring_1571
    last = (EXPECTED / "first-years" / "11-winter-1571.txt").read_text(encoding="utf-8")
    assert cli("history", "game.json", "last").stdout == last
    assert cli("history", "game.json", "Winter", "1571").stdout == last


def test_the_rolled_back_phase_is_gone_from_history(cli: Cli, played: list[str]) -> None:
    winter = cli("history", "game.json", "winter 1570").stdout
    assert winter == (EXPECTED / "first-years" / "08-winter-1570.txt").read_text(encoding="utf-8")
    assert [line.split(maxsplit=1)[1] for line in cli.lines("history", "game.json")[:-1]].count(
        "Winter 1570 adjustments"
    ) == 1


def test_replay_finds_every_stored_report(cli: Cli, played: list[str]) -> None:
    result = cli("replay", "game.json")
    assert result.stdout == "All 7 phases re-adjudicate to their stored reports.\n"


def test_replay_reports_a_tampered_phase(cli: Cli, played: list[str], tmp_path: Path) -> None:
    """A stored report that the orders do not give (say, edited by hand) is found and shown as a diff."""
    path = tmp_path / "game.json"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"kind": "bounced"', '"kind": "succeeds"', 1), encoding="utf-8")
    result = cli("replay", "game.json", code=4)
    assert "Spring 1570 movement: the report differs" in result.stdout
    assert "-  A Owari - Ise: moved" in result.stdout
    assert "+  A Owari - Ise: bounced, 1 against 2 from A Omi" in result.stdout
    assert result.stdout.endswith("1 of 7 phases re-adjudicate differently.\n")


def test_the_history_list_as_json_for_a_script(cli: Cli, played: list[str]) -> None:
    listed = json.loads(cli("history", "game.json", "--format", "json").stdout)
    plain = cli.lines("history", "game.json")
    assert [f"{p['number']:>3}  {p['phase']}" for p in listed["phases"]] == plain[:-1]
    assert plain[-1] == f"Now: {listed['now']['phase']}"
