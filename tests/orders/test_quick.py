"""The quick reader of common order shapes agrees with the general reader on every line it reads.

:mod:`orders.quick` reads the usual judge forms without the general reader,
for speed; it must never read a line differently. Lines are made from the
canonical text of random orders (full names or ids, any case, the word
variants players use) and from soups of order words and names.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maps import Board, PhaseType, load_board
from orders import order_text
from orders import vocabulary as words
from orders.parser import _PLAIN, _OrderReader, _Refusal, _unit_ref, grammar_of
from orders.quick import quick_order
from tests.orders.test_properties import orders

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VARIANTS = {
    "-": ["-", "->", "moves to", "to", "m"],
    "S": ["S", "supports", "sup"],
    "C": ["C", "convoys"],
    "H": ["H", "holds", ""],
}


@cache
def board(name: str) -> Board:
    return load_board(name)


def both(line: str, b: Board, phase: PhaseType | None) -> tuple[object, object]:
    grammar = grammar_of(b)
    tokens = grammar.tokens(line)
    folded = [t.casefold() for t in tokens]
    quick = quick_order(folded, grammar.places, phase, _unit_ref)
    try:
        general: object = _OrderReader(grammar, tokens, folded, phase).read()
    except _Refusal as refusal:
        general = refusal.problem
    return quick, general


@st.composite
def written(draw: st.DrawFn, name: str) -> str:
    """An order's canonical text, with ids or names, any case, and order words in their other spellings."""
    b = board(name)
    order = draw(orders(b))
    text = order_text(order, b if draw(st.booleans()) else None)
    out = []
    for word in text.split(" "):
        word = draw(st.sampled_from(VARIANTS.get(word, [word])))
        out.append(draw(st.sampled_from([word, word.lower(), word.upper()])))
    return " ".join(w for w in out if w)


@FAST
@given(data=st.data(), name=st.sampled_from(["sengoku", "standard"]), phase=st.sampled_from([None, *PhaseType]))
def test_the_quick_reader_agrees_with_the_general_reader(
    data: st.DataObject, name: str, phase: PhaseType | None
) -> None:
    line = data.draw(written(name), label="line")
    quick, general = both(line, board(name), phase)
    assert quick is None or quick == general, (line, quick, general)


SOUP = sorted(words.TERMINATORS | words.DP | {"2", "0", "nc", "sc", "via", "convoy", ":"})


@FAST
@given(data=st.data(), name=st.sampled_from(["sengoku", "standard"]))
def test_the_quick_reader_agrees_on_any_soup_of_order_words_and_names(data: st.DataObject, name: str) -> None:
    b = board(name)
    names = [w for p in b for w in (p.id, p.name, *p.aliases)]
    line = " ".join(data.draw(st.lists(st.sampled_from(names + SOUP), min_size=1, max_size=9), label="words"))
    quick, general = both(line, b, PhaseType.MOVEMENT)
    assert quick is None or quick == general, (line, quick, general)


@pytest.mark.parametrize(
    "line",
    [
        "A Owari - Mino",
        "f mik s a owa - min",
        "2 : A Mino S A Owari - Ise",
        "A South Shinano H",
        "Owari",
        "DP 1 A Mino H",
    ],
)
def test_the_common_forms_are_read_quickly(sengoku: Board, line: str) -> None:
    quick, general = both(line, sengoku, PhaseType.MOVEMENT)
    assert quick is not None and quick == general


@FAST
@given(data=st.data(), name=st.sampled_from(["sengoku", "standard"]))
def test_a_plain_line_is_split_as_the_tokeniser_splits_it(data: st.DataObject, name: str) -> None:
    """The parser splits a line of plain words and spaced dashes itself: the tokeniser would give the same words."""
    b = board(name)
    line = data.draw(
        st.one_of(
            written(name), st.lists(st.sampled_from(SOUP + ["A", "Kai", "2"]), min_size=1, max_size=8).map(" ".join)
        )
    )
    if _PLAIN.match(line):
        assert line.split() == grammar_of(b).tokens(line), line
