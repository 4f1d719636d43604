"""The game's record of mail sent: one entry per message a mail server accepted for one address.

Kept in the game state so that a re-run sends only what did not go, and so
that each player's messages form one thread (``In-Reply-To``/``References``
name the Message-IDs sent to that address before). Only what a server
accepted is recorded: nothing is marked sent that was not.
"""

from __future__ import annotations

from datetime import datetime

from orders.structs import Struct

__all__ = ["SentMessage"]


class SentMessage(Struct, frozen=True, kw_only=True):
    """``key``: what the message carried, e.g. 'results 3 5f2c1a9e' or 'reminder Fall 1570 movement';
    ``message_id``: the Message-ID header, with its angle brackets; ``sent``: when the server accepted it (UTC).
    """

    key: str
    power: str
    address: str
    message_id: str
    sent: datetime
