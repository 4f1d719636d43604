"""The mail corpus: real-looking emails and forum posts, and what each must store.

Each file in ``corpus/`` is read into a new Sengoku game (Spring 1570) the
way the GM would: a paste (``.txt``) as ``sengoku orders`` reads it, a saved
message (``.eml``) or a mailbox (``.mbox``) as ``--eml`` and ``--mbox`` read
them. ``corpus/expected.yaml`` says what must then be stored for each power,
which lines must be refused or listed as "quoted, not counted", and, where a
file is about it, which lines are chatter, signature, wrapping or quoted text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from game.game import Game
from inbox.intake import read_mail
from inbox.paste import read_paste
from inbox.sources import read_eml, read_mbox
from maps import Board
from orders import Ignored, LineVerdict, VerdictKind, order_text

CORPUS = Path(__file__).parent / "corpus"
EXPECTED: dict[str, dict[str, Any]] = yaml.safe_load((CORPUS / "expected.yaml").read_text(encoding="utf-8"))
KINDS = {
    "chatter": Ignored.CHATTER,
    "signature": Ignored.SIGNATURE,
    "wrapping": Ignored.WRAPPING,
    "quoted text": Ignored.QUOTED,
}


def test_the_corpus_has_at_least_25_messages_and_every_file_has_its_expectation() -> None:
    files = sorted(path.name for path in CORPUS.iterdir() if path.suffix in (".txt", ".eml", ".mbox"))
    assert files == sorted(EXPECTED)
    assert len(files) >= 25


def game_for(board: Board, expected: dict[str, Any]) -> Game:
    game = Game.new(board)
    for power, address in expected.get("addresses", {}).items():
        game.set_addresses(power, [address])
    return game


def stored(game: Game) -> dict[str, list[str]]:
    return {power: [order_text(o, game.board) for o in orders] for power, orders in game.state.orders.items()}


def numbers(lines: list[LineVerdict], kind: VerdictKind, ignored: Ignored | None = None) -> list[int]:
    return [line.number for line in lines if line.kind is kind and line.ignored is ignored]


@pytest.mark.parametrize("name", sorted(n for n in EXPECTED if not n.endswith(".mbox")))
def test_a_message_stores_what_it_must(sengoku: Board, name: str) -> None:
    expected = EXPECTED[name]
    game = game_for(sengoku, expected)
    path = CORPUS / name
    if path.suffix == ".txt":
        text = path.read_text(encoding="utf-8")
        read = read_paste(game, text)
        lines, messages = read.lines, len(read.messages)
        assert [line.number for line in lines] == list(range(1, len(text.splitlines()) + 1))
    else:
        (result,) = read_mail(game, read_eml([path]))
        lines, messages = result.lines, 1
        assert [line.number for line in lines] == list(range(1, len(result.mail.text.splitlines()) + 1))
    assert stored(game) == expected["stored"]
    assert numbers(lines, VerdictKind.ERROR) == expected.get("refused", [])
    assert numbers(lines, VerdictKind.IGNORED, Ignored.QUOTED_ORDER) == expected.get("quoted", [])
    assert messages == expected.get("messages", 1)
    for key, kind in KINDS.items():
        if key in expected:
            assert numbers(lines, VerdictKind.IGNORED, kind) == expected[key], key


def test_a_mailbox_is_read_in_its_own_order_once_and_from_known_senders_only(sengoku: Board) -> None:
    """The mailbox's order is the order of delivery; a Date: out of step with it is named, not followed."""
    expected = EXPECTED["31-thread.mbox"]
    game = game_for(sengoku, expected)
    results = read_mail(game, read_mbox(CORPUS / "31-thread.mbox"))
    assert [[r.status.value, r.power] for r in results] == expected["mails"]
    assert [bool(r.notes) for r in results] == [False, False, False, False, True, False]
    assert results[4].notes[0].startswith("dated before a message read above it; read in the mailbox's order")
    assert stored(game) == expected["stored"]
    assert game.state.all_refused == expected["all_refused"]
    again = read_mail(game, read_mbox(CORPUS / "31-thread.mbox"))
    assert [r.status.value for r in again] == ["already read"] * 2 + ["unknown sender"] + ["already read"] * 3
    assert stored(game) == expected["stored"]
