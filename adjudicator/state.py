"""The whole game as one serialisable value.

Files and databases are the shells' business; the engine only turns a
:class:`GameState` into JSON and back (``model_dump_json`` /
``model_validate_json``), with a schema version so an old file is recognised.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field

from adjudicator.position import Position
from adjudicator.records import GameResult, PhaseReport
from adjudicator.rules import rules_for
from adjudicator.sent import SentMessage
from maps.terms import PhaseType
from orders.model import Order

__all__ = ["MAX_NAME_CHARS", "SCHEMA_VERSION", "GameState", "HistoryEntry", "name_problem"]

SCHEMA_VERSION: Literal[1] = 1
MAX_NAME_CHARS = 80
_UNPRINTABLE = {"Cc", "Cs", "Zl", "Zp"}  # control characters, lone surrogates, line and paragraph separators
_LINE_BREAKS = set("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")  # what str.splitlines breaks a line at


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a game's name, or None when it can.

    The name heads every results post and is the Subject of every mail: a
    line break in it would end the Subject and start a header of the
    sender's choosing (``Kyoto\nBcc: victim@example.com``), and a control
    character garbles a forum post. So a name is one line of printable
    text. The command line and the web site both ask here.
    """
    if len(name) > MAX_NAME_CHARS:
        return f"a game's name is at most {MAX_NAME_CHARS} characters (this one has {len(name)})"
    for char in name:
        if unicodedata.category(char) in _UNPRINTABLE:
            what = "a line break" if char in _LINE_BREAKS else "a control character"
            return f"a game's name is one line of printable text; this one holds {what} ({char!r}, U+{ord(char):04X})"
    return None


class HistoryEntry(BaseModel):
    """One adjudicated phase: the board before it, the orders given, and the report."""

    model_config = ConfigDict(frozen=True)

    before: Position
    orders: dict[str, list[Order]]
    report: PhaseReport
    adjudicated_at: datetime | None = Field(
        default=None,
        description="when the phase was adjudicated (UTC), so when the next one opened; none in older games",
    )
    deadline: datetime | None = Field(
        default=None,
        description="the phase's own deadline when it was adjudicated (the post before it named it); none if unset",
    )


class GameState(BaseModel):
    model_config = ConfigDict(frozen=True)

    schema_version: Literal[1] = SCHEMA_VERSION
    variant: str
    name: str = ""
    position: Position
    orders: dict[str, list[Order]] = Field(default_factory=dict, description="orders submitted this phase")
    all_refused: list[str] = Field(
        default_factory=list,
        description="powers whose latest message this phase had every line refused (their earlier orders stand)",
    )
    messages_read: list[str] = Field(
        default_factory=list, description="Message-IDs of the mail already read into this game (never read twice)"
    )
    draw_votes: dict[str, list[str]] = Field(
        default_factory=dict, description="power -> the powers its draw proposal includes"
    )
    concessions: dict[str, str] = Field(default_factory=dict, description="conceding power -> power conceded to")
    addresses: dict[str, list[str]] = Field(
        default_factory=dict, description="power -> the email addresses its orders come from and results go to"
    )
    result: GameResult = Field(default_factory=GameResult)
    history: list[HistoryEntry] = Field(default_factory=list)
    deadline: datetime | None = Field(
        default=None, description="when the open phase is due (UTC), as the GM set it; cleared by adjudication"
    )
    mail_results: bool = Field(default=False, description="mail the results post to the players after adjudication")
    sent: list[SentMessage] = Field(default_factory=list, description="mail the players were sent (see outbox)")

    @property
    def phase_opened(self) -> datetime | None:
        """When the open phase opened: the last adjudication's time (None for the first phase, or not recorded).

        Mail dated before it was written for an earlier phase (:mod:`inbox.intake`).
        """
        return self.history[-1].adjudicated_at if self.history else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def dp(self) -> dict[str, int]:
        """Each power's Diplomacy Points this phase (written to the JSON for readers; never read back).

        Derived, not stored: DP follow from the centres owned, so a saved number
        could only ever disagree with them.
        """
        rules = rules_for(self.variant)
        if self.position.phase.type is not PhaseType.MOVEMENT or not rules.max_dp:
            return {}
        owners = sorted(set(self.position.centres.values()))
        return {power: rules.dp_allowance(len(self.position.centres_of(power))) for power in owners}
