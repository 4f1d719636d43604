"""The animation, read back with Pillow: one frame per phase in order, within the budget asked for, its first
and last frames the phase pictures ``sengoku map`` draws (the map under the caption, pixel for pixel but for
the palette's rounding).

The 30-year game's 111 frames are drawn at 320 pixels (a multiple of 20: the map then starts on a whole
pixel under the caption, :data:`story.frames.CAPTION`), which takes seconds: those tests are ``slow``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache

import pytest
from PIL import Image, ImageChops

from cli.gamefile import load_game
from game.game import Game
from orders.model import Hold, UnitRef
from raster.animation import OverBudget, animate, frame_of
from raster.png import svg_to_png
from story.frames import Frame, frame_svg, frames, map_svg
from tests.cli.conftest import Cli
from tests.story.games import long_game, readme_game

WIDTH = 320


def drawn(game: Game, chosen: Sequence[Frame], width: int = WIDTH) -> list[bytes]:
    return [svg_to_png(frame_svg(game.board, game.state, game.rules, frame), width) for frame in chosen]


@cache
def long_frames() -> tuple[bytes, ...]:
    """The 30-year game's frames at :data:`WIDTH`, drawn once per process (the slow tests share them)."""
    game = long_game()
    return tuple(drawn(game, frames(game.state)))


def picture(game: Game, index: int | None, width: int = WIDTH) -> Image.Image:
    """The phase's map picture alone (``sengoku map --phase``'s drawing), as the frame's width draws it."""
    return Image.open(io.BytesIO(svg_to_png(map_svg(game.board, game.state, game.rules, index), width))).convert("RGB")


def changed(shown: Image.Image, expected: Image.Image) -> int:
    """Pixels of the frame's map part (under the caption) that differ from ``expected`` by more than rounding."""
    top = shown.height - expected.height
    part = shown.crop((0, top, shown.width, shown.height))
    difference = ImageChops.difference(part, expected).convert("L").point(lambda v: 255 if v > 40 else 0)
    return difference.histogram()[255]


def frame_count(animation: bytes) -> int:
    with Image.open(io.BytesIO(animation)) as image:
        return int(getattr(image, "n_frames", 1))


def assert_frame_is_picture(animation: bytes, number: int, game: Game, index: int | None, other: int | None) -> None:
    """Frame ``number`` shows phase ``index``'s picture: hardly a pixel off, and far closer than phase ``other``'s."""
    shown = frame_of(animation, number)
    own, theirs = changed(shown, picture(game, index)), changed(shown, picture(game, other))
    assert own < 0.002 * shown.width * shown.height, f"frame {number}: {own} pixels differ from its phase"
    assert own * 3 < theirs, f"frame {number}: {own} pixels off its phase, {theirs} off the next"


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["gif", "webp", "png"])
def test_the_30_year_game_has_one_frame_per_phase_in_order_first_and_last_the_phase_pictures(kind: str) -> None:
    game = long_game()
    chosen = frames(game.state)
    assert [f.index for f in chosen] == [*range(len(game.state.history)), None]
    made = animate(long_frames(), [800] * (len(chosen) - 1) + [4000], kind, 10_000_000)
    assert frame_count(made.data) == len(chosen) == 111 and made.dropped == 0
    assert len(made.data) <= 10_000_000
    if kind == "webp":
        return  # lossy: its pixels are not compared
    last = len(game.state.history)
    assert_frame_is_picture(made.data, 0, game, 0, 1)
    assert_frame_is_picture(made.data, last, game, None, last - 1)
    assert_frame_is_picture(made.data, 57, game, 57, 56)  # in order in the middle too


@pytest.mark.slow
def test_a_tight_budget_is_met_by_fewer_colours_then_a_smaller_picture_then_fewer_frames() -> None:
    pictures = long_frames()
    durations = [800] * (len(pictures) - 1) + [4000]
    whole = animate(pictures, durations, "gif")
    for budget in (len(whole.data) * 2 // 3, len(whole.data) // 4):
        fitted = animate(pictures, durations, "gif", budget)
        assert len(fitted.data) <= budget < len(whole.data)
        assert frame_count(fitted.data) == fitted.frames == len(pictures) - fitted.dropped
        assert (fitted.colours, fitted.width) != (whole.colours, whole.width)
    with pytest.raises(OverBudget) as refused:
        animate(pictures, durations, "gif", 2_000)
    assert "cannot be made within 2,000 bytes" in str(refused.value)


@pytest.mark.clock
def test_the_readme_game_is_its_phase_then_the_position_now(cli: Cli) -> None:
    game = load_game(readme_game(cli))
    chosen = frames(game.state)
    assert [(f.index, str(f.phase)) for f in chosen] == [(0, "Spring 1570 movement"), (None, "Fall 1570 movement")]
    made = animate(drawn(game, chosen), [800, 4000], "gif", 1_000_000)
    assert frame_count(made.data) == 2 and len(made.data) <= 1_000_000
    assert_frame_is_picture(made.data, 0, game, 0, None)
    assert_frame_is_picture(made.data, 1, game, None, 0)
    with Image.open(io.BytesIO(made.data)) as gif:
        durations = []
        for number in range(2):
            gif.seek(number)
            durations.append(gif.info["duration"])
    assert durations == [800, 4000], "the last frame is held longer"


def test_a_long_game_draws_at_most_the_frames_asked_first_and_last_kept() -> None:
    game = long_game()
    chosen = frames(game.state, most=40)
    assert len(chosen) <= 40 and chosen[0].index == 0 and chosen[-1].index is None
    indices = [f.index for f in chosen[:-1] if f.index is not None]
    assert indices == sorted(indices) and len(set(indices)) == len(indices)
    assert [f.number for f in chosen] == list(range(1, len(chosen) + 1)) and {f.count for f in chosen} == {len(chosen)}


def test_a_range_stops_at_its_last_phase_without_the_position_now() -> None:
    game = long_game()
    chosen = frames(game.state, 4, 8)
    assert [f.index for f in chosen] == [4, 5, 6, 7, 8]
    assert str(chosen[0].phase) == str(game.state.history[4].report.phase)


def test_the_caption_names_the_phase_and_the_end() -> None:
    game = long_game()
    chosen = frames(game.state)
    assert ">Spring 1570 movement</text>" in frame_svg(game.board, game.state, game.rules, chosen[0])
    for power in game.survivors():
        if power != "Oda":
            game.concede(power, "Oda")
    last = frame_svg(game.board, game.state, game.rules, frames(game.state)[-1])
    assert ">Spring 1600: The game is conceded to Oda</text>" in last and ">111 / 111</text>" in last


def test_a_frame_shows_no_orders_of_the_open_phase() -> None:
    game = long_game()
    position = game.state.position
    unit = next(u for u in position.units if u.power == "Oda")
    game.submit("Oda", [Hold(unit=UnitRef(type=unit.type, location=unit.location))])
    now = frames(game.state)[-1]
    assert frame_svg(game.board, game.state, game.rules, now) == frame_svg(
        game.board, game.state.replace(orders={}), game.rules, now
    )
