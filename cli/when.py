"""Reading a deadline as a GM types it: ``2026-12-01 20:00 UTC``, ``... 20:00 JST``, ``... Europe/London``,
``2026-12-01T20:00+01:00``, ``+48h``, ``+2d``, and a time without a date: ``20:00`` (the next one),
``tomorrow 20:00``, ``friday 20:00 JST``.

A time with no zone is in the game's zone (UTC for a game without one). A
local time the clocks skip or pass twice (summer time's nights) is refused
with both moments it could mean (:func:`post.zones.placed`); a zone name
not known is refused with the names it may mean.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta, tzinfo

import click

__all__ = ["parse_when"]

_RELATIVE = re.compile(r"^\+\s*(\d+(?:\.\d+)?)\s*(h|hours?|d|days?)$", re.I)
# "20:00", "tomorrow 20:00", "fri at 8:30", "tonight 23:59": a clock time, and the day it falls on
_CLOCK = re.compile(r"^(?:(\w+)\s+)?(?:at\s+)?(\d{1,2})[:.h](\d{2})$", re.I)
_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_HELP = (
    "write it as '2026-12-01 20:00 UTC', '2026-12-01 20:00 JST', '2026-12-01 20:00 Europe/London', "
    "'20:00', 'tomorrow 20:00', 'friday 20:00', '+48h' or '+2d'"
)


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
        moment = _absolute(words, zone, now)
    if moment <= now:
        raise click.BadParameter(f"'{text}' is in the past (it is {now:%Y-%m-%d %H:%M} UTC now)")
    return moment.replace(second=0, microsecond=0)


def _absolute(words: str, zone: str, now: datetime) -> datetime:
    body, named = _zone_at_end(words)
    where, name = (named, str(named)) if named is not None else (_game_zone(zone), zone or "UTC")
    clock = _CLOCK.match(body)
    if clock is not None:
        return _placed(_next(clock, where, now, words), where, name)
    try:
        moment = datetime.fromisoformat(body)
    except ValueError:
        raise click.BadParameter(f"'{words}' is not a time; {_HELP}") from None
    if moment.tzinfo is not None and named is not None:
        raise click.BadParameter(f"'{words}' gives two zones; give one")
    if moment.tzinfo is None:
        moment = _placed(moment, where, name)
    return moment.astimezone(UTC)


def _next(clock: re.Match[str], where: tzinfo, now: datetime, words: str) -> datetime:
    """The wall-clock time a date-less time names: the next one, on the day it names if it names one."""
    hour, minute = int(clock[2]), int(clock[3])
    if hour > 23 or minute > 59:
        raise click.BadParameter(f"'{words}' is not a time of day; {_HELP}")
    today = now.astimezone(where).date()
    at = time(hour, minute)
    word = (clock[1] or "").casefold()
    if not word:  # the next one: today's if it is still ahead, else tomorrow's
        day = today if datetime.combine(today, at, where) > now else today + timedelta(days=1)
    elif word in ("today", "tonight"):
        day = today
    elif word == "tomorrow":
        day = today + timedelta(days=1)
    else:
        day = _weekday(word, today, at, where, now, words)
    return datetime.combine(day, at)


def _weekday(word: str, today: date, at: time, where: tzinfo, now: datetime, words: str) -> date:
    """The next day of that name (``fri``, ``friday``): today's if its time is still ahead."""
    named = [i for i, day in enumerate(_DAYS) if len(word) >= 3 and day.startswith(word)]
    if not named:
        raise click.BadParameter(f"'{words}': '{word}' is not a day (today, tomorrow or a weekday); {_HELP}")
    ahead = (named[0] - today.weekday()) % 7
    day = today + timedelta(days=ahead)
    return day if datetime.combine(day, at, where) > now else day + timedelta(days=7)


def _placed(local: datetime, where: tzinfo, name: str) -> datetime:
    from post.zones import ZoneProblem, placed

    try:
        return placed(local, where, name).astimezone(UTC)
    except ZoneProblem as problem:
        raise click.BadParameter(str(problem)) from None


def _zone_at_end(words: str) -> tuple[str, tzinfo | None]:
    """The time without the zone written after it (``JST``, ``Asia/Tokyo``, ``UTC``), and that zone."""
    from post.zones import ZoneProblem, typed_zone, unknown_zone

    head, _, last = words.rpartition(" ")
    if not head or not last:
        return words, None
    try:
        named = typed_zone(last)
    except ZoneProblem as problem:
        raise click.BadParameter(str(problem)) from None
    if named is None:
        if re.fullmatch(r"[A-Za-z][A-Za-z_/+-]*", last) and not last.upper().startswith("T"):
            raise click.BadParameter(f"{unknown_zone(last)} in '{words}'; {_HELP}")
        return words, None
    return head.strip(), named


def _game_zone(zone: str) -> tzinfo:
    if not zone:
        return UTC
    from post.zones import zone_of

    return zone_of(zone)
