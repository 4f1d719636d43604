"""The page timings script runs (bench/bench_pages.py): a smoke test with two runs a case, no timing asserted."""

from __future__ import annotations

import re

import pytest

from bench import bench_pages
from web.play import mapview


def test_bench_pages_prints_a_figure_for_each_page(capsys: pytest.CaptureFixture[str]) -> None:
    bench_pages.main(["--runs", "2"])
    printed = capsys.readouterr().out
    assert "2 runs each" in printed
    figures = re.findall(r"^  (.+?)\s+wall median\s+[\d.]+ p90\s+[\d.]+ max\s+[\d.]+ ms \| CPU", printed, re.M)
    assert figures == [
        "GET /healthz (the framework's floor here)",
        "player page, movement, map cached",
        "player page, movement, map drawn",
        "player page, retreats, map drawn",
        "player page, adjustments, map drawn",
        "player map.svg, cached",
        "player map.svg, drawn",
        "public map.svg, drawn",
        "choices API (GET .../choices)",
        "check and draw as a player types",
        "save, the page's form (phase named)",
        "save, PUT .../orders (phase named)",
        "save for a closed phase (409)",
        "sandbox page (replays 1 phase)",
    ]


def test_clearing_the_cache_makes_the_next_request_draw_again() -> None:
    drawn: list[str] = []
    key = ("bench-test", 1, "page")

    def draw() -> str:
        drawn.append("svg")
        return "<svg/>"

    mapview.cached(key, draw)
    mapview.cached(key, draw)
    mapview.clear_cache()
    mapview.cached(key, draw)
    assert drawn == ["svg", "svg"]
