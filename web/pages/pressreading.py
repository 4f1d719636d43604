"""What the GM's page and a player's page share about reading press: a page of it as JSON, and the messages that
have been on a reader's screen marked read (JSON from the page's script, or the form it falls back on)."""

from __future__ import annotations

from flask import Response, request

from web.pages.forms import query_model
from web.schemas.table import PressOut, PressQueryIn, PressSeenIn
from web.storage.db import database
from web.table import pressread

__all__ = ["asked_page", "mark_seen", "press_page"]


def asked_page(game_id: str, reader: str) -> PressOut:
    """The page of press ``reader`` asked for (``conversation``, ``after``, ``before``, ``limit``); marks nothing.
    The pages' JSON and the API's (web/api/presspage.py) both read it here."""
    asked = query_model(PressQueryIn)
    return pressread.read(
        database(),
        game_id,
        reader,
        conversation=asked.conversation,
        after=asked.after,
        before=asked.before,
        limit=asked.limit,
    )


def press_page(game_id: str, reader: str) -> Response:
    """A page of the press ``reader`` reads, as the page's script asks for it; marks nothing."""
    out = asked_page(game_id, reader)
    answer = Response(out.model_dump_json(), mimetype="application/json")
    answer.headers["Cache-Control"] = "no-store"
    return answer


def mark_seen(game_id: str, reader: str) -> Response | None:
    """Mark what was on ``reader``'s screen read: the JSON answer for the script, or None after a form (the
    caller sends the page back)."""
    data = request.get_json(silent=True) if request.is_json else None
    if isinstance(data, dict):
        out = pressread.mark_seen(database(), game_id, reader, PressSeenIn.model_validate(data).ids)
        return Response(out.model_dump_json(), mimetype="application/json")
    ids = [int(i) for i in request.form.get("ids", "").split(",") if i.strip().isdigit()][:500]
    if ids:
        pressread.mark_seen(database(), game_id, reader, ids)
    return None
