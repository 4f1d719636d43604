"""The map picture: a game position (and its orders) drawn as a standalone SVG.

Pure functions, no I/O and no web framework: the CLI writes the text to a
file, the web site sends it to a browser. The engine never imports this.

* :func:`render_svg` draws a position, with pending orders or adjudicated
  outcomes (with its legend, standalone; or without, for a page to hold);
* :func:`orders_layer` draws only the orders, for a page to swap in;
* :func:`sheet_of` is the board's drawing without pieces (outlines, anchors,
  bridges, where the names go), laid out once per board and kept; a shell
  may keep it elsewhere too (:func:`keep_sheet`); :func:`layout` is the
  geometry it comes from (loaded only when asked for: it needs shapely).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from render.picture import Judged, orders_layer, render_svg
from render.sheet import Sheet, keep_sheet, sheet_of

if TYPE_CHECKING:
    from render.geometry import Layout, layout

__all__ = ["Judged", "Layout", "Sheet", "keep_sheet", "layout", "orders_layer", "render_svg", "sheet_of"]


def __getattr__(name: str) -> Any:
    """``layout`` and ``Layout`` come from :mod:`render.geometry` when first asked for (it loads shapely)."""
    if name in ("layout", "Layout"):
        from render import geometry

        return getattr(geometry, name)
    raise AttributeError(f"module 'render' has no attribute {name!r}")
