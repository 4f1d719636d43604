"""The order language: typed order models, the text parser and canonical text.

Pure: no I/O. Depends only on :mod:`maps` (for province names).
"""

from orders.mail import AddressBook, parse_orders
from orders.model import (
    Build,
    Convoy,
    Disband,
    DPOrder,
    Hold,
    Move,
    NeutralOrder,
    Order,
    OrderAdapter,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitRef,
    Waive,
)
from orders.parser import parse_order
from orders.text import location_text, order_text, unit_text
from orders.verdicts import Ignored, LineVerdict, MessageSpan, ParsedOrders, Submission, VerdictKind

__all__ = [
    "AddressBook",
    "Ignored",
    "MessageSpan",
    "Submission",
    "Build",
    "Convoy",
    "DPOrder",
    "Disband",
    "Hold",
    "LineVerdict",
    "Move",
    "NeutralOrder",
    "Order",
    "OrderAdapter",
    "ParsedOrders",
    "Remove",
    "Retreat",
    "SupportHold",
    "SupportMove",
    "UnitRef",
    "VerdictKind",
    "Waive",
    "location_text",
    "order_text",
    "parse_order",
    "parse_orders",
    "unit_text",
]
