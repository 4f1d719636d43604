"""What the reader says about each line of a text.

Every line gets exactly one verdict, so a GM can show a player exactly which
lines were taken and why the others were not; nothing is silently dropped.
A line is an order (the engine may still refuse it), an order-like line the
parser refused (counted as a problem), a header naming a power, or one of
the kinds of text that are no orders at all (:class:`Ignored`), which are
listed but never counted as refused.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

import msgspec

from orders.model import Order

__all__ = ["Ignored", "LineVerdict", "MessageSpan", "ParsedOrders", "Submission", "VerdictKind"]


class VerdictKind(StrEnum):
    ORDER = "order"
    ERROR = "error"
    HEADER = "header"
    IGNORED = "ignored"


class Ignored(StrEnum):
    """Why a line is no order; the value is how a GM sees it named."""

    BLANK = "blank"
    COMMENT = "comment"
    CHATTER = "chatter"  # greetings, sign-offs, prose: nothing like an order
    QUOTED = "quoted text"
    QUOTED_ORDER = "quoted, not counted"  # looks like an order, but inside quoted text
    SIGNATURE = "signature"
    WRAPPING = "wrapping"  # only markup: [code], ```, [/quote]
    STRUCK = "struck out"  # ~~A Kai H~~, [s]A Kai H[/s]: the player took it back
    MAIL_HEADER = "mail header"  # Date:, To:, a From: or Subject: that names no power


class LineVerdict(NamedTuple):
    """One line: its number (from 1) and text, and what it turned out to be.

    ``message`` counts the messages of a paste from 0 (a paste of three
    emails has 0, 1 and 2); ``note`` says where a header's power came from
    (``"address book"``); on an order, the player's remark after it
    (``as agreed`` of ``A Kai - Suruga <- as agreed``); on any line, anything
    else worth showing. A line refused because a word of it names no
    province of the map carries that word as written in ``unread`` (``Xyz``
    of ``A Kai - Xyz``), for a page to offer the closest names without
    reading it back out of the sentence.
    An immutable named tuple: a paste makes one per line, and a tuple is made
    four times faster than a frozen dataclass.
    """

    number: int
    text: str
    kind: VerdictKind
    power: str | None = None
    order: Order | None = None
    problem: str | None = None
    suggestions: tuple[str, ...] = ()
    ignored: Ignored | None = None
    message: int = 0
    note: str | None = None
    unread: str | None = None

    @property
    def counted(self) -> bool:
        """An order or a refusal: a line the GM must see the fate of (headers and ignored text are not)."""
        return self.kind is VerdictKind.ORDER or self.kind is VerdictKind.ERROR

    def describe(self) -> str:
        """One line for a report: ``line 3: 'A Kai - Xyz': unknown province 'Xyz'``."""
        head = f"line {self.number}: '{self.text.strip()}'"
        if self.kind is VerdictKind.ERROR:
            return f"{head}: {self.problem}"
        why = self.ignored.value if self.ignored is not None else self.note
        return f"{head}: {self.kind.value}" + (f" ({why})" if why else "")


class MessageSpan(msgspec.Struct, frozen=True):
    """One message of a paste: its lines, and the power its sender's address speaks for (if any)."""

    index: int
    first: int
    last: int
    sender: str | None = None  # the From: line as written
    power: str | None = None  # the power the sender's address belongs to


class Submission(msgspec.Struct, frozen=True):
    """What one message says for one power: its order lines (accepted by the parser) and refused lines."""

    message: int
    power: str
    orders: tuple[LineVerdict, ...]
    refused: tuple[LineVerdict, ...]


class ParsedOrders(msgspec.Struct, frozen=True):
    """A whole text's verdicts, in line order, and the messages found in it."""

    verdicts: list[LineVerdict]
    messages: list[MessageSpan] = msgspec.field(default_factory=list)

    @property
    def errors(self) -> list[LineVerdict]:
        return [v for v in self.verdicts if v.kind is VerdictKind.ERROR]

    @property
    def accepted(self) -> list[LineVerdict]:
        return [v for v in self.verdicts if v.kind is VerdictKind.ORDER]

    def by_power(self) -> dict[str | None, list[Order]]:
        """The orders under each power (None: lines before any header, with no power given)."""
        grouped: dict[str | None, list[Order]] = {}
        for verdict in self.accepted:
            assert verdict.order is not None
            grouped.setdefault(verdict.power, []).append(verdict.order)
        return grouped

    def submissions(self) -> list[Submission]:
        """Each (message, power) with counted lines, in the order they first appear.

        A power's lines within one message are one submission, even under
        two headers; the same power in a later message is a later submission
        (a resend). Counted lines with no power are not in any: the caller
        refuses them.
        """
        orders: dict[tuple[int, str], list[LineVerdict]] = {}
        refused: dict[tuple[int, str], list[LineVerdict]] = {}
        for verdict in self.verdicts:
            if not verdict.counted or verdict.power is None:
                continue
            key = (verdict.message, verdict.power)
            orders.setdefault(key, [])
            refused.setdefault(key, [])
            (orders if verdict.kind is VerdictKind.ORDER else refused)[key].append(verdict)
        return [Submission(m, p, tuple(orders[(m, p)]), tuple(refused[(m, p)])) for m, p in orders]
