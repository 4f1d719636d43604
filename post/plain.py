"""The post as plain text: for an email body or a forum without markup, and (dressed) for a chat channel.

Readable in a proportional font: nothing is lined up with spaces. Each
result follows its order after a colon, and each section is a heading with
indented lines under it. A chat channel (:mod:`post.chat`) reads the same
sections with its own headings, bullets and escaping, through a
:class:`Dress`: one structure, so the channel and the mail say the same thing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from post.document import Post
from post.words import changes, closing, dp_title, holding_counts, notices

__all__ = ["PLAIN", "Dress", "render_plain"]


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class Dress:
    """How headings and items look, and what the markup would misread (escaped in every piece of text)."""

    title: Callable[[str], str] = _same
    heading: Callable[[str], str] = lambda text: f"{text}:"
    item: Callable[[str, int], str] = lambda text, depth: "  " * depth + text
    escape: Callable[[str], str] = _same


PLAIN = Dress()


def render_plain(post: Post, explain: bool = False, dress: Dress = PLAIN) -> str:
    lines = [dress.title(dress.escape(post.title)), ""]
    for heading, items in notices(post):
        lines += [dress.heading(dress.escape(heading)), *(dress.item(dress.escape(item), 1) for item in items), ""]
    sections = (_orders(post, explain, dress), _auction(post, dress), _dislodged(post, dress))
    for section in (*sections, _missing(post, dress), _ownership(post, dress)):
        if section:
            lines += [*section, ""]
    lines += [dress.escape(line) for line in closing(post)]
    return "\n".join(lines).rstrip() + "\n"


def _orders(post: Post, explain: bool, dress: Dress) -> list[str]:
    lines = []
    for power, orders in post.order_groups():
        lines.append(dress.heading(dress.escape(power)))
        results = (f"{o.order}: {o.explanation if explain else o.annotation}" for o in orders)
        lines += [dress.item(dress.escape(result), 1) for result in results]
        lines.append("")
    return lines[:-1]


def _auction(post: Post, dress: Dress) -> list[str]:
    if not post.dp:
        return []
    lines = [dress.heading(dress.escape(dp_title(post)))]
    for lot in post.dp:
        lines.append(dress.item(dress.escape(f"{lot.unit}: {lot.verdict}"), 1))
        lines += [dress.item(dress.escape(f"{bid.power}: {bid.points} DP for {bid.order}"), 2) for bid in lot.bids]
    return lines


def _dislodged(post: Post, dress: Dress) -> list[str]:
    if not post.dislodged:
        return []
    items = [dress.item(dress.escape(f"{d.unit} ({d.power or 'neutral'}) {d.fate}"), 1) for d in post.dislodged]
    return [dress.heading("Dislodged"), *items]


def _missing(post: Post, dress: Dress) -> list[str]:
    if not post.missing:
        return []
    items = [dress.item(dress.escape(f"{m.power}: {m.consequence}"), 1) for m in post.missing]
    return [dress.heading(dress.escape("No orders received (civil disorder)")), *items]


def _ownership(post: Post, dress: Dress) -> list[str]:
    lines = [dress.heading("Ownership of supply centres")]
    for h in post.ownership:
        extra = changes(h)
        owned = ", ".join(h.centres) or "none"
        text = f"{h.power}: {owned} ({holding_counts(h)}{'; ' + extra if extra else ''})"
        lines.append(dress.item(dress.escape(text), 1))
    if post.neutral_centres:
        lines.append(dress.item(dress.escape("Still neutral: " + ", ".join(post.neutral_centres)), 1))
    if post.unowned_centres:
        lines.append(dress.item(dress.escape("Unowned: " + ", ".join(post.unowned_centres)), 1))
    if post.rebuilt:
        lines.append(dress.item(dress.escape("Neutral armies rebuilt: " + ", ".join(post.rebuilt)), 1))
    return lines
