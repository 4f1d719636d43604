"""The summary in the results post's five markups: plain text, BBCode, Markdown, HTML and JSON.

BBCode, Markdown and HTML lay it out as the results post does (titled
tables, :mod:`post.tables`), with the same writers; plain text reads in a
proportional font (a line per power), and dressed by a chat channel's
markup it is the channel's post (:func:`chat_summary`).
"""

from __future__ import annotations

import msgspec

from game.records import ResultKind
from post.chat import LIMITS, Flavour, dress_of, split_messages
from post.plain import PLAIN, Dress
from post.tables import Table
from story.summary import SWING, PowerStory, Summary, Swing

__all__ = ["FORMATS", "chat_caption", "chat_summary", "render_summary", "summary_tables"]

FORMATS = ("plain", "bbcode", "markdown", "html", "json")
_MOST_SWINGS = 10
_NMR = "NMR: a phase in which a power had orders to give and none were received."


def render_summary(summary: Summary, fmt: str = "plain") -> str:
    """The summary in the named markup (``ValueError`` naming the markups for any other)."""
    fmt = fmt.strip().lower()
    if fmt == "json":
        return msgspec.json.format(msgspec.json.encode(summary), indent=2).decode() + "\n"
    if fmt == "plain":
        return summary_plain(summary)
    lines = _closing(summary)
    if fmt == "bbcode":
        from post.bbcode import write_bbcode

        return write_bbcode(summary.title, summary_tables(summary), lines)
    if fmt == "markdown":
        from post.markdown import write_markdown

        return write_markdown(summary.title, summary_tables(summary), lines)
    if fmt == "html":
        from post.html import write_html

        return write_html(summary.title, summary_tables(summary), lines, kind="game-summary")
    raise ValueError(f"unknown format '{fmt}'; choose one of {', '.join(FORMATS)}")


def chat_summary(summary: Summary, flavour: Flavour) -> list[str]:
    """The summary as a chat channel's messages, each within its limit."""
    return split_messages(summary_plain(summary, dress_of(flavour)), LIMITS[flavour])


def chat_caption(text: str, flavour: Flavour) -> str:
    """One bold line for the channel, over a picture (the chart, the animation); the text escaped."""
    dress = dress_of(flavour)
    return dress.title(dress.escape(text))


def summary_tables(summary: Summary) -> list[Table]:
    """The powers (most centres first) and the largest swings; a table with no rows is left out."""
    header = ("Power", "Centres", "Peak", "Out", "Orders given", "NMR")
    powers = Table(
        "The powers",
        (*header, "DP bid (won)") if summary.has_dp else header,
        [_row(story, summary) for story in summary.powers],
    )
    swings = Table(
        _swings_title(summary),
        ("Power", "Year", "Centres", "At"),
        [(s.power, str(s.year), f"{s.before} to {s.after} (lost {s.lost})", s.phase) for s in _shown(summary)],
    )
    return [t for t in (powers, swings) if t.rows]


def summary_plain(summary: Summary, dress: Dress = PLAIN) -> str:
    """Plain text (or, dressed, a chat channel's): a line per power, a line per swing."""
    lines = [dress.title(dress.escape(summary.title)), "", dress.heading("The powers")]
    lines += [dress.item(dress.escape(_power_line(story, summary)), 1) for story in summary.powers]
    if summary.swings:
        lines += ["", dress.heading(dress.escape(_swings_title(summary)))]
        lines += [dress.item(dress.escape(_swing_line(s)), 1) for s in _shown(summary)]
    lines += ["", *(dress.escape(line) for line in _closing(summary))]
    return "\n".join(lines).rstrip() + "\n"


def _closing(summary: Summary) -> list[str]:
    played = f"{summary.phases} phase{'s' if summary.phases != 1 else ''} adjudicated, from {summary.first}"
    more = len(summary.swings) - _MOST_SWINGS
    over = summary.kind is not ResultKind.ONGOING
    at = f" to {summary.now}, where the game ended." if over else f"; now {summary.now}."
    lines = [f"{played}{at}", _NMR]
    if more > 0:
        lines.append(f"{more} smaller swing{'s' if more != 1 else ''} not shown.")
    return lines


def _row(story: PowerStory, summary: Summary) -> tuple[str, ...]:
    row = (
        story.power,
        str(story.centres),
        f"{story.peak} {_when(story.peak_year, summary)}",
        story.eliminated or "",
        f"{story.given} of {story.owed}",
        str(story.nmr),
    )
    return (*row, f"{story.dp_bid} ({story.dp_won})") if summary.has_dp else row


def _power_line(story: PowerStory, summary: Summary) -> str:
    """``Oda: 10 centres (peak 12 in 1595); orders in 73 of 78 phases, 5 missed (NMR); 4 DP bid, 2 won``."""
    standing = f"out at {story.eliminated}" if story.eliminated else f"{story.centres} centre{_s(story.centres)}"
    parts = [f"{story.power}: {standing} (peak {story.peak} {_when(story.peak_year, summary)})"]
    parts.append(f"orders in {story.given} of {story.owed} phases, {story.nmr} missed (NMR)")
    if summary.has_dp:
        parts.append(f"{story.dp_bid} DP bid, {story.dp_won} won")
    return "; ".join(parts)


def _swing_line(swing: Swing) -> str:
    return f"{swing.power}, {swing.year}: {swing.before} to {swing.after} centres (lost {swing.lost}, at {swing.phase})"


def _swings_title(summary: Summary) -> str:
    return f"The largest swings (a year in which a power lost {SWING} or more centres)"


def _shown(summary: Summary) -> list[Swing]:
    return summary.swings[:_MOST_SWINGS]


def _when(year: int, summary: Summary) -> str:
    """``in 1584``, or ``at the start`` for the chart's first point."""
    return "at the start" if year == summary.start_year else f"in {year}"


def _s(count: int) -> str:
    return "" if count == 1 else "s"
