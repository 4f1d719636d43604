"""Close names: exactly what difflib finds, found without scoring every name in Python."""

from __future__ import annotations

import difflib

from hypothesis import given, settings
from hypothesis import strategies as st

from maps import load_board
from maps.fuzzy import close_matches
from maps.names import normalise

WORDS = st.text(alphabet="abcdeghiklmnorstuwyz", min_size=1, max_size=14)
NAMES = sorted({normalise(x) for p in load_board("sengoku") for x in (p.id, p.name, *p.aliases)})


@settings(max_examples=300, deadline=None)
@given(word=WORDS, cutoff=st.sampled_from([0.6, 0.75]), n=st.sampled_from([1, 8]))
def test_close_matches_are_difflibs_own_in_its_order(word: str, cutoff: float, n: int) -> None:
    assert close_matches(word, NAMES, n=n, cutoff=cutoff) == difflib.get_close_matches(word, NAMES, n=n, cutoff=cutoff)


def test_near_misses_of_real_names_are_found() -> None:
    assert close_matches("owrai", NAMES, n=1, cutoff=0.75) == ["owari"]
    assert close_matches("musahi", NAMES, n=8, cutoff=0.6)[0] == "musashi"
