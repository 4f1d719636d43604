"""A version of a game file as the few byte ranges it changed in the version before it (the journal's deltas).

A command changes a game file in a few places: the position and the orders
near the top, a phase added at the end of the history, a line or two added
to the log. Everything else, most of all the history, comes back byte for
byte. :func:`diff` finds the unchanged stretches with slice comparisons and
``bytes.find`` (C loops over the bytes, no Python loop over them): the
common prefix and suffix, then, in what lies between, a probe taken from the
new bytes and looked for in the old, extended both ways, and the two sides
of it split the same way. What it cannot match is stored as it is. The
result is always exact (:func:`patch` gives back the new bytes, whatever
matches were found); the matching only decides how small it is.

A delta is ``ops`` (pairs: ``(start, length)`` copies bytes of the old
version, ``(-1, length)`` takes the next bytes of ``literal``) and the
literal bytes. The journal keeps one as a file (:func:`delta_file`): a line
of JSON (the version it goes with, the new size, the ops), then the literal
bytes.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate

import msgspec

__all__ = ["Piece", "delta_file", "diff", "joined", "patch", "patched"]

_PROBE = 512
"""Bytes of the new version looked for in the old one: long enough to come again by chance only rarely."""
_SMALL = 2 * _PROBE
"""A changed stretch shorter than this is stored as it is."""
_PROBES = 8
"""Probes tried in a changed stretch."""
_NEAR = 1 << 16
"""How far from where it was a stretch is first looked for: what changed before it moved it by less."""
_DEPTH = 24
"""How many times a changed stretch is split, at most (the ops stay few whatever the bytes)."""
_BUDGET = 16
"""The bytes searched for probes, at most, as a multiple of both versions' size: a diff of two files with
nothing in common ends in a bounded time, the rest stored as it is."""

Op = tuple[int, int]
Piece = tuple[bytes, int, int]
"""A stretch of a version: ``(data, start, length)``, bytes of ``data`` (a whole version, or a delta's
literal bytes)."""


class _Header(msgspec.Struct):
    parent: int
    size: int
    ops: list[tuple[int, int]]


def delta_file(parent: int, old: bytes, new: bytes) -> bytes:
    """``new`` as a delta against version ``parent``, whose bytes are ``old``: the file the journal keeps."""
    ops, literal = diff(old, new)
    return msgspec.json.encode(_Header(parent=parent, size=len(new), ops=ops)) + b"\n" + literal


def patched(kept: bytes, parent: int | None, old: list[Piece]) -> list[Piece]:
    """The new version's pieces from a :func:`delta_file` and the pieces of version ``parent`` (``ValueError``:
    it does not fit them). Deltas in a row are applied to pieces, and the bytes joined once (:func:`joined`)."""
    line, _, literal = kept.partition(b"\n")
    header = msgspec.json.decode(line, type=_Header)  # a DecodeError is a ValueError
    new = _applied(old, header.ops, literal)
    if header.parent != parent or sum(piece[2] for piece in new) != header.size:
        raise ValueError("it does not fit the version it was kept against")
    return new


def joined(pieces: list[Piece]) -> bytes:
    """The bytes of a version given as pieces."""
    return b"".join(data[start : start + length] for data, start, length in pieces)


def diff(old: bytes, new: bytes) -> tuple[list[Op], bytes]:
    """``new`` as copies of ``old``'s bytes and literal bytes."""
    ops: list[Op] = []
    literal: list[bytes] = []
    budget = [_BUDGET * (len(old) + len(new))]
    _match(old, 0, len(old), new, 0, len(new), ops, literal, 0, budget)
    return _merged(ops), b"".join(literal)


def patch(old: bytes, ops: list[Op], literal: bytes) -> bytes:
    """The new version from the old one and a delta; ``ValueError`` when the delta does not fit ``old``."""
    return joined(_applied([(old, 0, len(old))], ops, literal))


def _applied(old: list[Piece], ops: list[Op], literal: bytes) -> list[Piece]:
    """A delta's ops over a version given as pieces: the new version's pieces (no byte copied)."""
    ends = list(accumulate(piece[2] for piece in old))
    size, new, at = (ends[-1] if ends else 0), [], 0
    for start, length in ops:
        if length < 0:
            raise ValueError("a negative length")
        if start == -1:
            if at + length > len(literal):
                raise ValueError("it takes more literal bytes than it has")
            new.append((literal, at, length))
            at += length
            continue
        if start < 0 or start + length > size:
            raise ValueError(f"a copy of bytes {start}-{start + length} of a version of {size} bytes")
        index = bisect_right(ends, start)
        while length > 0:  # the pieces the copied stretch spans, or parts of them
            data, first, count = old[index]
            offset = start - (ends[index] - count)
            take = min(count - offset, length)
            new.append((data, first + offset, take))
            start, length, index = start + take, length - take, index + 1
    if at != len(literal):
        raise ValueError("literal bytes left over")
    return new


def _match(  # noqa: PLR0913 (the two ranges, what is built, and the bounds)
    old: bytes,
    a0: int,
    a1: int,
    new: bytes,
    b0: int,
    b1: int,
    ops: list[Op],
    literal: list[bytes],
    depth: int,
    budget: list[int],
) -> None:
    """``new[b0:b1]`` as ops over ``old[a0:a1]``."""
    same = _prefix(old, a0, a1, new, b0, b1)
    if same:
        ops.append((a0, same))
        a0, b0 = a0 + same, b0 + same
    tail = _suffix(old, a0, a1, new, b0, b1)
    a1, b1 = a1 - tail, b1 - tail
    if b1 > b0:
        anchor = _anchor(old, a0, a1, new, b0, b1, budget) if depth < _DEPTH else None
        if anchor is None:
            ops.append((-1, b1 - b0))
            literal.append(new[b0:b1])
        else:
            at_old, at_new = anchor
            _match(old, a0, at_old, new, b0, at_new, ops, literal, depth + 1, budget)
            _match(old, at_old, a1, new, at_new, b1, ops, literal, depth + 1, budget)
    if tail:
        ops.append((a1, tail))


def _anchor(old: bytes, a0: int, a1: int, new: bytes, b0: int, b1: int, budget: list[int]) -> tuple[int, int] | None:
    """Where the longest stretch of ``new[b0:b1]`` found in ``old[a0:a1]`` is (None: none, or too short to try).

    Probes spread over ``new[b0:b1]`` are each looked for in ``old[a0:a1]``: where it comes first, and
    nearest to where it would be had nothing moved before it (or after it). A probe may be found where the
    same bytes happen to come again (a unit list that many phases share); each place is measured both ways,
    and the longest match is the one that belongs.
    """
    if b1 - b0 < _SMALL or a1 - a0 < _PROBE or budget[0] <= 0:
        return None
    budget[0] -= _PROBES * (a1 - a0 + 4 * _NEAR)
    best: tuple[int, int, int] | None = None
    span = b1 - b0 - _PROBE
    for step in range(_PROBES):
        at_new = b0 + span * (2 * step + 1) // (2 * _PROBES)
        probe = new[at_new : at_new + _PROBE]
        places = {old.find(probe, a0, a1)}
        places |= {_nearest(old, probe, a0 + at_new - b0, a0, a1), _nearest(old, probe, a1 - (b1 - at_new), a0, a1)}
        for at_old in places - {-1}:
            length = _prefix(old, at_old, a1, new, at_new, b1) + _suffix(old, a0, at_old, new, b0, at_new)
            if best is None or length > best[0]:
                best = (length, at_old, at_new)
        if best is not None and 2 * best[0] >= b1 - b0:
            break
    return None if best is None else best[1:]


def _nearest(old: bytes, probe: bytes, around: int, a0: int, a1: int) -> int:
    """Where ``probe`` is in ``old[a0:a1]`` nearest ``around`` (within :data:`_NEAR`), or -1."""
    around = min(max(around, a0), a1)  # (a negative bound would count from the end of the bytes)
    low, high = max(a0, around - _NEAR), min(a1, around + _NEAR + len(probe))
    after = old.find(probe, around, high)
    before = old.rfind(probe, low, min(high, around + len(probe)))
    if after < 0 or before >= 0 and around - before < after - around:
        return before
    return after


def _prefix(old: bytes, a0: int, a1: int, new: bytes, b0: int, b1: int) -> int:
    """How many bytes ``old[a0:a1]`` and ``new[b0:b1]`` have in common at their start (:func:`_agreement`)."""
    return _agreement(min(a1 - a0, b1 - b0), lambda lo, hi: old[a0 + lo : a0 + hi] == new[b0 + lo : b0 + hi])


def _suffix(old: bytes, a0: int, a1: int, new: bytes, b0: int, b1: int) -> int:
    """How many bytes ``old[a0:a1]`` and ``new[b0:b1]`` have in common at their end (as :func:`_prefix`)."""
    return _agreement(min(a1 - a0, b1 - b0), lambda lo, hi: old[a1 - hi : a1 - lo] == new[b1 - hi : b1 - lo])


def _agreement(limit: int, same: Callable[[int, int], bool]) -> int:
    """How many of ``limit`` bytes agree from one end, ``same(lo, hi)`` comparing bytes ``lo`` to ``hi`` from it.

    Windows that double in size are compared until one differs, then that window is halved down to the byte:
    each byte is copied and compared about twice, however far the agreement runs.
    """
    done, step = 0, _PROBE
    while done < limit:
        end = min(done + step, limit)
        if not same(done, end):
            while end - done > 1:  # bytes before `done` agree; one in done..end does not
                mid = (done + end) // 2
                if same(done, mid):
                    done = mid
                else:
                    end = mid
            return done
        done, step = end, step * 2
    return limit


def _merged(ops: list[Op]) -> list[Op]:
    """Neighbouring ops that continue each other as one."""
    merged: list[Op] = []
    for start, length in ops:
        if merged:
            last_start, last_length = merged[-1]
            if start == -1 == last_start or -1 != last_start and start == last_start + last_length:
                merged[-1] = (last_start, last_length + length)
                continue
        merged.append((start, length))
    return merged
