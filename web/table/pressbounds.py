"""What one sender's press may cost: a message's length, a rate, a count a phase, and a total a game.

Anyone can make a game, so every power's link (and the GM's) may be in a
hostile hand; unbounded, one token sent 8,000 messages of 4,000 characters
in 100 s and every other player's page became 34.8 MB (issue 32). Each
bound is checked before the message is stored, from the messages the
database holds (so every worker and every server counts the same), and a
refusal says the figure:

==================  ====================================================
a message           at most :data:`~game.press.MAX_TEXT` characters (the form says so)
a sender's rate     at most :data:`PER_MINUTE` messages a minute
a sender's phase    at most :data:`PER_PHASE` messages in one phase
a game              at most :data:`PER_GAME` messages in all
==================  ====================================================

Two messages sent at the same instant may both pass the last count: a
bound can be passed by the number of requests served at once, no more.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from game.game import GameError
from game.press import MAX_TEXT
from web.storage.models import MessageRow

__all__ = ["MAX_TEXT", "PER_GAME", "PER_MINUTE", "PER_PHASE", "TooMuchPress", "check", "too_long"]

PER_MINUTE = 20
"""Chat speed (a quick "ok", "agreed", "see you in Mino"), not a script's."""
PER_PHASE = 200
PER_GAME = 3000
"""A long game's press (a hundred phases of lively talk) fits; a flood does not."""


class TooMuchPress(GameError):
    """A bound reached: the message is not stored (429 in the API, said on the page)."""

    def __init__(self, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def too_long(text: str) -> str | None:
    """Why ``text`` is too long to send (its length and the limit), or None."""
    if len(text) <= MAX_TEXT:
        return None
    return f"the message is {len(text):,} characters; a message holds at most {MAX_TEXT:,}"


def check(session: Session, game_id: str, sender: str, phase_index: int, now: datetime) -> None:
    """TooMuchPress if ``sender`` may not send one more message to this game now."""
    mine = select(func.count()).select_from(MessageRow).where(MessageRow.game_id == game_id)
    recent = session.scalar(mine.where(MessageRow.sender == sender, MessageRow.created > now - timedelta(minutes=1)))
    if (recent or 0) >= PER_MINUTE:
        raise TooMuchPress(f"at most {PER_MINUTE} messages a minute: wait a minute and send it again", 60)
    this_phase = session.scalar(mine.where(MessageRow.sender == sender, MessageRow.phase_index == phase_index))
    if (this_phase or 0) >= PER_PHASE:
        raise TooMuchPress(f"at most {PER_PHASE} messages in one phase from one sender: the next phase opens more")
    if (session.scalar(mine) or 0) >= PER_GAME:
        raise TooMuchPress(f"this game has had {PER_GAME:,} messages, the most a game holds")
