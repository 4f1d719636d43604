"""The results post as one structured document, built once and written out in any markup.

Every field is what a GM posts after a phase, already in words and province
names (``"A Owari - Ise"``, ``"bounced, 1 against 2 from A Omi"``), so each
renderer only lays it out. The JSON format is this document itself.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec

from game.records import AnyVerdict, ResultKind
from orders.structs import Struct

__all__ = [
    "BidLine",
    "DislodgedLine",
    "Holding",
    "Lot",
    "Missing",
    "OrderLine",
    "Post",
    "PostResult",
    "UnitLine",
]


class _Part(Struct, frozen=True, kw_only=True):
    """A frozen part of the post (a Struct: written as JSON by msgspec, held by the API's pydantic models)."""


class OrderLine(_Part, frozen=True, kw_only=True):
    """One order and what became of it; ``power`` is None for a neutral unit."""

    power: str | None
    order: str
    success: bool
    result: Annotated[str, msgspec.Meta(description="succeeds, fails or void")]
    reason: Annotated[str, msgspec.Meta(description="the verdict's reason in a few words ('bounced', 'illegal')")]
    note: str
    culprit: Annotated[
        str | None,
        msgspec.Meta(description="where the unit named for the failure stood (who bounced, cut, dislodged it)"),
    ] = None
    verdict: Annotated[
        AnyVerdict,
        msgspec.Meta(
            description="the rule's verdict as a code: its kind ('bounced', 'void', 'retreat_bounced') and what it "
            "names (the culprit's location, a void order's reason code and places)"
        ),
    ]
    given: Annotated[
        bool, msgspec.Meta(description="false: the unit got no order (it held, or civil disorder decided)")
    ]
    annotation: Annotated[str, msgspec.Meta(description="the result in words, as the post shows it")]
    explanation: Annotated[
        str, msgspec.Meta(description="the same, with the numbers behind it (strengths, who cut what)")
    ]


class BidLine(_Part, frozen=True, kw_only=True):
    power: str
    points: int
    order: str


class Lot(_Part, frozen=True, kw_only=True):
    """The DP auction for one neutral unit: every bid (public once the phase is adjudicated) and the verdict."""

    unit: str
    bids: list[BidLine]
    winner: str | None
    total: int
    tied: bool
    verdict: Annotated[str, msgspec.Meta(description="what the auction decided, in words")]


class DislodgedLine(_Part, frozen=True, kw_only=True):
    power: str | None
    unit: str
    location: str
    attacker_from: str | None
    retreats: list[str]
    fate: Annotated[str, msgspec.Meta(description="where it may retreat, or why it is gone")]


class UnitLine(_Part, frozen=True, kw_only=True):
    power: str | None
    unit: str
    location: str


class Holding(_Part, frozen=True, kw_only=True):
    """One power's supply centres after the phase ("Ownership of supply centres"), and this year's changes."""

    power: str
    centres: list[str]
    count: int
    units: int
    gained: Annotated[list[str], msgspec.Meta(description="centres taken at this phase's ownership update")]
    lost: Annotated[list[str], msgspec.Meta(description="centres lost at this phase's ownership update")]
    adjustment: Annotated[int, msgspec.Meta(description="builds (+) or removals (-) owed after the update; 0 if none")]


class Missing(_Part, frozen=True, kw_only=True):
    """A power that owed orders and sent none (NMR): civil disorder decided for it."""

    power: str
    consequence: str


class PostResult(_Part, frozen=True, kw_only=True):
    kind: ResultKind
    powers: list[str]
    text: str


class Post(_Part, frozen=True, kw_only=True):
    """Everything one results post says."""

    game: Annotated[str, msgspec.Meta(description="the game's name ('' if it has none)")]
    variant: Annotated[str, msgspec.Meta(description="the variant's title, e.g. 'Sengoku Jidai (6DP)'")]
    phase: str
    preview: Annotated[
        bool, msgspec.Meta(description="true: what the stored orders would give; nothing was adjudicated")
    ]
    orders: Annotated[
        list[OrderLine], msgspec.Meta(description="grouped by power in the board's order, neutral units last")
    ]
    dp: list[Lot]
    dislodged: list[DislodgedLine]
    disbanded: Annotated[list[UnitLine], msgspec.Meta(description="units destroyed without a retreat")]
    ownership: list[Holding]
    ownership_updated: Annotated[
        bool, msgspec.Meta(description="true: centres changed hands (after Fall) in this phase")
    ]
    neutral_centres: Annotated[list[str], msgspec.Meta(description="centres still held by neutral armies")]
    unowned_centres: list[str]
    captured: Annotated[dict[str, str], msgspec.Meta(description="centre -> its new owner, at this phase's update")]
    centre_counts: dict[str, int]
    adjustments: dict[str, int]
    rebuilt: Annotated[list[str], msgspec.Meta(description="neutral armies rebuilt in winter")]
    missing: list[Missing]
    units: Annotated[
        dict[str, list[str]], msgspec.Meta(description="the units after the phase, per power, then 'neutral'")
    ]
    centres: Annotated[dict[str, str], msgspec.Meta(description="centre -> owner after the phase")]
    next_phase: str | None
    deadline: Annotated[
        datetime | None, msgspec.Meta(description="when the next phase is due (UTC), if a deadline is set")
    ]
    result: PostResult
    zone: Annotated[
        str, msgspec.Meta(description="the game's time zone the deadline is shown in (IANA name; '' is UTC)")
    ] = ""
    correction: Annotated[
        list[str] | None,
        msgspec.Meta(
            description="set when the phase was adjudicated again after a rollback, to other results than were "
            "published: what changed, one line each"
        ),
    ] = None
    gm_adjustments: Annotated[
        list[str], msgspec.Meta(description="the GM's edits of the board made before this phase was adjudicated")
    ] = msgspec.field(default_factory=list)

    @property
    def title(self) -> str:
        """``Kyoto 1570, Sengoku Jidai (6DP): Spring 1570 movement results``; a preview or a correction says so."""
        game = f"{self.game}, {self.variant}" if self.game else self.variant
        mark = (
            " (PREVIEW: not adjudicated yet)"
            if self.preview
            else " (CORRECTION)"
            if self.correction is not None
            else ""
        )
        return f"{game}: {self.phase} results{mark}"

    @property
    def subject(self) -> str:
        """A mail subject: ``Kyoto 1570: Spring 1570 movement results``; a correction and the game's end say so."""
        return self.subject_with(self.game or self.variant)

    def subject_with(self, name: str) -> str:
        """:attr:`subject` with the game's name as given (the mail marks and bounds a GM's words)."""
        if self.preview:
            return f"{name}: {self.phase} results (preview)"
        fixed = "CORRECTION: " if self.correction is not None else ""
        over = (
            f" - THE GAME IS OVER: {self.result.text.rstrip('.')}" if self.result.kind is not ResultKind.ONGOING else ""
        )
        return f"{name}: {fixed}{self.phase} results{over}"

    def order_groups(self) -> list[tuple[str, list[OrderLine]]]:
        """The orders under their power's name (``Neutral units`` last), in the order given."""
        groups: dict[str, list[OrderLine]] = {}
        for line in self.orders:
            groups.setdefault(line.power or NEUTRAL, []).append(line)
        return list(groups.items())


NEUTRAL = "Neutral units"
