"""The post for a chat channel: cut into messages within the channel's limit, losing and reordering nothing."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from post.chat import split_messages

_TEXT = st.lists(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r"), max_size=120), max_size=40
).map("\n".join)


@given(text=_TEXT, limit=st.integers(min_value=1, max_value=300))
def test_no_message_is_over_the_limit_and_the_words_stay_in_order(text: str, limit: int) -> None:
    messages = split_messages(text, limit)
    assert all(0 < len(m) <= limit for m in messages)
    assert "".join("".join(messages).split()) == "".join(text.split())


def test_messages_are_cut_between_sections_before_lines() -> None:
    sections = ["**Orders**\n- A Owari - Mino: moved", "**Dislodged**\n- F Izu (Hojo) retreats"]
    assert split_messages("\n\n".join(sections), 40) == sections


def test_a_section_longer_than_a_message_is_cut_between_its_lines() -> None:
    section = "\n".join(f"- line {n}" for n in range(10))
    assert split_messages(section, 30) == [
        "- line 0\n- line 1\n- line 2",
        "- line 3\n- line 4\n- line 5",
        "- line 6\n- line 7\n- line 8",
        "- line 9",
    ]
