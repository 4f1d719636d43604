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

from adjudicator.adjustments import AdjustmentVerdict
from adjudicator.diplomacy_points import Lot
from adjudicator.outcomes import Detail, MovementVerdict, OrderOutcome, Result, note_of
from adjudicator.position import Phase, Unit
from adjudicator.retreats import RetreatVerdict
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


AnyVerdict = MovementVerdict | RetreatVerdict | AdjustmentVerdict
"""Every verdict a rule returns, by its kind: what a record keeps and a reader gets back as the same type."""


class OutcomeRecord(Struct, frozen=True, kw_only=True, gc=False):
    """One order's outcome as the game file keeps it: the verdict the rule returned, and the numbers.

    ``verdict`` is the rule's verdict as it decided it, tagged with its kind
    (``{"kind": "bounced", "by": "OWA"}``, ``{"kind": "void", "why":
    "no_unit", "places": ["Kai"]}``): the one record of what happened and
    why. ``result``, ``culprit`` and ``note`` are read from it, and the post
    words it by its kind (:mod:`post.wording`). The numbers behind a
    movement outcome (:class:`~adjudicator.outcomes.Detail`) are kept beside
    it, each unit only where the verdict does not name it already:
    ``opposed_by`` (whose force stopped the move) is kept for a move that
    succeeded, the culprit of a failed one is its verdict's; ``by`` (who
    dislodged the ordered unit) likewise. Files of schema 1 and 2 kept the
    verdict's words beside it: :mod:`game.migrate` reads them as this.
    """

    power: str | None
    order: Order
    verdict: AnyVerdict
    strength: int | None = None
    opposition: int | None = None
    opposed_by: Location | None = None
    by: Location | None = None
    via_convoy: bool = False
    head_to_head: bool = False
    implicit: bool = False

    @classmethod
    def of(cls, outcome: OrderOutcome[AnyVerdict]) -> OutcomeRecord:
        d, verdict = outcome.detail, outcome.verdict
        culprit = verdict.culprit
        return cls(
            power=outcome.power,
            order=outcome.order,
            verdict=verdict,
            strength=d.strength,
            opposition=d.opposition,
            opposed_by=None if verdict.opposed and d.opposed_by == culprit else d.opposed_by,
            by=None if verdict.dislodged and d.by == culprit else d.by,
            via_convoy=d.via_convoy,
            head_to_head=d.head_to_head,
            implicit=outcome.implicit,
        )

    @classmethod
    def all_of(cls, outcomes: Iterable[OrderOutcome[AnyVerdict]]) -> list[OutcomeRecord]:
        """:meth:`of` for every outcome of a phase."""
        return [cls.of(o) for o in outcomes]

    @property
    def result(self) -> Result:
        return self.verdict.result

    @property
    def succeeded(self) -> bool:
        return self.verdict.succeeded

    @property
    def culprit(self) -> Location | None:
        """The unit that made the order fail (bounced, defended, cut, disrupted or dislodged it)."""
        return self.verdict.culprit

    @property
    def note(self) -> str:
        return note_of(self.verdict, self.implicit)

    @property
    def detail(self) -> Detail:
        """The numbers behind the outcome, every unit named (those the verdict names read from it)."""
        verdict = self.verdict
        opposed_by, by = self.opposed_by, self.by
        if opposed_by is None and verdict.opposed:
            opposed_by = verdict.culprit
        if by is None and verdict.dislodged:
            by = verdict.culprit
        return Detail(self.strength, self.opposition, opposed_by, by, self.via_convoy, self.head_to_head)


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
