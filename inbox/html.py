"""HTML mail made plain text, keeping what the mail reader needs: lines, and quotes as '>' lines.

Mail programs that send HTML only (Outlook, phone apps) put each paragraph
in ``<p>`` or ``<div>``, line breaks in ``<br>``, and the quoted message in
``<blockquote>`` (Gmail, Apple Mail, Thunderbird) or under an ``<hr>``
(Outlook: an ``<hr>``, or a ``<div>`` with a top border or a known id). The
text keeps one line per block, ``> `` before each quoted line (one per
level), and Outlook's rule as a line of underscores, so that
:mod:`orders.mail` reads it as it reads plain-text mail. Scripts, styles and
the document head are left out; entities are decoded.

A table is read cell by cell: a row is one line, its cells apart
(``A South Shinano`` | ``H`` reads ``A South Shinano H``, not ``A South
ShinanoH``), and a row whose cells are each a whole order (two or more begin
with a unit: ``A Kai - Suruga`` | ``F Iyo H``) is a line per cell.

Bounded as it goes, never after: the text is counted while it is built and
the reading stops with :class:`TextTooLong` past the limit, and a quote is
marked with at most :data:`MAX_QUOTE_MARKS` ``>`` (the reader needs to know
a line is quoted, not how deep: 20,000 nested ``<blockquote>`` once wrote
20,000 marks on each of 20,000 lines, 1.2 GB).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

__all__ = ["MAX_QUOTE_MARKS", "TextTooLong", "html_to_text"]

MAX_QUOTE_MARKS = 10

_BLOCKS = frozenset(
    "p div br li tr h1 h2 h3 h4 h5 h6 pre table ul ol dl dt dd section article header footer address".split()
)
_CELLS = frozenset({"td", "th"})
_UNIT_FIRST = re.compile(r"(?i)^(?:a|f|army|fleet)\s")  # a cell that starts like an order
_HIDDEN = frozenset({"script", "style", "head", "title", "template"})
_SPACES = re.compile(r"[ \t\r\n\f\v\u00a0]+")
_OUTLOOK_RULE = "_" * 32
_OUTLOOK_IDS = frozenset({"divRplyFwdMsg", "appendonsend"})


def _reply_separator(attrs: list[tuple[str, str | None]]) -> bool:
    """Outlook's quoted-header box: ``<div id="divRplyFwdMsg">`` or a div with only a top border."""
    values = dict(attrs)
    style = (values.get("style") or "").replace(" ", "").casefold()
    return values.get("id") in _OUTLOOK_IDS or ("border-top:solid" in style and "border:none" in style)


class TextTooLong(ValueError):
    """The text of an HTML message passed the limit while it was read."""


def html_to_text(html: str, limit: int = 1_000_000) -> str:
    """The text of an HTML message, one line per block, quotes marked with '>'; at most ``limit`` characters."""
    reader = _Reader(limit)
    reader.feed(html)
    reader.close()
    return reader.text()


class _Reader(HTMLParser):
    def __init__(self, limit: int) -> None:
        super().__init__(convert_charrefs=True)
        self.limit = limit
        self.size = 0
        self.lines: list[str] = []
        self.current: list[str] = []
        self.quote = 0
        self.hidden = 0
        self.pre = 0
        self.row: list[str] | None = None  # the cells of the table row being read
        self.cell: list[str] | None = None  # the text of the cell being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.cell is not None and tag != "tr" and tag not in _CELLS and tag not in _HIDDEN:
            if tag in _BLOCKS or tag == "hr":
                self.cell.append(" ")  # a paragraph or a break inside a cell: still that cell
            return
        if tag == "tr":
            self._end_row()
            self._flush()
            self.row = []
        elif tag in _CELLS:
            self._end_cell()
            if self.row is None:
                self._flush()
                self.row = []
            self.cell = []
        elif tag in _HIDDEN:
            self.hidden += 1
        elif tag == "blockquote":
            self._break()
            self.quote += 1
        elif tag == "hr" or (tag == "div" and _reply_separator(attrs)):
            self._break()
            if next((line for line in reversed(self.lines) if line), None) != _OUTLOOK_RULE:
                self._add(_OUTLOOK_RULE)  # one rule where Outlook on the web draws two or three at once
        elif tag == "pre":
            self._break()
            self.pre += 1
        elif tag in _BLOCKS:
            self._break()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "hr" or tag in _BLOCKS:
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in _CELLS:
            self._end_cell()
            return
        if tag in ("tr", "table"):
            self._end_row()
            return
        if self.cell is not None and tag not in _HIDDEN:
            if tag in _BLOCKS:
                self.cell.append(" ")
            return
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag == "blockquote":
            self._break()
            self.quote = max(0, self.quote - 1)
        elif tag == "pre":
            self._break()
            self.pre = max(0, self.pre - 1)
        elif tag in _BLOCKS:
            self._break()

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if self.cell is not None:
            self.cell.append(data)
            return
        if self.pre:
            first, *rest = data.split("\n")
            self.current.append(first)
            for line in rest:
                self._break(keep_empty=True)
                self.current.append(line)
            return
        self.current.append(_SPACES.sub(" ", data))

    def _flush(self) -> None:
        """The text before a table row as its own line; no blank line between rows."""
        if "".join(self.current).strip():
            self._break()
        self.current = []

    def _end_cell(self) -> None:
        if self.cell is not None and self.row is not None:
            self.row.append(_SPACES.sub(" ", "".join(self.cell)).strip())
        self.cell = None

    def _end_row(self) -> None:
        """A table row read: one line, its cells apart; a line per cell when its cells are each an order."""
        self._end_cell()
        if self.row is None:
            return
        cells, self.row = [cell for cell in self.row if cell], None
        if sum(1 for cell in cells if _UNIT_FIRST.match(cell)) >= 2:
            for cell in cells:
                self.current.append(cell)
                self._break()
        else:
            self.current.append(" ".join(cells))
            self._break()

    def _break(self, keep_empty: bool = False) -> None:
        line = "".join(self.current).strip()
        self.current = []
        if line or keep_empty:
            self._add("> " * min(self.quote, MAX_QUOTE_MARKS) + line if self.quote else line)
        elif self.lines and self.lines[-1]:
            self.lines.append("")  # one blank line between paragraphs, never a run of them

    def _add(self, line: str) -> None:
        self.size += len(line) + 1
        if self.size > self.limit:
            raise TextTooLong(f"its text is too long to be orders (over {self.limit:,} characters)")
        self.lines.append(line)

    def text(self) -> str:
        self._end_row()
        self._break()
        while self.lines and not self.lines[-1]:
            self.lines.pop()
        return "\n".join(self.lines) + "\n" if self.lines else ""
