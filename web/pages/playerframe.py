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

A browser that takes gzip but not Brotli gets the page put together from pieces compressed once (the frame's,
the map's) and the few kilobytes drawn for it (web/pages/deflated.py), not the whole page compressed again for
every request. One that takes Brotli (every browser over HTTPS) gets the page compressed whole, since Brotli's
pieces cannot be joined and its answer is a quarter smaller, which the page's weight budget needs; but the
compressed answer is kept by the digest of the page's text, so the same viewer's reload of a page that has not
changed is not compressed again. For that the session's CSRF token is the same for a few minutes
(:func:`steady_csrf`): Flask-WTF signs the second a token is made into it, so every page drawn was a new text.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Callable, Mapping

import brotli
import msgspec
from flask import Response, current_app, request, session
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from web.pages.deflated import Deflater, gzip_member
from web.storage import store
from web.storage.kept import SharedLRU

__all__ = ["GAPS", "Frame", "answer", "fill", "frame_key", "gap", "kept_frame", "steady_csrf"]

_WORD = secrets.token_hex(12)
_GAP = re.compile(rf"@@{_WORD}:(\w+)@@")

GAPS = ("csrf", "flashes", "badge", "press", "notify", "svg")
"""The frame's gaps: what is drawn for each request (see the module's docstring)."""


class Frame:
    """The frame's text cut at its gaps; its pieces of text compressed once, when first asked for."""

    def __init__(self, text: str) -> None:
        cut = _GAP.split(text)
        self.texts: tuple[str, ...] = tuple(cut[0::2])
        self.gaps: tuple[str, ...] = tuple(cut[1::2])
        self._deflated: tuple[bytes, ...] | None = None

    @property
    def deflated(self) -> tuple[bytes, ...]:
        if self._deflated is None:  # two threads at once both compress it, harmlessly
            deflater = Deflater()
            self._deflated = tuple(deflater.piece(text) for text in self.texts)
        return self._deflated


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
        return Frame(draw())
    frames: SharedLRU[tuple[object, ...], Frame] = current_app.extensions.setdefault(
        "sengoku_page_frames", SharedLRU[tuple[object, ...], Frame](_KEPT)
    )
    return frames.get(key, lambda: Frame(draw()))


_KEPT = 256
"""Frames kept per process (as many as maps): about 50 kB of text each and a fifth of that compressed (the map
is kept apart), at most about 15 MB."""


def fill(frame: Frame, parts: Mapping[str, str]) -> str:
    """The page: the frame with each gap filled (the CSRF token escaped, the rest already HTML)."""
    filled = _filled(parts)
    pieces = [frame.texts[0]]
    for name, text in zip(frame.gaps, frame.texts[1:], strict=True):
        pieces += (filled[name], text)
    return "".join(pieces)


def answer(frame: Frame, parts: Mapping[str, str], kept: Mapping[str, Callable[[], bytes]]) -> Response:
    """The page as an answer: gzip-compressed from the frame's pieces when the browser takes gzip but not
    Brotli (``kept``: gaps whose compressed text is kept too, such as the map); else as text, which the site
    compresses as asked (web/serving/assets.py). Brotli, which every browser takes over HTTPS, is not made
    of pieces, but it keeps the page under its weight budget (tests/web/test_assets.py): 36.6 kB to gzip's
    48.9 kB."""
    text = fill(frame, parts)
    if request.accept_encodings["br"] and request.accept_encodings["br"] >= request.accept_encodings["gzip"]:
        return _brotli(text)
    if not request.accept_encodings["gzip"]:
        return Response(text, mimetype="text/html")
    filled, deflater = _filled(parts), Deflater()
    gaps = {name: kept[name]() if name in kept else deflater.piece(filled[name]) for name in set(frame.gaps)}
    pieces = [frame.deflated[0]]
    for name, deflated in zip(frame.gaps, frame.deflated[1:], strict=True):
        pieces += (gaps[name], deflated)
    body = Response(gzip_member(pieces, text.encode()), mimetype="text/html")
    body.headers["Content-Encoding"] = "gzip"
    body.vary.add("Accept-Encoding")
    return body


def _brotli(text: str) -> Response:
    """The page Brotli-compressed as the site compresses every answer (its ``COMPRESS_BR_*`` settings), kept by
    the digest of its text: the same page again costs a digest (about a tenth of compressing it), and what is kept
    holds no frame or map alive (:data:`_BROTLI_KEPT` answers of about 37 kB: under 5 MB a process)."""
    data = text.encode()
    kept: SharedLRU[bytes, bytes] = current_app.extensions.setdefault(
        "sengoku_page_brotli", SharedLRU[bytes, bytes](_BROTLI_KEPT)
    )
    config = current_app.config
    body = Response(
        kept.get(
            hashlib.blake2b(data, digest_size=20).digest(),
            lambda: brotli.compress(
                data,
                mode=config["COMPRESS_BR_MODE"],
                quality=config["COMPRESS_BR_LEVEL"],
                lgwin=config["COMPRESS_BR_WINDOW"],
                lgblock=config["COMPRESS_BR_BLOCK"],
            ),
        ),
        mimetype="text/html",
    )
    body.headers["Content-Encoding"] = "br"
    body.vary.add("Accept-Encoding")
    return body


_BROTLI_KEPT = 128

_STEADY_SECONDS = 300
"""How long a session's page shows one signed CSRF token: well within its validity (Flask-WTF's time limit, an
hour), so a form loaded at the end of it still has most of an hour."""


def steady_csrf() -> str:
    """The session's CSRF token as the page's forms carry it, the same signed text for :data:`_STEADY_SECONDS`.

    Flask-WTF signs the moment a token is made into it, so each page drawn held a new one and no reload was the
    same text twice (:func:`_brotli` keeps compressed pages by their text). The signed token is kept per
    session token (the secret the session already holds), by the wall clock the signature itself reads.
    """
    fresh = generate_csrf()
    secret = str(session.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"), ""))
    tokens: SharedLRU[str, tuple[str, float]] = current_app.extensions.setdefault(
        "sengoku_steady_csrf", SharedLRU[str, tuple[str, float]](4096)
    )
    now = time.time()
    signed, made = tokens.get(secret, lambda: (fresh, now))
    if not 0 <= now - made < _STEADY_SECONDS:
        signed, made = fresh, now
        tokens.put(secret, (signed, made))
    return signed


def _filled(parts: Mapping[str, str]) -> dict[str, str]:
    return {**parts, "csrf": str(escape(parts["csrf"]))}
