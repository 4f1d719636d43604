"""The engine's refusal of an action, in a module of its own.

Kept apart from :mod:`game.game` so a shell can name the error
without importing the whole engine: the CLI imports it for every command,
including those (``--help``, ``names``) that never touch a game.
"""

from __future__ import annotations

__all__ = ["GameError"]


class GameError(ValueError):
    """An action the game cannot take now (adjudicating a finished game, an unknown power...)."""
