"""The names of the other games a GM runs: the game files beside this one, so mail for them is not used here.

A GM with several games keeps their files together, and their mail often
in one mailbox. Each sengoku game file writes its name near its start
(``schema_version``, ``variant``, ``name``), so only the first few
kilobytes of each ``*.json`` beside the game are read: a folder of large
games costs little, and anything that is not a game file is passed over.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

__all__ = ["other_game_names"]

_HEAD = 4096  # bytes read of each file: a game file's name is in its first lines
_MOST = 200  # files looked at in the folder
_NAME = re.compile(
    rb'^\s*\{\s*"schema_version"\s*:\s*\d+\s*,\s*"variant"\s*:\s*"[^"]*"\s*,\s*"name"\s*:\s*("(?:[^"\\]|\\.)*")'
)


def other_game_names(game: Path) -> frozenset[str]:
    """The names of the other sengoku games in ``game``'s folder (an unnamed one has none to give)."""
    names = set()
    try:
        candidates = sorted(game.resolve().parent.glob("*.json"))[:_MOST]
    except OSError:
        return frozenset()
    own = game.resolve()
    for path in candidates:
        if path == own or not path.is_file():
            continue
        try:
            with path.open("rb") as handle:
                head = handle.read(_HEAD)
        except OSError:
            continue
        found = _NAME.match(head)
        if found is None:
            continue
        try:
            name = json.loads(found.group(1))
        except ValueError:
            continue
        if isinstance(name, str) and name.strip():
            names.add(name.strip())
    return frozenset(names)
