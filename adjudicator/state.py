"""The whole game as one serialisable value.

Files and databases are the shells' business; the engine only turns a
:class:`GameState` into JSON and back (``model_dump_json`` /
``model_validate_json``), with a schema version so an old file is recognised.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.position import Position
from adjudicator.records import GameResult, PhaseReport
from orders.model import Order

__all__ = ["SCHEMA_VERSION", "GameState", "HistoryEntry"]

SCHEMA_VERSION: Literal[1] = 1


class HistoryEntry(BaseModel):
    """One adjudicated phase: the board before it, the orders given, and the report."""

    model_config = ConfigDict(frozen=True)

    before: Position
    orders: dict[str, list[Order]]
    report: PhaseReport


class GameState(BaseModel):
    model_config = ConfigDict(frozen=True)

    schema_version: Literal[1] = SCHEMA_VERSION
    variant: str
    name: str = ""
    position: Position
    orders: dict[str, list[Order]] = Field(default_factory=dict, description="orders submitted this phase")
    draw_votes: dict[str, list[str]] = Field(
        default_factory=dict, description="power -> the powers its draw proposal includes"
    )
    concessions: dict[str, str] = Field(default_factory=dict, description="conceding power -> power conceded to")
    result: GameResult = Field(default_factory=GameResult)
    history: list[HistoryEntry] = Field(default_factory=list)
