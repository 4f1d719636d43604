"""``sengoku status``: the deadline, and who owes orders by the one rule the post and the reminders use.

Who owes orders is :func:`game.duty.powers_to_order` (movement: every
surviving power; retreats: the powers with a dislodged unit; adjustments: a
removal due, or a build due with a vacant centre to build on).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cli.status import time_to
from tests.cli.conftest import Cli

# Oda owns three centres and has two units; the third centre (Ise) holds an Asakura army, so Oda's build has
# nowhere to go. Asakura has two vacant centres and one unit: a build with somewhere to build.
WINTER = """\
variant: sengoku
phase: Winter 1570 adjustments
units:
  Asakura: [A Ise]
  Oda:     [A Owari, F Mikawa]
centres:
  Asakura: [Echizen, Omi]
  Oda:     [Owari, Mikawa, Ise]
"""


def _orders_section(lines: list[str]) -> list[str]:
    start = lines.index(next(line for line in lines if line.startswith("Orders for ")))
    end = lines.index("", start)
    return lines[start:end]


def test_a_build_with_no_vacant_centre_is_no_order_owed(cli: Cli) -> None:
    (cli.folder / "winter.yaml").write_text(WINTER, encoding="utf-8")
    cli("new", "winter.json", "--position", "winter.yaml")
    lines = list(cli.lines("status", "winter.json"))
    assert "  Oda builds 1 (no vacant owned centre: nothing to order)" in lines
    assert "  Asakura builds 1 (vacant owned centres: Echizen, Omi)" in lines
    assert _orders_section(lines) == ["Orders for Winter 1570 adjustments:", "  Asakura    no orders yet"]


def test_after_a_paste_the_waiting_list_leaves_out_a_power_that_owes_nothing(cli: Cli) -> None:
    (cli.folder / "winter.yaml").write_text(WINTER, encoding="utf-8")
    cli("new", "winter.json", "--position", "winter.yaml")
    out = cli("orders", "winter.json", input="Asakura:\nBuild A Omi\n").stdout
    assert "No orders yet" not in out  # Oda owes nothing: no vacant centre to build on


def test_movement_lists_every_surviving_power(cli: Cli, game: Path) -> None:
    section = _orders_section(list(cli.lines("status", "game.json")))
    assert [line.split()[0] for line in section[1:]] == [
        "Asakura",
        "Chosokabe",
        "Hojo",
        "Mori",
        "Oda",
        "Shimazu",
        "Takeda",
        "Uesugi",
    ]


@pytest.mark.clock
def test_the_deadline_is_shown_under_the_phase(cli: Cli, game: Path) -> None:
    cli("deadline", "game.json", "2099-12-01 20:00 UTC")
    lines = cli.lines("status", "game.json")
    assert lines[0] == "Sengoku Jidai (6DP): Spring 1570 movement"
    assert lines[1].startswith("Deadline: Tuesday 1 December 2099, 20:00 UTC (in ")
    assert lines[2] == ""


def test_no_deadline_no_line(cli: Cli, game: Path) -> None:
    lines = cli.lines("status", "game.json")
    assert lines[1] == "" and not any(line.startswith("Deadline") for line in lines)


@pytest.mark.clock
def test_a_deadline_that_passed_says_so(cli: Cli, game: Path) -> None:
    """The game file keeps a deadline the GM has not acted on yet; status says it has passed."""
    data = json.loads(game.read_text(encoding="utf-8"))
    data["deadline"] = "2020-01-01T10:00:00Z"
    game.write_text(json.dumps(data), encoding="utf-8")
    line = cli.lines("status", "game.json")[1]
    assert line.startswith("Deadline: Wednesday 1 January 2020, 10:00 UTC (passed ") and line.endswith(" ago)")


NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("deadline", "shown"),
    [
        (datetime(2026, 3, 3, 15, 30, tzinfo=UTC), "in 2 days 3 hours"),
        (datetime(2026, 3, 2, 12, 0, tzinfo=UTC), "in 1 day"),
        (datetime(2026, 3, 1, 13, 1, tzinfo=UTC), "in 1 hour 1 minute"),
        (datetime(2026, 3, 1, 12, 40, tzinfo=UTC), "in 40 minutes"),
        (datetime(2026, 3, 1, 12, 0, 30, tzinfo=UTC), "in less than a minute"),
        (datetime(2026, 3, 1, 7, 0, tzinfo=UTC), "passed 5 hours ago"),
        (datetime(2026, 3, 1, 12, 40), "in 40 minutes"),  # a time without a zone is UTC
    ],
)
def test_how_far_off_the_deadline_is(deadline: datetime, shown: str) -> None:
    assert time_to(deadline, NOW) == shown
