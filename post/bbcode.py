"""The post in BBCode, for phpBB-style forums: bold headings and ``[list]`` items, no ``[code]`` boxes.

phpBB shows a ``[code]`` block in a box about 200 pixels high that scrolls
inside the page, and a wide table scrolls sideways too: thirty orders in one
box read badly. So the post is the plain text's sections (the same words:
:mod:`post.plain` builds them) with each heading in bold and each section's
lines as a ``[list]``, nested for the bids under a neutral unit; every
forum has ``[b]`` and ``[list]``, and a list wraps to the reader's width.

A line of the post is one line of the text, however long: phpBB turns every
newline into a line break (its formatter's automatic line breaks), so a
heading or a sentence cut to fit a width would break mid-sentence on the
page (tests/post/test_renderers.py renders it as phpBB does).
"""

from __future__ import annotations

from collections.abc import Sequence

from post.document import Post
from post.plain import Dress, render_plain
from post.tables import Table

__all__ = ["render_bbcode", "write_bbcode"]

_ITEM = "\x00"  # marks an item line for the list pass (never in a post: text is cleaned before it gets here)


def write_bbcode(title: str, tables: Sequence[Table], lines: Sequence[str]) -> str:
    """A title, tables (each a ``[code]`` block, lined up) and closing lines in BBCode: for a document of a few
    short tables (the game's summary); the results post is lists (:func:`render_bbcode`)."""
    parts = [f"[b]{_safe(title)}[/b]"]
    parts += [_table(t) for t in tables]
    parts += [_safe(line) for line in lines]
    return "\n\n".join(parts) + "\n"


def _table(table: Table) -> str:
    rows = [table.header, *table.shown_rows()]
    widths = [max(len(row[i]) for row in rows) for i in range(len(table.header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return f"[b]{_safe(table.title)}[/b]\n[code]\n" + "\n".join(lines) + "\n[/code]"


def _safe(text: str) -> str:
    """Brackets in a name could open a tag: write them as parentheses."""
    return text.replace("[", "(").replace("]", ")")


_DRESS = Dress(
    title=lambda text: f"[b]{text}[/b]",
    heading=lambda text: f"[b]{text}[/b]",
    item=lambda text, depth: f"{_ITEM}{depth}{_ITEM}{text}",
    escape=_safe,
)


def render_bbcode(post: Post, explain: bool = False) -> str:
    lines: list[str] = []
    depth = 0
    for line in render_plain(post, explain, _DRESS).splitlines():
        level, text = _item(line)
        while depth < level:
            lines.append("[list]")
            depth += 1
        while depth > level:
            lines.append("[/list]")
            depth -= 1
        lines.append(f"[*]{text}" if level else text)
    lines += ["[/list]"] * depth
    return "\n".join(lines).rstrip() + "\n"


def _item(line: str) -> tuple[int, str]:
    """(depth, text) of an item line; (0, line) for any other line."""
    if not line.startswith(_ITEM):
        return 0, line
    _, depth, text = line.split(_ITEM, 2)
    return int(depth), text
