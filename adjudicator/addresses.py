"""The game's address book: which email addresses speak for which power.

A GM who runs a game by email reads orders from, and sends results to, these
addresses. An address belongs to one power at most (a message from it must
name its power without doubt); a power may have several (a player with a work
and a home address, or a team). Addresses compare without case, as mail
systems treat them in practice.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

__all__ = ["AddressError", "normalise_address", "owner_of", "with_addresses"]

# Deliberately loose: one '@', no spaces, a dot in the domain. Mail servers are the real judge.
_ADDRESS = re.compile(r"^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$")


class AddressError(ValueError):
    """An address that cannot be used: malformed, or already another power's."""


def normalise_address(text: str) -> str:
    """``"Oda Nobunaga <Nobunaga@Example.org>"`` -> ``"nobunaga@example.org"``; refuses what is not an address."""
    from email.utils import parseaddr  # the mail package loads when an address is read, not at start

    _, address = parseaddr(text.strip())
    address = address.strip().casefold()
    if not _ADDRESS.match(address):
        raise AddressError(f"'{text.strip()}' is not an email address")
    return address


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
