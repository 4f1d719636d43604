"""Golden files: the scripted game's posts in every markup, exactly as a GM pastes them.

Each file in ``golden/`` was read against the rules (the notes in
tests/cli/test_game_flow.py say what each phase shows) and looked at in its
medium: the BBCode in a forum preview, the Markdown rendered, the HTML in a
browser. ``SENGOKU_GOLDEN=write`` rewrites them after a deliberate change;
review the diff before keeping it.
"""

from __future__ import annotations

import os

import pytest

from game.game import Game
from post import FORMATS, build_post, render
from tests.post.conftest import golden as golden_path

SUFFIX = {"plain": "txt", "bbcode": "bbcode", "markdown": "md", "html": "html", "json": "json"}
PHASES = ["spring-1570", "fall-1570", "fall-1570-retreats", "winter-1570"]


def check(text: str, name: str) -> None:
    golden = golden_path(name)
    if os.environ.get("SENGOKU_GOLDEN") == "write":
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8"), name


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("index", range(len(PHASES)), ids=PHASES)
def test_each_phase_in_each_markup(kyoto: Game, index: int, fmt: str) -> None:
    post = build_post(kyoto.board, kyoto.state, index, deadline=kyoto.state.deadline)
    check(render(post, fmt), f"{PHASES[index]}.{SUFFIX[fmt]}")


KANTO = ["kanto-fall-1572", "kanto-fall-1572-retreats", "kanto-winter-1572-drawn"]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("index", range(len(KANTO)), ids=KANTO)
def test_cut_supports_ties_civil_disorder_and_a_draw_in_each_markup(kanto: Game, index: int, fmt: str) -> None:
    check(render(build_post(kanto.board, kanto.state, index), fmt), f"{KANTO[index]}.{SUFFIX[fmt]}")


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_victory_post_in_each_markup(victory: Game, fmt: str) -> None:
    check(render(build_post(victory.board, victory.state, -1), fmt), f"victory.{SUFFIX[fmt]}")


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_preview_says_the_bids_are_still_secret(spring_orders: Game, fmt: str) -> None:
    """Rules: DP orders are secret until the phase is adjudicated; a preview must not call them public."""
    trial = Game(spring_orders.board, spring_orders.state, spring_orders.rules)
    trial.adjudicate()
    text = render(build_post(trial.board, trial.state, -1, preview=True), fmt)
    check(text, f"spring-1570-preview.{SUFFIX[fmt]}")
    if fmt != "json":
        words = " ".join(text.split())  # BBCode wraps its lines at 80 columns
        assert "SECRET until the phase is adjudicated" in words and "public now" not in words


def test_explain_adds_the_numbers(kyoto: Game) -> None:
    post = build_post(kyoto.board, kyoto.state, 0)
    assert "  A Owari - Ise: bounced, 1 against 2 from A Omi\n" in render(post, "plain", explain=True)
    assert "  A Omi - Ise: moved (2 against 1 from A Owari)\n" in render(post, "plain", explain=True)
    assert "  A Omi - Ise: moved\n" in render(post, "plain")
