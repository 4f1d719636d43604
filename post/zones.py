"""Time zones by name, for deadlines: typed by a GM (``20:00 JST``, ``Europe/London``) and shown in a game's zone.

A zone is an IANA name (``Asia/Tokyo``), read with :mod:`zoneinfo` from the
system's database or the ``tzdata`` package (a declared dependency, so a
machine without ``/usr/share/zoneinfo`` has it too). The abbreviations
people write after a time stand for fixed offsets (``JST`` is UTC+9 all
year; ``CEST`` is UTC+2 whatever the date), so a typed time reads them so;
one that means several things (``IST``: India, Ireland or Israel; ``CST``:
the US or China) is refused with the names to choose from. A game's own
zone, used to show its deadlines, must be a region's IANA name (it follows
the region's summer time); the few abbreviations of one zone without
summer time (``JST``) stand for theirs.
"""

from __future__ import annotations

import difflib
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

__all__ = [
    "ZoneProblem",
    "game_zone",
    "placed",
    "shown_in",
    "typed_zone",
    "unknown_zone",
    "zone_guesses",
    "zone_label",
    "zone_of",
]

_OFFSETS = {  # hours east of UTC
    "UTC": 0, "GMT": 0, "Z": 0, "WET": 0, "WEST": 1, "BST": 1, "CET": 1, "CEST": 2, "EET": 2, "EEST": 3,
    "MSK": 3, "JST": 9, "KST": 9, "HKT": 8, "SGT": 8, "AWST": 8, "ACST": 9.5, "ACDT": 10.5, "AEST": 10,
    "AEDT": 11, "NZST": 12, "NZDT": 13, "HST": -10, "AKST": -9, "AKDT": -8, "PST": -8, "PDT": -7,
    "MST": -7, "MDT": -6, "CDT": -5, "EST": -5, "EDT": -4,
}  # fmt: skip
_AMBIGUOUS = {
    "IST": "Asia/Kolkata, Europe/Dublin or Asia/Jerusalem",
    "CST": "America/Chicago or Asia/Shanghai",
    "AST": "America/Halifax or Asia/Riyadh",
}
_ONE_ZONE = {"UTC": "UTC", "GMT": "UTC", "Z": "UTC", "JST": "Asia/Tokyo", "KST": "Asia/Seoul",
             "HKT": "Asia/Hong_Kong", "SGT": "Asia/Singapore", "MSK": "Europe/Moscow"}  # fmt: skip
_REGIONS = {  # a summer-time abbreviation, as a game's zone: the regions it could mean
    "CET": "Europe/Paris, Europe/Berlin", "CEST": "Europe/Paris, Europe/Berlin", "BST": "Europe/London",
    "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon", "EET": "Europe/Athens, Europe/Helsinki",
    "EEST": "Europe/Athens, Europe/Helsinki", "EST": "America/New_York", "EDT": "America/New_York",
    "CDT": "America/Chicago", "MST": "America/Denver, America/Phoenix", "MDT": "America/Denver",
    "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles", "AEST": "Australia/Sydney",
    "AEDT": "Australia/Sydney", "NZST": "Pacific/Auckland", "NZDT": "Pacific/Auckland",
}  # fmt: skip


class ZoneProblem(ValueError):
    """A zone name that cannot be used, and what to write instead."""


def typed_zone(word: str) -> tzinfo | None:
    """The zone a word after a typed time names (``JST``, ``Asia/Tokyo``, ``utc``), None if it names none.

    Raises :class:`ZoneProblem` for an abbreviation of several zones.
    """
    upper = word.strip().upper()
    if upper in _AMBIGUOUS:
        raise ZoneProblem(f"'{word}' means several zones: write {_AMBIGUOUS[upper]} instead")
    if upper in _OFFSETS:
        return UTC if not _OFFSETS[upper] else timezone(timedelta(hours=_OFFSETS[upper]), upper)
    name = _iana(word.strip())
    return _zone(name) if name else None


def game_zone(word: str) -> str:
    """The IANA name a GM's word gives a game's zone (``jst`` -> ``Asia/Tokyo``); '' for UTC.

    Raises :class:`ZoneProblem` for anything else, with the names to use.
    """
    upper = word.strip().upper()
    if upper in _ONE_ZONE:
        return "" if _ONE_ZONE[upper] == "UTC" else _ONE_ZONE[upper]
    if upper in _AMBIGUOUS:
        raise ZoneProblem(f"'{word}' means several zones: write {_AMBIGUOUS[upper]} instead")
    if upper in _REGIONS:
        raise ZoneProblem(
            f"'{word}' names a clock that changes with summer time, not a place: write the place's zone, "
            f"e.g. {_REGIONS[upper]} (its summer time then follows)"
        )
    name = _iana(word.strip())
    if name is None:
        raise ZoneProblem(f"{unknown_zone(word)}: write a zone's name such as Asia/Tokyo or Europe/London")
    return "" if name == "UTC" else name


def zone_guesses(word: str) -> list[str]:
    """The zones a misspelt or partial name may mean: ``Asia/Tokio`` -> Asia/Tokyo, ``Tokyo`` -> Asia/Tokyo."""
    key = word.strip().casefold().replace(" ", "_")
    if not key or len(key) > 64:
        return []
    names = _names()
    scored = [(difflib.SequenceMatcher(None, key, folded).ratio(), folded) for folded in names]
    best = max((score for score, _ in scored), default=0.0)
    close = [folded for score, folded in sorted(scored, reverse=True) if score >= max(0.8, best - 0.05)][:3]
    cities = [name for folded, name in names.items() if folded.rpartition("/")[2] == key and "/" in folded]
    return list(dict.fromkeys([*(names[c] for c in close), *sorted(cities)[:3]]))


def _did_you_mean(word: str) -> str:
    guesses = zone_guesses(word)
    return f" (did you mean {' or '.join(guesses)}?)" if guesses else ""


def unknown_zone(word: str) -> str:
    """``unknown time zone 'Asia/Tokio' (did you mean Asia/Tokyo?)``."""
    return f"unknown time zone '{word}'{_did_you_mean(word)}"


def placed(local: datetime, zone: tzinfo, name: str) -> datetime:
    """A wall-clock time (naive) as a moment in ``zone`` (``name``: how the GM knows it).

    Twice a year a region's clock skips an hour and passes another twice:
    ``2027-03-14 02:30`` never happens in New York, ``2027-11-07 01:30``
    happens twice. Either is refused (:class:`ZoneProblem`), naming both
    moments it could mean, each as text that reads as that moment alone.
    """
    first, second = local.replace(tzinfo=zone, fold=0), local.replace(tzinfo=zone, fold=1)
    if first.utcoffset() == second.utcoffset():
        return first
    real = [m for m in (first, second) if m.astimezone(UTC).astimezone(zone).replace(tzinfo=None) == local]
    said = f"{local:%Y-%m-%d %H:%M}"
    if real:  # the clocks go back: both are real, an hour apart
        choices = " or ".join(
            f"'{_typed(m, local)}' ({m.astimezone(UTC):%H:%M} UTC, the {which})"
            for m, which in zip(sorted(real), ("first", "second"), strict=True)
        )
        raise ZoneProblem(f"{said} happens twice in {name} (the clocks go back that night): write {choices}")
    # the clocks go forward: the hour is skipped, and the time read by either offset is another wall-clock time
    moments = sorted(m.astimezone(UTC).astimezone(zone) for m in (first, second))
    choices = " or ".join(f"'{m:%Y-%m-%d %H:%M}' ({zone_label(m)}, {m.astimezone(UTC):%H:%M} UTC)" for m in moments)
    raise ZoneProblem(f"{said} does not exist in {name} (the clocks go forward that night): write {choices}")


def _typed(moment: datetime, local: datetime) -> str:
    """The text that names ``moment`` alone: the local time with its zone's letters if they read back as its
    offset (``01:30 EDT``), else with the offset itself."""
    label = zone_label(moment)
    try:
        back = typed_zone(label)
    except ZoneProblem:
        back = None
    if back is not None and back.utcoffset(local) == moment.utcoffset():
        return f"{local:%Y-%m-%d %H:%M} {label}"
    return moment.isoformat(timespec="minutes")


def zone_of(name: str) -> tzinfo:
    """A game's zone (UTC for '' or a name this machine cannot read: a deadline is never lost to a zone)."""
    if not name:
        return UTC
    try:
        return _zone(name)
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def shown_in(moment: datetime, name: str) -> datetime:
    """``moment`` in the zone ``name`` (UTC for '')."""
    return moment.astimezone(zone_of(name)) if moment.tzinfo else moment.replace(tzinfo=UTC).astimezone(zone_of(name))


def zone_label(moment: datetime) -> str:
    """``JST``, ``BST``; a zone with no letters of its own (``+09``) as ``UTC+09:00``."""
    label = moment.strftime("%Z")
    if label and label[0] not in "+-":
        return label
    offset = moment.strftime("%z")
    return f"UTC{offset[:3]}:{offset[3:]}" if offset else "UTC"


@cache
def _zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


@cache
def _names() -> dict[str, str]:
    return {name.casefold(): name for name in available_timezones()}


def _iana(word: str) -> str | None:
    """The IANA name ``word`` is, in any case (``asia/tokyo``); None if none."""
    if not word or "/" not in word and word.upper() not in ("UTC", "GMT"):
        return None
    return "UTC" if word.upper() in ("UTC", "GMT") else _names().get(word.casefold())
