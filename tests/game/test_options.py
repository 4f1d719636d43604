"""The orders offered to a player are exactly the orders the engine accepts.

Each test builds every order that can be written for a unit (every kind, to
every place, for every other unit) and submits them one at a time: the ones
accepted must be the ones listed, no more and no fewer, but for one stated
exception (:func:`moves_a_neutral`). Then a rule sentence per test for what a
player sees.
"""

from __future__ import annotations

import random

import pytest

from adjudicator.diplomacy_points import check_dp_orders
from adjudicator.position import DislodgedUnit, Phase, Position, Unit
from adjudicator.rules import SENGOKU, STANDARD, Rules
from game.options import (
    adjustment_choices,
    movement_choices,
    neutral_choices,
    retreat_choices,
    unit_choices,
)
from game.setup import check_position
from game.submission import check_submission
from maps import Board, UnitType
from orders import order_text
from orders.model import (
    Build,
    Convoy,
    Disband,
    DPOrder,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitRef,
    Waive,
)
from tests.render.conftest import start_position

SPRING = Phase.parse("spring 1901 movement")


def ref(unit: Unit) -> UnitRef:
    return UnitRef(type=unit.type, location=unit.location)


def locations(board: Board) -> list[str]:
    """Every place a unit can stand or an order can name: provinces and coasts."""
    return sorted(set(board.provinces) | {loc for p in board for loc in board.fleet_locations(p.id)})


def every_movement_order(board: Board, position: Position, unit: Unit) -> list[Order]:
    """Every movement order that can be written for the unit, legal or not."""
    me, places = ref(unit), locations(board)
    others = [u for u in position.units if u != unit]
    orders: list[Order] = [Hold(unit=me)]
    # A fleet's move to a split-coast province naming no coast is the move to the one coast it can
    # reach (DATC 4.B.2), which is offered with its coast: the bare name is left out here.
    # An army's move naming a coast is its move to the province, which is offered by the province's name.
    if unit.type is UnitType.FLEET:
        places = [p for p in places if not board.provinces.get(p, None) or not board.provinces[p].coasts]
    else:
        places = [p for p in places if "/" not in p]
    orders += [Move(unit=me, destination=p, via_convoy=v) for p in places for v in (False, True)]
    orders += [SupportHold(unit=me, supported=ref(o)) for o in others]
    orders += [SupportMove(unit=me, supported=ref(o), destination=p) for o in others for p in board.provinces]
    orders += [Convoy(unit=me, convoyed=ref(o), destination=p) for o in others for p in board.provinces]
    return orders


def moves_a_neutral(position: Position, order: Order) -> bool:
    """A support of a neutral unit's move, or a convoy of a neutral army: the one exception to "offered exactly".

    Such an order is legal (a support whose unit does something else simply
    has no effect), but a neutral never moves, so it can never matter: it is
    accepted when typed, and never offered.
    """
    if isinstance(order, SupportMove):
        return position.unit_at[order.supported.province].is_neutral
    if isinstance(order, Convoy):
        return position.unit_at[order.convoyed.province].is_neutral
    return False


def accepted(board: Board, position: Position, rules: Rules, power: str, orders: list[Order]) -> set[str]:
    """The orders a submission of each one alone would keep, as canonical text (less those never offered)."""
    kept = set()
    for order in orders:
        (verdict,) = check_submission(board, position, rules, power, [order])
        if verdict.accepted and not moves_a_neutral(position, order):
            kept.add(order_text(order, board))
    return kept


def texts(board: Board, orders: tuple[Order, ...]) -> set[str]:
    listed = [order_text(o, board) for o in orders]
    assert len(listed) == len(set(listed)), "an order is listed twice"
    return set(listed)


def random_position(board: Board, seed: int) -> Position:
    """Units of random powers on random places (fleets on coasts and at sea), one per province."""
    rng = random.Random(seed)
    provinces = sorted(board.provinces)
    rng.shuffle(provinces)
    units = []
    for province in provinces[: len(provinces) // 2]:
        powers = [*board.power_names, None] if board.neutral_units else list(board.power_names)
        power = rng.choice(powers)
        fleet_spots = board.fleet_locations(province)
        if board.provinces[province].is_sea or (fleet_spots and power is not None and rng.random() < 0.4):
            units.append(Unit(type=UnitType.FLEET, location=rng.choice(fleet_spots), power=power))
        else:
            units.append(Unit(type=UnitType.ARMY, location=province, power=power))
    return Position(phase=SPRING, units=tuple(units))


def convoy_position(standard: Board) -> Position:
    """England with a chain of fleets through the North Sea and the Channel; France on the far shore."""
    units = {
        "England": ["F NTH", "F ENG", "A LON", "A YOR", "F MAO"],
        "France": ["A BRE", "A PIC", "F SPA/NC"],
        "Germany": ["A HOL", "F HEL"],
        "Russia": ["A NWY"],
    }
    placed = [
        Unit(type=UnitType(text[0]), location=text[2:], power=power)
        for power, listed in units.items()
        for text in listed
    ]
    return Position(phase=SPRING, units=tuple(placed))


# --- both ways, by brute force ----------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("name", ["sengoku", "standard"])
def test_movement_choices_are_exactly_the_accepted_orders(name: str, seed: int, request: pytest.FixtureRequest) -> None:
    board: Board = request.getfixturevalue(name)
    position = random_position(board, seed)
    rules = SENGOKU if name == "sengoku" else STANDARD
    owned = [u for u in position.units if u.power is not None]
    for unit in random.Random(seed).sample(owned, 4):
        listed = texts(board, movement_choices(board, position, unit))
        assert listed == accepted(board, position, rules, unit.power or "", every_movement_order(board, position, unit))


def test_convoys_and_convoyed_moves_are_offered_exactly(standard: Board) -> None:
    position = convoy_position(standard)
    for unit in position.units_of("England"):
        listed = texts(standard, movement_choices(standard, position, unit))
        assert listed == accepted(
            standard, position, STANDARD, "England", every_movement_order(standard, position, unit)
        )


@pytest.mark.parametrize("seed", [4, 5])
def test_a_neutral_unit_is_offered_exactly_the_dp_orders_it_would_take(sengoku: Board, seed: int) -> None:
    position = random_position(sengoku, seed)
    position = position.replace(centres={"OWA": "Oda", "MIK": "Oda"})
    for unit in [u for u in position.units if u.is_neutral][:4]:
        offered = texts(sengoku, neutral_choices(sengoku, position, unit))
        every = [
            o for o in every_movement_order(sengoku, position, unit) if isinstance(o, Hold | SupportHold | SupportMove)
        ]
        bids = [DPOrder(points=1, order=o) for o in every]  # type: ignore[arg-type]
        taken = {
            order_text(bid.order, sengoku)
            for bid in bids
            if check_dp_orders(sengoku, position, SENGOKU, "Oda", [bid]) == [None]
            and not moves_a_neutral(position, bid.order)
        }
        assert offered == taken


def test_retreat_choices_are_exactly_the_accepted_retreats(standard: Board) -> None:
    position = Position(
        phase=Phase.parse("fall 1901 retreats"),
        units=(
            Unit(type=UnitType.ARMY, location="BUR", power="Germany"),
            Unit(type=UnitType.ARMY, location="PIC", power="England"),
        ),
        dislodged=(DislodgedUnit(unit=Unit(type=UnitType.ARMY, location="BUR", power="France"), attacker_from="MUN"),),
        contested=("GAS",),
    )
    (dislodged,) = position.dislodged
    me = ref(dislodged.unit)
    every: list[Order] = [Retreat(unit=me, destination=p) for p in locations(standard)] + [Disband(unit=me)]
    listed = texts(standard, retreat_choices(standard, position, dislodged))
    assert listed == accepted(standard, position, STANDARD, "France", every)
    assert listed == {"A Burgundy R Belgium", "A Burgundy R Marseilles", "A Burgundy R Paris", "A Burgundy R Ruhr",
                      "A Burgundy disband"}  # fmt: skip  # not Munich (the attacker's), Gascony (a standoff), Picardy


@pytest.mark.parametrize(("name", "rules"), [("sengoku", SENGOKU), ("standard", STANDARD)])
def test_build_choices_are_exactly_the_accepted_builds(name: str, rules: Rules, request: pytest.FixtureRequest) -> None:
    board: Board = request.getfixturevalue(name)
    start = start_position(board)
    power = board.power_names[0]
    mine = start.units_of(power)
    centres = dict(start.centres)
    spare = sorted(board.supply_centres - set(centres) - {u.province for u in start.units})[:2]
    centres.update({c: power for c in spare})  # two more centres than units: two builds, anywhere owned (Sengoku)
    position = start.replace(phase=Phase.parse("winter 1901"), units=tuple(mine[1:]), centres=centres)
    every: list[Order] = [Build(unit=UnitRef(type=t, location=p)) for p in locations(board) for t in UnitType]
    choices = adjustment_choices(board, position, rules, power)
    assert texts(board, choices.builds) == accepted(board, position, rules, power, every)
    assert choices.due == 3 and choices.waive and choices.removals == ()


def test_removal_choices_are_every_unit_of_the_power(sengoku: Board) -> None:
    start = start_position(sengoku)
    position = start.replace(phase=Phase.parse("winter 1570"), centres={"OWA": "Oda"})
    choices = adjustment_choices(sengoku, position, SENGOKU, "Oda")
    assert choices.due == -1 and not choices.waive and choices.builds == ()
    assert texts(sengoku, choices.removals) == {"Remove A Owari", "Remove F Mikawa"}
    every: list[Order] = [Remove(unit=ref(u)) for u in position.units] + [Waive()]
    assert texts(sengoku, choices.removals) == accepted(sengoku, position, SENGOKU, "Oda", every)


# --- what a player sees, rule by rule -----------------------------------------------------


def listed(board: Board, position: Position, where: str) -> set[str]:
    return texts(board, movement_choices(board, position, position.unit_at[where]))


def test_a_fleet_is_offered_each_coast_it_can_reach(standard: Board) -> None:
    choices = listed(standard, convoy_position(standard), "MAO")
    assert {"F Mid-Atlantic Ocean - Spain (nc)", "F Mid-Atlantic Ocean - Spain (sc)"} <= choices
    assert "F Mid-Atlantic Ocean - Spain" not in choices


def test_an_army_is_offered_the_shores_its_convoy_chain_reaches(standard: Board) -> None:
    choices = listed(standard, convoy_position(standard), "LON")
    assert {"A London - Norway", "A London - Belgium", "A London - Brest", "A London - Picardy"} <= choices
    assert "A London - Yorkshire via convoy" in choices and "A London - Spain" in choices  # through the MAO
    assert "A London - Marseilles" not in choices  # no fleet in the Gulf of Lyon


def test_a_fleet_at_sea_is_offered_the_convoys_it_is_needed_for(standard: Board) -> None:
    choices = listed(standard, convoy_position(standard), "NTH")
    assert "F North Sea C A London - Norway" in choices
    assert "F North Sea C A London - Belgium" in choices  # the North Sea borders both
    assert not any(text.startswith("F English Channel C A Yorkshire - Brest") for text in choices)


def test_a_support_move_is_offered_only_where_the_supported_unit_could_go(sengoku: Board) -> None:
    choices = listed(sengoku, start_position(sengoku), "MIK")
    assert "F Mikawa S A Owari - Mino" not in choices  # Mikawa cannot reach Mino
    assert "F Mikawa S A Owari - Totomi" not in choices  # Owari cannot reach Totomi
    assert "F Mikawa S A South Shinano - Totomi" in choices  # both reach Totomi


def test_no_support_is_offered_for_a_neutral_units_move(sengoku: Board) -> None:
    """A neutral never moves, so a support of its move can never matter: never offered, though legal when typed."""
    start = start_position(sengoku)
    owari = listed(sengoku, start, "OWA")
    assert "A Owari S A Mino" in owari  # supporting the neutral to hold is offered
    assert not any(text.startswith("A Owari S A Mino -") for text in owari)
    mino = texts(sengoku, neutral_choices(sengoku, start, start.unit_at["MIN"]))
    assert "A Mino S A Owari - Ise" in mino  # a player's move may be supported with DP
    assert not any(text.startswith(("A Mino S A Yamashiro -", "A Mino S A Bizen -")) for text in mino)
    support = SupportMove(unit=ref(start.unit_at["OWA"]), supported=ref(start.unit_at["MIN"]), destination="ISE")
    (verdict,) = check_submission(sengoku, start, SENGOKU, "Oda", [support])
    assert verdict.accepted  # typed, it is still a legal order (it simply has no effect)


def test_units_cross_the_land_bridges(sengoku: Board) -> None:
    start = start_position(sengoku)
    assert "F Mikawa - Shima" in listed(sengoku, start, "MIK")
    assert "F Iyo - Bungo" in listed(sengoku, start, "IYO") and "F Iyo - Suo" in listed(sengoku, start, "IYO")


def test_a_neutral_unit_is_offered_holds_and_supports_only(sengoku: Board) -> None:
    start = start_position(sengoku)
    offered = neutral_choices(sengoku, start, start.unit_at["BIZ"])
    assert offered[0] == Hold(unit=ref(start.unit_at["BIZ"]))
    assert all(isinstance(o, Hold | SupportHold | SupportMove) for o in offered)
    assert "A Bizen S F Iyo - Sanuki" in texts(sengoku, offered)  # across the Bizen-Sanuki bridge


def test_unit_choices_follow_the_phase(standard: Board) -> None:
    position = Position(
        phase=Phase.parse("fall 1901 retreats"),
        units=(Unit(type=UnitType.ARMY, location="BUR", power="Germany"),),
        dislodged=(DislodgedUnit(unit=Unit(type=UnitType.ARMY, location="BUR", power="France"), attacker_from="MUN"),),
    )
    assert check_position(standard, position) == []
    (french,) = unit_choices(standard, position, "France")
    assert french.dislodged and isinstance(french.orders[-1], Disband)
    assert unit_choices(standard, position, "Germany") == []  # nothing of Germany's to retreat
    winter = Position(phase=Phase.parse("winter 1901"), units=position.units)
    assert unit_choices(standard, winter, "Germany") == []  # adjustments: see adjustment_choices


def test_standard_builds_are_on_free_home_centres_only(standard: Board) -> None:
    position = start_position(standard).replace(
        phase=Phase.parse("winter 1901"), units=(), centres={"PAR": "France", "BEL": "France"}
    )
    choices = adjustment_choices(standard, position, STANDARD, "France")
    assert choices.home_only and choices.sites == ("PAR",) and choices.due == 2
    assert texts(standard, choices.builds) == {"Build A Paris"}


def test_chaos_builds_are_on_every_free_owned_centre(sengoku: Board) -> None:
    position = Position(
        phase=Phase.parse("winter 1570"),
        units=(Unit(type=UnitType.ARMY, location="OWA", power="Oda"),),
        centres={"OWA": "Oda", "MIK": "Oda", "MIN": "Oda"},
    )
    choices = adjustment_choices(sengoku, position, SENGOKU, "Oda")
    assert not choices.home_only and choices.sites == ("MIK", "MIN") and choices.due == 2
    assert texts(sengoku, choices.builds) == {"Build A Mikawa", "Build F Mikawa", "Build A Mino"}  # Mino is inland


def test_a_convoy_to_a_sea_is_refused(standard: Board) -> None:
    """An army can never end its move at sea, so no fleet can be needed to carry it there (found by the brute force)."""
    position = convoy_position(standard)
    nth, lon = position.unit_at["NTH"], position.unit_at["LON"]
    (verdict,) = check_submission(
        standard, position, STANDARD, "England", [Convoy(unit=ref(nth), convoyed=ref(lon), destination="HEL")]
    )
    assert verdict.problem == "an army cannot move to sea"
