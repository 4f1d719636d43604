"""The game's story as a whole: every phase as a frame, the centres year by year, and a summary.

Pure, like the map picture and the results post it builds on: it reads a
game's state (its history of positions, orders and reports) and returns
values and text, never a file, a request or a picture's pixels. The shells
turn its frames and chart series into GIF, WebP, APNG and PNG with
:mod:`raster` (Pillow, matplotlib), and post its summary (:mod:`story.markup`).

* :mod:`story.frames`: which phases an animation shows, and each frame's SVG
  (the map picture of :mod:`render`, under a caption naming the phase);
* :mod:`story.years`: each power's centres (and DP bid) at the end of each year;
* :mod:`story.summary`: the result, peaks, eliminations, orders owed and
  missed, DP bid and won, and the largest swings;
* :mod:`story.markup`: the summary in the five markups of the results post.
"""
