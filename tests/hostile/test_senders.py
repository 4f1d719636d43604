"""Senders a GM can judge: what the headers claim is recorded and shown, and a game may require a verified one."""

from __future__ import annotations

import pytest

from bench.hostile import mail
from game.game import Game
from inbox.intake import MailStatus, read_mail
from inbox.message import read_message
from maps import Board
from tests.hostile.conftest import Cli

ORDERS = b"A Owari - Mino\n"
MX = "mx.owari.example"


@pytest.fixture
def game(sengoku: Board) -> Game:
    game = Game.new(sengoku)
    game.set_addresses("Oda", ["nobunaga@owari.example"])
    return game


def results(domain: str, dkim: str = "pass", host: str = MX) -> bytes:
    return f"Authentication-Results: {host}; dkim={dkim} header.d={domain}; spf=pass smtp.mailfrom={domain}\n".encode()


def test_authentication_results_and_dkim_signatures_are_recorded_as_written() -> None:
    headers = results("owari.example") + b"DKIM-Signature: v=1; a=rsa-sha256; d=owari.example; s=sel; b=abc\n"
    read = read_message(mail(headers, ORDERS), "x")
    assert [r.describe() for r in read.auth] == [
        f"dkim=pass (owari.example) by {MX}",
        f"spf=pass (owari.example) by {MX}",
    ]
    assert read.signers == ("owari.example",)


def test_a_game_that_requires_verified_senders_uses_mail_its_named_server_verified(game: Game) -> None:
    game.require_verified_senders([MX])
    [result] = read_mail(game, [read_message(mail(results("owari.example"), ORDERS), "x")])
    assert result.status is MailStatus.USED
    assert result.notes[0] == f"sender verified: dkim=pass (owari.example) by {MX}"


@pytest.mark.parametrize(
    ("headers", "why"),
    [
        (b"", "no Authentication-Results"),
        (results("owari.example", host="mx.forger.example"), "Authentication-Results only from mx.forger.example"),
        (results("owari.example", dkim="fail").replace(b"spf=pass", b"spf=fail"), f"dkim=fail (owari.example) by {MX}"),
        (results("forger.example"), f"dkim=pass (forger.example) by {MX}"),
    ],
    ids=["none", "another-host", "failed", "another-domain"],
)
def test_a_game_that_requires_verified_senders_lists_other_mail_unused_with_why(
    game: Game, headers: bytes, why: str
) -> None:
    game.require_verified_senders([MX])
    [result] = read_mail(game, [read_message(mail(headers, ORDERS), "x")])
    assert result.status is MailStatus.NOT_VERIFIED
    assert result.why is not None and result.why.startswith(why)
    assert game.state.orders == {}
    assert [line.problem for line in result.lines if line.counted] == [
        "not used: this game takes mail only from verified senders"
    ]


FORGED_BELOW = (
    f"Authentication-Results: {MX}; dkim=fail header.d=owari.example; dmarc=fail header.from=owari.example\n"
    f"Authentication-Results: {MX}; dmarc=pass header.from=owari.example\n"  # the sender wrote this one
).encode()


@pytest.mark.parametrize(
    ("headers", "why"),
    [
        (FORGED_BELOW, f"dkim=fail (owari.example) by {MX}; dmarc=fail (owari.example) by {MX}"),
        (f"Authentication-Results: {MX}; dmarc=pass\n".encode(), f"dmarc=pass by {MX}"),  # names no domain
        (
            f"Authentication-Results: {MX}; dmarc=pass header.from=kai.example\n".encode(),
            f"dmarc=pass (kai.example) by {MX}",
        ),
        (
            f"Authentication-Results: {MX}; none\n".encode() + FORGED_BELOW.split(b"\n")[1] + b"\n",
            "the trusted host's own header gives no verdict (those below it are the sender's)",
        ),
    ],
    ids=["forged-below-the-hosts-own", "bare-dmarc-pass", "dmarc-of-another-domain", "forged-below-an-empty-one"],
)
def test_only_the_trusted_hosts_topmost_header_counts_and_dmarc_must_name_the_from_domain(
    game: Game, headers: bytes, why: str
) -> None:
    """RFC 8601 section 5: the receiving host adds its header on top; one below naming it is the sender's."""
    game.require_verified_senders([MX])
    [result] = read_mail(game, [read_message(mail(headers, ORDERS), "x")])
    assert result.status is MailStatus.NOT_VERIFIED
    assert result.why == why
    assert game.state.orders == {}


def test_dmarc_pass_for_the_from_domain_by_the_trusted_hosts_own_header_verifies(game: Game) -> None:
    game.require_verified_senders([MX])
    headers = f"Authentication-Results: {MX}; dmarc=pass (p=reject) header.from=owari.example\n".encode()
    [result] = read_mail(game, [read_message(mail(headers, ORDERS), "x")])
    assert result.status is MailStatus.USED
    assert result.notes[0] == f"sender verified: dmarc=pass (owari.example) by {MX}"


def test_without_the_requirement_forged_mail_is_used_but_its_verdict_is_shown(game: Game) -> None:
    [result] = read_mail(game, [read_message(mail(results("owari.example", host="mx.forger.example"), ORDERS), "x")])
    assert result.status is MailStatus.USED
    assert result.notes == [
        "sender not verified: Authentication-Results only from mx.forger.example, not a trusted host"
    ]


@pytest.mark.parametrize(
    ("sender", "header", "note"),
    [
        (
            '"nobunaga@owari.example" <nobunaga@owari.example>',
            b"Reply-To: takeda-spy@kai.example\n",
            "SENDER: Reply-To takeda-spy@kai.example differs from the From address nobunaga@owari.example",
        ),
        (
            "nobunaga@owari.example",
            b"Sender: relay@forger.example\n",
            "SENDER: Sender relay@forger.example differs from the From address nobunaga@owari.example",
        ),
        (
            "nobunaga@owari.example",
            b"Return-Path: <bounce@forger.example>\n",
            "SENDER: Return-Path bounce@forger.example differs from the From address nobunaga@owari.example",
        ),
    ],
    ids=["reply-to", "sender", "return-path"],
)
def test_a_sender_header_in_another_domain_than_the_from_address_is_flagged(
    game: Game, sender: str, header: bytes, note: str
) -> None:
    data = b"From: " + sender.encode() + b"\nMessage-ID: <m@x>\n" + header + b"\n" + ORDERS
    [result] = read_mail(game, [read_message(data, "x")])
    assert result.notes == [note]


def test_a_display_name_showing_another_address_is_flagged() -> None:
    data = b'From: "nobunaga@owari.example" <forger@evil.example>\nMessage-ID: <m@x>\n\n' + ORDERS
    assert read_message(data, "x").mismatches == (
        "its display name shows nobunaga@owari.example but it was sent from forger@evil.example",
    )


def test_a_bounce_address_in_the_senders_own_domain_is_ordinary() -> None:
    data = b"From: nobunaga@owari.example\nReturn-Path: <bounces+x@owari.example>\nMessage-ID: <m@x>\n\n" + ORDERS
    assert read_message(data, "x").mismatches == ()


def test_the_gm_sets_and_lifts_the_requirement_in_the_address_book(cli: Cli) -> None:
    cli("new", "game.json")
    assert cli.lines("players", "game.json", "verify", "MX.Owari.example") == [
        "Senders: mail used only when verified by the Authentication-Results of mx.owari.example "
        "or a DKIM signature checked here (orders --dkim)"
    ]
    assert cli.lines("players", "game.json")[-1].startswith("Senders: mail used only when verified")
    assert cli.lines("players", "game.json", "verify", "off") == [
        "Senders: not verified (the address book is trusted as written; 'verify HOST' to require it)"
    ]
    assert "not a mail server's name" in cli("players", "game.json", "verify", "mx owari", code=1).stderr


PASTE = """From: Oda Nobunaga <nobunaga@owari.example>
Subject: orders

A Owari - Mino
From: Takeda Shingen <shingen@kai.example>
F Mikawa H
"""


def test_a_from_line_inside_a_pasted_mail_is_no_new_mail_and_speaks_for_nobody(cli: Cli) -> None:
    cli("new", "game.json")
    cli("players", "game.json", "set", "Oda", "nobunaga@owari.example")
    cli("players", "game.json", "set", "Takeda", "shingen@kai.example")
    out = cli.lines("orders", "game.json", "-", input=PASTE)
    assert (
        "ignored line 5: 'From: Takeda Shingen <shingen@kai.example>' (chatter: a header line alone: not a new mail)"
        in out
    )
    assert "ok      line 6: Oda: F Mikawa H" in out


def test_a_header_block_in_a_paste_is_a_new_mail_and_the_output_says_so(cli: Cli) -> None:
    cli("new", "game.json")
    cli("players", "game.json", "set", "Oda", "nobunaga@owari.example")
    cli("players", "game.json", "set", "Takeda", "shingen@kai.example")
    paste = PASTE.replace("F Mikawa H", "Date: Tue, 3 Mar 2026 09:12\n\nA Kai - Suruga")
    out = cli.lines("orders", "game.json", "-", input=paste)
    assert (
        "== message 2 of 2 (line 5): a second mail starts here, from Takeda Shingen <shingen@kai.example>: "
        "Takeda (address book)"
    ) in out
    assert "ok      line 8: Takeda: A Kai - Suruga" in out
