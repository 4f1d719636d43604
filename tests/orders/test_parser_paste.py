"""A whole pasted post: several powers under headers, with the noise of a real email.

Every line gets exactly one verdict with its own line number, and a bad line
costs only itself.
"""

from __future__ import annotations

import pytest

from maps import Board
from orders import ParsedOrders, VerdictKind, order_text, parse_orders

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
        "Hojo": ["A SAG - MUS", "F IZU S A SAG - MUS"],
    }


def test_a_bad_line_is_refused_alone_naming_its_line_and_candidates(parsed: ParsedOrders) -> None:
    assert [(e.number, e.text, e.power) for e in parsed.errors] == [
        (1, "Hi all, here are the orders for Spring 1570.", None),
        (11, "A Echi - Dewa", "Takeda"),
    ]
    assert parsed.errors[1].suggestions == ("Echigo (ECG)", "Echizen (ECZ)")


def test_headers_blank_lines_comments_quotes_and_the_signature_are_not_orders(parsed: ParsedOrders) -> None:
    kinds = {v.number: (v.kind.value, v.note or v.power) for v in parsed.verdicts if v.kind is not VerdictKind.ORDER}
    assert kinds == {
        1: ("error", None),
        2: ("ignored", "blank"),
        3: ("header", "Oda"),
        7: ("ignored", "blank"),
        8: ("header", "Takeda"),
        9: ("ignored", "comment"),
        11: ("error", "Takeda"),
        13: ("ignored", "blank"),
        14: ("ignored", "quoted text"),
        15: ("ignored", "quoted text"),
        16: ("ignored", "blank"),
        17: ("header", "Hojo"),
        20: ("ignored", "signature"),
        21: ("ignored", "signature"),
        22: ("ignored", "signature"),
    }


def test_an_order_after_the_signature_line_is_ignored(parsed: ParsedOrders) -> None:
    assert "A OWA - ISE" not in [order_text(o) for orders in parsed.by_power().values() for o in orders]


def test_lines_before_any_header_belong_to_the_power_given(sengoku: Board) -> None:
    parsed = parse_orders("A Kai - Suruga\nOda:\nA Owari H", sengoku, power="Takeda")
    assert orders_of(parsed) == {"Takeda": ["A KAI - SUR"], "Oda": ["A OWA H"]}


def test_lines_before_any_header_and_without_a_power_are_kept_under_none(sengoku: Board) -> None:
    assert orders_of(parse_orders("A Kai - Suruga", sengoku)) == {None: ["A KAI - SUR"]}


def test_windows_line_endings_and_trailing_spaces_change_nothing(sengoku: Board) -> None:
    parsed = parse_orders("Oda:\r\nA Owari - Mino  \r\n\r\nF Mikawa H\r\n", sengoku)
    assert orders_of(parsed) == {"Oda": ["A OWA - MIN", "F MIK H"]}
    assert len(parsed.verdicts) == 4
