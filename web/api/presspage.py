"""A page of press through the API (players' and the GM's alike): the query they take, read into the model."""

from __future__ import annotations

from web.pages.pressreading import asked_page
from web.schemas.table import PressOut

__all__ = ["PRESS_QUERY", "press_page"]

PRESS_QUERY = {
    "conversation": "one conversation's messages only (its key, as in 'conversations')",
    "after": "the messages over this id, oldest first (a cursor: ask again from the last id while 'later')",
    "before": "the newest messages under this id (older ones, on demand)",
    "limit": "at most so many messages (1-200; 30 if not given)",
}


def press_page(reader: str, game_id: str) -> PressOut:
    return asked_page(game_id, reader)
