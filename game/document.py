"""A position written as a document with names: the reverse of :func:`game.setup.position_from_document`.

A GM copies a position out of one game (``sengoku status --position``) or out
of the web sandbox and into another; the document names provinces as people
write them, so it can be read and edited by hand. The format is
``docs/position-format.md``. Pure: turning the document into YAML text is the
shells' business.
"""

from __future__ import annotations

from typing import Any

from adjudicator.position import DislodgedUnit, Position
from maps.board import Board
from orders.text import location_text

__all__ = ["NEUTRAL", "position_document"]

NEUTRAL = "neutral"
"""The key under ``units`` for neutral units (any case)."""


def position_document(board: Board, position: Position) -> dict[str, Any]:
    """The document for a position, with names: the reverse of :func:`game.setup.position_from_document`."""
    units: dict[str, list[str]] = {}
    for unit in position.units:
        units.setdefault(unit.power or NEUTRAL, []).append(f"{unit.type.value} {location_text(unit.location, board)}")
    centres: dict[str, list[str]] = {}
    for centre, owner in sorted(position.centres.items(), key=lambda item: board.provinces[item[0]].name):
        centres.setdefault(owner, []).append(board.provinces[centre].name)
    document: dict[str, Any] = {
        "variant": board.name,
        "phase": str(position.phase),
        "units": _in_board_order(board, units),
        "centres": _in_board_order(board, centres),
        "neutral_centres": sorted(board.provinces[c].name for c in position.neutral_centres),
    }
    if position.dislodged:
        document["dislodged"] = [_dislodged_entry(board, d) for d in position.dislodged]
    if position.contested:
        document["contested"] = [board.provinces[p].name for p in position.contested]
    return document


def _in_board_order(board: Board, by_power: dict[str, list[str]]) -> dict[str, list[str]]:
    order = [*board.power_names, NEUTRAL]
    return {power: by_power[power] for power in order if power in by_power}


def _dislodged_entry(board: Board, dislodged: DislodgedUnit) -> dict[str, Any]:
    unit = dislodged.unit
    entry: dict[str, Any] = {
        "unit": f"{unit.type.value} {location_text(unit.location, board)}",
        "power": unit.power or NEUTRAL,
    }
    if dislodged.attacker_from:
        entry["attacker_from"] = board.provinces[dislodged.attacker_from].name
    if dislodged.via_convoy:
        entry["via_convoy"] = True
    return entry
