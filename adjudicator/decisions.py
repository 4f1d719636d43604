"""The decisions of DATC 5.B.1-5.B.4, one function each: does a move succeed, is a support cut, does a
convoy work, has a convoyed army a path.

Each is a function of the battle (:class:`~adjudicator.battle.Battle`) and
a unit. The first three return a verdict (:mod:`adjudicator.outcomes`) with
its reason and culprit; the resolver reads only whether it succeeded. The
strengths they weigh are :mod:`adjudicator.strengths`. :data:`DATC` names
the four for the battle, which holds them (:class:`Decisions`): a battle
asks every decision of the one it was given.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from adjudicator.checked import NOBODY, NOWHERE, OrderKind
from adjudicator.outcomes import (
    CARRIED,
    GIVEN,
    NO_PATH,
    SUCCEEDS,
    Bounced,
    ConvoyGap,
    Cut,
    CutByDislodgement,
    Defended,
    Disrupted,
    FriendlyFire,
    LostHeadToHead,
    NoConvoy,
    Verdict,
)
from adjudicator.routes import could_chain, route_through
from adjudicator.strengths import attack_strength, hold_strength, prevent_strength

if TYPE_CHECKING:
    from adjudicator.battle import Battle

__all__ = ["DATC", "Decisions", "convoy", "move", "path", "support"]

Rule = Callable[["Battle", int], Verdict]


class Decisions(NamedTuple):
    """The decisions a battle asks: 5.B.1 ``move``, 5.B.2 ``support``, 5.B.3 ``convoy``, 5.B.4 ``path``."""

    move: Rule
    support: Rule
    convoy: Rule
    path: Callable[[Battle, int], bool]


# A verdict is an immutable value: one per culprit is built and shared, phase after phase
# (a frozen dataclass costs about half a microsecond to build; a cache hit a fifth of that).
_lost_to = lru_cache(maxsize=1024)(LostHeadToHead)
_defended_by = lru_cache(maxsize=1024)(Defended)
_bounced_by = lru_cache(maxsize=1024)(Bounced)
_own_unit = lru_cache(maxsize=1024)(FriendlyFire)
_cut_by = lru_cache(maxsize=1024)(Cut)
_dislodged_by = lru_cache(maxsize=1024)(CutByDislodgement)
_disrupted_by = lru_cache(maxsize=1024)(Disrupted)
_NOT_ORDERED, _NO_ROUTE = NoConvoy(ConvoyGap.NOT_ORDERED), NoConvoy(ConvoyGap.NO_ROUTE)


def move(battle: Battle, i: int) -> Verdict:
    """DATC 5.B.1: beat the hold (or, head to head, the defence) and every rival's prevent.

    Every opposing force is weighed, so a move that fails names the
    strongest (the first met, on a tie): hold or defence first, then the
    rivals in the units' order. The forces are noted on the battle
    (``attack``, ``against``, ``opposer``) for the numbers a GM shows.
    """
    field = battle.field
    battle.attack[i] = attack = attack_strength(battle, i)
    if attack == 0:
        return _powerless(battle, i)
    opponent, target = field.opponent[i], field.target[i]
    failure: Callable[[str], Verdict]  # what beat the move, by the kind of force that did
    if opponent != NOBODY:
        against, by, failure = 1 + battle.backing(opponent), opponent, _lost_to
    else:
        against, by, failure = hold_strength(battle, target), field.at.get(target, NOBODY), _defended_by
    movers = field.moves_into[target]
    if len(movers) > 1:
        for j in movers:
            if j != i:
                prevent = prevent_strength(battle, j)
                if prevent > against:
                    against, by, failure = prevent, j, _bounced_by
    battle.against[i], battle.opposer[i] = against, by
    if attack > against:
        return SUCCEEDS
    return failure(field.location[by])


def _powerless(battle: Battle, i: int) -> Verdict:
    """Why a move has attack strength 0 (5.B.8): no convoy route, or its own power's unit in the way."""
    field = battle.field
    if field.convoyed[i] and not battle.decisions.path(battle, i):
        convoys = field.convoys[i]
        if not convoys:
            return _NOT_ORDERED
        ordered = sum(1 << field.prov[c] for c in convoys)
        if not could_chain(field.tables, ordered, field.prov[i], field.target[i]):
            return _NO_ROUTE
        return NO_PATH
    return _own_unit(field.location[field.at[field.target[i]]])


def support(battle: Battle, i: int) -> Verdict:
    """DATC 5.B.2: cut by an attack from another power with a path, except from the
    province the support is aimed at, which cuts only by dislodging (4.A.4: a
    convoyed attack comes from where the army started).

    Whether the support counts (it matches a move or a hold) is the
    battlefield's ``matched``; this decision is only whether it is cut.
    """
    field = battle.field
    nation, prov = field.nation, field.prov
    aimed = field.target[i] if field.kind[i] is OrderKind.SUPPORT_MOVE else NOWHERE
    for j in field.moves_into.get(prov[i], ()):
        if nation[j] == nation[i]:
            continue
        if prov[j] == aimed:
            if battle.resolve(j):
                return _dislodged_by(field.location[j])
        elif not field.convoyed[j] or battle.decisions.path(battle, j):
            return _cut_by(field.location[j])
    return GIVEN


def convoy(battle: Battle, i: int) -> Verdict:
    """DATC 5.B.3: a convoy works while its fleet is not dislodged.

    The attacks on the fleet are adjudicated directly (by :func:`move`)
    rather than resolved, so they never join a dependency cycle: every
    convoy paradox then forms one clean cycle the backup rule can settle
    (DATC 5.D, Pandin's paradox; DATC.md, "Departures from the 5.B decision
    graph").
    """
    field = battle.field
    for j in field.moves_into.get(field.prov[i], ()):
        if move(battle, j) is SUCCEEDS:
            return _disrupted_by(field.location[j])
    return CARRIED


def path(battle: Battle, i: int) -> bool:
    """DATC 5.B.4: direct, or a chain of matching convoys that all still work (any one route, 4.A.1).

    While some convoy on the way is unsettled, its decision is asked for
    fleet by fleet, in the route's order (that order is part of how a
    paradox is met). Once all are settled the answer cannot change: it is
    searched once, through the fleets whose convoy works, and kept
    (``battle.routes``).
    """
    field = battle.field
    if not field.convoyed[i]:
        return True
    known = battle.routes.get(i)
    if known is None:
        convoys, prov, resolved = field.convoys[i], field.prov, battle.resolved
        if not all(resolved[c] for c in convoys):
            fleets = {prov[c]: c for c in convoys}
            resolve = battle.resolve
            return route_through(
                field.tables, list(fleets), prov[i], field.target[i], works=lambda sea: resolve(fleets[sea])
            )
        working = sum(1 << prov[c] for c in convoys if battle.resolve(c))  # one fleet a province: a sum is a union
        known = battle.routes[i] = could_chain(field.tables, working, prov[i], field.target[i])
    return known


DATC = Decisions(move, support, convoy, path)
"""The decisions as DATC v3.0 reads 5.B (with the two departures DATC.md names)."""
