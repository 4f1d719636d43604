"""DKIM signatures checked here when the GM asks: a good signature of the From domain verifies, a forgery does not.

The keys come from a stand-in DNS (loopback only: no lookup leaves the
test); the key pair in ``data/`` is a test key, used for nothing else.
"""

from __future__ import annotations

from pathlib import Path

import dkim
import pytest

from bench.hostile import mbox_of
from game.game import Game
from inbox.dkimcheck import CHECKED_HERE, dkim_check
from inbox.intake import MailStatus, read_mail
from inbox.message import read_message
from inbox.sources import read_mbox
from maps import Board

DATA = Path(__file__).parent / "data"
KEY = (DATA / "dkim-test-key.pem").read_bytes()
RECORD = b"v=DKIM1; k=rsa; p=" + (DATA / "dkim-test-key.pub.b64").read_bytes().strip()
MAIL = (
    b"From: Oda Nobunaga <nobunaga@owari.example>\r\nTo: gm@kyoto.example\r\nSubject: Oda S1570\r\n"
    b"Message-ID: <signed@owari.example>\r\n\r\nA Owari - Mino\r\nF Mikawa H\r\n"
)


def dns(name: bytes, timeout: int = 5) -> bytes | None:
    return RECORD if name == b"test._domainkey.owari.example." else None


def signed(message: bytes = MAIL, domain: bytes = b"owari.example") -> bytes:
    headers = [b"from", b"to", b"subject", b"message-id"]
    return bytes(dkim.sign(message, b"test", domain, KEY, include_headers=headers)) + message


@pytest.fixture
def game(sengoku: Board) -> Game:
    game = Game.new(sengoku)
    game.set_addresses("Oda", ["nobunaga@owari.example"])
    game.require_verified_senders(["dkim"])
    return game


def test_a_good_signature_of_the_from_domain_verifies_the_sender_and_its_orders_are_used(
    tmp_path: Path, game: Game
) -> None:
    box = mbox_of(tmp_path / "in.mbox", signed().replace(b"\r\n", b"\n"))  # an mbox keeps plain line ends
    [result] = read_mail(game, read_mbox(box, dkim_check(dns)))
    assert result.status is MailStatus.USED
    assert result.notes[0] == f"sender verified: dkim=pass (owari.example) by {CHECKED_HERE}"
    assert len(game.state.orders["Oda"]) == 2


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (signed().replace(b"A Owari - Mino", b"A Owari - Kai"), "dkim=fail (owari.example)"),  # changed after signing
        (signed(domain=b"forger.example"), "dkim=fail (forger.example)"),  # no key for it: cannot pass
        (MAIL, "no Authentication-Results"),  # not signed
        (
            b"Authentication-Results: " + CHECKED_HERE.encode() + b"; dkim=pass header.d=owari.example\r\n" + MAIL,
            "no Authentication-Results",  # a header claiming this computer's checks is dropped as read
        ),
    ],
    ids=["altered", "other-domain", "unsigned", "forged-verdict"],
)
def test_a_mail_without_a_good_signature_is_not_used_where_verified_senders_are_required(
    game: Game, data: bytes, why: str
) -> None:
    [result] = read_mail(game, [read_message(data, "x", dkim_check(dns))])
    assert result.status is MailStatus.NOT_VERIFIED
    assert result.why is not None and result.why.startswith(why), result.why
    assert game.state.orders == {}


def test_a_failed_key_lookup_is_not_verified_never_a_crash(game: Game) -> None:
    def no_network(name: bytes, timeout: int = 5) -> bytes | None:
        raise OSError("network unreachable")

    [result] = read_mail(game, [read_message(signed(), "x", dkim_check(no_network))])
    assert result.status is MailStatus.NOT_VERIFIED
