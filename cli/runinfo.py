"""The command running now: an id for its writes (one journal version per command) and its command line.

Set when the command line is parsed (:mod:`cli`), before anything is
imported for the command: standard library only, so ``--help`` stays light.
"""

from __future__ import annotations

import os
import re

__all__ = ["RUN", "begin_run"]

RUN: dict[str, str] = {"id": "", "command": ""}
_SECRET_FLAGS = frozenset({"--smtp-password"})
_URL = r"(?i)^[a-z][a-z0-9+.-]*://"  # compiled when a command line is logged




def begin_run(argv: list[str]) -> None:
    """A new command starts: its writes are one version, described by its command line (secrets hidden)."""
    RUN["id"] = os.urandom(8).hex()
    RUN["command"] = _shown_command(argv)


def _shown_command(argv: list[str]) -> str:
    """``orders game.json --mbox kyoto.mbox``: a password or a webhook address is never written down."""
    shown: list[str] = []
    hide_next = False
    for word in argv:
        if hide_next:
            shown.append("***")
            hide_next = False
            continue
        flag, equals, _ = word.partition("=")
        if flag in _SECRET_FLAGS:
            shown.append(f"{flag}=***" if equals else flag)
            hide_next = not equals
        elif re.match(_URL, word):
            shown.append(word.split("://", 1)[0] + "://***")
        else:
            shown.append(word if word and not set(word) & set(" '\"\\$") else '"' + word.replace('"', '\\"') + '"')
    return " ".join(shown)


