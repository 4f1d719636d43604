"""A gzip answer put together from pieces each compressed once: the player's page is a kept frame and a kept map
(about 180 kB) with a few kilobytes drawn per request, and compressing the whole page for every request cost
more than drawing it.

Each piece is raw deflate data flushed with ``Z_FULL_FLUSH``: it ends byte-aligned and refers to nothing before
it, so pieces compressed at different times, in any order, joined, and closed by a last empty block, are one
valid deflate stream (RFC 1951); the gzip member around it (RFC 1952) carries the CRC-32 and the length of the
whole text, computed from the text each time. zlib does the compressing; this module only joins its output.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable

__all__ = ["Deflater", "deflate", "gzip_member"]

_LEVEL = 6
_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # gzip, deflate, no flags, no time, no extra flags, OS unknown
_LAST_BLOCK = b"\x03\x00"  # an empty final block (fixed Huffman codes, end of block at once)


class Deflater:
    """One zlib stream whose every piece stands alone (see the module's docstring)."""

    def __init__(self) -> None:
        self._stream = zlib.compressobj(_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)

    def piece(self, text: str) -> bytes:
        return self._stream.compress(text.encode()) + self._stream.flush(zlib.Z_FULL_FLUSH)


def deflate(text: str) -> bytes:
    """One piece alone."""
    return Deflater().piece(text)


def gzip_member(pieces: Iterable[bytes], text: bytes) -> bytes:
    """The gzip answer whose deflate data are ``pieces`` (joined in order) and whose text is ``text``."""
    trailer = struct.pack("<II", zlib.crc32(text), len(text) & 0xFFFFFFFF)
    return b"".join((_HEADER, *pieces, _LAST_BLOCK, trailer))
