"""The address book holds one address per entry, of one line: a list or a line break is refused, never cut."""

from __future__ import annotations

import json

import pytest

from tests.hostile.conftest import Cli


@pytest.fixture
def game(cli: Cli) -> Cli:
    cli("new", "game.json")
    cli("players", "game.json", "set", "Oda", "nobunaga@owari.example")
    return cli


@pytest.mark.parametrize("listed", ["a@b.c,evil@x.y", "a@b.c; evil@x.y", "Oda <a@b.c>, evil@x.y"])
def test_a_list_given_as_one_address_is_refused_and_the_book_is_unchanged(game: Cli, listed: str) -> None:
    result = game("players", "game.json", "set", "Oda", listed, code=1)
    assert result.stderr == (
        f"Error: '{listed}' is a list, not one email address: give each address as its own word "
        "(sengoku players GAME set POWER ADDRESS ADDRESS)\n"
    )
    assert "Oda: nobunaga@owari.example" in game.lines("players", "game.json")


def test_a_display_name_with_a_comma_is_one_address(game: Cli) -> None:
    assert game.lines("players", "game.json", "set", "Oda", '"Oda, Nobunaga" <nobunaga@owari.example>') == [
        "Oda: nobunaga@owari.example"
    ]


@pytest.mark.parametrize("address", ["a@b.c\r\nBcc: evil@x.y", "a@b.c\nBcc: evil@x.y", "a@b.c\x1b[2K"])
def test_an_address_with_a_line_break_or_control_character_is_refused(game: Cli, address: str) -> None:
    result = game("players", "game.json", "set", "Oda", address, code=1)
    assert result.stderr.startswith("Error: ")
    assert "is not an email address: it holds a" in result.stderr


def test_a_hand_edited_address_with_crlf_is_refused_when_the_game_is_read_not_at_mail_time(game: Cli) -> None:
    path = game.folder / "game.json"
    data = json.loads(path.read_text())
    data["addresses"]["Oda"] = ["nobunaga@owari.example\r\nBcc: evil@x.y"]
    path.write_text(json.dumps(data))
    for command in (["status", "game.json"], ["mail", "game.json", "links", "--dry-run", "out"]):
        result = game(*command, code=1)
        assert result.stderr == (
            "Error: game.json: not a valid game file: Oda's "
            "'nobunaga@owari.example\\r\\nBcc: evil@x.y' is not an email address: it holds a line break (U+000D); "
            'correct it in the file\'s "addresses"\n'
        )
    assert json.loads(path.read_text())["addresses"]["Oda"] == ["nobunaga@owari.example\r\nBcc: evil@x.y"]


def test_a_mail_whose_from_names_two_addresses_speaks_for_nobody_and_says_so(game: Cli) -> None:
    from bench.hostile import mbox_of

    two = b"From: Oda <nobunaga@owari.example>, Takeda <shingen@kai.example>\nMessage-ID: <two@x>\n\nA Owari - Mino\n"
    mbox_of(game.folder / "in.mbox", two)
    out = game("orders", "game.json", "--mbox", "in.mbox", code=3).stdout
    assert (
        "NOT USED: its From: names 2 addresses (nobunaga@owari.example, shingen@kai.example): "
        "a mail speaks for one sender or none"
    ) in out
    assert "not used: its From: names more than one address" in out
    assert "address book" not in out.split("NOT USED")[1].splitlines()[0]
