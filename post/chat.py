"""The results post for a chat channel (Discord, Slack), cut into messages the channel takes.

Chat apps draw no Markdown tables, so the channel gets the plain form's
sections (:mod:`post.plain`) dressed in the little markup both apps render:
a bold title and headings, one bullet a line. Everything taken from the game
(a game's name, a power's name, an order) is escaped, so a name such as
``*Kyoto*`` or ``<!channel>`` reads as itself; pings are switched off by the
sender besides (:mod:`outbox.webhook`).

A channel refuses a message over its limit (Discord: 2,000 characters), so
:func:`split_messages` cuts the text between sections first, then between
lines, and inside a line only when one line alone is over the limit.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from enum import StrEnum

from post.document import Post
from post.plain import Dress, render_plain
from post.words import deadline_text

__all__ = [
    "LIMITS",
    "Flavour",
    "chat_messages",
    "discord_escape",
    "dress_of",
    "owing_line",
    "phase_notice",
    "reminder_notice",
    "render_chat",
    "split_messages",
    "with_line",
]


class Flavour(StrEnum):
    """The webhook formats a GM can post to (Mattermost, Rocket.Chat and others take Slack's)."""

    DISCORD = "discord"
    SLACK = "slack"


LIMITS = {Flavour.DISCORD: 2000, Flavour.SLACK: 3000}
"""Characters a message: Discord refuses more than 2,000; Slack folds text over 3,000 behind "show more"."""

_DISCORD_SPECIAL = re.compile(r"([\\*_~`|>\[\]])")  # what Discord reads as markup anywhere in a line


def discord_escape(text: str) -> str:
    """``text`` as itself in a Discord message: every character Discord reads as markup escaped."""
    return _DISCORD_SPECIAL.sub(r"\\\1", text)


def _slack_escape(text: str) -> str:
    """Slack reads ``&``, ``<`` and ``>`` as its own markup (``<!channel>``, links); nothing else escapes."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_DRESSES = {
    Flavour.DISCORD: Dress(
        title=lambda text: f"**{text}**",
        heading=lambda text: f"**{text}**",
        item=lambda text, depth: "  " * (depth - 1) + "- " + text,
        escape=discord_escape,
    ),
    Flavour.SLACK: Dress(
        title=lambda text: f"*{text}*",
        heading=lambda text: f"*{text}*",
        item=lambda text, depth: "    " * (depth - 1) + "• " + text,
        escape=_slack_escape,
    ),
}


def dress_of(flavour: Flavour) -> Dress:
    """How the channel's markup dresses plain text: for another document posted there (a game's summary)."""
    return _DRESSES[flavour]


def render_chat(post: Post, flavour: Flavour) -> str:
    """The whole post in the channel's markup, before it is cut into messages."""
    return render_plain(post, dress=_DRESSES[flavour])


def chat_messages(post: Post, flavour: Flavour) -> list[str]:
    """The post as the messages to send, in order, each within the channel's limit."""
    return split_messages(render_chat(post, flavour), LIMITS[flavour])


def phase_notice(game: str, phase: str, deadline: datetime | None, flavour: Flavour, zone: str = "") -> str:
    """A short "the phase is open" message for the channel, with its deadline when one is set."""
    dress = _DRESSES[flavour]
    text = dress.title(dress.escape(f"{game}: {phase} is open for orders."))
    if deadline is not None:
        text += "\n" + dress.escape(f"Deadline: {deadline_text(deadline, zone)}.")
    return text


def reminder_notice(
    game: str,
    phase: str,
    deadline: datetime,
    hours_left: int,
    missing: list[str],
    flavour: Flavour,
    mentions: Mapping[str, str] | None = None,
    zone: str = "",
) -> str:
    """The channel's reminder: the deadline, how near it is, and who still owes orders; on Discord, each of
    those powers' players mentioned after it (``mentions``: a power's Discord user id, where the GM asked)."""
    dress = _DRESSES[flavour]
    near = f"in about {hours_left} hour{'s' if hours_left != 1 else ''}" if hours_left > 0 else "now"
    text = dress.title(dress.escape(f"{game}: orders for {phase} are due {near}."))
    text += "\n" + dress.escape(f"Deadline: {deadline_text(deadline, zone)}.")
    if missing:
        text += "\n" + dress.escape("Orders still due from ") + _named(missing, flavour, mentions) + "."
    return text


def owing_line(phase: str, owing: Sequence[str], flavour: Flavour, mentions: Mapping[str, str] | None = None) -> str:
    """Who still owes orders for the open phase, for a results post or a notice (players mentioned as in
    :func:`reminder_notice`)."""
    dress = _DRESSES[flavour]
    if not owing:
        return dress.escape(f"Every power with orders to give for {phase} has given them.")
    return dress.escape(f"Orders for {phase} still due from ") + _named(owing, flavour, mentions) + "."


def with_line(messages: list[str], line: str, flavour: Flavour) -> list[str]:
    """``messages`` with ``line`` after the last one, in it when it fits the channel's limit."""
    if messages and len(messages[-1]) + 2 + len(line) <= LIMITS[flavour]:
        return [*messages[:-1], f"{messages[-1]}\n\n{line}"]
    return [*messages, line]


def _named(powers: Sequence[str], flavour: Flavour, mentions: Mapping[str, str] | None) -> str:
    """The powers, escaped, each followed on Discord by its player's mention where ``mentions`` has one."""
    dress = _DRESSES[flavour]
    users = mentions if flavour is Flavour.DISCORD and mentions else {}
    return ", ".join(dress.escape(p) + (f" (<@{users[p]}>)" if users.get(p, "").isdigit() else "") for p in powers)


def split_messages(text: str, limit: int) -> list[str]:
    """``text`` cut into pieces of at most ``limit`` characters: between sections, then lines, then inside one."""
    if limit < 1:
        raise ValueError("a message limit is at least one character")
    messages: list[str] = []
    current = ""
    for block in _pieces(text.strip("\n"), limit):
        joined = f"{current}\n\n{block}" if current else block
        if len(joined) <= limit:
            current = joined
            continue
        if current:
            messages.append(current)
        current = block
    if current:
        messages.append(current)
    return messages


def _pieces(text: str, limit: int) -> list[str]:
    """Sections (between blank lines) no longer than the limit: a longer one cut at its lines."""
    pieces: list[str] = []
    for section in re.split(r"\n\s*\n", text):
        if len(section) <= limit:
            pieces.append(section)
            continue
        current = ""
        for line in _lines(section, limit):
            joined = f"{current}\n{line}" if current else line
            if len(joined) <= limit:
                current = joined
            else:
                pieces.append(current)
                current = line
        if current:
            pieces.append(current)
    return pieces


def _lines(section: str, limit: int) -> list[str]:
    """The section's lines, a line longer than the limit cut into limit-long parts."""
    lines = []
    for line in section.split("\n"):
        lines += [line[i : i + limit] for i in range(0, len(line), limit)] or [""]
    return lines
