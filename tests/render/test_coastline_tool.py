"""tools/coastline.py: Natural Earth's TopoJSON read as the world-atlas package ships it, cut to the board once."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "coastline.py"


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("coastline_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def topology(*rings: list[list[int]]) -> dict[str, object]:
    """A quantized, delta-encoded topology of whole-degree squares: one arc and one polygon per ring."""
    arcs = [[ring[0]] + [[b[0] - a[0], b[1] - a[1]] for a, b in zip(ring, ring[1:], strict=False)] for ring in rings]
    polygons = [{"type": "Polygon", "arcs": [[i]]} for i in range(len(rings))]
    return {
        "transform": {"scale": [1.0, 1.0], "translate": [0.0, 0.0]},
        "arcs": arcs,
        "objects": {"land": {"type": "GeometryCollection", "geometries": polygons}},
    }


def square(lon: int, lat: int, size: int) -> list[list[int]]:
    return [[lon, lat], [lon + size, lat], [lon + size, lat + size], [lon, lat + size], [lon, lat]]


def test_arcs_are_decoded_back_to_degrees(tool: ModuleType) -> None:
    (polygon,) = tool.decode(topology(square(130, 33, 2)), "land")
    assert sorted(set(polygon.exterior.coords)) == [(130, 33), (130, 35), (132, 33), (132, 35)]


def test_land_is_cut_to_the_boards_extent(tool: ModuleType) -> None:
    west, south, east, north = tool.EXTENT
    far_away = square(0, 0, 5)  # nowhere near Japan: left out
    across_the_edge = square(int(east) - 1, 35, 4)  # cut at the eastern edge
    land = tool.cut(tool.decode(topology(far_away, across_the_edge), "land"))
    (piece,) = land.geoms
    assert piece.bounds[2] == pytest.approx(east) and piece.bounds[0] >= west


def test_the_file_written_says_where_the_data_came_from(tool: ModuleType, tmp_path: Path) -> None:
    source = tmp_path / "land.json"
    source.write_text(json.dumps(topology(square(135, 34, 1))), encoding="utf-8")
    assert tool.main([str(source), str(tmp_path / "out.json")]) == 0
    written = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert "Natural Earth" in written["source"]["data"] and "public domain" in written["source"]["licence"]
    assert len(written["polygons"]) == 1
