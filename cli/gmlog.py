"""The game's log, from the command line: every command that changes a game notes what it did, when and by whom.

``sengoku history GAME --log`` lists it, and the web site's GM page shows
the same log (its own actions noted as the GM page's), so a GM can always
tell what was done to a game, and through which door.
"""

from __future__ import annotations

import getpass
from datetime import UTC, datetime

from game.game import Game

__all__ = ["note", "who"]


def who() -> str:
    """``command line (gm)``: the door, and the account that used it when it can be known."""
    try:
        return f"command line ({getpass.getuser()})"
    except (KeyError, OSError):  # no user name for this uid (a container): the door alone
        return "command line"


def note(game: Game, action: str) -> None:
    """Add ``action`` to ``game``'s log, now, by :func:`who`."""
    game.record(action, by=who(), at=datetime.now(UTC))
