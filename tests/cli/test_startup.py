"""A command imports what it uses, when it uses it: a GM waits for every import.

Each case runs ``sengoku`` in a new Python process (imports are per process)
and lists which of the heavy libraries it loaded. The board cache is warm
(one run first), as it is for every run but the first after a change.
Timings themselves are measured by ``bench/startup.py``, never here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import Cli

HEAVY = ("networkx", "yaml", "shapely", "flask", "sqlalchemy", "pydantic", "orders.parser")

PROBE = """
import sys
from cli import main
sys.argv = ["sengoku", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print("LOADED", " ".join(m for m in {heavy!r} if m in sys.modules))
"""


def loaded(*args: str | Path) -> set[str]:
    """The heavy modules a `sengoku ARGS` run imported."""
    probe = PROBE.format(heavy=HEAVY)
    for _ in range(2):  # the first run may build the board cache (PyYAML, the schema)
        done = subprocess.run([sys.executable, "-c", probe, *map(str, args)], capture_output=True, text=True)
    line = next(line for line in done.stdout.splitlines() if line.startswith("LOADED"))
    return set(line.split()[1:])


@pytest.mark.parametrize("args", [["--help"], ["names"], ["names", "kai"]], ids=" ".join)
def test_commands_that_never_read_a_game_load_neither_pydantic_nor_the_engine(args: list[str]) -> None:
    assert loaded(*args) == set()


@pytest.mark.parametrize("command", ["status", "players", "history"])
def test_reading_a_game_loads_pydantic_and_nothing_it_does_not_use(cli: Cli, game: Path, command: str) -> None:
    """No graph library, YAML reader, map picture, web framework or order parser."""
    assert loaded(command, game) == {"pydantic"}


def test_drawing_the_map_with_its_sheet_kept_loads_no_geometry_library(cli: Cli, game: Path) -> None:
    """The board's laid-out drawing is kept beside the board cache: the map is drawn without shapely or numpy."""
    assert loaded("map", game, "-o", game.with_name("board.svg")) == {"pydantic"}


def test_a_damaged_sheet_is_laid_out_again_and_draws_the_same(cli: Cli, game: Path) -> None:
    first = cli("map", "game.json", "-o", "-").stdout
    sheets = list(Path(os.environ["SENGOKU_CACHE_DIR"]).glob("sheet-*.pickle"))
    assert len(sheets) == 1
    sheets[0].write_bytes(sheets[0].read_bytes()[:-100])  # cut short: its digest no longer matches
    assert cli("map", "game.json", "-o", "-").stdout == first
