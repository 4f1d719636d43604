"""Cut a board's coastline out of Natural Earth's land, once, into a small file beside the map.

The map picture draws Sengoku on Japan as it lies, so it needs the real
coast; fetching it at run time would make the picture depend on a network,
and shipping the whole world would weigh megabytes. So this script, run by
hand when the data or the extent changes, reads the 1:10m land set as the
``world-atlas`` npm package ships it (TopoJSON, quantized, in degrees),
cuts it to the board's extent, drops islets too small to see, simplifies
the rest to well under a pixel, and writes ``maps/data/drawing/<drawing>.coast.json``
with where it came from. The data is public domain (Natural Earth); the
package's own code is ISC-licensed and none of it is copied.

Usage (the package comes from the npm registry, e.g. ``npm pack world-atlas@2.0.2`` in /tmp)::

    python tools/coastline.py /tmp/package/land-10m.json maps/data/drawing/sengoku.coast.json

Standard library and shapely only (shapely is already the picture's).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import MultiPolygon, Polygon, box

SOURCE = {
    "data": "Natural Earth 1:10m physical vectors, land (version 4.1.0), https://www.naturalearthdata.com/",
    "package": "world-atlas 2.0.2 (npm), land-10m.json, https://github.com/topojson/world-atlas",
    "licence": "Natural Earth: public domain; world-atlas packaging: ISC",
    "made_by": "tools/coastline.py",
}
EXTENT = (128.4, 29.2, 143.2, 42.0)
"""West, south, east, north in degrees: every Sengoku position with a sea's width round it."""
TOLERANCE = 0.004
"""Simplification in degrees (about 400 m; under half a pixel at the picture's scale)."""
SMALLEST = 0.0015
"""Islands smaller than this (in square degrees, about 15 km²) are left out: too small to see or hold."""


def decode(topology: dict[str, Any], name: str) -> list[Polygon]:
    """The polygons of one object of a TopoJSON topology (quantized arcs, delta-encoded)."""
    scale = topology["transform"]["scale"]
    shift = topology["transform"]["translate"]
    arcs = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * scale[0] + shift[0], y * scale[1] + shift[1]))
        arcs.append(points)

    def ring(indices: list[int]) -> list[tuple[float, float]]:
        points: list[tuple[float, float]] = []
        for index in indices:
            piece = arcs[index] if index >= 0 else arcs[~index][::-1]
            points.extend(piece[1:] if points else piece)
        return points

    polygons: list[Polygon] = []
    for geometry in topology["objects"][name]["geometries"]:
        parts = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for part in parts:
            rings = [ring(r) for r in part]
            polygons.append(Polygon(rings[0], rings[1:]))
    return polygons


def cut(polygons: list[Polygon]) -> MultiPolygon:
    """The land inside the extent, islets left out, simplified."""
    window = box(*EXTENT)
    near = [shapely.intersection(shapely.make_valid(p), window) for p in polygons if p.intersects(window)]
    land = shapely.union_all(near)
    pieces = [p for p in getattr(land, "geoms", [land]) if p.geom_type == "Polygon" and p.area >= SMALLEST]
    simple = [shapely.make_valid(p.simplify(TOLERANCE, preserve_topology=True)) for p in pieces]
    flat = [g for s in simple for g in getattr(s, "geoms", [s]) if g.geom_type == "Polygon"]
    return MultiPolygon(sorted(flat, key=lambda p: -p.area))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("topojson", type=Path, help="land-10m.json from the world-atlas package")
    parser.add_argument("out", type=Path, help="where to write the cut coastline (JSON)")
    args = parser.parse_args(argv)
    land = cut(decode(json.loads(args.topojson.read_text(encoding="utf-8")), "land"))
    record = {
        "source": SOURCE,
        "extent": list(EXTENT),
        "tolerance": TOLERANCE,
        "smallest_island": SMALLEST,
        "polygons": [
            [[[round(x, 4), round(y, 4)] for x, y in ring.coords] for ring in (p.exterior, *p.interiors)]
            for p in land.geoms
        ],
    }
    args.out.write_text(json.dumps(record, separators=(",", ":")) + "\n", encoding="utf-8")
    points = sum(len(r) for p in record["polygons"] for r in p)
    print(f"{args.out}: {len(land.geoms)} polygons, {points} points, {args.out.stat().st_size} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
