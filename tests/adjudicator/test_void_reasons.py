"""Why an order is void, in the words a player reads: one case per :class:`VoidReason`.

An illegal order is ignored and the unit holds (DATC 4.E.1). The rules say
why with a reason and the places it names; the sentence is made from them
when it is read. Each case is a position on the standard map, one power's
orders and the sentence its last order gets.
"""

from __future__ import annotations

import pytest

from adjudicator.adjustments import adjudicate_adjustments
from adjudicator.checked import VoidOrder, refusal
from adjudicator.diplomacy_points import check_dp_orders
from adjudicator.outcomes import Result, Void
from adjudicator.phase_orders import check_movement_orders
from adjudicator.position import DislodgedUnit, Phase, Position, Unit
from adjudicator.refusals import VoidReason
from adjudicator.retreats import adjudicate_retreats
from adjudicator.rules import SENGOKU, STANDARD
from maps import Board, PhaseType, UnitType
from orders import parse_orders
from orders.model import Build, DPOrder, Hold, Move, Order, Remove, UnitRef

# (reason, units as "power: unit", the power giving the orders (None: the neutral units'), its orders, sentence)
CASES: list[tuple[VoidReason, list[str], str | None, list[str | Order], str]] = [
    (
        VoidReason.NOT_MOVEMENT,
        [],
        "France",
        [Build(unit=UnitRef(type=UnitType.ARMY, location="PAR"))],
        "not an order for a movement phase",
    ),
    (
        VoidReason.DP_ORDER,
        ["-: A BEL"],
        "France",
        [DPOrder(points=1, order=Hold(unit=UnitRef(type=UnitType.ARMY, location="BEL")))],
        "a DP order is settled before movement, not adjudicated as one",
    ),
    (VoidReason.NO_UNIT, [], "France", ["A PAR H"], "there is no unit in Paris"),
    (VoidReason.NOT_NEUTRAL, ["France: A PAR"], None, ["A PAR H"], "the unit in Paris is not neutral"),
    (VoidReason.NOT_YOURS, ["Germany: A MUN"], "France", ["A MUN H"], "the unit in Munich belongs to Germany"),
    (
        VoidReason.NOT_YOURS_BUT_NEUTRAL,
        ["-: A BEL"],
        "France",
        ["A BEL H"],
        "the unit in Belgium belongs to a neutral power",
    ),
    (
        VoidReason.UNKNOWN_PROVINCE,
        ["France: F BRE"],
        "France",
        [Move(unit=UnitRef(type=UnitType.FLEET, location="BRE"), destination="XYZ")],
        "there is no province XYZ on this map",
    ),
    (
        VoidReason.TWO_ORDERS,
        ["France: A PAR"],
        "France",
        ["A PAR - BUR", "A PAR H"],
        "two different orders for one unit: it holds",
    ),
    (
        VoidReason.SAME_ORDER_TWICE,
        ["France: A PAR"],
        "France",
        ["A PAR H", "A PAR H"],
        "the same order twice: counted once",
    ),
    (
        VoidReason.OWN_PROVINCE,
        ["Germany: A MUN, A BER"],
        "Germany",
        ["A BER S A MUN - MUN"],
        "a unit cannot move to its own province",
    ),
    (VoidReason.ARMY_TO_SEA, ["France: A BRE"], "France", ["A BRE - MAO"], "an army cannot move to sea"),
    (
        VoidReason.NO_CONVOYING_FLEETS,
        ["France: A BRE"],
        "France",
        ["A BRE - PIC via convoy"],
        "Brest to Picardy: no fleets stand where they could convoy it",
    ),
    (
        VoidReason.NO_CONVOY_ROUTE,
        ["France: A PAR"],
        "France",
        ["A PAR - MUN"],
        "Paris to Munich: not adjacent, and no convoy route",
    ),
    (VoidReason.FLEET_CONVOYED, ["France: F BRE"], "France", ["F BRE - PIC via convoy"], "only armies can be convoyed"),
    (VoidReason.FLEET_INLAND, ["France: F MAR"], "France", ["F MAR - BUR"], "a fleet cannot move inland"),
    (
        VoidReason.FLEET_CANNOT_REACH,
        ["France: F MAO"],
        "France",
        ["F MAO - NWY"],
        "a fleet in Mid-Atlantic Ocean cannot reach Norway",
    ),
    (
        VoidReason.NAME_THE_COAST,
        ["France: F MAO"],
        "France",
        ["F MAO - SPA"],
        "Spain has several coasts this fleet can reach: name one",
    ),
    (VoidReason.SUPPORT_ITSELF, ["France: A PAR"], "France", ["A PAR S A PAR"], "a unit cannot support itself"),
    (
        VoidReason.NO_UNIT_TO_SUPPORT,
        ["France: A PAR"],
        "France",
        ["A PAR S A BUR"],
        "there is no unit in Burgundy to support",
    ),
    (
        VoidReason.SUPPORT_INTO_OWN_PROVINCE,
        ["France: A PAR, A BUR"],
        "France",
        ["A PAR S A BUR - PAR"],
        "a unit cannot support a move into its own province",
    ),
    (
        VoidReason.CANNOT_SUPPORT_THERE,
        ["France: A PAR, A BUR"],
        "France",
        ["A PAR S A BUR - MUN"],
        "the unit in Paris cannot reach Munich, so it cannot support there",
    ),
    (
        VoidReason.SUPPORTED_CANNOT_MOVE,
        ["France: A PAR, A BUR"],
        "France",
        ["A PAR S A BUR - BRE"],
        "the unit in Burgundy could not move to Brest",
    ),
    (
        VoidReason.NOT_AT_SEA,
        ["France: F BRE, A PIC"],
        "France",
        ["F BRE C A PIC - WAL"],
        "only a fleet at sea can convoy",
    ),
    (
        VoidReason.NO_UNIT_TO_CONVOY,
        ["England: F ENG"],
        "England",
        ["F ENG C A PIC - WAL"],
        "there is no unit in Picardy to convoy",
    ),
    (
        VoidReason.FLEET_NOT_NEEDED,
        ["England: F NTH, A LON"],
        "England",
        ["F NTH C A LON - BRE"],
        "this fleet is not needed for any convoy route from London to Brest",
    ),
]


def _position(units: list[str]) -> Position:
    placed = []
    for line in units:
        power, listed = line.split(": ")
        for text in listed.split(", "):
            kind, location = text.split()
            placed.append(Unit(type=UnitType(kind), location=location, power=None if power == "-" else power))
    return Position(phase=Phase.parse("spring 1901 movement"), units=tuple(placed))


def _order(board: Board, given: str | Order, phase: PhaseType = PhaseType.MOVEMENT) -> Order:
    """An order as written (read by the parser), or as built when the parser would refuse it."""
    if not isinstance(given, str):
        return given
    verdict = parse_orders(given, board, phase=phase).verdicts[0]
    assert verdict.order is not None, verdict.problem
    return verdict.order


@pytest.mark.parametrize(("reason", "units", "power", "given", "sentence"), CASES, ids=[c[0].name for c in CASES])
def test_a_void_order_says_why_in_the_words_players_read(
    standard: Board, reason: VoidReason, units: list[str], power: str | None, given: list[str | Order], sentence: str
) -> None:
    orders = [_order(standard, g) for g in given]
    checked = check_movement_orders(standard, _position(units), {power: orders})[-1]
    assert isinstance(checked, VoidOrder)
    assert (checked.reason, refusal(checked)) == (reason, sentence)


# Retreat phases: (reason, units, the dislodged unit and where its attacker came from, the power, its orders, sentence)
RETREAT_CASES: list[tuple[VoidReason, list[str], tuple[str, str] | None, str, list[str | Order], str]] = [
    (
        VoidReason.NOT_A_RETREAT,
        [],
        ("A PAR", "BUR"),
        "France",
        [Hold(unit=UnitRef(type=UnitType.ARMY, location="PAR"))],
        "only retreats and disbands are ordered in a retreat phase",
    ),
    (
        VoidReason.NO_DISLODGED_UNIT,
        [],
        None,
        "France",
        ["A PAR R BUR"],
        "there is no dislodged unit of France in Paris",
    ),
    (
        VoidReason.NAME_THE_COAST,
        [],
        ("F MAO", "BRE"),
        "France",
        ["F MAO R SPA"],
        "Spain has several coasts this fleet can reach: name one",
    ),
    (
        VoidReason.WHERE_THE_ATTACKER_CAME_FROM,
        [],
        ("A PAR", "BUR"),
        "France",
        ["A PAR R BUR"],
        "cannot retreat to Burgundy, where the attacker came from",
    ),
    (
        VoidReason.NOT_A_RETREAT_OPTION,
        ["Germany: A BRE, A GAS"],
        ("A PAR", "BUR"),
        "France",
        ["A PAR R MUN"],
        "cannot retreat to Munich; it may retreat to Picardy",
    ),
    (
        VoidReason.NO_RETREAT_AT_ALL,
        ["Germany: A BRE, A GAS, A PIC"],
        ("A PAR", "BUR"),
        "France",
        ["A PAR R PIC"],
        "cannot retreat to Picardy; it may retreat to nowhere: it will be disbanded",
    ),
    (
        VoidReason.TWO_RETREAT_ORDERS,
        [],
        ("A PAR", "BUR"),
        "France",
        ["A PAR R PIC", "A PAR D"],
        "two orders for one unit: it is disbanded",
    ),
]


@pytest.mark.parametrize(
    ("reason", "units", "dislodged", "power", "given", "sentence"),
    RETREAT_CASES,
    ids=[c[0].name for c in RETREAT_CASES],
)
def test_a_void_retreat_says_why_in_the_words_players_read(
    standard: Board,
    reason: VoidReason,
    units: list[str],
    dislodged: tuple[str, str] | None,
    power: str,
    given: list[str | Order],
    sentence: str,
) -> None:
    position = _position(units).replace(phase=Phase.parse("spring 1901 retreats"))
    if dislodged is not None:
        kind, location = dislodged[0].split()
        unit = Unit(type=UnitType(kind), location=location, power=power)
        position = position.replace(dislodged=(DislodgedUnit(unit=unit, attacker_from=dislodged[1]),))
    orders = [_order(standard, g, PhaseType.RETREATS) for g in given]
    outcome = adjudicate_retreats(standard, position, {power: orders}).outcomes[len(orders) - 1]
    assert (outcome.result, outcome.note) == (Result.VOID, sentence)
    assert isinstance(outcome.verdict, Void) and outcome.verdict.why is reason  # the code kept beside the words


def _build(text: str) -> Build:
    kind, location = text.split()
    return Build(unit=UnitRef(type=UnitType(kind), location=location))


def _remove(text: str) -> Remove:
    kind, location = text.split()
    return Remove(unit=UnitRef(type=UnitType(kind), location=location))


# Adjustment phases: (reason, the power, its units, its centres, its orders, sentence)
ADJUSTMENT_CASES: list[tuple[VoidReason, str, list[str], list[str], list[Order], str]] = [
    (
        VoidReason.NOT_AN_ADJUSTMENT,
        "France",
        ["A PAR"],
        ["PAR", "BRE", "MAR"],
        [Hold(unit=UnitRef(location="PAR"))],
        "not an order for an adjustment phase",
    ),
    (
        VoidReason.NO_BUILDS_DUE,
        "France",
        ["A PAR", "A MAR", "F MAO"],
        ["PAR", "BRE", "MAR"],
        [_build("A BRE")],
        "no builds are due",
    ),
    (
        VoidReason.UNKNOWN_PROVINCE,
        "France",
        ["A PAR"],
        ["PAR", "BRE", "MAR"],
        [_build("A XYZ")],
        "there is no province XYZ on this map",
    ),
    (
        VoidReason.ALREADY_BUILDING,
        "France",
        ["A PAR"],
        ["PAR", "BRE", "MAR"],
        [_build("A BRE"), _build("F BRE")],
        "already building in Brest",
    ),
    (VoidReason.SITE_OCCUPIED, "France", ["A PAR"], ["PAR", "BRE", "MAR"], [_build("A PAR")], "Paris is occupied"),
    (
        VoidReason.CENTRE_NOT_OWNED,
        "France",
        ["A PAR"],
        ["PAR", "BRE", "BEL"],
        [_build("A MAR")],
        "France does not own a supply centre in Marseilles",
    ),
    (
        VoidReason.NOT_A_HOME_CENTRE,
        "France",
        ["A PAR"],
        ["PAR", "BRE", "BEL"],
        [_build("A BEL")],
        "Belgium is not a home centre of France",
    ),
    (
        VoidReason.FLEET_BUILT_INLAND,
        "France",
        ["A MAR"],
        ["PAR", "BRE", "MAR"],
        [_build("F PAR")],
        "a fleet cannot be built inland in Paris",
    ),
    (
        VoidReason.FLEET_CANNOT_STAND,
        "France",
        ["A PAR"],
        ["PAR", "BRE", "MAR"],
        [_build("F BRE/NC")],
        "a fleet cannot stand in Brest (nc)",
    ),
    (
        VoidReason.NO_REMOVALS_DUE,
        "France",
        ["A PAR", "A MAR", "F BRE"],
        ["PAR", "BRE", "MAR"],
        [_remove("A PAR")],
        "no removals are due",
    ),
    (
        VoidReason.NO_UNIT_TO_REMOVE,
        "France",
        ["A PAR", "A MAR", "F BRE"],
        ["PAR", "BRE"],
        [_remove("A MUN")],
        "France has no unit in Munich",
    ),
    (
        VoidReason.ALREADY_REMOVED,
        "France",
        ["A PAR", "A MAR", "F BRE"],
        ["PAR"],
        [_remove("A PAR"), _remove("A PAR")],
        "this unit is already removed",
    ),
    (
        VoidReason.NAME_THE_COAST_TO_BUILD,
        "Russia",
        [],
        ["STP", "MOS"],
        [_build("F STP")],
        "name the coast for a fleet in St Petersburg",
    ),
]


@pytest.mark.parametrize(
    ("reason", "power", "units", "centres", "orders", "sentence"),
    ADJUSTMENT_CASES,
    ids=[c[0].name for c in ADJUSTMENT_CASES],
)
def test_a_void_adjustment_says_why_in_the_words_players_read(
    standard: Board,
    reason: VoidReason,
    power: str,
    units: list[str],
    centres: list[str],
    orders: list[Order],
    sentence: str,
) -> None:
    position = _position([f"{power}: {', '.join(units)}"] if units else []).replace(
        phase=Phase.parse("winter 1901 adjustments"), centres=dict.fromkeys(centres, power)
    )
    outcomes = adjudicate_adjustments(standard, position, {power: orders}, STANDARD).outcomes
    outcome = next(o for o in outcomes if o.order is orders[-1])
    assert (outcome.result, outcome.note) == (Result.VOID, sentence)
    assert isinstance(outcome.verdict, Void) and outcome.verdict.why is reason  # the code kept beside the words


# A bid of Diplomacy Points (Sengoku, rules 4-6): (reason, units, Oda's centres, Oda's DP orders, the last one's words)
DP_CASES: list[tuple[VoidReason, list[str], list[str], str, str]] = [
    (
        VoidReason.DP_NOT_NEUTRAL,
        ["Oda: A OWA"],
        ["OWA", "MIK"],
        "1 : A Owari H",
        "DP orders are only for neutral units, and Owari has none",
    ),
    (
        VoidReason.DP_OVER_ORDER_LIMIT,
        ["-: A MIN"],
        ["OWA", "MIK", "ISE"],
        "3 : A Mino H",
        "a DP order carries at most 2 DP",
    ),
    (
        VoidReason.DP_UNIT_TWICE,
        ["-: A MIN"],
        ["OWA", "MIK"],
        "1 : A Mino H\n1 : A Mino H",
        "only one DP order per neutral unit (Mino already has one)",
    ),
    (
        VoidReason.DP_TOO_MANY_ORDERS,
        ["-: A MIN, A YAS, A BIZ, A MUS"],
        ["OWA", "MIK", "ISE", "YAT", "SHM"],
        "1 : A Mino H\n1 : A Yamashiro H\n1 : A Bizen H\n1 : A Musashi H",
        "at most 3 DP orders a phase",
    ),
    (
        VoidReason.DP_NOT_ENOUGH,
        ["-: A MIN, A YAS"],
        ["OWA", "MIK"],
        "2 : A Mino H\n1 : A Yamashiro H",
        "not enough DP: 2 this phase, 2 already spent",
    ),
    (
        VoidReason.DP_NEUTRAL_CANNOT,
        ["-: A MIN"],
        ["OWA", "MIK"],
        "1 : A Mino S A Kai H",
        "the neutral unit cannot do that: there is no unit in Kai to support",
    ),
]


@pytest.mark.parametrize(
    ("reason", "units", "centres", "orders", "sentence"), DP_CASES, ids=[c[0].name for c in DP_CASES]
)
def test_a_refused_dp_order_says_why_in_the_words_players_read(
    sengoku: Board, reason: VoidReason, units: list[str], centres: list[str], orders: str, sentence: str
) -> None:
    phase, owned = Phase.parse("spring 1571 movement"), dict.fromkeys(centres, "Oda")
    position = _position(units).replace(phase=phase, centres=owned)
    given = [v.order for v in parse_orders(orders, sengoku).verdicts if isinstance(v.order, DPOrder)]
    refused = check_dp_orders(sengoku, position, SENGOKU, "Oda", given)[-1]
    assert refused is not None and (refused.why, refused.note) == (reason, sentence)


def test_a_variant_without_diplomacy_points_refuses_a_bid(standard: Board) -> None:
    bid = DPOrder(points=1, order=Hold(unit=UnitRef(type=UnitType.ARMY, location="BEL")))
    verdicts = check_dp_orders(standard, _position(["-: A BEL"]), STANDARD, "France", [bid])
    assert verdicts == [Void(VoidReason.NO_DIPLOMACY_POINTS)]


def test_every_reason_has_a_case() -> None:
    # An army can stand in every home centre of the two maps, so ARMY_CANNOT_STAND is said only on other maps;
    # AS_RECORDED is no rule's: it keeps the words of an old game file (tests/game/test_migrate.py).
    cases = CASES + RETREAT_CASES + ADJUSTMENT_CASES + DP_CASES + [(VoidReason.NO_DIPLOMACY_POINTS,)]
    said_elsewhere = {VoidReason.ARMY_CANNOT_STAND, VoidReason.AS_RECORDED}
    assert {case[0] for case in cases} | said_elsewhere == set(VoidReason)


def test_a_build_in_a_centre_the_power_does_not_own_says_so_before_that_a_unit_stands_there(sengoku: Board) -> None:
    """Sengoku's chaos builds go on any owned centre; a neutral centre held by its army is not Oda's: the reason
    is the ownership ("Mino is occupied" sent the player looking for a move that would free it)."""
    position = Position(
        phase=Phase.parse("winter 1570 adjustments"),
        units=(
            Unit(type=UnitType.ARMY, location="OWA", power="Oda"),
            Unit(type=UnitType.ARMY, location="MIN", power=None),
        ),
        centres={"OWA": "Oda", "MIK": "Oda"},
        neutral_centres=("MIN",),
    )
    build = Build(unit=UnitRef(type=UnitType.ARMY, location="MIN"))
    outcomes = adjudicate_adjustments(sengoku, position, {"Oda": [build]}, SENGOKU).outcomes
    outcome = next(o for o in outcomes if o.order is build)
    assert (outcome.result, outcome.note) == (Result.VOID, "Oda does not own a supply centre in Mino")
