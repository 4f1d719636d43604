"""The animation's frames: every phase drawn as the map picture the CLI and the web already draw.

A frame is one adjudicated phase (the position it started from, with every
order drawn as it succeeded or failed) or, last, the position the game is at
now (its end, for a finished game). Above the map is a caption band with the
phase in letters large enough to read when the picture is scaled down to a
chat channel's width: the legend's own phase line is 14 units high and
would be 6 pixels there.
"""

from __future__ import annotations

import msgspec

from adjudicator.diplomacy_points import dp_allowance
from adjudicator.position import Phase, Position
from adjudicator.rules import Rules
from game.state import GameState
from maps.board import Board
from maps.terms import PhaseType
from render import render_svg
from render.palette import INK, LAND
from render.svg import element, text

__all__ = ["CAPTION", "Frame", "frame_svg", "frames", "legend_dp", "map_svg"]

CAPTION = 1 / 20
"""The caption band's height, as a share of the picture's width (63.5 units over Sengoku's 1,270): at any
width in pixels that is a multiple of 20 the map below it starts on a whole pixel, drawn as the map alone is."""


class Frame(msgspec.Struct, frozen=True, kw_only=True):
    """One frame: history entry ``index`` with its results, or (``index`` None) the position now."""

    index: int | None
    phase: Phase
    number: int
    """The frame's place in the animation, from 1."""
    count: int
    """How many frames the animation has."""


def frames(state: GameState, first: int = 0, last: int | None = None, most: int | None = None) -> list[Frame]:
    """The frames of history entries ``first`` to ``last`` (inclusive), or to the end and then the position now.

    ``most`` bounds the count (and so the time and memory an animation takes): a longer range shows every
    second phase, or every third..., the first and the last always.
    """
    end = len(state.history) - 1 if last is None else last
    picked: list[tuple[int | None, Phase]] = [(i, state.history[i].report.phase) for i in range(first, end + 1)]
    if last is None:
        picked.append((None, state.position.phase))
    if most is not None and len(picked) > most:
        step = -(-len(picked) // most)
        picked = picked[:-1:step] + picked[-1:]
    return [Frame(index=i, phase=phase, number=n, count=len(picked)) for n, (i, phase) in enumerate(picked, 1)]


def legend_dp(position: Position, board: Board, rules: Rules) -> dict[str, int] | None:
    """Each power's Diplomacy Points in a movement phase of a variant that has them, for the map's legend."""
    if position.phase.type is not PhaseType.MOVEMENT:
        return None
    points = {power: dp_allowance(position, power, rules) for power in board.power_names}
    return points if any(points.values()) else None


def map_svg(board: Board, state: GameState, rules: Rules, index: int | None) -> str:
    """The map picture of history entry ``index`` (None: now), as ``sengoku map --phase`` draws it."""
    title = f"{board.title}: {state.name}" if state.name else None
    if index is None:
        position, outcomes = state.position, []
    else:
        entry = state.history[index]
        position, outcomes = entry.before, list(entry.report.outcomes)
    return render_svg(board, position, outcomes=outcomes, dp=legend_dp(position, board, rules), title=title)


def frame_svg(board: Board, state: GameState, rules: Rules, frame: Frame) -> str:
    """The frame: a caption band (the phase, and how far into the game) over the map picture."""
    picture = map_svg(board, state, rules, frame.index)
    width, height = _size(picture)
    band = width * CAPTION
    words = _caption(state, frame)
    parts = [
        element("rect", {"x": 0, "y": 0, "width": width, "height": band, "fill": LAND}),
        text(words, {"x": 20, "y": band * 0.7, "font-size": band * 0.55, "font-weight": "bold", "fill": INK}),
        text(
            f"{frame.number} / {frame.count}",
            {"x": width - 20, "y": band * 0.7, "font-size": band * 0.4, "fill": INK, "text-anchor": "end"},
        ),
        _progress(width, band, frame),
    ]
    inner = picture.replace("<svg ", f'<svg x="0" y="{band:g}" width="{width:g}" height="{height:g}" ', 1)
    attrs = {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": f"0 0 {width:g} {height + band:g}",
        "font-family": "DejaVu Sans, Verdana, Arial, sans-serif",
        "role": "img",
    }
    return element("svg", attrs, [*parts, inner.rstrip("\n")], lines=True) + "\n"


def _caption(state: GameState, frame: Frame) -> str:
    """``Fall 1584 movement``, and for the last frame of a finished game, how it ended."""
    if frame.index is None and state.result.over:
        return f"{frame.phase.season.value.title()} {frame.phase.year}: {state.result.describe().rstrip('.')}"
    return str(frame.phase)


def _progress(width: float, band: float, frame: Frame) -> str:
    """A thin bar under the caption: how far into the animation this frame is, for the eye as it loops."""
    done = width * frame.number / max(frame.count, 1)
    return element("rect", {"x": 0, "y": band - 5, "width": round(done, 1), "height": 5, "fill": INK})


def _size(svg: str) -> tuple[float, float]:
    """The picture's width and height, from its viewBox (``render_svg`` always writes one)."""
    box = svg.split('viewBox="', 1)[1].split('"', 1)[0].split()
    return float(box[2]), float(box[3])

