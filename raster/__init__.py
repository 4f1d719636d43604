"""Pictures for the shells: the map as PNG (:mod:`raster.png`; :mod:`render` draws SVG text and stays pure),
the game's story as an animation (:mod:`raster.animation`, Pillow) and its chart (:mod:`raster.chart`, matplotlib).

It imports none of the project's packages (import-linter checks it).
"""
