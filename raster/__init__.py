"""The map picture as PNG for the shells (:mod:`raster.png`): :mod:`render` draws SVG text and stays pure.

It imports none of the project's packages (import-linter checks it).
"""
