"""The Sengoku start position, drawn, byte for byte as last looked at.

When the drawing changes on purpose, look at the new picture (render it to
PNG and view it, as docs/sengoku-start.png was made), then refresh the
golden file with:

    SENGOKU_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

from adjudicator.position import Position
from maps import Board
from render import render_svg

GOLDEN = Path(__file__).parent / "golden" / "sengoku-start.svg"


def test_sengoku_start_matches_the_golden_file(sengoku: Board, sengoku_start: Position) -> None:
    svg = render_svg(sengoku, sengoku_start)
    if os.environ.get("SENGOKU_UPDATE_GOLDEN"):
        GOLDEN.write_text(svg, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    assert svg == expected, (
        f"the Sengoku start picture differs from {GOLDEN.name}. If the drawing changed on purpose, look at it, "
        "then refresh with: SENGOKU_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_golden.py"
    )
