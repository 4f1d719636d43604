"""The post in BBCode, for phpBB-style forums.

Many boards have no ``[table]`` tag, but every one has ``[code]``, which is
shown in a fixed-width font: so each table is a ``[code]`` block with its
columns lined up by spaces (safe there), under a bold title.
"""

from __future__ import annotations

from collections.abc import Sequence

from post.document import Post
from post.tables import Table, tables, trailer

__all__ = ["render_bbcode", "write_bbcode"]


def render_bbcode(post: Post, explain: bool = False) -> str:
    return write_bbcode(post.title, tables(post, explain), trailer(post))


def write_bbcode(title: str, tables: Sequence[Table], lines: Sequence[str]) -> str:
    """A title, tables and closing lines in BBCode (the results post's layout, for any such document)."""
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
    """Outside [code], brackets in a name could open a tag: write them as parentheses."""
    return text.replace("[", "(").replace("]", ")")
