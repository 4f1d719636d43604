"""The order language: typed order models, the text parser and canonical text.

Pure: no I/O. Depends only on :mod:`maps` (for province names).

The parser, the mail reader and their verdicts are imported when first used
(``orders.parse_orders`` or ``from orders import parse_orders``), not with
the package: a command that only reads a game never parses text and should
not wait for the parser.
"""

from typing import TYPE_CHECKING, Any

from orders.model import (
    Build,
    Convoy,
    Disband,
    DPOrder,
    Hold,
    Move,
    NeutralOrder,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitRef,
    Waive,
    order_from,
)
from orders.text import location_text, order_text, unit_text

if TYPE_CHECKING:
    from orders.mail import AddressBook, parse_orders
    from orders.parser import parse_order
    from orders.verdicts import Ignored, LineVerdict, MessageSpan, ParsedOrders, Submission, VerdictKind

_LAZY = {
    "AddressBook": "orders.mail",
    "parse_orders": "orders.mail",
    "parse_order": "orders.parser",
    "Ignored": "orders.verdicts",
    "LineVerdict": "orders.verdicts",
    "MessageSpan": "orders.verdicts",
    "ParsedOrders": "orders.verdicts",
    "Submission": "orders.verdicts",
    "VerdictKind": "orders.verdicts",
}


def __getattr__(name: str) -> Any:
    """The parser's names, imported on first use (PEP 562)."""
    if name not in _LAZY:
        raise AttributeError(f"module 'orders' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


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
    "order_from",
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
