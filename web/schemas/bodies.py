"""The JSON API's request and response bodies; the OpenAPI document is generated from them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from adjudicator.position import Phase
from game.records import AnyVerdict, PhaseReport, ResultKind
from game.state import MAX_NAME_CHARS, name_problem
from orders.cleantext import plain_name
from orders.structs import Pydantic
from post import Post
from post.document import Lot

__all__ = [
    "Refusal",
    "BidIn",
    "BidOut",
    "ConcedeIn",
    "Created",
    "DeadlineIn",
    "DrawIn",
    "ErrorOut",
    "GameOut",
    "GmOut",
    "HistoryItem",
    "LineOut",
    "InboxIn",
    "InboxOut",
    "SentOut",
    "OrdersIn",
    "OrdersOut",
    "PhaseOut",
    "PlayerOut",
    "PowerRow",
    "ResultOut",
    "SubmissionOut",
    "UnitOut",
    "VersionIn",
    "VotesOut",
    "NewGameIn",
    "NewLinkIn",
    "LinkOut",
    "AuctionOut",
    "MailIn",
    "MailOut",
    "MailSettingsIn",
    "PreviewOut",
    "ListingIn",
]

Hours = Field(default=None, ge=1, le=24 * 60)


def _as_utc(moment: datetime) -> datetime:
    """The tables keep naive UTC times; an answer says so (``...Z``, as RFC 3339 and the OpenAPI format want)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _sane_deadline(moment: datetime | None) -> datetime | None:
    if moment is not None and not 2000 <= moment.year <= 9000:
        raise ValueError("a deadline between the years 2000 and 9000, please")
    return moment


UtcTime = Annotated[datetime, AfterValidator(_as_utc)]
"""A time in an answer: always UTC, always with its zone."""


def _game_name(name: str) -> str:
    name = plain_name(name)
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    return name


GameName = Annotated[str, AfterValidator(_game_name)]
"""A game's name: the engine's one rule (:func:`game.state.name_problem`), so the CLI and the site agree."""


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class NewGameIn(_In):
    """A new game. With hours set, each phase gets a deadline that long after it opens."""

    variant: str = Field(default="sengoku", max_length=40)
    name: GameName = Field(min_length=1, max_length=MAX_NAME_CHARS, description="one line of printable text")
    movement_hours: int | None = Field(default=None, ge=1, le=24 * 60, description="hours for a movement phase")
    other_hours: int | None = Field(default=None, ge=1, le=24 * 60, description="hours for retreats and builds")
    listed: bool = Field(default=False, description="show the game on the front page (otherwise only links lead to it)")
    invitation: str | None = Field(default=None, max_length=100, description="where the site asks for one: the code")


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


class DrawIn(_In):
    powers: list[str] | None = Field(description="the powers in the proposed draw; null withdraws the vote")


class ConcedeIn(_In):
    to: str = Field(max_length=40)


class VersionIn(_In):
    """The game version the GM saw: the action is refused (409) if the game changed since."""

    version: int | None = None


class DeadlineIn(_In):
    """Set or clear the current deadline, and (optionally) the deadline rule for later phases."""

    hours_from_now: float | None = Field(default=None, gt=0, le=24 * 60)
    at: Annotated[datetime | None, AfterValidator(_sane_deadline)] = Field(
        default=None, description="an exact time (UTC if no zone is given)"
    )
    movement_hours: int | None = Hours
    other_hours: int | None = Hours


class ListingIn(_In):
    """Whether the game is shown on the site's front page."""

    listed: bool


class NewLinkIn(_In):
    role: str = Field(max_length=40, description="'gm' or a power")


class ErrorOut(BaseModel):
    error: str
    status: int


class PhaseClosedOut(ErrorOut):
    """A save for a phase that is no longer open (409): nothing was stored, for that phase or any other."""

    phase: str = Field(description="the phase the save named")
    open_phase: str = Field(description="the phase open now (the game is over if `over`)")
    adjudicated_at: datetime | None = Field(description="when the named phase was adjudicated (UTC), if it was")
    over: bool = Field(description="the game is over")
    text: str = Field(description="the text sent, returned unchanged: send it again naming `open_phase` to use it")


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


class UnitOut(BaseModel):
    location: str
    text: str


class ResultOut(BaseModel):
    kind: ResultKind
    powers: list[str]
    text: str


class PowerRow(BaseModel):
    power: str
    centres: int
    centre_names: list[str]
    units: list[str]


class HistoryItem(BaseModel):
    number: int = Field(description="the phase's number in the history, from 1 (as `sengoku history N` counts)")
    index: int = Field(description="the same, from 0 (the older /phases/INDEX addresses)")
    phase: str


class GameOut(BaseModel):
    id: str
    name: str
    variant: str
    phase: str
    version: int
    deadline: UtcTime | None
    result: ResultOut
    powers: list[PowerRow]
    neutral_units: list[str]
    history: list[HistoryItem]
    paused: bool = Field(default=False, description="the GM paused the game: no deadline runs until resumed")


class PhaseOut(BaseModel):
    number: int = Field(description="the phase's number in the history, from 1 (as `sengoku history N` counts)")
    index: int = Field(description="the same, from 0 (the older /phases/INDEX addresses)")
    phase: str
    format: str = Field(default="plain", description="plain, bbcode, markdown, html or json")
    text: str = Field(description="the results post in the asked format (?format=), as the CLI prints it")
    report: PhaseReport


class PreviewOut(BaseModel):
    """What adjudicating now would post, from the orders saved so far; nothing is adjudicated."""

    phase: str
    format: str = Field(description="plain, bbcode, markdown, html or json")
    text: str
    post: Post


class AuctionOut(BaseModel):
    """The DP auction as it would stand on this power's own bids (the other powers' bids are secret)."""

    phase: str
    power: str
    lots: list[Lot]


class MailIn(_In):
    what: Literal["results", "reminder", "links"] = Field(
        description="the last results post; a reminder to the powers with no orders saved; or new secret links"
    )
    power: str | None = Field(default=None, max_length=40, description="links: to this power alone (after the first)")


class MailOut(BaseModel):
    sent: list[str] = Field(description="'Power <address>' for each message the server accepted")
    failed: list[str] = Field(description="'Power <address>: why' for each message not sent")
    already: list[str] = Field(description="messages sent before, not sent again")
    unaddressed: list[str] = Field(description="powers with no address in the address book")


class MailSettingsIn(_In):
    mail_results: bool = Field(
        default=False, description="mail the results post to the players after each adjudication"
    )
    addresses: dict[str, list[str]] = Field(default_factory=dict, description="power -> its email addresses")


class PlayerOut(BaseModel):
    game_id: str
    power: str
    phase: str
    phase_type: str
    version: int
    deadline: UtcTime | None
    result: ResultOut
    units: list[UnitOut]
    centres: list[str]
    dp: int
    dp_spent: int
    dp_left: int
    orders: list[str]
    bids: list[UnitOut]
    neutral_units: list[UnitOut]
    survivors: list[str]
    draw_vote: list[str] | None
    conceded_to: str | None
    ready: bool = Field(default=False, description="this power said it is done with the phase")
    ready_powers: list[str] = Field(default_factory=list, description="every power ready now")
    waiting_for: list[str] = Field(default_factory=list, description="powers with orders to give, not ready yet")
    early_when_ready: bool = Field(default=False, description="adjudicated as soon as nobody is waited for")
    paused: bool = Field(default=False, description="the GM paused the game: no deadline runs until resumed")


class SubmissionOut(BaseModel):
    power: str
    submitted: UtcTime | None
    orders: list[str]
    ready: bool = Field(default=False, description="the power said it is done with this phase")
    due: bool = Field(default=True, description="the power has something to order this phase")
    all_refused: bool = Field(
        default=False, description="the power's latest message had every line refused (earlier orders stand)"
    )
    still: str = Field(default="", description="what it still owes: units without orders, builds, removals")
    refused: list[str] = Field(default_factory=list, description="its lines refused at the last reading, and why")


class VotesOut(BaseModel):
    draw_votes: dict[str, list[str]]
    concessions: dict[str, str]


class GmLogOut(BaseModel):
    """One change a GM made to the game (the same log as ``sengoku history --log``)."""

    at: datetime | None = Field(default=None, description="when (UTC)")
    by: str = Field(description="through what: 'GM page', 'API', 'command line (gm)', 'the deadline (automatic)'")
    phase: str = Field(description="the phase open when it was done")
    action: str


class GmOut(BaseModel):
    game: GameOut
    submissions: list[SubmissionOut]
    votes: VotesOut
    movement_hours: int | None
    other_hours: int | None
    listed: bool = Field(description="shown on the front page")
    last_report: str | None
    mail_results: bool = False
    addresses: dict[str, list[str]] = Field(default_factory=dict)
    mail_ready: bool = Field(default=False, description="whether this site can send mail (SMTP set up)")
    reminder_hours: list[int] = Field(
        default_factory=list, description="hours before the deadline at which the site reminds the powers by itself"
    )
    early_when_ready: bool = Field(default=False, description="adjudicated as soon as every power is ready")
    channel: str | None = Field(default=None, description="the chat channel results go to (its host only)")
    channel_post_results: bool = Field(default=False, description="results are posted there after each adjudication")
    log: list[GmLogOut] = Field(default_factory=list, description="what the GM did to the game, newest first")


class Created(BaseModel):
    id: str
    gm_token: str
    power_tokens: dict[str, str]
    links: dict[str, str]


class LinkOut(BaseModel):
    role: str
    token: str
    link: str
