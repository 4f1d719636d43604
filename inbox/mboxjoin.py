"""An mbox message cut at a separator line inside its own body, put back together.

A program that writes an mbox should escape a body line starting ``From ``
(``>From``); some do not (RFC 4155 section 3). A sender who knows it can
write a whole separator line into the body of an honest mail, and below it
a header block of their choosing (``From: Oda``, an ``Authentication-
Results`` naming the GM's provider): read as written, that is a second
mail, apparently verified. The receiving host verified only the mail it
received, whose body this was.

The separator cannot be told from a real one by its text; the mail above
it can say that its body goes on, in what the sender could not change
after it was checked:

* a multipart mail whose closing boundary comes only after the separator;
* a DKIM signature (``bh=``, the hash of the whole body, checked by the
  receiving host) that the body up to the separator does not match and the
  body with what follows does.

Then the piece below is part of the mail above (read as its text, which
speaks for its sender alone), and says so. A plain-text mail that is not
signed cannot say it; the GM's defence there is ``verify dkim``, or a
mail program that escapes (docs/security.md).
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["JOINED", "Piece", "rejoined"]

JOINED = (
    "a line in its body looked like an mbox separator (the program that wrote the mbox did not escape it), "
    "and the mail's own headers say its body goes on: read as part of this mail"
)
_MAX_SIGNATURES = 3
_HEADER_END = re.compile(rb"\r?\n\r?\n")
_BOUNDARY = re.compile(rb'boundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))', re.IGNORECASE)
_CONTENT_TYPE = re.compile(rb"^content-type:[ \t]*multipart/[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*", re.I | re.M)
_SIGNATURE = re.compile(rb"^dkim-signature:[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*", re.IGNORECASE | re.MULTILINE)
_HASHES = {b"rsa-sha256": hashlib.sha256, b"ed25519-sha256": hashlib.sha256, b"rsa-sha1": hashlib.sha1}


@dataclass(frozen=True)
class Piece:
    """One message of an mbox as split: its bytes (up to the message limit), its whole size, the line above it."""

    data: bytes
    size: int
    separator: bytes
    joined: bool = False  # holds a separator line of its body's own


def rejoined(pieces: Iterator[Piece]) -> Iterator[Piece]:
    """The pieces, each put back onto the one above when that one's own headers say its body goes on."""
    held: Piece | None = None
    for piece in pieces:
        if held is not None and _goes_on(held.data, piece.separator + piece.data):
            data = held.data + piece.separator + piece.data
            held = Piece(data, held.size + len(piece.separator) + piece.size, held.separator, joined=True)
            continue
        if held is not None:
            yield held
        held = piece
    if held is not None:
        yield held


def _goes_on(message: bytes, rest: bytes) -> bool:
    """Does ``message``'s body, by its own headers, go on into ``rest``?"""
    end = _HEADER_END.search(message)
    if end is None:
        return False
    headers, body = message[: end.start()], message[end.end() :]
    return _boundary_goes_on(headers, body, rest) or _signature_goes_on(headers, body, rest)


def _boundary_goes_on(headers: bytes, body: bytes, rest: bytes) -> bool:
    """A multipart body whose closing boundary is not in it, but is in what follows."""
    kind = _CONTENT_TYPE.search(headers)
    found = _BOUNDARY.search(kind[0]) if kind is not None else None
    if found is None:
        return False
    closing = b"--" + (found[1] or found[2]) + b"--"
    return closing not in body and closing in rest


def _signature_goes_on(headers: bytes, body: bytes, rest: bytes) -> bool:
    """A DKIM body hash (of the whole body: no ``l=``) that the body does not match and the body with ``rest`` does."""
    for signature in _SIGNATURE.findall(headers)[:_MAX_SIGNATURES]:
        tags = _tags(signature.partition(b":")[2])
        digest = _HASHES.get(tags.get(b"a", b""))
        if digest is None or b"l" in tags or b"bh" not in tags:
            continue
        try:
            wanted = base64.b64decode(tags[b"bh"], validate=True)
        except ValueError:
            continue
        how = tags.get(b"c", b"simple/simple").partition(b"/")[2] or b"simple"
        alone = _canonical(body, how)
        if alone is None or digest(alone).digest() == wanted:
            continue  # the body is whole as it is (or cannot be told)
        joined = _canonical(body + rest, how)
        if joined is not None and digest(joined).digest() == wanted:
            return True
    return False


def _tags(value: bytes) -> dict[bytes, bytes]:
    """A DKIM-Signature's tags (RFC 6376 section 3.2), whitespace removed."""
    out = {}
    for part in value.split(b";"):
        name, equals, found = part.partition(b"=")
        if equals:
            out[b"".join(name.split()).lower()] = b"".join(found.split())
    return out


def _canonical(body: bytes, how: bytes) -> bytes | None:
    """The body as DKIM hashes it (RFC 6376 sections 3.4.3 and 3.4.4), by dkimpy, on CRLF line ends; None for a
    canonicalization it does not name."""
    from dkim.canonicalization import Relaxed, Simple

    algorithm = {b"simple": Simple, b"relaxed": Relaxed}.get(how.lower())
    if algorithm is None:
        return None
    return bytes(algorithm.canonicalize_body(body.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")))
