"""A variant's rules as one policy value (:mod:`maps.rules`, where a map file's ``rules:`` is checked).

The rules' code reads the policy from here; the board carries the rule set
its map file names (``board.rules``).
"""

from __future__ import annotations

from maps.rules import SENGOKU, STANDARD, BuildSites, NeutralOrders, Rules

__all__ = ["BuildSites", "NeutralOrders", "Rules", "SENGOKU", "STANDARD"]
