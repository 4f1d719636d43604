"""Naming and showing the disagreements between our engine and MILA's.

Each class found so far is a place where MILA follows an older DATC
preference or has a bug; bench/README.md gives the DATC v3.0 verdict on
each. :func:`classify` recognises them from the phase and our result, so a
new kind of disagreement stands out as "unclassified".
"""

from __future__ import annotations

from dataclasses import dataclass, field

import msgspec

from adjudicator.movement import MovementResult, adjudicate_movement
from adjudicator.outcomes import NoConvoy, NoPath
from bench.mila import Outcome, mila_orders
from bench.random_phases import RandomPhase
from maps.board import Board
from maps.terms import province_of
from orders.model import Convoy, Move, SupportMove
from orders.text import order_text

__all__ = ["Disagreement", "classify", "describe"]

FALLBACK_VIA = "explicit 'via convoy' without a working convoy: MILA falls back to the land route (DATC 3.0 6.G.8: no)"
FALLBACK_INTENT = (
    "own fleet convoys to an adjacent province and the convoy fails: MILA falls back to the land route "
    "(DATC 3.0 4.A.3: no fallback)"
)
RETREAT_AFTER_CONVOY = (
    "dislodged by a convoyed army: MILA offers retreats into occupied or standoff provinces "
    "(rulebook and DATC 6.H: never)"
)
VIA_SELF_SUPPORT = (
    "support from the defender's own power for a 'via convoy' attack: MILA counts it and dislodges "
    "(DATC 6.D.12, 5.B.8: it does not count)"
)
CONVOY_OWN_SUPPORT = (
    "attack on a convoying fleet made stronger only by the fleet's own power's support: MILA disrupts "
    "the convoy though the fleet is not dislodged (DATC 6.D.12, 5.B.3: only dislodgement disrupts)"
)
UNCLASSIFIED = "unclassified: examine"


@dataclass(frozen=True)
class Disagreement:
    """One phase where the engines differ (or MILA refused one of our orders)."""

    phase: RandomPhase
    ours: Outcome
    theirs: Outcome
    errors: list[str] = field(default_factory=list)


def classify(board: Board, d: Disagreement) -> str:
    """The known classes that explain this disagreement, or UNCLASSIFIED."""
    result = adjudicate_movement(board, d.phase.position, d.phase.orders)
    found = []
    if d.ours.units != d.theirs.units or d.ours.dislodged != d.theirs.dislodged:
        found += _fallbacks(board, result)
        if _self_support(d):
            found.append(VIA_SELF_SUPPORT)
        if _own_support_against_convoy(d):
            found.append(CONVOY_OWN_SUPPORT)
    if d.ours.retreats != d.theirs.retreats and _retreats_into_occupied(result, d):
        found.append(RETREAT_AFTER_CONVOY)
    if d.errors:
        found.append("MILA refused orders: " + "; ".join(d.errors))
    return " + ".join(sorted(set(found))) if found else UNCLASSIFIED


def _fallbacks(board: Board, result: MovementResult) -> list[str]:
    """Armies whose convoy failed (no path) that MILA moved over land instead (arriving or bouncing)."""
    found = []
    for outcome in result.outcomes:
        order = outcome.order
        if not isinstance(outcome.verdict, NoConvoy | NoPath) or not isinstance(order, Move):
            continue
        target = province_of(order.destination)
        if target not in board.army_neighbours(order.unit.province):
            continue
        found.append(FALLBACK_VIA if order.via_convoy else FALLBACK_INTENT)
    return found


def _self_support(d: Disagreement) -> bool:
    """A unit MILA dislodged with a 'via convoy' attack that its own power supported."""
    owner = {u.province: u.power for u in d.phase.position.units}
    for _, unit in d.theirs.dislodged - d.ours.dislodged:
        province = province_of(unit[2:])
        for power, orders in d.phase.orders.items():
            for order in orders:
                if (
                    isinstance(order, SupportMove)
                    and power == owner[province]
                    and province_of(order.destination) == province
                    and _moves_via_convoy(d.phase, order.supported.province, province)
                ):
                    return True
    return False


def _own_support_against_convoy(d: Disagreement) -> bool:
    """An attack on a fleet ordered to convoy, supported by the fleet's own power."""
    owner = {u.province: u.power for u in d.phase.position.units}
    convoying = {o.unit.province for orders in d.phase.orders.values() for o in orders if isinstance(o, Convoy)}
    return any(
        isinstance(order, SupportMove)
        and province_of(order.destination) in convoying
        and owner.get(province_of(order.destination)) == power
        for power, orders in d.phase.orders.items()
        for order in orders
    )


def _moves_via_convoy(phase: RandomPhase, origin: str, target: str) -> bool:
    return any(
        isinstance(o, Move) and o.unit.province == origin and province_of(o.destination) == target and o.via_convoy
        for orders in phase.orders.values()
        for o in orders
    )


def _retreats_into_occupied(result: MovementResult, d: Disagreement) -> bool:
    """MILA's extra retreat options are all occupied or contested, and the unit was dislodged by convoy."""
    occupied = {u.province for u in result.units} | set(result.contested)
    by_convoy = {str(x.unit) for x in result.dislodged if x.via_convoy}
    ours, theirs = dict(d.ours.retreats), dict(d.theirs.retreats)
    differing = [unit for unit in ours if ours[unit] != theirs.get(unit)]
    return bool(differing) and all(
        unit in by_convoy and all(province_of(loc) in occupied for loc in set(theirs.get(unit, ())) - set(ours[unit]))
        for unit in differing
    )


def describe(board: Board, d: Disagreement) -> str:
    """The phase in full (position, orders as MILA got them, both results) and its class."""
    lines = [f"--- phase {d.phase.number}: {classify(board, d)}"]
    by_power: dict[str, list[str]] = {}
    for unit in d.phase.position.units:
        by_power.setdefault((unit.power or "neutral").upper(), []).append(str(unit))
    lines += [f"    {power:8} {', '.join(units)}" for power, units in by_power.items()]
    lines.append("  orders:")
    for power, orders in mila_orders(d.phase).items():
        lines += [f"    {power:8} {order}" for order in orders]
    for label, ours, theirs in (
        ("units", d.ours.units, d.theirs.units),
        ("dislodged", d.ours.dislodged, d.theirs.dislodged),
        ("retreats", d.ours.retreats, d.theirs.retreats),
    ):
        if ours != theirs:
            lines.append(f"  {label}: ours only {sorted(ours - theirs)}; MILA only {sorted(theirs - ours)}")
    lines += [f"  MILA refused: {error}" for error in d.errors]
    result = adjudicate_movement(board, d.phase.position, d.phase.orders)
    lines.append("  our outcomes:")
    lines += [
        f"    {(o.power or 'neutral'):8} {order_text(o.order):30} {o.result.value:8} {_json(o.verdict)}"
        for o in result.outcomes
        if not o.implicit
    ]
    return "\n".join(lines)


def _json(verdict: object) -> str:
    """A verdict as the game file keeps it: ``{"kind":"bounced","by":"MUN"}``."""
    return msgspec.json.encode(verdict).decode()
