"""The JSON models of a player's choices: every legal order for each unit, the DP panel, the builds and removals.

The page draws from these (``GET /api/games/<id>/choices``, :mod:`web.play.choices`); kept apart from
:mod:`web.schemas.bodies` so each module stays one subject.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from orders.model import Order

__all__ = [
    "AdjustmentsOut",
    "ChoiceOut",
    "ChoicesOut",
    "DpOut",
    "UnitChoicesOut",
]


class ChoiceOut(BaseModel):
    """One legal order, as the order box takes it and as data."""

    text: str = Field(description="the order in canonical text (a DP order's points are not included)")
    kind: str = Field(description="the order's kind: hold, move, support_hold, support_move, convoy, retreat...")
    clicks: list[str] = Field(
        description="the provinces a player taps on the map, in turn, to choose it (empty: a button chooses it)"
    )
    order: Order


class UnitChoicesOut(BaseModel):
    """A unit that takes an order this phase, and every legal order for it."""

    location: str
    province: str
    text: str = Field(description="the unit, e.g. 'A Owari'")
    power: str | None = Field(description="its power; null for a neutral unit")
    dislodged: bool = False
    choices: list[ChoiceOut]


class DpOut(BaseModel):
    """Sengoku 6DP: the power's Diplomacy Points this phase, the limits, and what DP can buy each neutral unit."""

    dp: int = Field(description="DP this phase: one per owned centre, at most max_dp")
    spent: int
    left: int
    max_dp: int
    max_orders: int = Field(description="DP orders a phase, each for a different neutral unit")
    orders_given: int
    max_per_order: int = Field(description="DP one order may carry")
    bids_on: list[str] = Field(description="the neutral units (provinces) the power has a DP order for")
    units: list[UnitChoicesOut] = Field(description="every neutral unit with the hold and supports it could be given")


class AdjustmentsOut(BaseModel):
    """A winter: the builds (due > 0) or removals (due < 0) the power has, and the orders that would count."""

    due: int
    sites: list[str] = Field(description="vacant centres the power may build on (ids)")
    site_names: list[str]
    home_only: bool = Field(description="true: builds on home centres only; false: chaos builds on any owned centre")
    choices: list[ChoiceOut] = Field(description="every build or removal that would be accepted")
    waive: ChoiceOut | None = Field(description="giving up a build, when builds are due")


class ChoicesOut(BaseModel):
    """Every legal order the power may give now, worked out by the adjudicator's own rules."""

    phase: str
    phase_type: str
    power: str | None = Field(description="null in the sandbox, where every power's units are listed")
    units: list[UnitChoicesOut] = Field(description="movement: the units; retreats: the dislodged units")
    dp: DpOut | None = None
    adjustments: AdjustmentsOut | None = None
