"""Small phrases every markup of the post shares, so all of them say the same thing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: `sengoku status` reads deadline_text without building the post's models
    from post.document import Holding, Post

__all__ = ["changes", "closing", "deadline_text", "dp_title", "holding_counts", "notices"]


def dp_title(post: Post) -> str:
    """The auction's heading: the bids are public once the phase is adjudicated, and secret in a preview.

    A preview is for the GM's eyes (or a player's own bids): saying the bids
    are public there would invite the GM to paste a preview into the forum.
    """
    if post.preview:
        return "Diplomacy Points (every bid stored now: SECRET until the phase is adjudicated)"
    return "Diplomacy Points (every bid, public now that the phase is adjudicated)"


def deadline_text(when: datetime, zone: str = "") -> str:
    """``Tuesday 1 December 2026, 20:00 UTC``: no clock format that one reader's locale would misread.

    In a game's own zone (an IANA name; '' is UTC) the time is given there,
    with UTC beside it: ``Wednesday 2 December 2026, 05:00 JST (20:00 UTC)``.
    """
    moment = when.astimezone(UTC) if when.tzinfo else when
    utc = f"{moment:%A} {moment.day} {moment:%B %Y, %H:%M} UTC"
    if not zone:
        return utc
    from post.zones import shown_in, zone_label  # the zone database is read only for a game that has a zone

    local = shown_in(when, zone)
    if local.utcoffset() == timedelta(0) and zone_label(local) in ("UTC", "GMT"):
        return utc
    return f"{local:%A} {local.day} {local:%B %Y, %H:%M} {zone_label(local)} ({moment:%H:%M} UTC)"


def holding_counts(holding: Holding) -> str:
    """``3 centres, 2 units``."""
    centres = f"{holding.count} centre{'' if holding.count == 1 else 's'}"
    return f"{centres}, {holding.units} unit{'' if holding.units == 1 else 's'}"


def changes(holding: Holding) -> str:
    """``takes Ise; loses Omi; builds 1``: what this phase changed and what the power owes ('' if nothing)."""
    parts = []
    if holding.gained:
        parts.append("takes " + ", ".join(holding.gained))
    if holding.lost:
        parts.append("loses " + ", ".join(holding.lost))
    if holding.adjustment > 0:
        parts.append(f"builds {holding.adjustment}")
    elif holding.adjustment < 0:
        parts.append(f"removes {-holding.adjustment}")
    return "; ".join(parts)


def closing(post: Post) -> list[str]:
    """The last lines: the end of the game, or the next phase and its deadline."""
    lines = ["This is a preview: nothing has been adjudicated, and the orders may still change."] * post.preview
    if post.result.kind.value != "ongoing":
        return [*lines, ("THE GAME WOULD BE OVER: " if post.preview else "THE GAME IS OVER: ") + post.result.text]
    if post.next_phase is None:
        return lines
    line = f"Next phase: {post.next_phase}."
    if post.deadline is not None:
        line += f" Deadline: {deadline_text(post.deadline, post.zone)}."
    return [*lines, line]


def notices(post: Post) -> list[tuple[str, list[str]]]:
    """What comes before the results, each a heading and its lines: a correction and what it changed; the GM's
    edits of the board before the phase was adjudicated."""
    out = []
    if post.correction is not None:
        heading = f"CORRECTION: these results replace the {post.phase} results published before"
        if post.correction:
            out.append((f"{heading}; what changed", post.correction))
        else:
            out.append((heading, ["No result changed."]))
    if post.gm_adjustments:
        out.append(("GM adjustments (the GM changed the board before this phase was adjudicated)", post.gm_adjustments))
    return out
