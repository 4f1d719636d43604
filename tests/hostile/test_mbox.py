"""An mbox is split only at its real separator lines, and an mbox given as one message is refused, never cut."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.hostile import good_mail, mail, mbox_of, read_into_game
from inbox.intake import MailStatus, read_mail
from inbox.message import read_message
from inbox.sources import MailboxError, read_eml, read_mbox
from orders import Ignored, order_text
from tests.hostile.conftest import Cli

BODY_LINES = [
    b"From Kai we march at dawn.",  # 'From ' as a body line, not escaped by the program that wrote the mbox
    b"From here on, Mino is mine",
    b"From: the desk of Oda Nobunaga",
    b"Date: tomorrow at dawn",
    b"Subject: the Mino question",
]


@pytest.mark.parametrize("line", BODY_LINES, ids=lambda line: line.decode()[:12])
def test_a_header_or_from_line_in_a_mail_body_neither_splits_the_mail_nor_drops_its_first_half(
    tmp_path: Path, line: bytes
) -> None:
    body = b"A Owari - Mino\n" + line + b"\nF Mikawa H\n"
    outcome = read_into_game(tmp_path, mbox_of(tmp_path / "in.mbox", mail(b"Subject: Oda\n", body)))
    assert outcome["mails"] == ["read"]
    assert outcome["stored"] == {"Oda": ["A Owari - Mino", "F Mikawa H"]}


@pytest.mark.parametrize(
    "separator",
    [
        b"From nobunaga@owari.example Tue Mar  3 09:12:00 2026",  # mutt, Python's mailbox
        b"From - Tue Mar  3 09:12:00 2026",  # Thunderbird
        b"From 1790123456789@xxx Tue Mar 03 09:12:00 +0000 2026",  # Google Takeout
    ],
    ids=["mutt", "thunderbird", "takeout"],
)
def test_real_separator_lines_of_every_exporter_split_the_messages(tmp_path: Path, separator: bytes) -> None:
    box = tmp_path / "in.mbox"
    box.write_bytes(b"".join(separator + b"\n" + good_mail(n) + b"\n" for n in (1, 2, 3)))
    assert [m.message_id for m in read_mbox(box)] == [f"<good{n}@owari.example>" for n in (1, 2, 3)]


def test_an_eml_file_holding_an_mbox_is_refused_not_read_as_its_first_message(tmp_path: Path) -> None:
    box = mbox_of(tmp_path / "saved.eml", good_mail(1), good_mail(2))
    with pytest.raises(MailboxError) as refused:
        read_eml([box])
    assert str(refused.value) == (
        f"{box}: an mbox file of 2 messages, not one message: read it with --mbox (every message is read)"
    )


def test_the_command_refuses_an_mbox_given_as_eml_with_exit_1_and_stores_nothing(cli: Cli) -> None:
    cli("new", "game.json")
    cli("players", "game.json", "set", "Oda", "nobunaga@owari.example")
    mbox_of(cli.folder / "saved.eml", good_mail(1), good_mail(2))
    result = cli("orders", "game.json", "--eml", "saved.eml", code=1)
    assert "an mbox file of 2 messages, not one message: read it with --mbox" in result.stderr
    assert "Stored" not in result.stdout


def test_an_eml_with_one_separator_line_on_top_is_one_message(tmp_path: Path) -> None:
    path = mbox_of(tmp_path / "one.eml", good_mail(1))
    assert [m.message_id for m in read_eml([path])] == ["<good1@owari.example>"]


def test_a_game_file_from_before_the_digests_still_knows_its_mail_read(tmp_path: Path) -> None:
    from game.game import Game
    from maps import load_board

    game = Game.new(load_board("sengoku"))
    game.set_addresses("Oda", ["nobunaga@owari.example"])
    game.mark_read(["<good1@owari.example>"])  # as an older sengoku kept it: the Message-ID itself
    [result] = read_mail(game, [read_message(good_mail(1), "old")])
    assert result.status is MailStatus.ALREADY_READ


def test_a_header_block_inside_one_mail_starts_the_mail_it_quotes_and_loses_none_above(tmp_path: Path) -> None:
    """A quoted mail's headers in a mail's body (how Outlook and others quote, no rule above them): no second
    mail, so nothing above it is replaced, and the quoted mail's old orders are not counted (they were: both
    stored, and where they clashed with the new ones, nothing)."""
    inner = b"A Owari - Mino\n\nFrom: Oda <nobunaga@owari.example>\nDate: Tue, 3 Mar 2026 09:00 +0000\n\nF Mikawa H\n"
    outcome = read_into_game(tmp_path, mbox_of(tmp_path / "in.mbox", mail(b"Subject: Oda\n", inner)))
    assert outcome["mails"] == ["read"]
    assert outcome["stored"] == {"Oda": ["A Owari - Mino"]}


def test_a_header_block_inside_one_mail_is_a_quote_and_speaks_for_nobody(tmp_path: Path) -> None:
    from game.game import Game
    from maps import load_board

    game = Game.new(load_board("sengoku"))
    game.set_addresses("Oda", ["nobunaga@owari.example"])
    game.set_addresses("Takeda", ["shingen@kai.example"])
    inner = b"A Owari - Mino\nFrom: Takeda <shingen@kai.example>\nDate: Tue, 3 Mar 2026 09:00 +0000\n\nA Kai - Suruga\n"
    [result] = read_mail(game, [read_message(mail(b"Subject: Oda\n", inner), "x")])
    assert result.lines[1].note == "a quoted mail's headers: the text under them is quoted, not counted"
    assert result.lines[4].ignored is Ignored.QUOTED_ORDER  # A Kai - Suruga: listed as quoted, stored for nobody
    assert [order_text(o, game.board) for o in game.state.orders["Oda"]] == ["A Owari - Mino"]
    assert "Takeda" not in game.state.orders
