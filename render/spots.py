"""The plain records a drawing is made of: points, boxes and where each name goes.

No geometry library here: a picture drawn from a board's :class:`~render.sheet.Sheet`
needs only these, so a command that draws a kept sheet never loads shapely or numpy.
They are frozen msgspec Structs, not dataclasses: defined (and read back from the kept
sheet) in C, since `sengoku map` waits for both.
"""

from __future__ import annotations

import msgspec

__all__ = ["XY", "Box", "LabelSpot"]

XY = tuple[float, float]


class Box(msgspec.Struct, frozen=True):
    left: float
    top: float
    right: float
    bottom: float

    def shared(self, other: Box) -> float:
        """The area this box and another have in common."""
        wide = min(self.right, other.right) - max(self.left, other.left)
        high = min(self.bottom, other.bottom) - max(self.top, other.top)
        return max(0.0, wide) * max(0.0, high)

    def overlaps(self, other: Box) -> bool:
        return (
            self.left < other.right and other.left < self.right and self.top < other.bottom and other.top < self.bottom
        )


class LabelSpot(msgspec.Struct, frozen=True):
    """Where a name goes: ``x`` is the text's centre, ``y`` its first baseline; ``mark`` the centre mark's centre.

    ``lines`` is the text, one or two lines; ``short`` says the province's code stands in for its name.
    """

    x: float
    y: float
    box: Box
    mark: XY | None
    lines: tuple[str, ...]
    size: float
    short: bool
