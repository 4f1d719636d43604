"""The JSON API's request and response bodies; the OpenAPI document is generated from them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from game.records import PhaseReport, ResultKind
from game.state import MAX_NAME_CHARS, name_problem
from maps import DEFAULT_VARIANT
from orders.cleantext import plain_name
from post import Post
from post.document import Lot

__all__ = [
    "ConcedeIn",
    "Created",
    "DeadlineIn",
    "DrawIn",
    "ErrorOut",
    "GameOut",
    "GmOut",
    "HistoryItem",
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

    variant: str = Field(default=DEFAULT_VARIANT, max_length=40)
    name: GameName = Field(min_length=1, max_length=MAX_NAME_CHARS, description="one line of printable text")
    movement_hours: int | None = Field(default=None, ge=1, le=24 * 60, description="hours for a movement phase")
    other_hours: int | None = Field(default=None, ge=1, le=24 * 60, description="hours for retreats and builds")
    listed: bool = Field(default=False, description="show the game on the front page (otherwise only links lead to it)")
    invitation: str | None = Field(default=None, max_length=100, description="where the site asks for one: the code")


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
