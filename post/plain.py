"""The post as plain text: for an email body or a forum without markup.

Readable in a proportional font: nothing is lined up with spaces. Each
result follows its order after a colon, and each section is a heading with
indented lines under it.
"""

from __future__ import annotations

from post.document import Post
from post.words import changes, closing, dp_title, holding_counts

__all__ = ["render_plain"]


def render_plain(post: Post, explain: bool = False) -> str:
    lines = [post.title, ""]
    for section in (_orders(post, explain), _auction(post), _dislodged(post), _missing(post), _ownership(post)):
        if section:
            lines += [*section, ""]
    lines += closing(post)
    return "\n".join(lines).rstrip() + "\n"


def _orders(post: Post, explain: bool) -> list[str]:
    lines = []
    for power, orders in post.order_groups():
        lines += [f"{power}:", *(f"  {o.order}: {o.explanation if explain else o.annotation}" for o in orders), ""]
    return lines[:-1]


def _auction(post: Post) -> list[str]:
    if not post.dp:
        return []
    lines = [f"{dp_title(post)}:"]
    for lot in post.dp:
        lines.append(f"  {lot.unit}: {lot.verdict}")
        lines += [f"    {bid.power}: {bid.points} DP for {bid.order}" for bid in lot.bids]
    return lines


def _dislodged(post: Post) -> list[str]:
    if not post.dislodged:
        return []
    return ["Dislodged:", *(f"  {d.unit} ({d.power or 'neutral'}) {d.fate}" for d in post.dislodged)]


def _missing(post: Post) -> list[str]:
    if not post.missing:
        return []
    return ["No orders received (civil disorder):", *(f"  {m.power}: {m.consequence}" for m in post.missing)]


def _ownership(post: Post) -> list[str]:
    lines = ["Ownership of supply centres:"]
    for h in post.ownership:
        extra = changes(h)
        owned = ", ".join(h.centres) or "none"
        lines.append(f"  {h.power}: {owned} ({holding_counts(h)}{'; ' + extra if extra else ''})")
    if post.neutral_centres:
        lines.append("  Still neutral: " + ", ".join(post.neutral_centres))
    if post.unowned_centres:
        lines.append("  Unowned: " + ", ".join(post.unowned_centres))
    if post.rebuilt:
        lines.append("  Neutral armies rebuilt: " + ", ".join(post.rebuilt))
    return lines
