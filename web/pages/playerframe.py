"""The player's page in two layers: the frame, drawn once and kept, and the viewer's parts, drawn on every request.

The frame is everything that follows from the game as read (its version, every power's saved orders, the
refusal and ready marks, its settings) and the power's link: the position, the orders panel, the choices, the
DP panel, the ready and vote forms. It is kept (per app) under a key of all of those (:func:`frame_key`), so a
reload of an unchanged game draws no template of it; a save, a ready mark, an adjudication or a GM's change
gives another key.

What belongs to one viewer or one moment is never in the frame but in its gaps, filled on every request:
the CSRF token of the viewer's session (every form), their flashed messages, their press (the panel and the
unread badges), the notifications panel (their browsers' subscriptions), and the map (kept by
:mod:`web.play.mapview` already: a gap, so that the frame does not hold a second copy). A gap is a marker with
a random word of this process in it, never sent out: nothing a player or GM writes can name one.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping

import msgspec
from flask import current_app, request
from markupsafe import Markup, escape

from web.storage import store
from web.storage.kept import SharedLRU

__all__ = ["GAPS", "Frame", "fill", "frame_key", "gap", "kept_frame"]

_WORD = secrets.token_hex(12)
_GAP = re.compile(rf"@@{_WORD}:(\w+)@@")

GAPS = ("csrf", "flashes", "badge", "press", "notify", "svg")
"""The frame's gaps: what is drawn for each request (see the module's docstring)."""

Frame = tuple[str, ...]
"""The frame's text cut at its gaps: text, gap name, text, gap name, ..., text."""


def gap(name: str) -> Markup:
    """The marker of a gap, as the frame's template writes it (safe: letters, digits, ``@`` and ``:``)."""
    assert name in GAPS, name
    return Markup(f"@@{_WORD}:{name}@@")


def frame_key(snapshot: store.Snapshot, power: str, token: str) -> tuple[object, ...]:
    """Everything of the game as read that the frame shows, and the link (the page's own links hold it)."""
    orders = msgspec.json.encode(sorted(snapshot.state.orders.items()))
    return (
        snapshot.id,
        snapshot.version,
        power,
        token,
        request.script_root,
        orders,
        tuple(sorted(snapshot.submitted.items())),
        tuple(sorted(snapshot.ready)),
        tuple(snapshot.state.all_refused),
        (snapshot.name, snapshot.deadline, snapshot.movement_hours, snapshot.other_hours, snapshot.listed),
    )


def kept_frame(key: tuple[object, ...] | None, draw: Callable[[], str]) -> Frame:
    """The frame under ``key`` (drawn by ``draw`` if this app has none); ``key`` None: drawn, not kept (a page
    that holds what one request alone says, such as a refused save's text)."""
    if key is None:
        return _cut(draw())
    frames: SharedLRU[tuple[object, ...], Frame] = current_app.extensions.setdefault(
        "sengoku_page_frames", SharedLRU[tuple[object, ...], Frame](256)
    )
    return frames.get(key, lambda: _cut(draw()))


def _cut(text: str) -> Frame:
    return tuple(_GAP.split(text))


def fill(frame: Frame, parts: Mapping[str, str]) -> str:
    """The page: the frame with each gap filled (the CSRF token escaped, the rest already HTML)."""
    filled = {**parts, "csrf": str(escape(parts["csrf"]))}
    return "".join(piece if number % 2 == 0 else filled[piece] for number, piece in enumerate(frame))
