"""The game's address book: which email addresses speak for which power.

A GM who runs a game by email reads orders from, and sends results to, these
addresses. An address belongs to one power at most (a message from it must
name its power without doubt); a power may have several (a player with a work
and a home address, or a team). Addresses compare without case, as mail
systems treat them in practice.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable, Mapping

__all__ = [
    "AddressError",
    "address_problem",
    "is_loopback_host",
    "mail_host",
    "normalise_address",
    "owner_of",
    "with_addresses",
]

# Deliberately loose: one '@', no spaces, a dot in the domain. Mail servers are the real judge.
_ADDRESS = r"^[^@\s<>,;]+@[^@\s<>,;]+\.[^@\s<>,;]+$"  # both compiled when first used (a command's start)

_HOST = r"^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$"


class AddressError(ValueError):
    """An address that cannot be used: malformed, or already another power's."""


def normalise_address(text: str) -> str:
    """``"Oda Nobunaga <Nobunaga@Example.org>"`` -> ``"nobunaga@example.org"``; refuses what is not one address.

    A list (``a@b.c,evil@x.y``) is refused, not cut to its first address:
    the GM would believe both stored. So is any control character: a line
    break in an address would end a mail header and start another.
    """
    from email.utils import getaddresses  # the mail package loads when an address is read, not at start

    problem = address_problem(text)
    if problem is not None:
        raise AddressError(problem)
    found = [address for _, address in getaddresses([text.strip()]) if address]
    if len(found) > 1:
        raise AddressError(
            f"'{text.strip()}' is a list, not one email address: give each address as its own word "
            f"(sengoku players GAME set POWER ADDRESS ADDRESS)"
        )
    address = (found[0] if found else "").strip().casefold()
    if not re.match(_ADDRESS, address):
        raise AddressError(f"'{text.strip()}' is not an email address")
    return address


def address_problem(text: str) -> str | None:
    """Why ``text`` cannot be an address in a mail header (a control character, a line break), or None."""
    for char in text:
        if ord(char) < 32 or 127 <= ord(char) < 160 or char in "\u2028\u2029":
            what = "a line break" if char in "\r\n\u2028\u2029" else "a control character"
            return f"{text.strip()!r} is not an email address: it holds {what} (U+{ord(char):04X})"
    return None


def mail_host(text: str) -> str:
    """A mail server's name as an Authentication-Results header gives it (``mx.google.com``), or AddressError.

    ``dkim`` names no server: only DKIM signatures checked on the GM's own
    computer (``sengoku orders --dkim``) verify a sender.
    """
    host = text.strip().casefold()
    if host != "dkim" and not re.match(_HOST, host):
        raise AddressError(f"'{text.strip()}' is not a mail server's name (such as mx.example.org)")
    return host


def owner_of(book: Mapping[str, Iterable[str]], sender: str) -> str | None:
    """The power whose address sent a message (``From:`` as written), or None."""
    try:
        address = normalise_address(sender)
    except AddressError:
        return None
    for power, addresses in book.items():
        if address in addresses:
            return power
    return None


def with_addresses(book: Mapping[str, list[str]], power: str, addresses: Iterable[str]) -> dict[str, list[str]]:
    """The book with ``power``'s addresses replaced (none: the power is taken out of the book)."""
    mine = list(dict.fromkeys(normalise_address(a) for a in addresses))
    for other, theirs in book.items():
        taken = sorted(set(mine) & set(theirs))
        if other != power and taken:
            raise AddressError(f"{taken[0]} is already {other}'s address")
    updated = {p: list(a) for p, a in book.items() if p != power}
    if mine:
        updated[power] = mine
    return dict(sorted(updated.items()))


def is_loopback_host(host: str) -> bool:
    """``localhost`` or a loopback address (127.0.0.0/8, ::1): a host whose traffic never leaves the machine.

    The one test of it: a webhook may be plain http only there, the site answers any ``Host`` only when it
    listens there, and a site that listens anywhere else is public (invited GMs only, by default). Which
    proxies may name the client is the operator's setting (web/access/proxies.py: this machine by default).
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
