"""Writing SVG text: elements with escaped attributes, numbers and shapes.

Every string that reaches the picture passes through :func:`element` or
:func:`text`, which escape it, so a province or power name can never break
the XML. Numbers are written with one decimal and no ``-0``, which keeps the
output small and identical from run to run (the golden test compares bytes).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

__all__ = ["element", "num", "path_data", "text", "tooltip"]

Attrs = Mapping[str, str | float | int | None]

# XML's escapes, as xml.sax.saxutils writes them; that module imports urllib.request (and with it http, ssl and
# email), which cost `sengoku map` more than the whole picture code: a GM waits for every import.


def escape(content: str) -> str:
    """Text safe between tags: ``&``, ``<`` and ``>`` escaped."""
    return content.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(value: str) -> str:
    """An attribute's value, escaped and quoted: double quotes, or single ones when it holds a double quote."""
    if value.isalnum():  # most are names, ids and colours' words: nothing to escape
        return f'"{value}"'
    value = escape(value).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in value:
        return f'"{value}"'
    if "'" not in value:
        return f"'{value}'"
    return '"' + value.replace('"', "&quot;") + '"'


def num(value: float) -> str:
    """A coordinate as text: one decimal, trailing zeros dropped."""
    out = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if out in ("-0", "") else out


def _attrs(attrs: Attrs) -> str:
    parts = []
    for key, value in attrs.items():
        if type(value) is str:  # exact types first: a picture writes thousands of attributes
            parts.append(f" {key}={quoteattr(value)}")
        elif type(value) is float:  # digits, "-" and ".": nothing to escape, nor in an int
            parts.append(f' {key}="{num(value)}"')
        elif value is None:
            continue
        elif isinstance(value, float):
            parts.append(f' {key}="{num(value)}"')
        elif isinstance(value, int):
            parts.append(f' {key}="{value!s}"')
        else:
            parts.append(f" {key}={quoteattr(str(value))}")
    return "".join(parts)


def element(tag: str, attrs: Attrs, children: Iterable[str] = (), *, lines: bool = False) -> str:
    """An element; children are already-written SVG text, one per line with ``lines`` (for readable diffs)."""
    inner = ("\n" if lines else "").join(children)
    if lines and inner:
        inner = f"\n{inner}\n"
    if not inner:
        return f"<{tag}{_attrs(attrs)}/>"
    return f"<{tag}{_attrs(attrs)}>{inner}</{tag}>"


def text(content: str, attrs: Attrs) -> str:
    """A text element with escaped content."""
    return f"<text{_attrs(attrs)}>{escape(content)}</text>"


def tooltip(content: str) -> str:
    """A tooltip: browsers show it when the pointer rests on the parent element."""
    return f"<title>{escape(content)}</title>"


def path_data(geom: BaseGeometry) -> str:
    """SVG path data for a polygon or multipolygon (holes included; even-odd filling not needed)."""
    rings = []
    for polygon in getattr(geom, "geoms", [geom]):
        if polygon.geom_type != "Polygon" or polygon.is_empty:
            continue
        for ring in (polygon.exterior, *polygon.interiors):
            coords = list(ring.coords)[:-1]
            points = []
            last = None
            for x, y in coords:
                point = f"{num(x)},{num(y)}"
                if point != last:
                    points.append(point)
                last = point
            if len(points) >= 3:
                rings.append("M" + "L".join(points) + "Z")
    return "".join(rings)
