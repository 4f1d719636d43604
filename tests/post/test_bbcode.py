"""The BBCode post reads in phpBB: bold headings and lists, no 30-line code boxes, no line cut short.

phpBB shows ``[code]`` in a box about 200 px high that scrolls inside the page; the Orders block was 25-30
lines in one, and the DP table up to 161 columns wide. phpBB turns every newline into a line break, so a
line is never cut to a width (tests/post/test_renderers.py renders the post as phpBB does).
"""

from __future__ import annotations

import re

import pytest

from game.game import Game
from post import build_post, render


@pytest.mark.parametrize("index", range(4))
def test_no_code_box_and_each_line_of_the_text_one_line(kyoto: Game, index: int) -> None:
    post = build_post(kyoto.board, kyoto.state, index, deadline=kyoto.state.deadline)
    text = render(post, "bbcode")
    assert "[code]" not in text
    plain = {line.strip().rstrip(":") for line in render(post, "plain").splitlines()}  # a heading ends in ':'
    bare = [re.sub(r"\[/?(?:b|list|\*)\]", "", line).strip().rstrip(":") for line in text.splitlines()]
    assert all(line in plain for line in bare if line), "a line of the BBCode is no whole line of the post"


def test_each_powers_orders_are_a_list_and_the_bids_a_list_under_their_unit(kyoto: Game) -> None:
    text = render(build_post(kyoto.board, kyoto.state, 0), "bbcode")
    assert "[b]Oda[/b]\n[list]\n[*]A Owari - Ise: bounced, 1 against 2 from A Omi\n" in text
    auction = text.split("[b]Diplomacy Points")[1]
    assert re.search(
        r"\[\*\]Yamashiro: A Yamashiro S A Omi - Ise carried out .*\n(?:.*\n)?\[list\]\n\[\*\]Oda: 2 DP", auction
    )
    assert text.count("[list]") == text.count("[/list]")


def test_a_tag_in_a_name_cannot_open_markup(kyoto: Game) -> None:
    state = kyoto.state.replace(name="[url=http://evil.example]Kyoto[/url]")
    text = render(build_post(kyoto.board, state, 0), "bbcode")
    assert "[url" not in text and "(url=http://evil.example)Kyoto(/url)" in text
