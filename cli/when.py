"""Reading a deadline as a GM types it: ``2026-12-01 20:00 UTC``, ``... 20:00 JST``, ``... Europe/London``,
``2026-12-01T20:00+01:00``, ``+48h``, ``+2d``.

A time with no zone is in the game's zone (UTC for a game without one).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, tzinfo

import click

__all__ = ["parse_when"]

_RELATIVE = re.compile(r"^\+\s*(\d+(?:\.\d+)?)\s*(h|hours?|d|days?)$", re.I)
_HELP = "write it as '2026-12-01 20:00 UTC', '2026-12-01 20:00 JST', '2026-12-01 20:00 Europe/London', '+48h' or '+2d'"


def parse_when(text: str, now: datetime | None = None, zone: str = "") -> datetime:
    """The moment ``text`` names, in UTC; a time with no zone is in ``zone`` (an IANA name; '' is UTC).

    Refuses the past and what it cannot read.
    """
    now = now or datetime.now(UTC)
    words = text.strip()
    relative = _RELATIVE.match(words)
    if relative:
        amount, unit = float(relative.group(1)), relative.group(2).lower()
        moment = now + (timedelta(days=amount) if unit.startswith("d") else timedelta(hours=amount))
    else:
        moment = _absolute(words, zone)
    if moment <= now:
        raise click.BadParameter(f"'{text}' is in the past (it is {now:%Y-%m-%d %H:%M} UTC now)")
    return moment.replace(second=0, microsecond=0)


def _absolute(words: str, zone: str) -> datetime:
    body, named = _zone_at_end(words)
    try:
        moment = datetime.fromisoformat(body)
    except ValueError:
        raise click.BadParameter(f"'{words}' is not a time; {_HELP}") from None
    if moment.tzinfo is not None and named is not None:
        raise click.BadParameter(f"'{words}' gives two zones; give one")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=named or _game_zone(zone))
    return moment.astimezone(UTC)


def _zone_at_end(words: str) -> tuple[str, tzinfo | None]:
    """The time without the zone written after it (``JST``, ``Asia/Tokyo``, ``UTC``), and that zone."""
    from post.zones import ZoneProblem, typed_zone

    head, _, last = words.rpartition(" ")
    if not head or not last:
        return words, None
    try:
        named = typed_zone(last)
    except ZoneProblem as problem:
        raise click.BadParameter(str(problem)) from None
    if named is None:
        if re.fullmatch(r"[A-Za-z][A-Za-z_/+-]*", last) and not last.upper().startswith("T"):
            raise click.BadParameter(f"unknown time zone '{last}' in '{words}'; {_HELP}")
        return words, None
    return head.strip(), named


def _game_zone(zone: str) -> tzinfo:
    if not zone:
        return UTC
    from post.zones import zone_of

    return zone_of(zone)
