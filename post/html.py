"""The post in HTML: a fragment for the web pages and the HTML part of a results mail.

Styles are inline (mail programs drop style sheets), and every text is
escaped: a game's name or a province is text, never markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from post.document import Post
from post.tables import Table, tables, trailer
from post.words import notices

__all__ = ["render_html", "write_html"]

# 14 px, as mail programs set their text: the widest table (ownership, five columns) then fits a 390 px phone
_TABLE = 'style="border-collapse:collapse;margin:0 0 1em 0;font-size:14px"'
_CELL = 'style="text-align:left;vertical-align:top;padding:2px 8px 2px 0;border-bottom:1px solid #ddd"'


def render_html(post: Post, explain: bool = False) -> str:
    return write_html(post.title, tables(post, explain), trailer(post), notes=notices(post))


def write_html(
    title: str,
    tables: Sequence[Table],
    lines: Sequence[str],
    kind: str = "results-post",
    notes: Sequence[tuple[str, list[str]]] = (),
) -> str:
    """A title, notes (a heading and its items: a correction), tables and closing lines as an HTML
    ``<article class="{kind}">``, every text escaped."""
    parts = [f'<article class="{escape(kind)}">', f"<h2>{escape(title)}</h2>"]
    for heading, items in notes:
        rows = "".join(f"<li>{escape(item)}</li>" for item in items)
        parts.append(f"<h3>{escape(heading)}</h3>\n<ul>{rows}</ul>")
    parts += [_table(t) for t in tables]
    parts += [f"<p>{escape(line)}</p>" for line in lines]
    parts.append("</article>")
    return "\n".join(parts) + "\n"


def _table(table: Table) -> str:
    head = "".join(f"<th {_CELL}>{escape(h)}</th>" for h in table.header)
    body = "\n".join(
        "<tr>" + "".join(_cell(c, i == 0 and table.grouped) for i, c in enumerate(row)) + "</tr>"
        for row in table.shown_rows()
    )
    title = f"<h3>{escape(table.title)}</h3>"
    return f"{title}\n<table {_TABLE}>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>"


def _cell(text: str, group: bool) -> str:
    tag = "th" if group and text else "td"  # a group's name heads its first row; the rows under it have none
    return f"<{tag} {_CELL}>{escape(text)}</{tag}>"
