"""Mail written for another game: found, named, and never applied to this one.

A GM with several games in one mailbox gets ``Re: [Kyoto 1570] Oda S1572
orders`` while reading the mail of the Azuchi game: in replace mode it would
replace Oda's Azuchi orders. A text is for another game when

* its subject, or a line of its own text (not a quoted one), names another
  game the GM runs (the shell gives their names: the game files beside this
  one), outside this game's own name; or
* its subject answers this program's own mail of another game
  (``Re: Kyoto 1570: Spring 1570 movement results``, ``... orders for Fall
  1570 movement are due``, ``... your link as Oda``): a reply keeps the
  subject of the mail it answers.

A tag in brackets naming no game the GM runs (``[EXTERNAL]``, a mailing
list's) says nothing. Pure: the intake and the paste apply it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from inbox.phases import subject_of
from orders import Ignored, LineVerdict, MessageSpan, VerdictKind

__all__ = ["off_game_pasted", "other_game"]

_REPLY_PREFIX = re.compile(r"^(?:\s*(?:re|fw|fwd|aw|sv|tr)\s*(?:\[\d+\])?\s*:\s*)+", re.I)
# The subjects this program writes (outbox/letters.py, post/document.py), after their game's name.
_OWN_SUBJECT = re.compile(
    r"^(?P<name>.+?)(?:: CORRECTION)?: "
    r"(?:.+ results(?: \(preview\))?(?: - .*)?|orders for .+ are due|your link as \S+)$"
)
_NOT_OWN = frozenset({Ignored.QUOTED, Ignored.QUOTED_ORDER, Ignored.MAIL_HEADER})


def other_game(subject: str, lines: Sequence[LineVerdict], own: str, others: Collection[str]) -> str | None:
    """Where a text names another game than ``own`` (``the subject names the game 'Kyoto 1570'``), else None.

    ``own``: this game's name (or its variant's title when it has none);
    ``others``: the names of the other games the GM runs.
    """
    names = [name for name in others if name.strip() and _key(name) != _key(own)]
    named = _named(subject, own, names)
    if named is not None:
        return f"the subject names the game '{named}'"
    replied = _OWN_SUBJECT.match(_REPLY_PREFIX.sub("", subject).strip())
    if replied is not None and _key(replied["name"]) != _key(own):
        return f"the subject answers mail of the game '{replied['name'].strip()}'"
    for line in lines:
        if line.ignored in _NOT_OWN or line.kind is VerdictKind.IGNORED and line.ignored is Ignored.SIGNATURE:
            continue
        named = _named(line.text, own, names)
        if named is not None:
            return f"line {line.number} names the game '{named}'"
    return None


def _named(text: str, own: str, names: Sequence[str]) -> str | None:
    """The first of ``names`` in ``text`` as whole words, outside ``own`` (so 'Kyoto' is not found in 'Kyoto II')."""
    if not names or not text.strip():
        return None
    folded = _spaced(text)
    if own.strip():
        folded = folded.replace(_spaced(own), " ")
    for name in sorted(names, key=len, reverse=True):
        if _spaced(name) in folded:
            return name.strip()
    return None


def _spaced(text: str) -> str:
    """Words only, each between spaces, case-blind: ``[Kyoto 1570]`` -> `` kyoto 1570 ``."""
    return " " + " ".join(re.findall(r"\w+", text.casefold())) + " "


def _key(name: str) -> str:
    return _spaced(name).strip()


def off_game_pasted(
    lines: Sequence[LineVerdict], messages: Sequence[MessageSpan], own: str, others: Collection[str]
) -> list[LineVerdict]:
    """A paste's lines with every counted line of a message written for another game refused (none stored)."""
    out = list(lines)
    spans = messages or [MessageSpan(0, 1, len(lines), None, None)]
    for span in spans:
        mine = [line for line in lines if line.message == span.index]
        where = other_game(subject_of(mine) or "", mine, own, others)
        if where is None:
            continue
        problem = f"not used: {where}, and this game is '{own}'"
        for line in mine:
            if line.counted:
                out[line.number - 1] = line._replace(
                    kind=VerdictKind.ERROR, power=None, order=None, problem=problem, suggestions=()
                )
    return out
