"""The demo game that ``sengoku serve --demo`` (and ``./run start``) opens with.

Links are secrets the site cannot show again (it keeps only their digests),
so the demo's tokens are kept in ``instance/demo-game.json`` (readable by
its owner only) to print the same links at every start.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from flask import Flask

from web.play import actions
from web.schemas.bodies import NewGameIn
from web.storage import store
from web.storage.db import Database
from web.storage.tokens import GM

__all__ = ["DEMO_NAME", "demo_game"]

DEMO_NAME = "Demo game"


def demo_game(app: Flask) -> tuple[str, dict[str, str]]:
    """The demo game's id and tokens per role: the one kept from an earlier start, or a new game."""
    db: Database = app.extensions["sengoku_db"]
    path = Path(app.instance_path) / "demo-game.json"
    kept = _read(path)
    if kept is not None and _still_valid(db, *kept):
        return kept
    game_id, issued = actions.create_game(db, NewGameIn(name=DEMO_NAME, listed=True))
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        json.dump({"id": game_id, "tokens": issued}, file, indent=2)
    return game_id, issued


def _read(path: Path) -> tuple[str, dict[str, str]] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return str(data["id"]), {str(k): str(v) for k, v in data["tokens"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _still_valid(db: Database, game_id: str, issued: dict[str, str]) -> bool:
    """The game is in this database and the kept GM token still opens it."""
    try:
        return GM in issued and store.role_of(db, game_id, issued[GM]) == GM
    except store.NotFound:
        return False
