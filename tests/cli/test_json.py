"""``adjudicate --json`` and ``history --json``: the results post as data, the same facts as the text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import DOCS, GAMES, Cli

FIRST = GAMES / "first-years"


@pytest.fixture
def spring(cli: Cli, game: Path) -> dict[str, Any]:
    cli("orders", "game.json", FIRST / "01-spring-1570.txt", code=3)
    cli("orders", "game.json", FIRST / "02-spring-1570-oda-again.txt")
    document: dict[str, Any] = json.loads(cli("adjudicate", "game.json", "--yes", "--json").stdout)
    return document


def order(document: dict[str, Any], text: str) -> dict[str, Any]:
    return next(o for o in document["orders"] if o["order"] == text)


def test_each_order_has_its_text_success_and_reason(spring: dict[str, Any]) -> None:
    """Words for people (the annotation) and codes for programs (the verdict's kind and what it names)."""
    assert spring["phase"] == "Spring 1570 movement"
    assert order(spring, "A Owari - Ise") == {
        "power": "Oda",
        "order": "A Owari - Ise",
        "success": False,
        "result": "fails",
        "reason": "bounced",
        "note": "",
        "culprit": "OMI",
        "verdict": {"kind": "bounced", "by": "OMI"},
        "given": True,
        "annotation": "bounced, 1 against 2 from A Omi",
        "explanation": "bounced, 1 against 2 from A Omi",
    }
    assert order(spring, "A Omi - Ise")["success"] is True
    assert order(spring, "A Kai H")["given"] is False  # its order was refused: it holds
    neutral = order(spring, "A Yamashiro S A Omi - Ise")
    assert (neutral["power"], neutral["reason"]) == (None, "support given")
    assert len(spring["orders"]) == 23  # every unit on the board


def test_the_dp_auction(spring: dict[str, Any]) -> None:
    assert spring["dp"] == [
        {
            "unit": "Yamashiro",
            "bids": [
                {"power": "Oda", "points": 2, "order": "A Yamashiro H"},
                {"power": "Asakura", "points": 2, "order": "A Yamashiro S A Omi - Ise"},
                {"power": "Takeda", "points": 1, "order": "A Yamashiro S A Omi - Ise"},
            ],
            "winner": "A Yamashiro S A Omi - Ise",
            "total": 3,
            "tied": False,
            "verdict": "A Yamashiro S A Omi - Ise carried out (3 DP from Asakura and Takeda)",
        }
    ]


def test_the_resulting_position_and_what_comes_next(spring: dict[str, Any]) -> None:
    assert spring["units"]["Asakura"] == ["A Ise", "F Wakasa Bay"]
    assert spring["units"]["neutral"][0] == "A Bizen"
    assert spring["centres"]["Owari"] == "Oda"
    assert "Mino" in spring["neutral_centres"]
    assert (spring["dislodged"], spring["captured"], spring["centre_counts"]) == ([], {}, {})
    assert spring["next_phase"] == "Fall 1570 movement"
    assert spring["result"] == {"kind": "ongoing", "powers": [], "text": "The game goes on."}


def test_dislodged_units_with_their_retreats(cli: Cli, spring: dict[str, Any]) -> None:
    cli("orders", "game.json", FIRST / "03-fall-1570.txt")
    fall = json.loads(cli("adjudicate", "game.json", "--yes", "--json").stdout)
    assert fall["dislodged"] == [
        {
            "power": "Asakura",
            "unit": "A Ise",
            "location": "ISE",
            "attacker_from": "Owari",
            "retreats": ["Omi", "Shima", "Yamato"],
            "fate": "may retreat to Omi, Shima or Yamato",
        }
    ]
    assert fall["dp"][0]["tied"] is True and fall["dp"][0]["winner"] is None
    assert fall["next_phase"] == "Fall 1570 retreats"
    assert json.loads(cli("history", "game.json", "2", "--json").stdout) == fall


def test_the_centre_table_and_the_game_result(cli: Cli) -> None:
    cli("new", "game.json", "--position", GAMES / "oda-at-twenty.yaml")
    cli("orders", "game.json", GAMES / "oda-at-twenty-fall.txt", code=3)
    cli("adjudicate", "game.json", "--yes")
    cli("orders", "game.json", input="Hojo:\nA Musashi - Shimotsuke\n")
    end = json.loads(cli("adjudicate", "game.json", "--yes", "--json").stdout)
    assert end["captured"] == {"Musashi": "Oda"}
    assert end["centre_counts"]["Oda"] == 21 and end["adjustments"] == {}  # the game is over: nothing owed
    assert end["next_phase"] is None
    assert end["result"] == {"kind": "won", "powers": ["Oda"], "text": "Oda wins the game."}


def test_the_documented_retreat_example_in_json(cli: Cli) -> None:
    cli("new", "game.json", "--position", DOCS / "examples" / "ise-retreat.yaml")
    result = json.loads(cli("adjudicate", "game.json", "--yes", "--json").stdout)
    assert order(result, "A Ise disband") == {
        "power": "Asakura",
        "order": "A Ise disband",
        "success": True,
        "result": "succeeds",
        "reason": "disbanded",
        "note": "no retreat ordered",
        "culprit": None,
        "verdict": {"kind": "disbanded", "why": "not_ordered"},
        "given": False,
        "annotation": "disbanded (no retreat ordered)",
        "explanation": "disbanded (no retreat ordered)",
    }
