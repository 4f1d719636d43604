"""Text from players made safe to show, and names made one plain line: one rule for every output.

A mail's text, a subject or a sender's name reaches the GM's terminal, the
results post and the mail the game sends. Written raw, a player's control
characters act there: an escape sequence sets the terminal's title, plants a
link (OSC 8) or the clipboard (OSC 52), or moves the cursor to overwrite a
``REFUSED`` line with ``ok``; a right-to-left override (U+202E) shows
``A Kai - Suruga`` reversed, and zero-width characters make two names look
the same. So:

* :func:`shown` escapes what acts instead of showing: C0 controls but tab
  and newline (a carriage return too: it overwrites the line), DEL, C1
  controls (``\\x9b`` is a one-byte CSI), and the bidi and zero-width format
  characters, each written as ``\\x1b`` or ``\\u202e``. An escape sequence
  loses its ESC and is shown as harmless text (``\\x1b]52;c;...``).
* :func:`name_problem_of` refuses such characters in a name (a game's, a
  power's), and :func:`plain_name` gives a name in NFKC, so that full-width
  and compatibility forms (``Ｋｙｏｔｏ``, ``ﬁ``) are one name, not two.

Pure; the shells call it where text leaves them (the CLI wraps its output streams).
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["INVISIBLE", "name_problem_of", "plain_name", "shown"]

# Pattern strings, compiled by ``re``'s own cache when first used: their Unicode ranges cost every
# command's start a few milliseconds to compile, and most commands never clean a name.

_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_ZERO_WIDTH = "\u200b-\u200d\u2060-\u2064\ufeff\u180e\u034f\u115f\u1160\u3164\uffa0"
INVISIBLE = f"[{_BIDI}{_ZERO_WIDTH}]"
"""The bidi controls and zero-width characters: never in a name, always escaped when shown."""
_ACTING = f"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029{_BIDI}{_ZERO_WIDTH}]"


def shown(text: str) -> str:
    """``text`` with every character that acts on a terminal or reorders text written as an escape."""
    return re.sub(_ACTING, _escape, text) if re.search(_ACTING, text) else text


def _escape(match: re.Match[str]) -> str:
    code = ord(match[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def name_problem_of(name: str, what: str = "a name") -> str | None:
    """Why ``name`` cannot be a name (a control, bidi or zero-width character in it), or None."""
    for char in name:
        if re.match(INVISIBLE, char):
            kind = "a bidi control" if char in "\u061c\u200e\u200f" or "\u202a" <= char <= "\u202e" else None
            kind = kind or ("a bidi control" if "\u2066" <= char <= "\u2069" else "a zero-width character")
            return f"{what} cannot hold {kind} (U+{ord(char):04X}): it would show as something else"
        if re.match(_ACTING, char) or char in "\t\n":
            return f"{what} is one line of printable text; this one holds a control character (U+{ord(char):04X})"
    return None


def plain_name(name: str) -> str:
    """A name in NFKC, stripped: ``Ｋｙｏｔｏ　１５７０`` -> ``Kyoto 1570``."""
    return unicodedata.normalize("NFKC", name).strip()
