"""The map picture: a game position (and its orders) drawn as a standalone SVG.

Pure functions, no I/O and no web framework: the CLI writes the text to a
file, the web site sends it to a browser. The engine never imports this.

* :func:`render_svg` draws a position, with pending orders or adjudicated
  outcomes (with its legend, standalone; or without, for a page to hold);
* :func:`orders_layer` draws only the orders, for a page to swap in;
* :func:`layout` is the board's drawing without pieces (regions, anchors,
  bridges), computed once per board and cached.
"""

from render.geometry import Layout, layout
from render.picture import Judged, orders_layer, render_svg

__all__ = ["Judged", "Layout", "layout", "orders_layer", "render_svg"]
