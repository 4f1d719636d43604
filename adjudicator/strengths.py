"""The strengths of DATC 5.B.5-5.B.8: what the decisions of 5.B.1-5.B.3 weigh.

Named after *The Math of Adjudication* so each can be checked against the
article. Each is a function of the battle (:class:`~adjudicator.battle.Battle`)
and a unit or province; a strength asks for the decisions it reads through
``battle.resolve``, and for a unit's supports through ``battle.backing``, so
the same code serves the depth-first walk, the guess algorithm and the
settled battle. A move by convoy asks its path decision (5.B.4) of the
battle's own decisions (``battle.decisions.path``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from adjudicator.checked import NOBODY

if TYPE_CHECKING:
    from adjudicator.battle import Battle

__all__ = ["attack_strength", "defend_strength", "given", "hold_strength", "prevent_strength", "support_given"]


def given(battle: Battle, supports: Sequence[int]) -> int:
    """How many of these supports are given (each one resolved, in order)."""
    resolved, resolution = battle.resolved, battle.resolution
    total = 0
    for s in supports:
        total += resolution[s] if resolved[s] else battle.resolve(s)
    return total


def support_given(battle: Battle, i: int) -> int:
    """How many supports unit ``i`` is given, while the decisions are being settled (``battle.backing``)."""
    supports = battle.field.supports[i]
    return given(battle, supports) if supports else 0


def hold_strength(battle: Battle, province: int) -> int:
    """DATC 5.B.5."""
    field = battle.field
    d = field.at.get(province, NOBODY)
    if d == NOBODY:
        return 0
    if field.moving[d]:
        return 0 if battle.resolve(d) else 1
    return 1 + battle.backing(d)


def attack_strength(battle: Battle, i: int) -> int:
    """DATC 5.B.8: no power dislodges its own unit or helps another power dislodge it."""
    field = battle.field
    if field.convoyed[i] and not battle.decisions.path(battle, i):
        return 0
    d = field.at.get(field.target[i], NOBODY)
    if d != NOBODY:
        if not field.moving[d] or field.opponent[i] == d or not battle.resolve(d):  # it stays to be dislodged
            nation = field.nation
            defender = nation[d]
            if defender == nation[i]:
                return 0
            supports = field.supports[i]
            if supports:
                return 1 + given(battle, tuple(s for s in supports if nation[s] != defender))
            return 1
    return 1 + battle.backing(i)


def defend_strength(battle: Battle, i: int) -> int:
    """DATC 5.B.7: every support counts in defence."""
    return 1 + battle.backing(i)


def prevent_strength(battle: Battle, i: int) -> int:
    """DATC 5.B.6: nothing without a path, nothing after losing a head-to-head battle."""
    field = battle.field
    if field.convoyed[i] and not battle.decisions.path(battle, i):
        return 0
    opponent = field.opponent[i]
    if opponent != NOBODY and battle.resolve(opponent):
        return 0
    return 1 + battle.backing(i)
