"""The summary in the results post's five markups and in a chat channel: the same figures in each."""

from __future__ import annotations

import json

import msgspec
import pytest

from maps import Board
from post.chat import LIMITS, Flavour
from story.markup import FORMATS, chat_summary, render_summary
from story.summary import Summary, summarise
from tests.game.conftest import custom, units
from tests.game.test_victory import TWENTY
from tests.story.games import long_game


def summary_of(name: str = "") -> Summary:
    game = long_game()
    if name:
        game.state = game.state.replace(name=name)
    return summarise(game.board, game.state, game.rules)


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_markup_says_each_powers_centres_peak_fall_orders_and_nmr(fmt: str) -> None:
    summary = summary_of()
    text = render_summary(summary, fmt)
    for story in summary.powers:
        assert story.power in text
        if fmt in ("plain", "json"):
            continue
        assert f"{story.given} of {story.owed}" in text and f"{story.peak} in {story.peak_year}" in text
    assert "Winter 1582 adjustments" in text and "Fall 1599 retreats" in text  # Hojo's and Mori's fall


def test_plain_text_has_a_line_per_power() -> None:
    text = render_summary(summary_of(), "plain")
    assert "  Oda: 10 centres (peak 12 in 1595); orders in 73 of 78 phases, 5 missed (NMR); 0 DP bid, 0 won\n" in text
    assert "  Hojo: out at Winter 1582 adjustments (peak 3 in 1571);" in text
    assert text.startswith("random orders, seed 1, Sengoku Jidai (6DP): the story so far, at Spring 1600 movement\n")


def test_bbcode_lines_its_table_up_in_a_code_block() -> None:
    text = render_summary(summary_of(), "bbcode")
    assert "[b]The powers[/b]\n[code]\nPower      Centres  Peak" in text
    assert "Oda        10       12 in 1595" in text


def test_the_json_is_the_summary_itself() -> None:
    summary = summary_of()
    assert msgspec.json.decode(render_summary(summary, "json"), type=Summary) == summary
    data = json.loads(render_summary(summary, "json"))
    assert {p["power"]: p["nmr"] for p in data["powers"]} == {s.power: s.nmr for s in summary.powers}


def test_a_game_named_as_markup_reads_as_itself() -> None:
    summary = summary_of("<script>alert(1)</script> *Kyoto* [b]")
    assert "<script>" not in render_summary(summary, "html")
    assert "&lt;script&gt;" in render_summary(summary, "html")
    assert "\\*Kyoto\\*" in render_summary(summary, "markdown")
    assert "[b]" not in render_summary(summary, "bbcode").split("\n")[0][3:-4]
    discord = chat_summary(summary, Flavour.DISCORD)
    assert "\\*Kyoto\\*" in discord[0]


def test_an_unknown_markup_names_the_five() -> None:
    with pytest.raises(ValueError, match="choose one of plain, bbcode, markdown, html, json"):
        render_summary(summary_of(), "rtf")


@pytest.mark.parametrize("flavour", list(Flavour))
def test_the_channels_summary_fits_its_messages(flavour: Flavour) -> None:
    messages = chat_summary(summary_of(), flavour)
    assert messages and all(len(m) <= LIMITS[flavour] for m in messages)
    assert "Oda: 10 centres" in "\n".join(messages)


def test_a_won_games_summary_ends_at_the_phase_that_won_it_not_at_one_never_played(sengoku: Board) -> None:
    """Won in Fall 1575 movement: the game stands at Winter 1575 adjustments, a phase never played."""
    table = custom(
        sengoku,
        "fall 1575 movement",
        [*units("Oda", "A IYO", "F OWA"), *units("Chosokabe", "F HYC"), *units("Takeda", "A SUR")],
        {"Oda": TWENTY, "Takeda": ["SAG"]},
    )
    table.play("Oda:\nA Iyo - Tosa\n")
    game = table.game
    summary = summarise(game.board, game.state, game.rules)
    assert summary.now == "Fall 1575 movement"
    text = render_summary(summary, "plain")
    assert "1 phase adjudicated, from Fall 1575 movement to Fall 1575 movement, where the game ended." in text
    assert "Winter 1575" not in text
