"""The post as a few titled tables and closing lines: what the BBCode, Markdown and HTML forms lay out.

Each table's first column may name a group (the power): a renderer shows it
on the group's first row only, so a power's orders read as one block.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from post.document import Post
from post.words import changes, closing, dp_title

__all__ = ["Table", "tables", "trailer"]


@dataclass(frozen=True)
class Table:
    title: str
    header: tuple[str, ...]
    rows: list[tuple[str, ...]] = field(default_factory=list)
    grouped: bool = False  # the first column names a group, shown on its first row only

    def shown_rows(self) -> list[tuple[str, ...]]:
        """The rows with a repeated group name blanked."""
        if not self.grouped:
            return self.rows
        shown, last = [], None
        for row in self.rows:
            shown.append(("" if row[0] == last else row[0], *row[1:]))
            last = row[0]
        return shown


def tables(post: Post, explain: bool = False) -> list[Table]:
    """The post's tables, empty ones left out."""
    orders = Table(
        "Orders",
        ("Power", "Order", "Result"),
        [
            (power, o.order, o.explanation if explain else o.annotation)
            for power, group in post.order_groups()
            for o in group
        ],
        grouped=True,
    )
    auction = Table(
        dp_title(post),
        ("Neutral unit", "Bid", "Verdict"),
        [
            (lot.unit, f"{bid.power}: {bid.points} DP for {bid.order}", lot.verdict if i == 0 else "")
            for lot in post.dp
            for i, bid in enumerate(lot.bids)
        ],
        grouped=True,
    )
    dislodged = Table(
        "Dislodged", ("Unit", "Power", "Fate"), [(d.unit, d.power or "neutral", d.fate) for d in post.dislodged]
    )
    missing = Table(
        "No orders received (civil disorder)",
        ("Power", "What happened"),
        [(m.power, m.consequence) for m in post.missing],
    )
    ownership = Table(
        "Ownership of supply centres",
        ("Power", "Centres", "Units", "Owned", "Changes"),
        [(h.power, str(h.count), str(h.units), ", ".join(h.centres), changes(h)) for h in post.ownership],
    )
    if not any(row[-1] for row in ownership.rows):  # nothing changed hands and nothing is owed: no empty column
        ownership = Table(ownership.title, ownership.header[:-1], [row[:-1] for row in ownership.rows])
    return [t for t in (orders, auction, dislodged, missing, ownership) if t.rows]


def trailer(post: Post) -> list[str]:
    """The lines after the tables: neutral and unowned centres, rebuilt armies, then the closing."""
    lines = []
    if post.neutral_centres:
        lines.append("Still neutral: " + ", ".join(post.neutral_centres))
    if post.unowned_centres:
        lines.append("Unowned: " + ", ".join(post.unowned_centres))
    if post.rebuilt:
        lines.append("Neutral armies rebuilt: " + ", ".join(post.rebuilt))
    return [*lines, *closing(post)]
