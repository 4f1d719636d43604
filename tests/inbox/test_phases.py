"""Mail for another phase than the open one is listed and never stored for the open one (inbox/phases.py).

A late Spring correction read after Spring was adjudicated would otherwise
become Fall orders, and in replace mode replace them. Held back: mail dated
before the open phase opened (its adjudication), and a text whose subject
or a header in it names another phase. Mail is read in the mailbox's order,
whatever its Date: says; mail the game sent itself is skipped.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from game.game import Game
from game.sent import SentMessage
from inbox.intake import MailStatus, read_mail
from inbox.mail import Mail
from inbox.paste import read_paste
from maps import Board
from maps.terms import PhaseType, Season
from orders import VerdictKind, order_text
from orders.mailtext import NamedPhase, phase_named, phase_of_subject

ODA = "Oda Nobunaga <nobunaga@owari.example>"
OPENED = datetime(2026, 3, 4, 20, 0, tzinfo=UTC)  # when Spring 1570 was adjudicated and Fall 1570 opened


@pytest.fixture
def fall(sengoku: Board) -> Game:
    """Fall 1570 movement, opened at OPENED; Oda has its Fall orders stored."""
    game = Game.new(sengoku)
    game.set_addresses("Oda", ["nobunaga@owari.example"])
    game.adjudicate(at=OPENED)
    read_paste(game, "Oda:\nA Owari - Mino\nF Mikawa H\n")
    return game


def oda_orders(game: Game) -> list[str]:
    return [order_text(o, game.board) for o in game.state.orders.get("Oda", [])]


def mail(
    text: str, *, subject: str = "orders", date: datetime | None = OPENED + timedelta(hours=1), n: int = 1
) -> Mail:
    return Mail(f"<{n}@owari.example>", f"box #{n}", sender=ODA, date=date, subject=subject, text=text)


# --- what a header or a subject names ---------------------------------------------------


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ("Oda orders for Spring 1570:", NamedPhase(Season.SPRING, 1570)),
        ("Oda S1570", NamedPhase(Season.SPRING, 1570)),
        ("Oda F1570R", NamedPhase(Season.FALL, 1570, PhaseType.RETREATS)),
        ("Orders for Oda, autumn of 1571 retreats", NamedPhase(Season.FALL, 1571, PhaseType.RETREATS)),
        ("Oda: Winter 1570 builds", NamedPhase(Season.WINTER, 1570, PhaseType.ADJUSTMENTS)),
        ("Oda W1570A", NamedPhase(Season.WINTER, 1570, PhaseType.ADJUSTMENTS)),
        ("Oda:", None),
        ("Kyoto 1570: Oda", None),  # a year alone (a game's name) is no phase
    ],
)
def test_the_phase_a_header_names(line: str, named: NamedPhase | None) -> None:
    assert phase_named(line) == named


@pytest.mark.parametrize(
    ("subject", "named"),
    [
        ("Oda S1570", NamedPhase(Season.SPRING, 1570)),
        ("Re: Oda S1570", None),  # a reply keeps the subject of the mail it answers
        ("Fwd: Oda S1570", None),
        ("Re: Kyoto 1570: Spring 1570 movement results", None),  # answering the results post
        ("Kyoto 1570: Spring 1570 movement results", None),
    ],
)
def test_a_subject_names_a_phase_only_when_written_for_this_mail(subject: str, named: NamedPhase | None) -> None:
    assert phase_of_subject(subject) == named


# --- a paste ------------------------------------------------------------------------------


def test_a_pasted_block_under_a_header_for_another_phase_is_refused_and_stores_nothing(fall: Game) -> None:
    read = read_paste(fall, "Oda orders for Spring 1570:\nA Owari - Ise\nTakeda:\nA Kai - Suruga\n")
    problem = "not used: the header on line 1 is for Spring 1570, and Fall 1570 movement is open"
    assert [(line.kind, line.problem) for line in read.lines[1:2]] == [(VerdictKind.ERROR, problem)]
    assert oda_orders(fall) == ["A Owari - Mino", "F Mikawa H"]  # replace mode, and still not replaced
    assert "Oda" not in fall.state.all_refused  # nothing was sent for Oda
    assert [order_text(o, fall.board) for o in fall.state.orders["Takeda"]] == ["A Kai - Suruga"]


@pytest.mark.parametrize("header", ["Oda:", "Oda orders for Fall 1570:", "Oda F1570M", "Oda Fall 1570"])
def test_a_header_naming_the_open_phase_or_none_is_used(fall: Game, header: str) -> None:
    read_paste(fall, f"{header}\nA Owari - Ise\n")
    assert oda_orders(fall) == ["A Owari - Ise"]


# --- mail ---------------------------------------------------------------------------------


def test_mail_dated_before_the_phase_opened_is_listed_not_used_and_not_marked_read(fall: Game) -> None:
    late = mail("A Owari - Ise\n", subject="Re: Oda S1570", date=OPENED - timedelta(minutes=5))
    (result,) = read_mail(fall, [late])
    assert result.status is MailStatus.EARLIER_PHASE
    assert result.why == (
        "dated 2026-03-04 19:55 UTC, before Fall 1570 movement opened (2026-03-04 20:00 UTC), and names no phase"
    )
    assert [(line.kind, line.problem) for line in result.lines] == [
        (VerdictKind.ERROR, "not used: written for an earlier phase")
    ]
    assert oda_orders(fall) == ["A Owari - Mino", "F Mikawa H"]
    assert fall.state.messages_read == []
    (again,) = read_mail(fall, [late])  # listed again, until used or dismissed
    assert again.status is MailStatus.EARLIER_PHASE


def test_a_subject_or_header_naming_another_phase_holds_the_mail_back(fall: Game) -> None:
    (by_subject,) = read_mail(fall, [mail("A Owari - Ise\n", subject="Oda S1570")])
    assert (by_subject.status, by_subject.why) == (
        MailStatus.OTHER_PHASE,
        "the subject names Spring 1570, but Fall 1570 movement is open",
    )
    (by_header,) = read_mail(fall, [mail("Hi,\nOda orders for Spring 1570:\nA Owari - Ise\n", n=2)])
    assert by_header.why == "the header on line 2 names Spring 1570, but Fall 1570 movement is open"
    assert oda_orders(fall) == ["A Owari - Mino", "F Mikawa H"]


def test_a_reply_in_an_old_thread_is_used_for_the_open_phase(fall: Game) -> None:
    (result,) = read_mail(fall, [mail("A Owari - Ise\n", subject="Re: Oda S1570")])
    assert result.status is MailStatus.USED and oda_orders(fall) == ["A Owari - Ise"]


def test_mail_not_used_is_marked_read_when_dismissed(fall: Game) -> None:
    late = mail("A Owari - Ise\n", date=OPENED - timedelta(days=1))
    (result,) = read_mail(fall, [late], dismiss=True)
    assert result.status is MailStatus.EARLIER_PHASE and result.dismissed
    assert fall.state.messages_read == [late.read_key]
    assert read_mail(fall, [late])[0].status is MailStatus.ALREADY_READ


def test_after_a_rollback_the_mail_for_that_phase_is_used(fall: Game) -> None:
    late = mail("A Owari - Ise\n", date=OPENED - timedelta(minutes=5))
    fall.rollback()
    assert fall.state.phase_opened is None
    (result,) = read_mail(fall, [late])
    assert result.status is MailStatus.USED and oda_orders(fall) == ["A Owari - Ise"]


def test_a_phase_opened_before_the_time_was_recorded_holds_nothing_back(sengoku: Board) -> None:
    game = Game.new(sengoku)
    game.set_addresses("Oda", ["nobunaga@owari.example"])
    game.adjudicate()  # no time: as in a game file written before adjudications were timed
    (result,) = read_mail(game, [mail("A Owari - Mino\n", date=datetime(2000, 1, 1, tzinfo=UTC))])
    assert result.status is MailStatus.USED


def test_mail_is_read_in_the_mailboxs_order_not_by_its_date(fall: Game) -> None:
    """A Date: is the sender's clock: a message delivered later wins, even dated earlier, and says so."""
    first = mail("A Owari - Ise\n", n=1, date=OPENED + timedelta(hours=5))
    second = mail("A Owari H\n", n=2, date=OPENED + timedelta(hours=2))
    results = read_mail(fall, [first, second])
    assert oda_orders(fall) == ["A Owari H"]
    assert results[1].notes == [
        "dated before a message read above it; read in the mailbox's order all the same, as delivered, "
        "since the Date: is the sender's clock"
    ]


def test_mail_the_game_sent_itself_is_skipped(fall: Game) -> None:
    own = SentMessage(
        key="results 1", power="Oda", address="nobunaga@owari.example", message_id="<r1@kyoto>", sent=OPENED
    )
    fall.state = fall.state.replace(sent=[own])
    results_mail = Mail(
        "<r1@kyoto>", "box #1", sender="GM <gm@kyoto.example>", date=OPENED, text="A Owari - Mino: moved\n"
    )
    (result,) = read_mail(fall, [results_mail])
    assert result.status is MailStatus.OWN and result.lines == []
