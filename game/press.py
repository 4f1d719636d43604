"""Press: what the GM allows powers to say to each other, and who may read what. Pure rules, no storage.

As on DPjudge and webDiplomacy, the GM chooses per game: no press, public press only (to everyone), or
private press too (to one power or several); whether a message may go out unsigned ("grey" press: the
players see no sender, the GM does); and whether the GM reads the private messages. A power out of the
game (no unit, no centre) says nothing more; the GM's announcements go to everyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from orders.structs import Struct

__all__ = ["EVERYONE", "GM", "MAX_TEXT", "PressError", "PressRules", "may_read", "refusal"]

GM = "GM"
EVERYONE = "*"  # the recipients of a public message
MAX_TEXT = 4000
"""Characters a message: a long letter, not a document."""


class PressError(ValueError):
    """A message the game's rules do not allow, with why."""


class PressRules(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    kind: Literal["none", "public", "private"] = "private"
    """None; public only (to everyone); or private too (to chosen powers)."""
    grey: bool = False
    """A message may go out unsigned (the GM still sees who sent it)."""
    gm_reads_private: bool = False
    """The GM reads the private messages too."""


def refusal(
    rules: PressRules, sender: str, recipients: Sequence[str], anonymous: bool, survivors: Sequence[str]
) -> str | None:
    """Why this message may not go, or None when it may. ``recipients`` is ``[EVERYONE]`` or power names."""
    if sender == GM:
        return None if list(recipients) == [EVERYONE] and not anonymous else "the GM's announcements go to everyone"
    if rules.kind == "none":
        return "the GM allows no press in this game"
    if sender not in survivors:
        return f"{sender} is out of the game: its press is closed"
    if not recipients:
        return "choose who the message is for"
    if list(recipients) != [EVERYONE]:
        if rules.kind == "public":
            return "the GM allows public press only (to everyone) in this game"
        if sender in recipients:
            return "a message to yourself is a note: keep it elsewhere"
        out = [r for r in recipients if r not in survivors]
        if out:
            return f"{', '.join(out)} {'is' if len(out) == 1 else 'are'} out of the game"
    if anonymous and not rules.grey:
        return "the GM allows no unsigned (grey) press in this game"
    return None


def may_read(rules: PressRules, reader: str, sender: str, recipients: Sequence[str]) -> bool:
    """Whether ``reader`` (a power, or the GM) sees this message at all."""
    if list(recipients) == [EVERYONE] or reader == sender or reader in recipients:
        return True
    return reader == GM and rules.gm_reads_private
