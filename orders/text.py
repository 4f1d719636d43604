"""Orders back to text: the canonical form a GM posts.

With a board the text uses full province names (``A Kai - Suruga``); without
one it uses ids (``A KAI - SUR``). Either form parses back to the same order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from maps.terms import Location, coast_of, province_of
from orders.model import (
    Build,
    Convoy,
    Disband,
    DPOrder,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitRef,
    Waive,
)

if TYPE_CHECKING:
    from maps.board import Board

__all__ = ["location_text", "order_text", "unit_text"]


def location_text(location: Location, board: Board | None = None) -> str:
    province = province_of(location)
    name = board.provinces[province].name if board is not None and province in board.provinces else province
    coast = coast_of(location)
    return f"{name} ({coast.lower()})" if coast else name


def unit_text(unit: UnitRef, board: Board | None = None) -> str:
    where = location_text(unit.location, board)
    return f"{unit.type.value} {where}" if unit.type else where


def order_text(order: Order, board: Board | None = None) -> str:
    """The canonical text of an order."""
    if isinstance(order, Waive):
        return "Waive"
    if isinstance(order, DPOrder):
        return f"{order.points} : {order_text(order.order, board)}"
    if isinstance(order, Build):
        return f"Build {unit_text(order.unit, board)}"
    if isinstance(order, Remove):
        return f"Remove {unit_text(order.unit, board)}"
    unit = unit_text(order.unit, board)
    if isinstance(order, Hold):
        return f"{unit} H"
    if isinstance(order, Move):
        suffix = " via convoy" if order.via_convoy else ""
        return f"{unit} - {location_text(order.destination, board)}{suffix}"
    if isinstance(order, SupportHold):
        return f"{unit} S {unit_text(order.supported, board)}"
    if isinstance(order, SupportMove):
        target = location_text(order.destination, board)
        return f"{unit} S {unit_text(order.supported, board)} - {target}"
    if isinstance(order, Convoy):
        target = location_text(order.destination, board)
        return f"{unit} C {unit_text(order.convoyed, board)} - {target}"
    if isinstance(order, Retreat):
        return f"{unit} R {location_text(order.destination, board)}"
    assert isinstance(order, Disband)
    return f"{unit} disband"
