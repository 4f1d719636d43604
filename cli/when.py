"""Reading a deadline as a GM types it: ``2026-12-01 20:00 UTC``, ``2026-12-01T20:00+01:00``, ``+48h``, ``+2d``."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import click

__all__ = ["parse_when"]

_RELATIVE = re.compile(r"^\+\s*(\d+(?:\.\d+)?)\s*(h|hours?|d|days?)$", re.I)


def parse_when(text: str, now: datetime | None = None) -> datetime:
    """The moment ``text`` names, in UTC (a time with no zone is UTC); refuses the past and what it cannot read."""
    now = now or datetime.now(UTC)
    words = text.strip()
    relative = _RELATIVE.match(words)
    if relative:
        amount, unit = float(relative.group(1)), relative.group(2).lower()
        moment = now + (timedelta(days=amount) if unit.startswith("d") else timedelta(hours=amount))
    else:
        moment = _absolute(words)
    if moment <= now:
        raise click.BadParameter(f"'{text}' is in the past (it is {now:%Y-%m-%d %H:%M} UTC now)")
    return moment.replace(second=0, microsecond=0)


def _absolute(words: str) -> datetime:
    cleaned = re.sub(r"\s*(UTC|GMT|Z)$", "", words, flags=re.I)
    try:
        moment = datetime.fromisoformat(cleaned)
    except ValueError:
        raise click.BadParameter(
            f"'{words}' is not a time; write it as '2026-12-01 20:00 UTC', '2026-12-01T20:00+01:00', '+48h' or '+2d'"
        ) from None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
