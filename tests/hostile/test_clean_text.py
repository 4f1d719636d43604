"""A player's text cannot act on the GM's terminal, the post or the mail: it is shown escaped.

Escape sequences (a window title, an OSC 8 link, OSC 52 to the clipboard, a
cursor move over a REFUSED line), C1 controls and bidi overrides in a mail
reach the output as visible escapes; names hold none of them and are NFKC.
"""

from __future__ import annotations

import pytest

from bench.hostile import mail, mbox_of
from game.game import Game, GameError
from maps import Board
from orders.cleantext import shown
from tests.hostile.conftest import Cli

ATTACKS = {
    "title (OSC 0)": ("\x1b]0;pwned\x07", "\\x1b]0;pwned\\x07"),
    "link (OSC 8)": ("\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\", "\\x1b]8;;https://evil.example\\x1b\\"),
    "clipboard (OSC 52)": ("\x1b]52;c;cm0gLXJmIH4=\x07", "\\x1b]52;c;cm0gLXJmIH4=\\x07"),
    "cursor up, erase line": ("\x1b[1A\x1b[2Kok", "\\x1b[1A\\x1b[2Kok"),
    "carriage return": ("REFUSED\rok     ", "REFUSED\\x0dok"),
    "one-byte CSI (C1)": ("\x9b31m", "\\x9b31m"),
    "right-to-left override": ("\u202eonagaN", "\\u202eonagaN"),
    "zero-width space": ("O\u200bda", "O\\u200bda"),
}


@pytest.mark.parametrize(("raw", "escaped"), ATTACKS.values(), ids=ATTACKS.keys())
def test_acting_characters_are_shown_escaped(raw: str, escaped: str) -> None:
    assert escaped in shown(raw)
    assert not any(char in shown(raw) for char in "\x1b\x07\r\x9b\u202e\u200b")


def test_tab_newline_and_japanese_text_are_shown_as_they_are() -> None:
    assert shown("A Owari - Mino\t# 尾張\n") == "A Owari - Mino\t# 尾張\n"


@pytest.mark.parametrize(("raw", "escaped"), ATTACKS.values(), ids=ATTACKS.keys())
def test_a_mails_subject_sender_and_lines_reach_the_terminal_escaped(cli: Cli, raw: str, escaped: str) -> None:
    cli("new", "game.json")
    cli("players", "game.json", "set", "Oda", "nobunaga@owari.example")
    subject = f"Subject: Oda {raw}\n".encode()
    body = f"A Owari - Mino\nGreetings {raw}\nA Kai {raw} H\n".encode()
    mbox_of(cli.folder / "in.mbox", mail(subject, body))
    result = cli("orders", "game.json", "--mbox", "in.mbox", code=None)
    assert not any(char in result.stdout + result.stderr for char in "\x1b\x07\r\x9b\u202e\u200b")
    assert escaped.split("\\x0d")[0] in result.stdout
    assert "Oda: A Owari - Mino" in result.stdout  # the good order is still stored


@pytest.mark.parametrize(
    "name", ["Kyoto\u202e0751", "Ky\u200boto", "Kyoto\u2066 1570", "Kyoto\ufeff"], ids=["rlo", "zwsp", "lri", "bom"]
)
def test_a_game_name_with_bidi_or_zero_width_characters_is_refused(sengoku: Board, name: str) -> None:
    with pytest.raises(GameError, match="a game's name cannot hold a (bidi control|zero-width character)"):
        Game.new(sengoku, name=name)


def test_a_game_name_is_stored_in_nfkc(sengoku: Board) -> None:
    assert Game.new(sengoku, name="Ｋｙｏｔｏ　１５７０").state.name == "Kyoto 1570"


def test_the_command_refuses_such_a_name_in_one_line(cli: Cli) -> None:
    result = cli("new", "game.json", "--name", "Kyoto\u202e0751", code=1)
    assert result.stderr == (
        "Error: a game's name cannot hold a bidi control (U+202E): it would show as something else\n"
    )
    assert not (cli.folder / "game.json").exists()


@pytest.mark.parametrize(
    "name", ["Re\u202ed", "R\u200bed", "Ｒｅｄ", "Red\x1b[2K"], ids=["rlo", "zwsp", "fullwidth", "esc"]
)
def test_a_map_whose_power_name_is_no_plain_ascii_name_is_refused(name: str) -> None:
    """Power names come from map files, whose schema allows letters and hyphens only: nothing to hide in them."""
    from pathlib import Path

    from maps import MapFileError, parse_board

    tiny = (Path(__file__).parent.parent / "maps" / "tiny.yaml").read_text(encoding="utf-8")
    with pytest.raises(MapFileError, match=r"powers\.0\.name: String should match pattern"):
        parse_board(tiny.replace("{name: Red,", "{name: " + json_string(name) + ","))


def json_string(text: str) -> str:
    import json

    return json.dumps(text)  # a YAML double-quoted string reads the same escapes
