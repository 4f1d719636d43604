"""Properties of the parser that no table of examples can pin down.

* Whatever text comes in, the parser answers with one verdict per line and
  never raises, nor hides a crash inside a verdict.
* The canonical text of any well-formed order, with full names or with ids,
  reads back as the same order.
"""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maps import Board, Location, PhaseType, UnitType, load_board
from orders import (
    Build,
    Convoy,
    Disband,
    DPOrder,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitRef,
    VerdictKind,
    Waive,
    order_text,
    parse_orders,
)
from orders import vocabulary as words

BOARDS = ("sengoku", "standard")
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def board(name: str) -> Board:
    return load_board(name)


def locations(b: Board) -> list[Location]:
    return [location for p in b for location in (p.id, *(f"{p.id}/{coast}" for coast in p.coasts))]


@cache
def vocabulary(name: str) -> list[str]:
    """Words a line of orders is made of: order words, names, ids, aliases, powers."""
    b = board(name)
    names = [word for p in b for word in (p.id, p.name, *p.aliases)]
    order_words = sorted(words.TERMINATORS | words.DP | words.COAST_WORDS.keys())
    return [*names, *order_words, *b.power_names, "/", "(", ")", ":", "#", "//", ">", "--", "2", "0", "nc", "via"]


# --- the parser never raises -------------------------------------------------------------


def assert_one_sound_verdict_per_line(text: str, b: Board, phase: PhaseType | None = None) -> None:
    lines = text.splitlines()
    parsed = parse_orders(text, b, phase=phase)
    assert [(v.number, v.text) for v in parsed.verdicts] == list(enumerate(lines, start=1))
    for verdict in parsed.verdicts:
        assert (verdict.order is not None) == (verdict.kind is VerdictKind.ORDER)
        if verdict.kind is VerdictKind.ERROR:
            assert verdict.problem and not verdict.problem.startswith("cannot read this line"), verdict.problem


@FAST
@given(text=st.text(), name=st.sampled_from(BOARDS), phase=st.sampled_from([None, *PhaseType]))
def test_any_text_gets_one_verdict_per_line(text: str, name: str, phase: PhaseType | None) -> None:
    assert_one_sound_verdict_per_line(text, board(name), phase)


@st.composite
def order_like_text(draw: st.DrawFn, name: str) -> str:
    lines = draw(
        st.lists(
            st.lists(st.sampled_from(vocabulary(name)), max_size=8).map(" ".join),
            max_size=6,
        )
    )
    return "\n".join(lines)


@FAST
@given(data=st.data(), name=st.sampled_from(BOARDS), phase=st.sampled_from([None, *PhaseType]))
def test_text_made_of_order_words_and_names_gets_one_verdict_per_line(
    data: st.DataObject, name: str, phase: PhaseType | None
) -> None:
    assert_one_sound_verdict_per_line(data.draw(order_like_text(name), label="text"), board(name), phase)


# --- canonical text reads back as the same order ------------------------------------------


def unit_refs(b: Board) -> st.SearchStrategy[UnitRef]:
    return st.builds(UnitRef, type=st.sampled_from([None, *UnitType]), location=st.sampled_from(locations(b)))


def orders(b: Board) -> st.SearchStrategy[Order]:
    unit, place = unit_refs(b), st.sampled_from(locations(b))
    neutral = st.one_of(
        st.builds(Hold, unit=unit),
        st.builds(SupportHold, unit=unit, supported=unit),
        st.builds(SupportMove, unit=unit, supported=unit, destination=place),
    )
    return st.one_of(
        neutral,
        st.builds(Move, unit=unit, destination=place, via_convoy=st.booleans()),
        st.builds(Convoy, unit=unit, convoyed=unit, destination=place),
        st.builds(Retreat, unit=unit, destination=place),
        st.builds(Disband, unit=unit),
        st.builds(Build, unit=unit),
        st.builds(Remove, unit=unit),
        st.just(Waive()),
        st.builds(DPOrder, points=st.integers(1, 3), order=neutral),
    )


def phase_of(order: Order) -> PhaseType:
    """The phase an order is given in: it settles what '-' and 'disband' mean."""
    if isinstance(order, Retreat | Disband):
        return PhaseType.RETREATS
    if isinstance(order, Build | Remove | Waive):
        return PhaseType.ADJUSTMENTS
    return PhaseType.MOVEMENT


def reads_back(order: Order, text: str, b: Board) -> None:
    parsed = parse_orders(text, b, phase=phase_of(order))
    assert [v.order for v in parsed.verdicts] == [order], (text, [v.describe() for v in parsed.verdicts])


@FAST
@given(data=st.data(), name=st.sampled_from(BOARDS))
def test_an_order_written_with_full_names_reads_back_as_itself(data: st.DataObject, name: str) -> None:
    b = board(name)
    order = data.draw(orders(b), label="order")
    reads_back(order, order_text(order, b), b)


@FAST
@given(data=st.data(), name=st.sampled_from(BOARDS))
def test_an_order_written_with_ids_reads_back_as_itself(data: st.DataObject, name: str) -> None:
    b = board(name)
    order = data.draw(orders(b), label="order")
    reads_back(order, order_text(order), b)


@FAST
@given(data=st.data(), name=st.sampled_from(BOARDS))
def test_an_order_read_without_a_phase_keeps_its_own_words(data: st.DataObject, name: str) -> None:
    """Without a phase only '-' and 'disband' lose meaning; order_text writes 'R' and 'Remove' for those."""
    b = board(name)
    order = data.draw(orders(b), label="order")
    assert [v.order for v in parse_orders(order_text(order, b), b).verdicts] == [order]
