"""What one adjudicated phase produced, as serialisable records.

A :class:`PhaseReport` holds everything a GM posts after a phase (every
order's verdict, the DP auction, dislodged units and their retreats, the
centre count, builds due, who owed orders, the next phase, the game
result), so any turn can be shown again from the game's history exactly as
it was first reported.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from enum import StrEnum

import msgspec

from adjudicator.adjustments import Built, CivilDisorder, Removed, TooMany, Waived
from adjudicator.diplomacy_points import Lot
from adjudicator.outcomes import (
    Bounced,
    Carried,
    Cut,
    CutByDislodgement,
    Defended,
    Detail,
    Dislodged,
    Disrupted,
    FriendlyFire,
    Given,
    Holds,
    LostHeadToHead,
    NoConvoy,
    NoPath,
    OrderOutcome,
    Paradox,
    Reason,
    Result,
    Stranded,
    Succeeds,
    Undecidable,
    Unmatched,
    Unused,
    Void,
)
from adjudicator.position import Phase, Unit
from adjudicator.retreats import Disbanded, RetreatBounced, Retreated
from maps.terms import Location
from orders.model import NeutralOrder, Order
from orders.structs import Struct

__all__ = [
    "AnyVerdict",
    "BidRecord",
    "GmAction",
    "DislodgedRecord",
    "GameResult",
    "LotRecord",
    "OutcomeRecord",
    "PhaseReport",
    "ResultKind",
]


AnyVerdict = (
    Succeeds
    | Bounced
    | Defended
    | LostHeadToHead
    | FriendlyFire
    | NoPath
    | NoConvoy
    | Given
    | Cut
    | CutByDislodgement
    | Unmatched
    | Carried
    | Stranded
    | Unused
    | Disrupted
    | Paradox
    | Holds
    | Dislodged
    | Undecidable
    | Retreated
    | RetreatBounced
    | Disbanded
    | Built
    | Removed
    | Waived
    | TooMany
    | CivilDisorder
    | Void
)
"""Every verdict a rule returns, by its kind: what a record keeps and a reader gets back as the same type."""


class OutcomeRecord(Struct, frozen=True, kw_only=True):
    """One order's outcome as the game file keeps it: the verdict the rule returned, and the numbers.

    ``verdict`` is the rule's verdict as it decided it, tagged with its kind
    (``{"kind": "bounced", "by": "OWA"}``, ``{"kind": "void", "why":
    "no_unit", "places": ["Kai"]}``): the post words it by its type, the
    JSON gives it as it is. ``result``, ``reason``, ``note`` and ``culprit``
    are the same verdict in its coarse form and in words, kept beside it for
    readers of the JSON; ``by`` is the unit that dislodged the ordered unit.
    Files of schema 1 had no verdict: :mod:`game.migrate` makes it from the
    rest when such a file is read.
    """

    power: str | None
    order: Order
    result: Result
    reason: Reason
    note: str = ""
    strength: int | None = None
    opposition: int | None = None
    opposed_by: Location | None = None
    by: Location | None = None
    via_convoy: bool = False
    head_to_head: bool = False
    implicit: bool = False
    culprit: Location | None = None
    verdict: AnyVerdict

    @classmethod
    def of(cls, outcome: OrderOutcome) -> OutcomeRecord:
        d = outcome.detail
        verdict = outcome.verdict
        return cls(
            power=outcome.power,
            order=outcome.order,
            result=verdict.result,
            reason=verdict.reason,
            note=outcome.note,
            strength=d.strength,
            opposition=d.opposition,
            opposed_by=d.opposed_by,
            by=d.by,
            via_convoy=d.via_convoy,
            head_to_head=d.head_to_head,
            implicit=outcome.implicit,
            culprit=verdict.culprit,
            verdict=verdict,  # type: ignore[arg-type]  # every Verdict the rules make is one of AnyVerdict
        )

    @classmethod
    def all_of(cls, outcomes: Iterable[OrderOutcome]) -> list[OutcomeRecord]:
        """:meth:`of` for every outcome of a phase."""
        return [cls.of(o) for o in outcomes]

    @property
    def detail(self) -> Detail:
        return Detail(self.strength, self.opposition, self.opposed_by, self.by, self.via_convoy, self.head_to_head)


class BidRecord(Struct, frozen=True, kw_only=True):
    power: str
    order: NeutralOrder
    points: int


class LotRecord(Struct, frozen=True, kw_only=True):
    """The DP auction for one neutral unit."""

    unit: str
    bids: list[BidRecord]
    winner: NeutralOrder | None
    total: int
    tied: bool

    @classmethod
    def of(cls, lot: Lot) -> LotRecord:
        bids = [BidRecord(power=b.power, order=b.order, points=b.points) for b in lot.bids]
        return cls(unit=lot.unit, bids=bids, winner=lot.winner, total=lot.total, tied=lot.tied)


class DislodgedRecord(Struct, frozen=True, kw_only=True):
    unit: Unit
    attacker_from: str | None
    retreats: list[Location]


class ResultKind(StrEnum):
    ONGOING = "ongoing"
    WON = "won"
    DRAWN = "drawn"
    CONCEDED = "conceded"


class GameResult(Struct, frozen=True, kw_only=True):
    kind: ResultKind = ResultKind.ONGOING
    powers: list[str] = msgspec.field(default_factory=list)
    """The winner, or the powers in the draw."""

    @property
    def over(self) -> bool:
        return self.kind is not ResultKind.ONGOING

    def describe(self) -> str:
        if self.kind is ResultKind.WON:
            return f"{self.powers[0]} wins the game."
        if self.kind is ResultKind.CONCEDED:
            return f"The game is conceded to {self.powers[0]}."
        if self.kind is ResultKind.DRAWN:
            return "The game is drawn between " + ", ".join(self.powers) + "."
        return "The game goes on."


class PhaseReport(Struct, frozen=True, kw_only=True):
    """Everything that came of adjudicating one phase."""

    phase: Phase
    outcomes: list[OutcomeRecord]
    auction: list[LotRecord] = msgspec.field(default_factory=list)
    dislodged: list[DislodgedRecord] = msgspec.field(default_factory=list)
    disbanded: list[Unit] = msgspec.field(default_factory=list)
    """Units destroyed without a retreat."""
    captured: dict[str, str] = msgspec.field(default_factory=dict)
    """Centre -> new owner, at the Fall update."""
    rebuilt: list[str] = msgspec.field(default_factory=list)
    """Neutral armies rebuilt in winter."""
    centres: dict[str, int] = msgspec.field(default_factory=dict)
    """Centres per power, after Fall."""
    adjustments: dict[str, int] = msgspec.field(default_factory=dict)
    """Builds (+) or removals (-) due."""
    next_phase: Phase | None = None
    result: GameResult = msgspec.field(default_factory=GameResult)
    owed: list[str] | None = None
    """The powers that owed orders in this phase, in the board's order, as :func:`game.duty.powers_to_order`
    found them when it was adjudicated (whether or not they sent any: ``HistoryEntry.orders`` says who
    did). None only in reports of schema 1, which did not record it (:func:`game.duty.owed_orders`)."""


class GmAction(Struct, frozen=True, kw_only=True):
    """One thing a GM did that changed the game, for the game's log (``sengoku history --log``, the GM page)."""

    at: datetime | None = None
    """When (UTC)."""
    by: str
    """Who, and through what: 'command line (gm)', 'GM page', 'API'."""
    action: str
    """What, in words: 'adjudicated Spring 1570 movement'."""
    phase: str = ""
    """The phase open when it was done."""
