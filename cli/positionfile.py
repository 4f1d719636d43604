"""A GM's position file (YAML, with province names): read for ``new --position``, written by ``status --position``.

The file work and YAML live here, in the shell; turning a document into a
checked position is the engine's :mod:`game.setup`. Every error names
the file, then the entry and the problem. The format: docs/position-format.md.
"""

from __future__ import annotations

from pathlib import Path

from adjudicator.position import Position
from game.document import position_document
from localfiles.reading import FileRefused, read_regular_file
from maps import Board, SengokuError

__all__ = ["PositionFileError", "position_yaml", "read_document", "read_position", "variant_of"]

MAX_BYTES = 8 * 1024 * 1024  # a position is a few kilobytes; a device or a giant file is no position file


class PositionFileError(SengokuError):
    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")


def read_document(path: Path) -> object:
    """The parsed YAML (JSON is YAML too) of a position file."""
    try:
        text = read_regular_file(path, MAX_BYTES, noun="position file").decode("utf-8")
    except FileRefused as refused:
        raise PositionFileError(path, "no such position file" if refused.missing else refused.problem) from None
    except UnicodeDecodeError:
        raise PositionFileError(path, "not a position file (not UTF-8 text)") from None
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
    # pydantic checks the shape of the GM's file: loaded by `new --position` only, never by `status --position`
    from game.setup import PositionError, position_from_document

    try:
        return position_from_document(board, document)
    except PositionError as error:
        raise PositionFileError(path, str(error)) from None


def position_yaml(board: Board, position: Position) -> str:
    """The position as a position file, one line per power (``new --position`` reads it back)."""
    import yaml  # only `status --position` writes YAML

    document = position_document(board, position)
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=1000, default_flow_style=None)
