"""The command's output streams, made safe for the GM's terminal: what a player wrote cannot act there.

Every line ``sengoku`` prints may hold a player's text (a mail's lines, its
subject, its sender's name, a game's name from a hand-edited file). Rather
than trust each of the many places that print to escape it, the command
wraps ``sys.stdout`` and ``sys.stderr`` once, at start: whatever is written
passes :func:`orders.cleantext.shown`, so an escape sequence (a window title,
an OSC 8 link, OSC 52 clipboard, a cursor move over a ``REFUSED`` line) or a
bidi override is shown as ``\\x1b]52;...`` or ``\\u202e``, never obeyed.
Binary output (the map as PNG) goes to the unwrapped ``buffer``, as before.
"""

from __future__ import annotations

import io
import sys
from typing import Any, TextIO

__all__ = ["CleanStream", "clean_output"]


class CleanStream(io.TextIOBase):
    """A text stream that writes to another with every acting character escaped."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream

    def write(self, text: str) -> int:
        if not isinstance(text, str):  # bytes: refused as a text stream refuses them (click asks so)
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        written = len(text)
        if not text.replace("\n", "").replace("\t", "").isprintable():  # a control, format or separator character
            from orders.cleantext import shown  # loaded only then: a command that never reads a game stays lean

            text = shown(text)
        self.stream.write(text)
        return written

    def flush(self) -> None:
        self.stream.flush()

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self.stream.encoding

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return self.stream.errors

    @property
    def buffer(self) -> Any:
        return self.stream.buffer

    def close(self) -> None:  # the real stream is closed by whoever opened it
        self.flush()


def clean_output() -> None:
    """Wrap ``sys.stdout`` and ``sys.stderr`` (once: a second call changes nothing)."""
    if not isinstance(sys.stdout, CleanStream):
        sys.stdout = CleanStream(sys.stdout)
    if not isinstance(sys.stderr, CleanStream):
        sys.stderr = CleanStream(sys.stderr)
