"""Order marks: what each kind of order looks like on the map.

* move or retreat: a solid arrow to the destination;
* support to hold: a dashed line to the supported unit, ending in a dashed ring;
* support to move: the supported move drawn as a thin dark path with an open head (whoever ordered it), and
  a dashed line to it from the supporter ending in a bar across that path: it reads "backs that move",
  never "moves there", even when the supported power's own arrow is not on the map;
* convoy: a dotted line to the middle of the convoyed army's path, ending in a diamond;
* hold (when ordered): a ring round the unit;
* build: the new unit, faint, in a dashed ring; remove or disband: a cross over the unit.

Lines are in the ordering power's colour over a white casing, so a yellow
arrow on yellow land still shows. An order that failed (or was void) is drawn
faint with a red cross at its end: the eye finds what happened first, what
was tried second. Orders not yet adjudicated are drawn as if they succeed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any

from maps import UnitType
from orders.kinds import kind_table
from orders.model import (
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
    Waive,
)
from render.glyphs import unit_glyph
from render.palette import FAILED, INK
from render.spots import XY, Box
from render.svg import element, num, text, tooltip

__all__ = ["Status", "build_sample", "order_mark", "removal_sample"]

_WIDTH = 3.4
_CASING = 2.8
_GAP_START = 9.0  # keep lines clear of the glyph they start from (an army is 8.5 across the middle)
_GAP_END = 9.5
_HEAD = (15.0, 8.0)  # an arrowhead's length and half width: big enough to read on a phone
_GAPS = (_GAP_END, 4.0, 14.0, 0.0, 19.0, 24.0)  # where an arrow may stop, the usual first: clear of the names
_TAG_SIZE = 10.0  # a DP tag's font size
_TAG_PLACES = (
    (0.0, -12.0), (0.0, 21.0), (-28.0, 4.0), (28.0, 4.0), (-22.0, -10.0), (22.0, -10.0), (-22.0, 19.0), (22.0, 19.0),
    (0.0, -22.0), (0.0, 31.0), (-38.0, 4.0), (38.0, 4.0),
)  # fmt: skip  # a DP tag's baseline, from its unit's place, in the order tried
_HEAD_SHARE = 0.45  # of the arrow's drawn length, at most: a short move between close neighbours keeps its shaft
_SHORT = 30.0  # a straight arrow shorter than this (between units this close) is drawn bowed instead
_BOW_GAPS = (8.0, 6.0)  # a bowed arrow starts at its unit's edge and ends just short of the other place
_BOW_HEAD = (11.0, 6.0)  # a bowed arrow's head: length and half width


class Status(StrEnum):
    PENDING = "pending"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


Where = Callable[[str], XY]


def order_mark(
    order: Order,
    colour: str,
    status: Status,
    where: Where,
    retreat_from: Where,
    *,
    label: str,
    avoid: Sequence[Box] = (),
) -> str:
    """The mark for one order; ``where`` finds a location's place, ``retreat_from`` a dislodged unit's.

    ``avoid`` are the boxes of the names on the map: an arrowhead stops short of (or closer to) its
    destination rather than lie over one.
    """
    points = 0
    if isinstance(order, DPOrder):
        points, order = order.points, order.order
    if isinstance(order, Move | Retreat):
        marks, end = _move(order, colour, where, retreat_from, avoid)
    else:
        marks, end = _marks(order, colour, where, retreat_from)
    if not marks:
        return ""
    if points and not isinstance(order, Waive):
        x, y = _tag_spot(where(order.unit.location), avoid)
        marks.append(
            text(
                f"{points} DP",
                {"x": x, "y": y, "font-size": _TAG_SIZE, "text-anchor": "middle", "fill": INK, "class": "dp"},
            )
        )
    if status is Status.FAILED and end is not None:
        marks.append(_cross(end, 4.5, FAILED, 2.2))
    return element(
        "g",
        {"class": f"order {order.kind} {status.value}", "opacity": 0.5 if status is Status.FAILED else None},
        [tooltip(label), *marks],
    )


Marks = tuple[list[str], XY | None]


def _marks(order: Order, colour: str, where: Where, retreat_from: Where) -> Marks:
    """The drawing of an order, and the point where a failure cross goes."""
    return _DRAW[order.kind](order, colour, where, retreat_from)


def _move(order: Move | Retreat, colour: str, where: Where, retreat_from: Where, avoid: Sequence[Box] = ()) -> Marks:
    start = retreat_from(order.unit.location) if isinstance(order, Retreat) else where(order.unit.location)
    return _arrow(start, where(order.destination), colour, avoid)


def _support_hold(order: SupportHold, colour: str, where: Where, retreat_from: Where) -> Marks:
    target = where(order.supported.location)
    line = _line(where(order.unit.location), target, colour, dash="5 3", end_gap=13.0)
    ring = _ring(target, colour, dash="4 3")
    return [line, ring], (target[0] + 9, target[1] - 9)


def _support_move(order: SupportMove, colour: str, where: Where, retreat_from: Where) -> Marks:
    origin, destination = where(order.supported.location), where(order.destination)
    point = _between(origin, destination, 0.6)
    line = _line(where(order.unit.location), point, colour, dash="5 3", end_gap=3.0)
    return [_path_of_move(origin, destination), line, _bar(origin, destination, point, colour)], point


def _path_of_move(origin: XY, destination: XY) -> str:
    """The supported move as a thin dark dotted path with an open head: shown, but not as the supporter's arrow."""
    a, b = _shorten(origin, destination, _GAP_START, _GAP_END)
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    wing = 6.0
    left = (b[0] - wing * math.cos(angle - 0.5), b[1] - wing * math.sin(angle - 0.5))
    right = (b[0] - wing * math.cos(angle + 0.5), b[1] - wing * math.sin(angle + 0.5))
    d = (
        f"M{num(a[0])},{num(a[1])}L{num(b[0])},{num(b[1])}"
        f"M{num(left[0])},{num(left[1])}L{num(b[0])},{num(b[1])}L{num(right[0])},{num(right[1])}"
    )
    attrs = {"fill": "none", "stroke-linecap": "round", "stroke-linejoin": "round", "class": "supported"}
    casing = element("path", {"d": d, "stroke": "#FFFFFF", "stroke-width": 3.6, "stroke-opacity": 0.8, **attrs})
    return casing + element("path", {"d": d, "stroke": INK, "stroke-width": 1.6, "stroke-dasharray": "1 3", **attrs})


def _bar(origin: XY, destination: XY, point: XY, colour: str) -> str:
    """A short bar across the supported move's path where the support meets it."""
    angle = math.atan2(destination[1] - origin[1], destination[0] - origin[0])
    half = 7.0
    dx, dy = half * math.sin(angle), -half * math.cos(angle)
    ends = {"x1": point[0] - dx, "y1": point[1] - dy, "x2": point[0] + dx, "y2": point[1] + dy}
    casing = element("line", {**ends, "stroke": INK, "stroke-width": 5.6, "stroke-linecap": "round"})
    return casing + element("line", {**ends, "stroke": colour, "stroke-width": 3.4, "stroke-linecap": "round"})


def _convoy(order: Convoy, colour: str, where: Where, retreat_from: Where) -> Marks:
    point = _between(where(order.convoyed.location), where(order.destination), 0.5)
    line = _line(where(order.unit.location), point, colour, dash="0.1 5", end_gap=0.0, cap="round", width=3.2)
    size = 5.0
    diamond = (
        f"M{num(point[0])},{num(point[1] - size)}L{num(point[0] + size)},{num(point[1])}"
        f"L{num(point[0])},{num(point[1] + size)}L{num(point[0] - size)},{num(point[1])}Z"
    )
    return [line, element("path", {"d": diamond, "fill": colour, "stroke": INK, "stroke-width": 1})], point


def _hold(order: Hold, colour: str, where: Where, retreat_from: Where) -> Marks:
    spot = where(order.unit.location)
    return [_ring(spot, colour)], (spot[0] + 9, spot[1] - 9)


def _build(order: Build, colour: str, where: Where, retreat_from: Where) -> Marks:
    spot = where(order.unit.location)
    kind = order.unit.type or UnitType.ARMY
    ghost = unit_glyph(
        kind, spot[0], spot[1], colour, label=f"build {kind.value} {order.unit.location}", power="", ghost=True
    )
    return [_ring(spot, colour, dash="4 3"), ghost], spot


def _remove(order: Remove | Disband, colour: str, where: Where, retreat_from: Where) -> Marks:
    spot = retreat_from(order.unit.location) if isinstance(order, Disband) else where(order.unit.location)
    return [_cross(spot, 9.0, "#FFFFFF", 5.0), _cross(spot, 9.0, colour, 2.6)], None


def _nothing(order: Order, colour: str, where: Where, retreat_from: Where) -> Marks:
    return [], None


_DRAW: dict[str, Callable[[Any, str, Where, Where], Marks]] = kind_table(
    {
        "hold": _hold,
        "move": _move,
        "support_hold": _support_hold,
        "support_move": _support_move,
        "convoy": _convoy,
        "retreat": _move,
        "disband": _remove,
        "build": _build,
        "remove": _remove,
        "waive": _nothing,
    },
    not_handled=("dp",),  # drawn as the order it buys, with its points beside it (order_mark)
)


def _arrow(start: XY, end: XY, colour: str, avoid: Sequence[Box] = ()) -> tuple[list[str], XY]:
    drawn = math.dist(start, end) - _GAP_START - _GAP_END
    if drawn < _SHORT:
        return _bowed(start, end, colour, avoid)
    length = max(min(_HEAD[0], _HEAD_SHARE * drawn), 6.0)
    width = _HEAD[1] * length / _HEAD[0]
    gap = _clear_gap(start, end, length, width, avoid)
    line = _line(start, end, colour, end_gap=gap + length - 3.0)
    tip = _shorten(start, end, 0.0, gap)[1]
    angle = math.atan2(tip[1] - start[1], tip[0] - start[0])
    back = (tip[0] - length * math.cos(angle), tip[1] - length * math.sin(angle))
    side = (width * math.sin(angle), -width * math.cos(angle))
    head = (
        f"M{num(tip[0])},{num(tip[1])}L{num(back[0] + side[0])},{num(back[1] + side[1])}"
        f"L{num(back[0] - side[0])},{num(back[1] - side[1])}Z"
    )
    return [
        line,
        element("path", {"d": head, "fill": colour, "stroke": INK, "stroke-width": 1.2, "stroke-linejoin": "round"}),
    ], tip


def _bowed(start: XY, end: XY, colour: str, avoid: Sequence[Box]) -> tuple[list[str], XY]:
    """A move between close neighbours, bowed to one side so that it has room for a shaft and a head: a straight
    line between two units so near would be a stub, all head. The bow goes the side that crosses fewer names."""
    size = math.dist(start, end)
    ux, uy = (end[0] - start[0]) / size, (end[1] - start[1]) / size
    a = (start[0] + ux * _BOW_GAPS[0], start[1] + uy * _BOW_GAPS[0])
    tip = (end[0] - ux * _BOW_GAPS[1], end[1] - uy * _BOW_GAPS[1])
    middle, bow = _between(a, tip, 0.5), 0.3 * size + 4.0

    def control(side: float) -> XY:
        return (middle[0] - uy * bow * side, middle[1] + ux * bow * side)

    def crossed(side: float) -> float:
        c = control(side)
        reach = Box(min(a[0], tip[0], c[0]), min(a[1], tip[1], c[1]), max(a[0], tip[0], c[0]), max(a[1], tip[1], c[1]))
        return sum(reach.shared(name) for name in avoid)

    c = control(min((1.0, -1.0), key=crossed))
    tx, ty = tip[0] - c[0], tip[1] - c[1]
    along = math.hypot(tx, ty) or 1.0
    tx, ty = tx / along, ty / along
    length, width = _BOW_HEAD
    back = (tip[0] - length * tx, tip[1] - length * ty)
    d = f"M{num(a[0])},{num(a[1])}Q{num(c[0])},{num(c[1])} {num(back[0] + tx * 3)},{num(back[1] + ty * 3)}"
    curve = {"d": d, "fill": "none"}
    casing = element(
        "path",
        {
            **curve,
            "stroke": "#FFFFFF",
            "stroke-width": _WIDTH + _CASING,
            "stroke-opacity": 0.8,
            "stroke-linecap": "round",
        },
    )
    stroke = element("path", {**curve, "stroke": colour, "stroke-width": _WIDTH, "class": "bowed"})
    side = (width * ty, -width * tx)
    head = (
        f"M{num(tip[0])},{num(tip[1])}L{num(back[0] + side[0])},{num(back[1] + side[1])}"
        f"L{num(back[0] - side[0])},{num(back[1] - side[1])}Z"
    )
    head_mark = element(
        "path", {"d": head, "fill": colour, "stroke": INK, "stroke-width": 1.2, "stroke-linejoin": "round"}
    )
    return [casing + stroke, head_mark], tip


def _tag_spot(unit: XY, avoid: Sequence[Box]) -> XY:
    """Where a DP tag's baseline goes: above the unit, or below or beside it where a name lies above."""
    x, y = unit
    half_width, height = 1.6 * _TAG_SIZE, _TAG_SIZE

    def covered(place: XY) -> float:
        bx, by = x + place[0], y + place[1]
        tag = Box(bx - half_width, by - height, bx + half_width, by + 2)
        return sum(tag.shared(name) for name in avoid)

    dx, dy = min(_TAG_PLACES, key=covered)  # the first free place, or the one hiding least of any name
    return x + dx, y + dy


def _clear_gap(start: XY, end: XY, length: float, width: float, avoid: Sequence[Box]) -> float:
    """How far short of its destination an arrow stops: the usual gap, or the nearest one whose head covers no name."""
    room = math.dist(start, end) - _GAP_START - length - 4.0
    for gap in _GAPS:
        if gap > room and gap != _GAP_END:
            continue
        tip = _shorten(start, end, 0.0, gap)[1]
        angle = math.atan2(tip[1] - start[1], tip[0] - start[0])
        back = (tip[0] - length * math.cos(angle), tip[1] - length * math.sin(angle))
        side = (width * math.sin(angle), -width * math.cos(angle))
        xs = (tip[0], back[0] + side[0], back[0] - side[0])
        ys = (tip[1], back[1] + side[1], back[1] - side[1])
        head = Box(min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1)
        if not any(head.overlaps(name) for name in avoid):
            return gap
    return _GAP_END


def _line(
    start: XY,
    end: XY,
    colour: str,
    *,
    dash: str | None = None,
    end_gap: float = _GAP_END,
    cap: str = "butt",
    width: float = _WIDTH,
) -> str:
    """A line in a power's colour on a white casing, pulled back from the glyphs at its ends."""
    a, b = _shorten(start, end, _GAP_START, end_gap)
    coords = {"x1": a[0], "y1": a[1], "x2": b[0], "y2": b[1]}
    casing = element(
        "line",
        {
            **coords,
            "stroke": "#FFFFFF",
            "stroke-width": width + _CASING,
            "stroke-opacity": 0.8,
            "stroke-linecap": "round",
        },
    )
    stroke = element(
        "line", {**coords, "stroke": colour, "stroke-width": width, "stroke-dasharray": dash, "stroke-linecap": cap}
    )
    return casing + stroke


def _ring(spot: XY, colour: str, dash: str | None = None) -> str:
    return element(
        "circle",
        {
            "cx": spot[0],
            "cy": spot[1],
            "r": 14.0,
            "fill": "none",
            "stroke": colour,
            "stroke-width": 2.4,
            "stroke-dasharray": dash,
        },
    )


def _cross(spot: XY, size: float, colour: str, width: float) -> str:
    x, y = spot
    d = (
        f"M{num(x - size)},{num(y - size)}L{num(x + size)},{num(y + size)}"
        f"M{num(x - size)},{num(y + size)}L{num(x + size)},{num(y - size)}"
    )
    return element(
        "path", {"d": d, "stroke": colour, "stroke-width": width, "stroke-linecap": "round", "class": "cross"}
    )


def _shorten(start: XY, end: XY, at_start: float, at_end: float) -> tuple[XY, XY]:
    dx, dy = end[0] - start[0], end[1] - start[1]
    size = math.hypot(dx, dy)
    if size <= at_start + at_end + 1.0:
        return start, end
    ux, uy = dx / size, dy / size
    return (start[0] + ux * at_start, start[1] + uy * at_start), (end[0] - ux * at_end, end[1] - uy * at_end)


def _between(start: XY, end: XY, share: float) -> XY:
    return (start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share)


def build_sample(spot: XY, colour: str) -> str:
    """A build as the map draws it (a faint army in a dashed ring), for the key."""
    ghost = unit_glyph(UnitType.ARMY, spot[0], spot[1], colour, label="build", power="", ghost=True)
    return _ring(spot, colour, dash="4 3") + ghost


def removal_sample(spot: XY, colour: str) -> str:
    """A removal or a disband as the map draws it (a cross over the unit), for the key."""
    return _cross(spot, 9.0, "#FFFFFF", 5.0) + _cross(spot, 9.0, colour, 2.6)
