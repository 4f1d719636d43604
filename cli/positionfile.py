"""A GM's position file (YAML, with province names): read for ``new --position``, written by ``status --position``.

The file work and YAML live here, in the shell; turning a document into a
checked position is the engine's :mod:`adjudicator.setup`. Every error names
the file, then the entry and the problem. The format: docs/position-format.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adjudicator.position import Dislodged, Position
from adjudicator.setup import NEUTRAL, PositionError, position_from_document
from maps import Board, SengokuError
from orders.text import location_text

__all__ = ["PositionFileError", "position_yaml", "read_document", "read_position", "variant_of"]


class PositionFileError(SengokuError):
    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")


def read_document(path: Path) -> object:
    """The parsed YAML (JSON is YAML too) of a position file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PositionFileError(path, "no such position file") from None
    except UnicodeDecodeError:
        raise PositionFileError(path, "not a position file (not UTF-8 text)") from None
    except OSError as error:
        raise PositionFileError(path, f"cannot read it ({error.strerror or error})") from None
    from maps.yamlread import YamlError, read_yaml  # PyYAML only for the commands that read a position

    try:
        return read_yaml(text)
    except YamlError as error:
        raise PositionFileError(path, str(error)) from None


def variant_of(document: object) -> str | None:
    """The variant a position file names, if it names one."""
    variant = document.get("variant") if isinstance(document, dict) else None
    return variant if isinstance(variant, str) else None


def read_position(path: Path, board: Board, document: object) -> Position:
    try:
        return position_from_document(board, document)
    except PositionError as error:
        raise PositionFileError(path, str(error)) from None


def position_yaml(board: Board, position: Position) -> str:
    """The position as a position file, one line per power (``new --position`` reads it back)."""
    import yaml  # only `status --position` writes YAML

    document = position_document(board, position)
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=1000, default_flow_style=None)


def position_document(board: Board, position: Position) -> dict[str, Any]:
    """The document for a position, with names: the reverse of :func:`adjudicator.setup.position_from_document`."""
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


def _dislodged_entry(board: Board, dislodged: Dislodged) -> dict[str, Any]:
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
