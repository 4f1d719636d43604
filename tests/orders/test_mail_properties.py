"""Properties of the mail reader over any mix of mail: no line is ever both lost and uncounted.

The texts are made of the pieces real mail is made of (headers in their
forms, orders good and bad, chatter, quote marks and reply intros, mail
headers, signatures, forum and Markdown markup, blank lines) and of any text
at all, in any order. Whatever comes:

* every line of the input gets exactly one verdict, in order, with its own
  number and text;
* every verdict is well-formed (an order has its order, a refusal its reason,
  a header its power, an ignored line why);
* a line that reads as an order is never dropped quietly: it is counted
  (an order or a refusal), or named "quoted, not counted", or is a comment
  the writer marked as one;
* read into a game, nothing is stored that the lines do not show as accepted
  for that power.
"""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.game import Game
from game.resend import SendMode
from inbox.paste import read_paste
from maps import Board, load_board
from orders import Ignored, VerdictKind, parse_orders
from orders.mailtext import strip_wrapping, unquote
from orders.parser import grammar_of

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PIECES = [
    # headers, in the forms GMs meet
    "Oda:", "TAKEDA", "Uesugi -", "Orders for Hojo", "Oda orders for Spring 1570:", "== Mori ==", "[b]Asakura[/b]",
    "**Chosokabe**", "## Orders for Shimazu", "Takeda's orders:",
    # orders, good and bad
    "A Owari - Mino", "F Mikawa - Totomi Sea", "2 : A Yamashiro H", "A Kai - Suruga", "A South Shinano H",
    "A Kozuke - Musashi", "F Echigo H", "A Echi - Dewa", "A Owari - Xyz", "Owari Mino", "- A Sagami - Kai",
    "1. F Izu H", "[*]A Omi - Ise", "`F Iyo - Bungo Strait`", "Oda: A Owari H", "Takeda: A Kai H", "Build A Kai",
    "-- A Kai - Suruga", "A Owari - " + "x " * 150,
    # chatter and sign-offs
    "Hi GM,", "Cheers,", "Nobunaga", "Thanks!", "Here are my orders:", "See you on the battlefield.",
    "Sorry, a change of plan - South Shinano goes to Mino after all",
    # quotes and reply intros
    "> A Kai - Suruga", ">> Oda: A Owari H", "> Please send your orders.",
    "On Sun, 1 Mar 2026, GM <gm@x.example> wrote:",
    "On Sun, Mar 1, 2026 at 8:00 PM GM <", "gm@x.example> wrote:", "-----Original Message-----",
    "---------- Forwarded message ---------", "________________________________", '[quote="Takeda"]', "[/quote]",
    '[quote="Takeda"]A Kai - Suruga[/quote]',
    # mail headers and signatures
    "From: Oda Nobunaga <nobunaga@owari.example>", "From: someone@else.example", "Subject: Oda S1570",
    "Subject: Re: Spring 1570", "Sent: Sunday, March 1, 2026 20:00", "Date: Mon, 2 Mar 2026 09:00:00 +0900",
    "To: GM", "-- ", "--", "-- Nobunaga", "Sent from my iPhone",
    # markup, comments, blank
    "[code]", "[/code]", "```", "[list]", "[/list]", "=====", "# a comment", "// A Owari - Mino", "", "   ",
]  # fmt: skip

LINES = st.one_of(st.sampled_from(PIECES), st.text(max_size=30).map(lambda t: t.replace("\r", "").replace("\n", "")))
TEXTS = st.lists(LINES, max_size=40).map("\n".join)
BOOK = {"nobunaga@owari.example": "Oda"}


@cache
def sengoku() -> Board:
    return load_board("sengoku")


def address_book(sender: str) -> str | None:
    return next((power for address, power in BOOK.items() if address in sender.casefold()), None)


@FAST
@given(text=TEXTS, power=st.sampled_from([None, "Oda", "Takeda"]), fixed=st.booleans())
def test_every_line_gets_exactly_one_sound_verdict(text: str, power: str | None, fixed: bool) -> None:
    board = sengoku()
    parsed = parse_orders(text, board, power=power, fixed=fixed and power is not None, address_book=address_book)
    assert [(v.number, v.text) for v in parsed.verdicts] == list(enumerate(text.splitlines(), start=1))
    for verdict in parsed.verdicts:
        assert (verdict.order is not None) == (verdict.kind is VerdictKind.ORDER), verdict
        assert (verdict.ignored is not None) == (verdict.kind is VerdictKind.IGNORED), verdict
        if verdict.kind is VerdictKind.ERROR:
            assert verdict.problem and not verdict.problem.startswith("cannot read this line"), verdict
        if verdict.kind is VerdictKind.HEADER:
            assert verdict.power in board.power_names
    spans = parsed.messages  # the messages cover the lines in order, each from where the last one ended
    assert [s.index for s in spans] == list(range(len(spans)))
    assert [s.first for s in spans] == [1] + [s.last + 1 for s in spans[:-1]]
    assert spans[-1].last == len(text.splitlines())


@FAST
@given(text=TEXTS)
@example(text="-- \n%C")  # found by this test: a comment line in a signature was listed as signature, not comment
def test_a_line_that_reads_as_an_order_is_counted_or_named_never_dropped(text: str) -> None:
    board = sengoku()
    grammar = grammar_of(board)
    for verdict in parse_orders(text, board, address_book=address_book).verdicts:
        content = strip_wrapping(unquote(verdict.text.strip()))
        if not content or grammar.read(content, None).order is None:
            continue
        named = verdict.ignored in (Ignored.QUOTED_ORDER, Ignored.COMMENT)
        assert verdict.counted or named, verdict


@FAST
@given(text=TEXTS, merge=st.booleans())
def test_nothing_is_stored_that_the_lines_do_not_show_as_accepted(text: str, merge: bool) -> None:
    game = Game.new(sengoku())
    read = read_paste(game, text, mode=SendMode.MERGE if merge else SendMode.REPLACE)
    assert [line.number for line in read.lines] == list(range(1, len(text.splitlines()) + 1))
    for power, stored in game.state.orders.items():
        shown = [line.order for line in read.lines if line.kind is VerdictKind.ORDER and line.power == power]
        assert all(order in shown for order in stored), (power, stored, shown)
