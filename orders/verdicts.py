"""What the parser says about each line of a text.

Every line gets a verdict, so a GM can show a player exactly which lines were
taken and why the others were not; nothing is silently dropped.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from orders.model import Order

__all__ = ["LineVerdict", "ParsedOrders", "VerdictKind"]


class VerdictKind(StrEnum):
    ORDER = "order"
    ERROR = "error"
    HEADER = "header"
    IGNORED = "ignored"


class LineVerdict(BaseModel):
    """One line: its number and text, and what it turned out to be."""

    model_config = ConfigDict(frozen=True)

    number: int
    text: str
    kind: VerdictKind
    power: str | None = None
    order: Order | None = None
    problem: str | None = None
    suggestions: tuple[str, ...] = ()
    note: str | None = None

    @classmethod
    def ignored(cls, number: int, text: str, power: str | None, why: str) -> LineVerdict:
        return cls(number=number, text=text, kind=VerdictKind.IGNORED, power=power, note=why)

    def describe(self) -> str:
        """One line for a report: ``line 3: 'A Kai - Xyz': unknown province 'Xyz'``."""
        head = f"line {self.number}: '{self.text.strip()}'"
        if self.kind is VerdictKind.ERROR:
            return f"{head}: {self.problem}"
        return f"{head}: {self.kind.value}" + (f" ({self.note})" if self.note else "")


class ParsedOrders(BaseModel):
    """A whole text's verdicts, in line order."""

    model_config = ConfigDict(frozen=True)

    verdicts: list[LineVerdict]

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
