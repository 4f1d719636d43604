"""Orders as typed values: one frozen Struct per kind of order (:mod:`orders.structs`).

Orders name units and places by location id (``"KAI"``, ``"SPA/NC"``), never
by the words a player typed; :mod:`orders.parser` turns words into these
models and :mod:`orders.text` turns them back into canonical text. Whether an
order is legal in a position is the adjudicator's question, not the model's:
a model only guarantees that the order is well-formed (checked wherever an
order is read from outside: the game file, the API; the parser builds only
well-formed ones). In JSON each order is tagged by its ``kind``.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from maps.terms import UnitType, province_of
from orders.structs import Pydantic, Struct, convert

__all__ = [
    "AdjustmentOrder",
    "Build",
    "Convoy",
    "DPOrder",
    "Disband",
    "Hold",
    "Move",
    "MovementOrder",
    "NeutralOrder",
    "Order",
    "OrderModel",
    "order_from",
    "Remove",
    "Retreat",
    "RetreatOrder",
    "SupportHold",
    "SupportMove",
    "UnitRef",
    "Waive",
]

LocationId = Annotated[str, msgspec.Meta(pattern=r"^[A-Z][A-Z0-9]{1,5}(/[A-Z]{2})?$")]


class OrderModel(Struct, frozen=True, forbid_unknown_fields=True, tag_field="kind"):
    """An order kind; ``kind`` is its tag in JSON and a class attribute in Python."""

    kind: ClassVar[str]


class UnitRef(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A unit as an order names it. The type may be missing (DATC 4.C.1 accepts that)."""

    type: UnitType | None = None
    location: LocationId

    @property
    def province(self) -> str:
        return province_of(self.location)


class Hold(OrderModel, tag="hold", frozen=True, kw_only=True):
    kind: ClassVar[Literal["hold"]] = "hold"
    unit: UnitRef


class Move(OrderModel, tag="move", frozen=True, kw_only=True):
    """A move; ``via_convoy`` is the player's explicit "via convoy" (DATC 4.A.3)."""

    kind: ClassVar[Literal["move"]] = "move"
    unit: UnitRef
    destination: LocationId
    via_convoy: bool = False


class SupportHold(OrderModel, tag="support_hold", frozen=True, kw_only=True):
    kind: ClassVar[Literal["support_hold"]] = "support_hold"
    unit: UnitRef
    supported: UnitRef


class SupportMove(OrderModel, tag="support_move", frozen=True, kw_only=True):
    kind: ClassVar[Literal["support_move"]] = "support_move"
    unit: UnitRef
    supported: UnitRef
    destination: LocationId


class Convoy(OrderModel, tag="convoy", frozen=True, kw_only=True):
    kind: ClassVar[Literal["convoy"]] = "convoy"
    unit: UnitRef
    convoyed: UnitRef
    destination: LocationId


class Retreat(OrderModel, tag="retreat", frozen=True, kw_only=True):
    kind: ClassVar[Literal["retreat"]] = "retreat"
    unit: UnitRef
    destination: LocationId


class Disband(OrderModel, tag="disband", frozen=True, kw_only=True):
    """A dislodged unit's disband in a retreat phase."""

    kind: ClassVar[Literal["disband"]] = "disband"
    unit: UnitRef


class Build(OrderModel, tag="build", frozen=True, kw_only=True):
    kind: ClassVar[Literal["build"]] = "build"
    unit: UnitRef


class Remove(OrderModel, tag="remove", frozen=True, kw_only=True):
    kind: ClassVar[Literal["remove"]] = "remove"
    unit: UnitRef


class Waive(OrderModel, tag="waive", frozen=True, kw_only=True):
    """Giving up one build this winter."""

    kind: ClassVar[Literal["waive"]] = "waive"


NeutralOrder = Annotated[Hold | SupportHold | SupportMove, Pydantic()]


class DPOrder(OrderModel, tag="dp", frozen=True, kw_only=True):
    """Sengoku 6DP: Diplomacy Points spent on an order for a neutral unit.

    Only holds and supports can be bought. How many points one order may carry
    is a rule of the variant, checked when the order is submitted.
    """

    kind: ClassVar[Literal["dp"]] = "dp"
    points: Annotated[int, msgspec.Meta(ge=1)]
    order: NeutralOrder

    @property
    def unit(self) -> UnitRef:
        return self.order.unit


MovementOrder = Hold | Move | SupportHold | SupportMove | Convoy
"""A unit's order in a movement phase (a neutral unit's bought with DP, :class:`DPOrder`, is one of these)."""
RetreatOrder = Retreat | Disband
"""A dislodged unit's order in a retreat phase."""
AdjustmentOrder = Build | Remove | Waive
"""A power's order in a winter adjustment phase."""

Order = Annotated[MovementOrder | DPOrder | RetreatOrder | AdjustmentOrder, Pydantic()]
"""Any order, as a player may send it in any phase: each phase's rules take their own kinds and refuse the
others (void, DATC 4.E.1)."""


def order_from(data: object) -> Order:
    """An order from its JSON form (a dict with its ``kind``), checked: raises :data:`orders.structs.StructError`."""
    return convert(data, Order)  # type: ignore[arg-type]
