"""Long lines and long texts are answered for what they are, never by running out of time.

A 20,000-character line once took the parser 7.6 s (a fuzzy name search at
every word break). Now a line longer than any order is refused for its
length, or is chatter when it does not even start like an order, and a
phrase longer than any province name is not compared with every name. The
speed itself is measured in ``bench/bench_parser.py``, not here.
"""

from __future__ import annotations

from maps import Board
from orders import Ignored, VerdictKind, parse_order, parse_orders
from orders.parser import MAX_ORDER_CHARS
from orders.places import FUZZY_LIMIT


def test_a_20000_character_line_that_starts_like_an_order_is_refused_for_its_length(sengoku: Board) -> None:
    line = "A Owari - " + "x " * 9994 + "xx"
    (verdict,) = parse_orders(line, sengoku).verdicts
    assert len(line) == 20_000
    assert verdict.kind is VerdictKind.ERROR
    assert verdict.problem == f"too long for an order (20,000 characters; an order has at most {MAX_ORDER_CHARS})"


def test_a_long_line_of_province_names_is_refused_for_its_length(sengoku: Board) -> None:
    (verdict,) = parse_orders("A Owari - Mino" + " Mino" * 4000, sengoku).verdicts
    assert verdict.kind is VerdictKind.ERROR and verdict.problem is not None
    assert verdict.problem.startswith("too long for an order (20,014 characters")


def test_a_long_paragraph_of_prose_is_chatter(sengoku: Board) -> None:
    line = "I have been thinking about the alliance and what we should do next year. " * 280
    (verdict,) = parse_orders(line, sengoku).verdicts
    assert len(line) > 20_000 and (verdict.kind, verdict.ignored) == (VerdictKind.IGNORED, Ignored.CHATTER)


def test_a_line_just_short_of_the_limit_is_refused_for_its_content(sengoku: Board) -> None:
    line = "A Owari - " + "x " * 90
    assert len(line) < MAX_ORDER_CHARS
    refused = parse_order(line, sengoku)
    assert not isinstance(refused, tuple) or refused.problem is not None
    assert getattr(refused, "problem", "").startswith("unknown province 'x x x")
    assert getattr(refused, "suggestions", None) == ()  # a phrase longer than any name gets no fuzzy search


def test_no_fuzzy_search_for_a_phrase_longer_than_any_name(sengoku: Board) -> None:
    longest = max(len(p.name) for p in sengoku)
    assert longest < FUZZY_LIMIT
    assert sengoku.names.lookup("Suruga" + "a" * FUZZY_LIMIT).suggestions == ()
    assert sengoku.names.lookup("Surugaa").suggestions != ()


def test_a_message_of_10000_lines_gets_10000_verdicts(sengoku: Board) -> None:
    lines = ["Oda:"] + ["A Owari - Mino", "> quoted history", "chatter about the weather", "  "] * 2500
    parsed = parse_orders("\n".join(lines), sengoku)
    assert len(parsed.verdicts) == 10_001
    assert sum(v.kind is VerdictKind.ORDER for v in parsed.verdicts) == 2500
