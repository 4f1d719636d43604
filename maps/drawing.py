"""How a board is drawn on the real earth: its coastline, a declared local zoom, extra region seeds.

A board's map file says where each province lies (latitude, longitude) and,
with ``drawing: NAME``, which shipped drawing it is drawn on;
``maps/data/drawing/<NAME>.yaml`` says how the picture should show it: the
coastline to draw it on (cut once from Natural Earth by tools/coastline.py),
a region enlarged on purpose where the real provinces are too crowded for
marks (the Kinai), and extra points a province's region grows from where
one position would leave the drawn borders unlike the board's. The map file
names the drawing, never the code and never the map's own name, so a copy of
the Sengoku map saved under another name is drawn on Japan still; a board
that names none (the standard map, most of a GM's own map files) is drawn as
a schematic. Read here, in the one package that reads map data, so that the
picture code stays free of I/O; read once per process, and only when a
picture is laid out (:func:`drawing_names`, which a map file's check asks, lists
the folder and reads no file).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

import msgspec

from maps.errors import MapFileError

__all__ = ["Drawing", "Zoom", "drawing_digest", "drawing_names", "drawing_of", "misfit", "unknown_drawing"]

_FOLDER = Path(__file__).with_name("data") / "drawing"

LatLon = tuple[float, float]
Ring = tuple[tuple[float, float], ...]  # (longitude, latitude) points, as the coastline file keeps them


class Zoom(msgspec.Struct, frozen=True):
    """A region drawn ``factor`` times larger round ``at`` (latitude, longitude), fading out past ``radius`` degrees."""

    at: LatLon
    radius: float
    factor: float


class Drawing(msgspec.Struct, frozen=True):
    """A board's real-earth drawing: land polygons (outer ring first, then holes), zoom, extra seeds."""

    land: tuple[tuple[Ring, ...], ...]
    source: str
    zoom: Zoom | None
    seeds: dict[str, tuple[LatLon, ...]]


@lru_cache(maxsize=1)
def drawing_names() -> tuple[str, ...]:
    """The shipped drawings a map file may name (``drawing: sengoku``): the folder's ``<name>.yaml`` files."""
    return tuple(sorted(p.name.removesuffix(".yaml") for p in _FOLDER.iterdir() if p.name.endswith(".yaml")))


def unknown_drawing(name: str) -> str:
    """The one line that refuses a drawing name no shipped drawing has."""
    return f"unknown drawing {name!r}; the drawings there are {', '.join(drawing_names()) or 'none'}"


@lru_cache(maxsize=4)
def drawing_of(name: str | None) -> Drawing | None:
    """The shipped drawing a map file names (``board.drawing``), or None for none (drawn as a schematic)."""
    if name is None or not (spec_path := _FOLDER / f"{name}.yaml").is_file():
        return None
    from maps.yamlread import read_yaml  # only when a board is laid out: `sengoku map` with a kept sheet reads no YAML

    where = f"maps/data/drawing/{name}.yaml"
    spec_text = spec_path.read_text(encoding="utf-8")
    spec = read_yaml(spec_text)
    if not isinstance(spec, dict) or not isinstance(spec.get("coastline"), str):
        raise MapFileError(where, None, "needs 'coastline': the name of a coastline file beside it")
    coast_text = (_FOLDER / spec["coastline"]).read_text(encoding="utf-8")
    coast = json.loads(coast_text)
    land = tuple(
        tuple(tuple((float(x), float(y)) for x, y in ring) for ring in polygon) for polygon in coast["polygons"]
    )
    source = str(coast.get("source", {}).get("data", ""))
    return Drawing(land, source, _zoom(spec.get("zoom"), where), _seeds(spec.get("seeds"), where))


_REACH = 1.0  # degrees: how far past its coastline's extent a drawing may place a province (a sea off the coast)


def misfit(drawing: Drawing, places: Mapping[str, LatLon]) -> str | None:
    """Why ``drawing`` cannot draw a map whose provinces lie at ``places`` (id -> latitude, longitude), or None.

    A drawing is made for one set of provinces: its seeds name them, and its
    coastline covers where they lie. The Sengoku drawing named by the
    standard map (Europe's positions, none on Japan's land) would leave the
    layout no land to share, so the map file is refused when it loads.
    """
    lacking = sorted(set(drawing.seeds) - set(places))
    if lacking:
        return f"its seeds name provinces this map does not have ({_some(lacking)})"
    lons = [lon for polygon in drawing.land for lon, _ in polygon[0]]
    lats = [lat for polygon in drawing.land for _, lat in polygon[0]]
    south, north, west, east = min(lats) - _REACH, max(lats) + _REACH, min(lons) - _REACH, max(lons) + _REACH
    off = sorted(key for key, (lat, lon) in places.items() if not (south <= lat <= north and west <= lon <= east))
    if off:
        where = f"latitude {south:.1f} to {north:.1f}, longitude {west:.1f} to {east:.1f}"
        return f"{_some(off)} {'lies' if len(off) == 1 else 'lie'} off its coastline ({where})"
    return None


def _some(names: list[str]) -> str:
    return ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")


def drawing_digest(name: str | None) -> str:
    """A digest of a drawing's files, read as bytes ("" for none): a cache key that parses nothing.

    Every file of the folder whose name starts with the drawing's counts, so
    a coastline named otherwise would be missed: name it ``<drawing>.*``.
    """
    if name is None or not (_FOLDER / f"{name}.yaml").is_file():
        return ""
    digest = hashlib.sha256()
    for path in sorted(_FOLDER.glob(f"{name}.*")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _zoom(entry: object, where: str) -> Zoom | None:
    if entry is None:
        return None
    try:
        assert isinstance(entry, dict)
        lat, lon = entry["at"]
        zoom = Zoom((float(lat), float(lon)), float(entry["radius"]), float(entry["factor"]))
    except (AssertionError, KeyError, TypeError, ValueError) as error:
        raise MapFileError(where, None, f"'zoom' needs at: [lat, lon], radius and factor ({error!r})") from error
    if not (zoom.radius > 0 and 1 <= zoom.factor <= 3):
        raise MapFileError(where, None, "'zoom' needs a radius above 0 and a factor from 1 to 3 (beyond 3 it folds)")
    return zoom


def _seeds(entry: object, where: str) -> dict[str, tuple[LatLon, ...]]:
    if not entry:
        return {}
    try:
        assert isinstance(entry, dict)
        return {str(key): tuple((float(lat), float(lon)) for lat, lon in points) for key, points in entry.items()}
    except (AssertionError, TypeError, ValueError) as error:
        raise MapFileError(where, None, f"'seeds' maps a province id to [[lat, lon], ...] ({error!r})") from error
