"""The post in Markdown (GitHub, Discourse, Reddit): a table per section, so the columns survive."""

from __future__ import annotations

from collections.abc import Sequence

from post.document import Post
from post.tables import Table, tables, trailer
from post.words import notices

__all__ = ["render_markdown", "write_markdown"]


def render_markdown(post: Post, explain: bool = False) -> str:
    return write_markdown(post.title, tables(post, explain), trailer(post), notes=notices(post))


def write_markdown(
    title: str, tables: Sequence[Table], lines: Sequence[str], notes: Sequence[tuple[str, list[str]]] = ()
) -> str:
    """A title, notes (a heading and its items: a correction), tables and closing lines in Markdown."""
    parts = [f"## {_cell(title)}"]
    for heading, items in notes:
        parts.append(f"### {_cell(heading)}\n\n" + "\n".join(f"- {_cell(item)}" for item in items))
    parts += [_table(t) for t in tables]
    parts += [_cell(line) for line in lines]
    return "\n\n".join(parts) + "\n"


def _table(table: Table) -> str:
    lines = [f"### {_cell(table.title)}", "", _row(table.header), _row(tuple("---" for _ in table.header))]
    lines += [_row(row) for row in table.shown_rows()]
    return "\n".join(lines)


def _row(cells: tuple[str, ...]) -> str:
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def _cell(text: str) -> str:
    """Escape what Markdown would read as markup: a pipe ends a cell, '*' and '_' emphasise."""
    for char in "\\|*_`<>[]":
        text = text.replace(char, "\\" + char)
    return text
