"""Orders back to text: the canonical form a GM posts.

With a board the text uses full province names (``A Kai - Suruga``); without
one it uses ids (``A KAI - SUR``). Either form parses back to the same order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from maps.perboard import per_board
from maps.terms import Location, UnitType, coast_of, province_of
from orders.kinds import KINDS, kind_table
from orders.model import DPOrder, Order, UnitRef

if TYPE_CHECKING:
    from maps.board import Board

__all__ = ["location_text", "order_text", "unit_text"]


def location_text(location: Location, board: Board | None = None) -> str:
    if board is None:
        return _written(location, None)
    return _texts(board).get(location) or _written(location, board)


@per_board
def _texts(board: Board) -> Mapping[str, str]:
    """Every place on the board as text, written once: a results post names the same few dozen again and again."""
    return {location: _written(location, board) for location in board.location_provinces}


def _written(location: Location, board: Board | None) -> str:
    province = province_of(location)
    name = board.provinces[province].name if board is not None and province in board.provinces else province
    coast = coast_of(location)
    return f"{name} ({coast.lower()})" if coast else name


def unit_text(unit: UnitRef, board: Board | None = None) -> str:
    where = location_text(unit.location, board)
    kind = unit.type
    return f"{_LETTER[kind]} {where}" if kind else where


_LETTER = {kind: kind.value for kind in UnitType}  # an enum's .value is a slow property in Python 3.11


def order_text(order: Order, board: Board | None = None) -> str:
    """The canonical text of an order."""
    return _TEXT[order.kind](order, board)


def _unit_then(word: str) -> Callable[[Any, Board | None], str]:
    """``A Kai H``, ``A Kai disband``: the unit, then the kind's word."""
    return lambda order, board: f"{unit_text(order.unit, board)} {word}"


def _word_then(word: str) -> Callable[[Any, Board | None], str]:
    """``Build A Kai``, ``Remove F Iyo``: the kind's word, then the unit."""
    return lambda order, board: f"{word} {unit_text(order.unit, board)}"


def _to(word: str, suffix: Callable[[Any], str] = lambda order: "") -> Callable[[Any, Board | None], str]:
    """``A Kai - Suruga``, ``F Iyo R Tosa Bay``: the unit, the word, the destination."""
    return lambda order, board: (
        f"{unit_text(order.unit, board)} {word} {location_text(order.destination, board)}{suffix(order)}"
    )


def _for_unit(word: str, field: str) -> Callable[[Any, Board | None], str]:
    """``F Mikawa S A Owari``, ``... S A Owari - Mino``, ``F Ise C A Owari - Shima``."""

    def text(order: Any, board: Board | None) -> str:
        head = f"{unit_text(order.unit, board)} {word} {unit_text(getattr(order, field), board)}"
        destination = getattr(order, "destination", None)
        return head if destination is None else f"{head} - {location_text(destination, board)}"

    return text


def _dp(order: DPOrder, board: Board | None) -> str:
    return f"{order.points} {KINDS['dp'].word} {order_text(order.order, board)}"


_TEXT: dict[str, Callable[[Any, Board | None], str]] = kind_table(
    {
        "hold": _unit_then(KINDS["hold"].word),
        "move": _to(KINDS["move"].word, lambda order: " via convoy" if order.via_convoy else ""),
        "support_hold": _for_unit(KINDS["support_hold"].word, "supported"),
        "support_move": _for_unit(KINDS["support_move"].word, "supported"),
        "convoy": _for_unit(KINDS["convoy"].word, "convoyed"),
        "retreat": _to(KINDS["retreat"].word),
        "disband": _unit_then(KINDS["disband"].word),
        "build": _word_then(KINDS["build"].word),
        "remove": _word_then(KINDS["remove"].word),
        "waive": lambda order, board: KINDS["waive"].word,
        "dp": _dp,
    }
)
