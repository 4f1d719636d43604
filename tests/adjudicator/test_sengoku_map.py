"""The Sengoku board under the standard rules: bridges, a missing bridge and a convoy.

The rules: "Bizen and Sanuki are considered land contiguous, as are Nagato
and Chikuzen, Iyo and Bungo, Iyo and Suo, Mikawa and Shima, and Awa and Kii
... Both Armies and Fleets may cross from one of these territories directly
to the other." A move across a bridge is an ordinary move, not a convoy.
"""

from __future__ import annotations

import pytest

from adjudicator.movement import MovementResult, adjudicate_movement
from adjudicator.position import Phase, Position, Unit
from maps import Board, UnitType
from orders import Convoy, Move, Order, SupportMove, UnitRef

BRIDGES = [("BIZ", "SAN"), ("NAG", "CHZ"), ("IYO", "BUN"), ("IYO", "SUO"), ("MIK", "SHM"), ("AWA", "KII")]
CROSSINGS = [(a, b) for a, b in BRIDGES] + [(b, a) for a, b in BRIDGES]
SPRING = Phase.parse("spring 1570 movement")


def _play(board: Board, units: list[Unit], orders: dict[str | None, list[Order]]) -> MovementResult:
    return adjudicate_movement(board, Position(phase=SPRING, units=tuple(units)), orders)


def _ref(unit: Unit) -> UnitRef:
    return UnitRef(type=unit.type, location=unit.location)


def test_the_board_has_exactly_the_six_bridges_of_the_rules(sengoku: Board) -> None:
    assert sorted(sengoku.bridges) == sorted(tuple(sorted(pair)) for pair in BRIDGES)


@pytest.mark.parametrize("kind", [UnitType.ARMY, UnitType.FLEET])
@pytest.mark.parametrize(("origin", "target"), CROSSINGS, ids=[f"{a}-{b}" for a, b in CROSSINGS])
def test_a_unit_crosses_a_bridge_directly(sengoku: Board, kind: UnitType, origin: str, target: str) -> None:
    unit = Unit(type=kind, location=origin, power="Oda")
    result = _play(sengoku, [unit], {"Oda": [Move(unit=_ref(unit), destination=target)]})
    assert [str(u) for u in result.units] == [f"{kind.value} {target}"]
    assert not result.outcomes[0].detail.via_convoy


@pytest.mark.parametrize(("origin", "target"), CROSSINGS, ids=[f"{a}-{b}" for a, b in CROSSINGS])
def test_a_unit_supports_across_a_bridge(sengoku: Board, origin: str, target: str) -> None:
    """A supporter at one end of a bridge helps an attack on the other end: 2 against 1."""
    attacker_from = sorted(sengoku.army_neighbours(target) - {origin})[0]
    supporter = Unit(type=UnitType.ARMY, location=origin, power="Oda")
    attacker = Unit(type=UnitType.ARMY, location=attacker_from, power="Oda")
    defender = Unit(type=UnitType.ARMY, location=target, power="Takeda")
    orders: dict[str | None, list[Order]] = {
        "Oda": [
            Move(unit=_ref(attacker), destination=target),
            SupportMove(unit=_ref(supporter), supported=_ref(attacker), destination=target),
        ]
    }
    result = _play(sengoku, [supporter, attacker, defender], orders)
    assert f"A {target}" in {str(u) for u in result.units if u.power == "Oda"}
    assert [d.unit.location for d in result.dislodged] == [target]


@pytest.mark.parametrize("kind", [UnitType.ARMY, UnitType.FLEET])
@pytest.mark.parametrize(("origin", "target"), [("BIT", "SAN"), ("SAN", "BIT")])
def test_bitchu_and_sanuki_are_not_joined(sengoku: Board, kind: UnitType, origin: str, target: str) -> None:
    unit = Unit(type=kind, location=origin, power="Mori")
    result = _play(sengoku, [unit], {"Mori": [Move(unit=_ref(unit), destination=target)]})
    assert result.outcomes[0].result.value == "void"
    assert [str(u) for u in result.units] == [f"{kind.value} {origin}"]


def test_an_army_is_convoyed_across_the_inland_sea(sengoku: Board) -> None:
    """Aki to Sanuki: not neighbours, but a fleet in the Inland Sea touches both."""
    army = Unit(type=UnitType.ARMY, location="AKI", power="Mori")
    fleet = Unit(type=UnitType.FLEET, location="INS", power="Mori")

    orders: dict[str | None, list[Order]] = {
        "Mori": [
            Move(unit=_ref(army), destination="SAN"),
            Convoy(unit=_ref(fleet), convoyed=_ref(army), destination="SAN"),
        ]
    }
    result = _play(sengoku, [army, fleet], orders)
    assert {str(u) for u in result.units} == {"A SAN", "F INS"}
    assert result.outcomes[0].detail.via_convoy


def test_a_convoy_across_the_inland_sea_is_disrupted_when_its_fleet_is_dislodged(sengoku: Board) -> None:
    army = Unit(type=UnitType.ARMY, location="AKI", power="Mori")
    fleet = Unit(type=UnitType.FLEET, location="INS", power="Mori")
    attackers = [Unit(type=UnitType.FLEET, location=p, power="Chosokabe") for p in ("IYO", "SUS")]

    orders: dict[str | None, list[Order]] = {
        "Mori": [
            Move(unit=_ref(army), destination="SAN"),
            Convoy(unit=_ref(fleet), convoyed=_ref(army), destination="SAN"),
        ],
        "Chosokabe": [
            Move(unit=_ref(attackers[0]), destination="INS"),
            SupportMove(unit=_ref(attackers[1]), supported=_ref(attackers[0]), destination="INS"),
        ],
    }
    result = _play(sengoku, [army, fleet, *attackers], orders)
    assert "A AKI" in {str(u) for u in result.units}
    assert [d.unit.location for d in result.dislodged] == ["INS"]
