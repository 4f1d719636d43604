"""Orders as typed values: one frozen pydantic model per kind of order.

Orders name units and places by location id (``"KAI"``, ``"SPA/NC"``), never
by the words a player typed; :mod:`orders.parser` turns words into these
models and :mod:`orders.text` turns them back into canonical text. Whether an
order is legal in a position is the adjudicator's question, not the model's:
a model only guarantees that the order is well-formed.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter

from maps.terms import UnitType, province_of

__all__ = [
    "Build",
    "Convoy",
    "DPOrder",
    "Disband",
    "Hold",
    "Move",
    "NeutralOrder",
    "Order",
    "OrderAdapter",
    "Remove",
    "Retreat",
    "SupportHold",
    "SupportMove",
    "UnitRef",
    "Waive",
]

LocationId = Annotated[str, StringConstraints(pattern=r"^[A-Z][A-Z0-9]{1,5}(/[A-Z]{2})?$")]


class OrderModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class UnitRef(OrderModel):
    """A unit as an order names it. The type may be missing (DATC 4.C.1 accepts that)."""

    type: UnitType | None = None
    location: LocationId

    @property
    def province(self) -> str:
        return province_of(self.location)


class Hold(OrderModel):
    kind: Literal["hold"] = "hold"
    unit: UnitRef


class Move(OrderModel):
    """A move; ``via_convoy`` is the player's explicit "via convoy" (DATC 4.A.3)."""

    kind: Literal["move"] = "move"
    unit: UnitRef
    destination: LocationId
    via_convoy: bool = False


class SupportHold(OrderModel):
    kind: Literal["support_hold"] = "support_hold"
    unit: UnitRef
    supported: UnitRef


class SupportMove(OrderModel):
    kind: Literal["support_move"] = "support_move"
    unit: UnitRef
    supported: UnitRef
    destination: LocationId


class Convoy(OrderModel):
    kind: Literal["convoy"] = "convoy"
    unit: UnitRef
    convoyed: UnitRef
    destination: LocationId


class Retreat(OrderModel):
    kind: Literal["retreat"] = "retreat"
    unit: UnitRef
    destination: LocationId


class Disband(OrderModel):
    """A dislodged unit's disband in a retreat phase."""

    kind: Literal["disband"] = "disband"
    unit: UnitRef


class Build(OrderModel):
    kind: Literal["build"] = "build"
    unit: UnitRef


class Remove(OrderModel):
    kind: Literal["remove"] = "remove"
    unit: UnitRef


class Waive(OrderModel):
    """Giving up one build this winter."""

    kind: Literal["waive"] = "waive"


NeutralOrder = Annotated[Hold | SupportHold | SupportMove, Field(discriminator="kind")]


class DPOrder(OrderModel):
    """Sengoku 6DP: Diplomacy Points spent on an order for a neutral unit.

    Only holds and supports can be bought. How many points one order may carry
    is a rule of the variant, checked when the order is submitted.
    """

    kind: Literal["dp"] = "dp"
    points: int = Field(ge=1)
    order: NeutralOrder

    @property
    def unit(self) -> UnitRef:
        return self.order.unit


Order = Annotated[
    Hold | Move | SupportHold | SupportMove | Convoy | Retreat | Disband | Build | Remove | Waive | DPOrder,
    Field(discriminator="kind"),
]

OrderAdapter: TypeAdapter[Order] = TypeAdapter(Order)
