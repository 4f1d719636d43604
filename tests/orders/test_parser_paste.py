"""A whole pasted post: several powers under headers, with the noise of a real email.

Every line gets exactly one verdict with its own line number, and a bad line
costs only itself.
"""

from __future__ import annotations

import pytest

from maps import Board
from orders import Ignored, ParsedOrders, VerdictKind, order_text, parse_orders

POST = """\
Hi all, here are the orders for Spring 1570.

Oda:
A Owari - Mino
F Mikawa S A Owari - Mino   # keep Mino
2 : A Bizen S A Harima - Tango

TAKEDA
// moving south
A Kai -> suruga
A Echi - Dewa
A South Shinano holds

> Uesugi wrote:
> A Kozuke - Musashi

== Orders for Hojo ==
Army Sagami moves to Musashi
F Izu S A Sagami - Musashi
--
Nobunaga
A Owari - Ise
"""


@pytest.fixture(scope="module")
def parsed(sengoku: Board) -> ParsedOrders:
    return parse_orders(POST, sengoku)


def orders_of(parsed: ParsedOrders) -> dict[str | None, list[str]]:
    return {power: [order_text(o) for o in orders] for power, orders in parsed.by_power().items()}


def test_every_line_gets_exactly_one_verdict_numbered_from_one(parsed: ParsedOrders) -> None:
    lines = POST.splitlines()
    assert [v.number for v in parsed.verdicts] == list(range(1, len(lines) + 1))
    assert [v.text for v in parsed.verdicts] == lines


def test_the_orders_are_grouped_under_their_power(parsed: ParsedOrders) -> None:
    assert orders_of(parsed) == {
        "Oda": ["A OWA - MIN", "F MIK S A OWA - MIN", "2 : A BIZ S A HAR - TAN"],
        "Takeda": ["A KAI - SUR", "A SSH H"],
        "Hojo": ["A SAG - MUS", "F IZU S A SAG - MUS", "A OWA - ISE"],
    }


def test_a_bad_line_is_refused_alone_naming_its_line_and_candidates(parsed: ParsedOrders) -> None:
    assert [(e.number, e.text, e.power) for e in parsed.errors] == [(11, "A Echi - Dewa", "Takeda")]
    assert parsed.errors[0].suggestions == ("Echigo (ECG)", "Echizen (ECZ)")


def test_headers_blank_lines_comments_quotes_chatter_and_the_signature_are_not_orders(parsed: ParsedOrders) -> None:
    kinds = {v.number: (v.kind.value, v.ignored or v.power) for v in parsed.verdicts if v.kind is not VerdictKind.ORDER}
    assert kinds == {
        1: ("ignored", Ignored.CHATTER),
        2: ("ignored", Ignored.BLANK),
        3: ("header", "Oda"),
        7: ("ignored", Ignored.BLANK),
        8: ("header", "Takeda"),
        9: ("ignored", Ignored.COMMENT),
        11: ("error", "Takeda"),
        13: ("ignored", Ignored.BLANK),
        14: ("ignored", Ignored.QUOTED),
        15: ("ignored", Ignored.QUOTED_ORDER),
        16: ("ignored", Ignored.BLANK),
        17: ("header", "Hojo"),
        20: ("ignored", Ignored.SIGNATURE),
        21: ("ignored", Ignored.SIGNATURE),
    }


def test_a_signature_ends_at_the_next_order_like_line(parsed: ParsedOrders) -> None:
    """Line 22 comes after the signature '--' and 'Nobunaga', and is read (for the power above: Hojo)."""
    assert parsed.verdicts[21].kind is VerdictKind.ORDER and parsed.verdicts[21].power == "Hojo"


def test_lines_before_any_header_belong_to_the_power_given(sengoku: Board) -> None:
    parsed = parse_orders("A Kai - Suruga\nOda:\nA Owari H", sengoku, power="Takeda")
    assert orders_of(parsed) == {"Takeda": ["A KAI - SUR"], "Oda": ["A OWA H"]}


def test_lines_before_any_header_and_without_a_power_are_kept_under_none(sengoku: Board) -> None:
    assert orders_of(parse_orders("A Kai - Suruga", sengoku)) == {None: ["A KAI - SUR"]}


def test_windows_line_endings_and_trailing_spaces_change_nothing(sengoku: Board) -> None:
    parsed = parse_orders("Oda:\r\nA Owari - Mino  \r\n\r\nF Mikawa H\r\n", sengoku)
    assert orders_of(parsed) == {"Oda": ["A OWA - MIN", "F MIK H"]}
    assert len(parsed.verdicts) == 4


# A line the parser cannot read is refused (counted, the GM must look) when it is an order in words,
# and chatter (listed, never counted) when it is talk.
@pytest.mark.parametrize(
    ("line", "refused"),
    [
        ("Owari: hold it", True),
        ("Mikawa fleet holds fast", True),
        ("Kai army to Surugaa", True),
        ("Hold Echigo if Mino falls", True),
        ("Support Oda in Mino", True),
        ("I will attack Suruga next turn", False),
        ("Stand by for more orders", False),
        ("Hold anything you do not order.", False),
        ("Hi GM, quick change to the fleet.", False),
    ],
)
def test_an_order_in_words_is_refused_and_talk_is_chatter(sengoku: Board, line: str, refused: bool) -> None:
    (verdict,) = parse_orders(f"Oda:\n{line}", sengoku).verdicts[1:]
    if refused:
        assert verdict.kind is VerdictKind.ERROR, verdict
    else:
        assert (verdict.kind, verdict.ignored) == (VerdictKind.IGNORED, Ignored.CHATTER), verdict


@pytest.mark.parametrize("line", ["~~A Kozuke H~~", "[s]A Kozuke H[/s]", "[strike]A Kozuke - Musashi[/strike]"])
def test_a_struck_out_order_is_taken_back_not_given(sengoku: Board, line: str) -> None:
    parsed = parse_orders(f"Uesugi:\n{line}\nA Kozuke - Musashi", sengoku)
    assert (parsed.verdicts[1].kind, parsed.verdicts[1].ignored) == (VerdictKind.IGNORED, Ignored.STRUCK)
    assert orders_of(parsed) == {"Uesugi": ["A KOZ - MUS"]}
