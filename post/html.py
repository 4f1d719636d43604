"""The post in HTML: a fragment for the web pages and the HTML part of a results mail.

Styles are inline (mail programs drop style sheets), and every text is
escaped: a game's name or a province is text, never markup.
"""

from __future__ import annotations

from html import escape

from post.document import Post
from post.tables import Table, tables, trailer

__all__ = ["render_html"]

_TABLE = 'style="border-collapse:collapse;margin:0 0 1em 0"'
_CELL = 'style="text-align:left;vertical-align:top;padding:2px 10px 2px 0;border-bottom:1px solid #ddd"'


def render_html(post: Post, explain: bool = False) -> str:
    parts = ['<article class="results-post">', f"<h2>{escape(post.title)}</h2>"]
    parts += [_table(t) for t in tables(post, explain)]
    parts += [f"<p>{escape(line)}</p>" for line in trailer(post)]
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
    tag = "th" if group else "td"
    return f"<{tag} {_CELL}>{escape(text)}</{tag}>"
