"""The JSON API's bodies for orders: a power's order text, a GM's pasted mail and a DP bid, and the verdict on each
line (the engine's verdict as a code beside its words)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from adjudicator.position import Phase
from game.records import AnyVerdict
from orders.structs import Pydantic
from web.schemas.bodies import _In

__all__ = [
    "BidIn",
    "BidOut",
    "InboxIn",
    "InboxOut",
    "LineOut",
    "OrdersIn",
    "OrdersOut",
    "Refusal",
    "SentOut",
]


class OrdersIn(_In):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=False)  # line numbers count every line

    text: str = Field(max_length=20_000, description="orders in the order language, one a line")
    merge: bool = Field(
        default=False,
        description="false: the text's orders replace the power's orders; true: they replace only its orders "
        "for the same units (and the same neutral units' DP orders)",
    )
    phase: Annotated[str, AfterValidator(lambda text: str(Phase.parse(text)))] | None = Field(
        default=None,
        max_length=40,
        description="the phase the orders are for, as `phase` in GET /me gives it ('Spring 1570 movement'; "
        "'Spring 1570' means its movement). Saved only while that phase is open: once it is adjudicated (or "
        "rolled back) the save is refused with 409 and nothing is stored. Without it the orders are saved for "
        "whatever phase is open when they arrive, and the answer's `note` says so",
    )
    version: int | None = Field(
        default=None,
        ge=1,
        description="the game version (GET /api/games/GAME) the orders were drawn from; informational: "
        "the phase decides whether they are saved",
    )


class InboxIn(_In):
    """Orders a power sent by email (or a forum post), pasted by the GM: read as `sengoku orders` reads them."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=False)

    text: str = Field(max_length=60_000, description="the pasted mail: headers, orders, quotes, signatures")
    power: str | None = Field(default=None, max_length=40, description="the power for lines before any header")
    merge: bool = Field(default=False, description="as in OrdersIn: false replaces, true merges by unit")


class BidIn(_In):
    """A DP order for a neutral unit: hold, support hold or support move, worth 1 or 2 DP."""

    unit: str = Field(min_length=1, max_length=40, description="the neutral unit's province (id or name)")
    kind: Literal["hold", "support_hold", "support_move"]
    supported: str | None = Field(default=None, max_length=40, description="the supported unit's province")
    destination: str | None = Field(default=None, max_length=40, description="where the supported unit moves")
    points: int = Field(ge=1, le=9)
    phase: Annotated[str, AfterValidator(lambda text: str(Phase.parse(text)))] | None = Field(
        default=None,
        max_length=40,
        description="the phase the bid is for, as in OrdersIn: once it is closed the bid is refused (409)",
    )


Refusal = Annotated[
    AnyVerdict | None,
    Pydantic(),
    Field(
        description="why the engine refused the order, as a code: its verdict ({'kind': 'void', 'why': 'not_yours', "
        "'places': ['Kai', 'Takeda']}, or {'kind': 'too_many', 'due': 1, 'of': 'build'}); the same in words is "
        "'problem'",
    ),
]
"""A refused order's verdict in an answer: the code beside the words."""


class LineOut(BaseModel):
    """The verdict on one line of the order text."""

    number: int
    text: str
    kind: Literal["order", "refused", "error", "header", "ignored"]
    ok: bool
    order: str | None = Field(default=None, description="the order in canonical text")
    problem: str | None = None
    suggestions: list[str] = Field(default_factory=list)
    power: str | None = Field(default=None, description="the power the line is read for")
    note: str | None = Field(
        default=None,
        description="why an ignored line is no order (chatter, signature, quoted text, 'quoted, not counted', "
        "wrapping, mail header, comment, blank), where a header's power came from, or the remark after an order "
        "('as agreed' of 'A Kai - Suruga <- as agreed')",
    )
    unit: str | None = Field(default=None, description="the province of the unit the line orders (or builds in)")
    points: int | None = Field(
        default=None, description="a DP order's Diplomacy Points (the page's DP panel counts the accepted ones)"
    )
    refusal: Refusal = None
    unread: str | None = Field(
        default=None,
        description="a line that could not be read: its word that names no province of the map, as written "
        "('Xyz' of 'A Kai - Xyz')",
    )


class OrdersOut(BaseModel):
    phase: str = Field(description="the phase the orders are for")
    lines: list[LineOut]
    accepted: int = Field(description="how many of this text's lines were accepted now (0 when every one was refused)")
    refused: int = Field(description="how many of this text's lines were refused")
    standing: int = Field(
        default=0,
        description="how many orders the power has stored for the phase now (after a save; as it would be, "
        "for a check): this text's accepted ones, the earlier ones a merge kept, or the earlier ones that "
        "stand because nothing was stored",
    )
    saved: list[str] = Field(default_factory=list, description="the power's orders now stored (after a save)")
    note: str | None = Field(
        default=None,
        description="said when the save named no phase: the phase the orders were stored for (the one open)",
    )
    kept_earlier: bool = Field(
        default=False,
        description=(
            "nothing was stored and the earlier orders stand: every line was refused, or the text held no order"
            " (only talk, quotes or a signature; an empty text clears the orders)"
        ),
    )


class SentOut(BaseModel):
    """What one power's message stored."""

    power: str
    mode: Literal["replace", "merge"]
    accepted: int
    refused: int
    kept_earlier: bool = Field(description="every line was refused: nothing was stored and the earlier orders stand")
    earlier: int = Field(description="how many orders the power had before")
    replaced: int = Field(description="how many of the earlier orders the message replaced")
    kept: int = Field(description="how many of the earlier orders stand (merge, or every line refused)")
    note: str = Field(
        description="what became of the earlier orders, in words ('merged: 1 of 2 earlier replaced, 1 kept')"
    )
    stored: list[str] = Field(description="the power's orders now stored")


class InboxOut(BaseModel):
    phase: str
    lines: list[LineOut]
    messages: int = Field(description="how many messages the paste held")
    sent: list[SentOut]
    refused: int
    quoted_orders: int = Field(description="quoted lines that look like orders, not counted")


class BidOut(BaseModel):
    order: str | None = None
    problem: str | None = None
    refusal: Refusal = None
    saved: list[str]
