"""The strengths of DATC 5.B.5-5.B.8: what the decisions of 5.B.1-5.B.3 weigh.

Named after *The Math of Adjudication* so each can be checked against the
article. Each is a function of the battlefield
(:class:`~adjudicator.battlefield.Battlefield`) and a unit or province; a
strength asks for the decisions it reads through ``field.resolve``, which
settles them first if they are not settled yet. A move by convoy asks its
path decision (5.B.4) of the field's own decisions (``field.decisions.path``).
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.battlefield import Battlefield

__all__ = ["attack_strength", "defend_strength", "given", "hold_strength", "prevent_strength", "support_given"]


def given(field: Battlefield, supports: Sequence[int]) -> int:
    """How many of these supports are given (each one resolved, in order)."""
    resolved, resolution = field.resolved, field.resolution
    total = 0
    for s in supports:
        total += resolution[s] if resolved[s] else field.resolve(s)
    return total


def support_given(field: Battlefield, i: int) -> int:
    """How many supports unit ``i`` is given."""
    supports = field.supports[i]
    return given(field, supports) if supports else 0


def hold_strength(field: Battlefield, province: int) -> int:
    """DATC 5.B.5."""
    d = field.at.get(province)
    if d is None:
        return 0
    if field.moving[d]:
        return 0 if field.resolve(d) else 1
    supports = field.supports[d]
    return 1 + given(field, supports) if supports else 1


def attack_strength(field: Battlefield, i: int) -> int:
    """DATC 5.B.8: no power dislodges its own unit or helps another power dislodge it."""
    if field.convoyed[i] and not field.decisions.path(field, i):
        return 0
    d = field.at.get(field.target[i])
    supports = field.supports[i]
    if d is not None:
        if not field.moving[d] or field.opponent[i] == d or not field.resolve(d):  # it stays to be dislodged
            nation = field.nation
            defender = nation[d]
            if defender == nation[i]:
                return 0
            if supports:
                return 1 + given(field, tuple(s for s in supports if nation[s] != defender))
            return 1
    return 1 + given(field, supports) if supports else 1


def defend_strength(field: Battlefield, i: int) -> int:
    """DATC 5.B.7: every support counts in defence."""
    supports = field.supports[i]
    return 1 + given(field, supports) if supports else 1


def prevent_strength(field: Battlefield, i: int) -> int:
    """DATC 5.B.6: nothing without a path, nothing after losing a head-to-head battle."""
    if field.convoyed[i] and not field.decisions.path(field, i):
        return 0
    opponent = field.opponent[i]
    if opponent is not None and field.resolve(opponent):
        return 0
    supports = field.supports[i]
    return 1 + given(field, supports) if supports else 1
