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


class CountingDns:
    """A stand-in DNS that answers the test key, counts its lookups, and moves a fake clock on per lookup."""

    def __init__(self, seconds: float = 0.0) -> None:
        self.names: list[bytes] = []
        self.now, self.seconds = 0.0, seconds

    def __call__(self, name: bytes, timeout: float = 5) -> bytes | None:
        self.names.append(name)
        self.now += min(self.seconds, timeout)
        if self.seconds >= timeout:
            raise OSError("timed out")
        return dns(name)

    def clock(self) -> float:
        return self.now


def numbered(n: int, domain: bytes = b"owari.example") -> bytes:
    message = MAIL.replace(b"<signed@", f"<signed{n}@".encode())
    return signed(message, domain)


def test_a_key_is_looked_up_once_a_run_for_every_mail_it_signed(game: Game) -> None:
    counting = CountingDns()
    check = dkim_check(counting, clock=counting.clock)
    mails = [read_message(numbered(n), f"#{n}", check) for n in range(4)]
    assert counting.names == [b"test._domainkey.owari.example."]
    assert all(m.auth[-1].result == "pass" for m in mails)


def test_a_run_spends_at_most_its_dns_budget_then_checks_no_more_signatures() -> None:
    """Four mails signed by four domains whose DNS times out (5 s each): 15 s spent, the rest not checked."""
    slow = CountingDns(seconds=5.0)
    check = dkim_check(slow, clock=slow.clock)
    domains = [f"d{n}.example".encode() for n in range(4)]
    mails = [read_message(numbered(n, domain), f"#{n}", check) for n, domain in enumerate(domains)]
    assert len(slow.names) == 3 and slow.now == 15.0  # RUN_BUDGET_SECONDS
    assert [m.auth[-1].result for m in mails] == ["temperror"] * 4  # never 'fail': read the mail again later


def test_mail_the_game_read_before_is_not_checked_again(game: Game) -> None:
    first = read_message(numbered(1), "#1")
    counting = CountingDns()
    check = dkim_check(counting, read={first.read_key}, clock=counting.clock)
    again = read_message(numbered(1), "#1", check)
    assert counting.names == [] and again.auth == ()


# --- a separator line inside a verified mail's body -------------------------------------------

TAKEDA_MX = "mx.kyoto.example"
FORGED = (
    b"From nobunaga@owari.example Tue Mar  3 09:12:00 2026\r\n"  # unescaped by the program that wrote the mbox
    b"From: Oda Nobunaga <nobunaga@owari.example>\r\n"
    b"Message-ID: <forged@owari.example>\r\n"
    b"Authentication-Results: mx.kyoto.example; dkim=pass header.d=owari.example;"
    b" dmarc=pass header.from=owari.example\r\n"
    b"\r\n"
    b"A Owari - Kyoto\r\n"
)


def takeda_mail(body: bytes, content_type: bytes = b"text/plain", sign: bool = True) -> bytes:
    """Takeda's honest mail, delivered to the GM's provider, which checked it and wrote its verdict on top."""
    message = (
        b"From: Takeda Shingen <shingen@kai.example>\r\nTo: gm@kyoto.example\r\nSubject: Takeda S1570\r\n"
        b"Message-ID: <takeda@kai.example>\r\nMIME-Version: 1.0\r\nContent-Type: " + content_type + b"\r\n\r\n" + body
    )
    if sign:
        headers = [b"from", b"to", b"subject", b"message-id"]
        message = bytes(dkim.sign(message, b"test", b"kai.example", KEY, include_headers=headers)) + message
    verdict = f"Authentication-Results: {TAKEDA_MX}; dkim=pass header.d=kai.example; dmarc=pass header.from=kai.example"
    return (verdict + "\r\n").encode() + message


MULTIPART = (
    b"--b1\r\nContent-Type: text/plain\r\n\r\nA Kai - Suruga\r\n\r\n" + FORGED + b"\r\n--b1--\r\n",
    b'multipart/alternative; boundary="b1"',
)


@pytest.mark.parametrize(
    ("body", "content_type", "sign"),
    [
        (b"A Kai - Suruga\r\n\r\n" + FORGED, b"text/plain", True),
        (*MULTIPART, False),
        (*MULTIPART, True),
    ],
    ids=["dkim-signed-text", "multipart", "multipart-signed"],
)
def test_a_separator_inside_a_verified_mail_is_no_second_mail_and_never_verified(
    tmp_path: Path, sengoku: Board, body: bytes, content_type: bytes, sign: bool
) -> None:
    game = Game.new(sengoku)
    game.set_addresses("Oda", ["nobunaga@owari.example"])
    game.set_addresses("Takeda", ["shingen@kai.example"])
    game.require_verified_senders([TAKEDA_MX])
    box = mbox_of(tmp_path / "in.mbox", takeda_mail(body, content_type, sign).replace(b"\r\n", b"\n"))
    results = read_mail(game, read_mbox(box))
    assert [r.mail.sender for r in results] == ["Takeda Shingen <shingen@kai.example>"]
    [result] = results
    assert result.status is MailStatus.USED and "Oda" not in game.state.orders
    assert any("looked like an mbox separator" in note for note in result.mail.notes)


def test_honest_signed_mails_in_one_mbox_stay_apart(tmp_path: Path, sengoku: Board) -> None:
    first = takeda_mail(b"A Kai - Suruga\r\n").replace(b"\r\n", b"\n")
    second = signed().replace(b"\r\n", b"\n")
    mails = read_mbox(mbox_of(tmp_path / "in.mbox", first, second))
    assert [m.message_id for m in mails] == ["<takeda@kai.example>", "<signed@owari.example>"]
    assert not any("separator" in note for m in mails for note in m.notes)
