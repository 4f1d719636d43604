"""Mail the journal saw go out that the game file no longer records: an undo takes back the record, never the mail.

``mail`` records each message in the game file as the server accepts it, and
the journal's version of that write names them (:attr:`cli.journal.Version.mailed`).
An ``undo`` past it gives back a game that has not mailed them, so ``undo``
says what went, and the next ``mail`` finds the same message (the same key:
the same results, the same reminder) among the journal's versions and asks
before it goes to the same address again.
"""

from __future__ import annotations

from collections.abc import Iterable

from cli.journal import Journal, Version

__all__ = ["mailed_before", "unsent_by_undo"]


def unsent_by_undo(journal: Journal, current: Version, target: Version) -> list[Version]:
    """The versions between ``current`` and ``target`` (going back to where their lines meet) that recorded mail."""
    kept = {version.number for version in _line(journal, target)}
    left = []
    for version in _line(journal, current):
        if version.number in kept:
            break
        left.append(version)
    return [version for version in left if version.mailed]


def mailed_before(journal: Journal, recorded: Iterable[tuple[str, str]]) -> dict[tuple[str, str], Version]:
    """Each (key, address) some version of the journal mailed and ``recorded`` (the game's own record) lacks."""
    known = set(recorded)
    found: dict[tuple[str, str], Version] = {}
    for version in journal.versions():
        for sent in version.mailed:
            if tuple(sent) not in known:
                found.setdefault((sent[0], sent[1]), version)
    return found


def _line(journal: Journal, version: Version) -> list[Version]:
    """``version`` and its parents, back to the first version kept."""
    line: list[Version] = []
    walked: Version | None = version
    while walked is not None and walked not in line:
        line.append(walked)
        walked = journal.version(walked.parent)
    return line
