"""The decisions of DATC 5.B.1-5.B.4, one function each: does a move succeed, is a support cut, does a
convoy work, has a convoyed army a path.

Each is a function of the battlefield (:class:`~adjudicator.battlefield.Battlefield`)
and a unit. The support and convoy decisions return a verdict
(:mod:`adjudicator.outcomes`) with its reason and culprit, the move decision
its verdict with the forces it weighed (:class:`~adjudicator.battlefield.Weighed`);
the resolver reads only whether it succeeded. The strengths they weigh are
:mod:`adjudicator.strengths`. :data:`DATC` names the four for the
battlefield, which asks every decision of the set it was given.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from adjudicator.battlefield import Battlefield, Decisions, Weighed
from adjudicator.checked import NOWHERE
from adjudicator.outcomes import (
    CARRIED,
    GIVEN,
    NO_PATH,
    SUCCEEDS,
    Bounced,
    Carried,
    ConvoyGap,
    Cut,
    CutByDislodgement,
    Defended,
    Disrupted,
    FriendlyFire,
    Given,
    LostHeadToHead,
    NoConvoy,
    NoPath,
)
from adjudicator.routes import could_chain, route_through
from adjudicator.strengths import attack_strength, defend_strength, hold_strength, prevent_strength

__all__ = ["DATC", "convoy", "move", "opposition", "path", "support"]


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

_Failure = Callable[[str], Bounced | Defended | LostHeadToHead]  # names the unit whose force stopped a move


def move(field: Battlefield, i: int) -> Weighed:
    """DATC 5.B.1: beat the hold (or, head to head, the defence) and every rival's prevent.

    Every opposing force is weighed (:func:`opposition`), so a move that
    fails names the strongest; the forces are kept with the verdict for the
    numbers a GM shows.
    """
    attack = attack_strength(field, i)
    if attack == 0:
        return Weighed(_powerless(field, i), False, 0, 0, None)
    against, by, failure = opposition(field, i)
    if attack > against:
        return Weighed(SUCCEEDS, True, attack, against, by)
    assert by is not None  # a force of at least 1 against it: some unit brought it
    return Weighed(failure(field.location[by]), False, attack, against, by)


def opposition(field: Battlefield, i: int) -> tuple[int, int | None, _Failure]:
    """The strongest force against move ``i``, the unit that brought it, and the verdict that names it.

    The hold of the unit in the target (or, head to head, its defence) is
    met first, then every rival's prevent strength in the units' order; on
    a tie the first met stands.
    """
    opponent, target = field.opponent[i], field.target[i]
    failure: _Failure
    by: int | None
    if opponent is not None:
        against, by, failure = defend_strength(field, opponent), opponent, _lost_to
    else:
        against, by, failure = hold_strength(field, target), field.at.get(target), _defended_by
    movers = field.moves_into[target]
    if len(movers) > 1:
        for j in movers:
            if j != i:
                prevent = prevent_strength(field, j)
                if prevent > against:
                    against, by, failure = prevent, j, _bounced_by
    return against, by, failure


def _powerless(field: Battlefield, i: int) -> NoConvoy | NoPath | FriendlyFire:
    """Why a move has attack strength 0 (5.B.8): no convoy route, or its own power's unit in the way."""
    if field.convoyed[i] and not field.decisions.path(field, i):
        convoys = field.convoys[i]
        if not convoys:
            return _NOT_ORDERED
        ordered = sum(1 << field.prov[c] for c in convoys)
        if not could_chain(field.tables, ordered, field.prov[i], field.target[i]):
            return _NO_ROUTE
        return NO_PATH
    return _own_unit(field.location[field.at[field.target[i]]])


def support(field: Battlefield, i: int) -> Given | Cut | CutByDislodgement:
    """DATC 5.B.2: cut by an attack from another power with a path, except from the
    province the support is aimed at, which cuts only by dislodging (4.A.4: a
    convoyed attack comes from where the army started).

    Whether the support counts (it matches a move or a hold) is the
    battlefield's ``matched``; this decision is only whether it is cut.
    """
    nation, prov, target = field.nation, field.prov, field.target[i]
    aimed = target if target != field.subject[i] else NOWHERE  # a support to hold targets its unit's province
    for j in field.moves_into.get(prov[i], ()):
        if nation[j] == nation[i]:
            continue
        if prov[j] == aimed:
            if field.resolve(j):
                return _dislodged_by(field.location[j])
        elif not field.convoyed[j] or field.decisions.path(field, j):
            return _cut_by(field.location[j])
    return GIVEN


def convoy(field: Battlefield, i: int) -> Carried | Disrupted:
    """DATC 5.B.3: a convoy works while its fleet is not dislodged.

    The attacks on the fleet are adjudicated directly (by :func:`move`)
    rather than resolved, so they never join a dependency cycle: every
    convoy paradox then forms one clean cycle the backup rule can settle
    (DATC 5.D, Pandin's paradox; DATC.md, "Departures from the 5.B decision
    graph").
    """
    for j in field.moves_into.get(field.prov[i], ()):
        if move(field, j).succeeded:
            return _disrupted_by(field.location[j])
    return CARRIED


def path(field: Battlefield, i: int) -> bool:
    """DATC 5.B.4: direct, or a chain of matching convoys that all still work (any one route, 4.A.1).

    While some convoy on the way is unsettled, its decision is asked for
    fleet by fleet, in the route's order (that order is part of how a
    paradox is met). Once all are settled the answer cannot change: it is
    searched once, through the fleets whose convoy works, and kept
    (``field.routes``).
    """
    if not field.convoyed[i]:
        return True
    known = field.routes.get(i)
    if known is None:
        convoys, prov, resolved = field.convoys[i], field.prov, field.resolved
        if not all(resolved[c] for c in convoys):
            fleets = {prov[c]: c for c in convoys}
            resolve = field.resolve
            return route_through(
                field.tables, list(fleets), prov[i], field.target[i], works=lambda sea: resolve(fleets[sea])
            )
        working = sum(1 << prov[c] for c in convoys if field.resolve(c))  # one fleet a province: a sum is a union
        known = field.routes[i] = could_chain(field.tables, working, prov[i], field.target[i])
    return known


DATC = Decisions(move, support, convoy, path)
"""The decisions as DATC v3.0 reads 5.B (with the two departures DATC.md names)."""
