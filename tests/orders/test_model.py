"""Order models: frozen values with named fields, safe to store as JSON and read back (checked as they are read)."""

from __future__ import annotations

import msgspec
import pytest

from maps import UnitType
from orders import (
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
    order_from,
)
from orders.structs import StructError

A, F = UnitType.ARMY, UnitType.FLEET
OWARI = UnitRef(type=A, location="OWA")
MIKAWA = UnitRef(type=F, location="MIK")

ONE_OF_EACH: list[Order] = [
    Hold(unit=OWARI),
    Move(unit=OWARI, destination="MIN"),
    Move(unit=OWARI, destination="SHM", via_convoy=True),
    Move(unit=UnitRef(type=F, location="MAO"), destination="SPA/NC"),
    SupportHold(unit=MIKAWA, supported=OWARI),
    SupportMove(unit=MIKAWA, supported=OWARI, destination="MIN"),
    Convoy(unit=UnitRef(type=F, location="ISE"), convoyed=OWARI, destination="SHM"),
    Retreat(unit=OWARI, destination="ISE"),
    Disband(unit=OWARI),
    Build(unit=UnitRef(type=F, location="STP/SC")),
    Remove(unit=UnitRef(location="IYO")),
    Waive(),
    DPOrder(points=2, order=SupportMove(unit=UnitRef(type=A, location="BIZ"), supported=OWARI, destination="MIN")),
    DPOrder(points=1, order=Hold(unit=UnitRef(type=A, location="MIN"))),
]


@pytest.mark.parametrize("order", ONE_OF_EACH, ids=lambda o: type(o).__name__)
def test_an_order_survives_a_json_round_trip(order: Order) -> None:
    assert order_from(msgspec.json.decode(msgspec.json.encode(order))) == order


@pytest.mark.parametrize("order", ONE_OF_EACH, ids=lambda o: type(o).__name__)
def test_an_order_says_its_kind_in_json(order: Order) -> None:
    assert msgspec.to_builtins(order)["kind"] == order.kind


def test_an_order_is_frozen() -> None:
    order = Move(unit=OWARI, destination="MIN")
    with pytest.raises(AttributeError):
        order.destination = "ISE"  # type: ignore[misc]


def test_a_unit_reference_is_frozen() -> None:
    with pytest.raises(AttributeError):
        OWARI.location = "MIN"  # type: ignore[misc]


def test_equal_orders_are_equal_and_hash_alike() -> None:
    assert Hold(unit=OWARI) == Hold(unit=UnitRef(type=A, location="OWA"))
    assert len({Hold(unit=OWARI), Hold(unit=UnitRef(type=A, location="OWA"))}) == 1


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "hold", "unit": {"type": "A", "location": "OWA"}, "urgent": True},
        {"kind": "move", "unit": {"type": "A", "location": "OWA", "colour": "red"}, "destination": "MIN"},
        {"kind": "waive", "count": 2},
    ],
    ids=["order", "unit", "waive"],
)
def test_an_unknown_field_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(StructError, match="contains unknown field"):
        order_from(data)


@pytest.mark.parametrize("points", [0, -1])
def test_a_dp_order_carries_at_least_one_point(points: int) -> None:
    with pytest.raises(StructError, match="Expected `int` >= 1"):
        order_from({"kind": "dp", "points": points, "order": {"kind": "hold", "unit": {"location": "MIN"}}})


def test_a_dp_order_buys_only_a_hold_or_a_support() -> None:
    move = {"kind": "move", "unit": {"type": "A", "location": "MIN"}, "destination": "OWA"}
    with pytest.raises(StructError):
        order_from({"kind": "dp", "points": 1, "order": move})


def test_a_dp_order_names_the_unit_it_buys() -> None:
    bizen = UnitRef(type=A, location="BIZ")
    assert DPOrder(points=1, order=SupportHold(unit=bizen, supported=OWARI)).unit == bizen


@pytest.mark.parametrize("location", ["owa", "O", "OWA/nc", "OWA/NCX", "", "OWARI-1"])
def test_a_location_is_an_upper_case_id_with_an_optional_coast(location: str) -> None:
    with pytest.raises(StructError, match="matching regex"):
        order_from({"kind": "hold", "unit": {"type": "A", "location": location}})


def test_a_unit_reference_knows_its_province() -> None:
    assert UnitRef(type=F, location="SPA/NC").province == "SPA"


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(StructError, match="Invalid value 'attack'"):
        order_from({"kind": "attack", "unit": {"location": "OWA"}})
