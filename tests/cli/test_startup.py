"""A command imports what it uses, when it uses it: a GM waits for every import.

Each case runs ``sengoku`` in a new Python process (imports are per process)
and lists which of the heavy libraries it loaded. The board cache is warm
(one run first), as it is for every run but the first after a change.
Timings themselves are measured by ``bench/startup.py``, never here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import Cli

HEAVY = ("pydantic", "networkx", "yaml", "shapely", "numpy", "flask", "sqlalchemy", "orders.parser", "smtplib")
"""What a command must not load unless it needs it: pydantic (people's input only), the map's graph library
and YAML reader (the board comes from the CLI's disk cache, :mod:`localfiles.boardcache`), geometry, the web
framework and database, the order parser (text only), mail sending."""

PROBE = """
import sys
from cli import main
sys.argv = ["sengoku", *sys.argv[1:]]
code = 0
try:
    main()
except SystemExit as exit:
    code = exit.code
print("LOADED", code, " ".join(m for m in {heavy!r} if m in sys.modules))
"""


def loaded(*args: str | Path, game: Path | None = None, watch: tuple[str, ...] = HEAVY) -> set[str]:
    """The modules of ``watch`` a `sengoku ARGS` run imported (it must succeed); ``game`` is copied afresh for
    each run."""
    probe = PROBE.format(heavy=watch)
    for _ in range(2):  # the first run may build the board cache (PyYAML, the schema)
        if game is not None:
            shutil.copy(game, game.with_name("copy.json"))
        done = subprocess.run([sys.executable, "-c", probe, *map(str, args)], capture_output=True, text=True)
    line = next(line for line in done.stdout.splitlines() if line.startswith("LOADED"))
    code, *modules = line.split()[1:]
    assert code == "0", done.stdout + done.stderr
    return set(modules)


@pytest.mark.parametrize("args", [["--help"], ["names"], ["names", "kai"]], ids=" ".join)
def test_commands_that_never_read_a_game_load_neither_pydantic_nor_the_engine(args: list[str]) -> None:
    assert loaded(*args) == set()


# A command that reads or changes a game file works on the engine's Structs, read by msgspec: no pydantic.
GAME_COMMANDS: dict[str, tuple[list[str], set[str]]] = {
    "status": (["status", "game.json"], set()),
    "status --orders": (["status", "game.json", "--orders"], set()),
    "status --position": (["status", "game.json", "--position"], {"yaml"}),  # it writes YAML
    "players": (["players", "game.json"], set()),
    "players set": (["players", "game.json", "set", "Oda", "nobunaga@owari.example"], set()),
    "deadline": (["deadline", "game.json", "+48h"], set()),
    "orders FILE": (["orders", "game.json", "orders.txt"], {"orders.parser"}),  # it reads people's text
    "adjudicate --preview": (["adjudicate", "game.json", "--preview"], set()),
    "adjudicate": (["adjudicate", "game.json", "--yes"], set()),
    "history last": (["history", "game.json", "last"], set()),
    "replay": (["replay", "game.json"], set()),
    "draw": (["draw", "game.json", "Oda", "Oda", "Takeda"], set()),
    "concede": (["concede", "game.json", "Oda", "--to", "Takeda"], set()),
    "rollback": (["rollback", "game.json"], set()),
    "map": (["map", "game.json", "-o", "board.svg"], set()),
    "mail --dry-run": (["mail", "game.json", "results", "--dry-run", "."], {"smtplib"}),  # the mail command
    "new": (["new", "copy.json", "--force"], set()),
}


@pytest.mark.parametrize("label", GAME_COMMANDS)
def test_a_game_command_loads_no_pydantic_and_nothing_else_it_does_not_use(cli: Cli, game: Path, label: str) -> None:
    """Commands in a GM's turn, on a game with one phase adjudicated (so history has something to show)."""
    (cli.folder / "orders.txt").write_text("Oda:\nA Owari - Mino\n", encoding="utf-8")
    cli("adjudicate", "game.json", "--yes")
    args, allowed = GAME_COMMANDS[label]
    assert loaded(*[cli.folder / "copy.json" if a == "game.json" else a for a in args], game=game) == allowed


_WRITING = ("cli.journal", "cli.journaldelta", "gzip", "zlib", "tempfile", "shutil", "random")
"""What only a command that writes a game file loads (the journal, :func:`tempfile.NamedTemporaryFile`)."""

# What a command's own path never needs, though a neighbour's does: each case names modules it must not load.
NEEDLESS: dict[str, tuple[list[str], tuple[str, ...]]] = {
    # the command list is a table: no engine, nor the msgspec its records are made of
    "--help": (["--help"], ("maps", "orders", "adjudicator", "msgspec")),
    # a paste is text: the mail reader's modules (and the standard library's email) are for --mbox/--eml/--maildir
    "orders FILE": (["orders", "game.json", "orders.txt"], ("email", "inbox.intake", "inbox.mail", "inbox.senders")),
    # one post in one markup: the other markups' writers (and the html module's tables) stay unloaded
    "adjudicate": (["adjudicate", "game.json", "--yes"], ("post.html", "post.bbcode", "post.markdown", "html")),
    # the picture writes its own XML escapes: xml.sax.saxutils would bring urllib, http, ssl and email
    "map": (
        ["map", "game.json", "-o", "board.svg"],
        ("xml.sax", "urllib.request", "http.client", "ssl", "email", "post.build"),
    ),
    # going back a phase needs the history, not the results post
    "rollback": (["rollback", "game.json"], ("post.build", "post.formats")),
    # reading writes nothing: the journal, its deltas and checksums, the writers' temporary files stay unloaded
    "status": (["status", "game.json"], _WRITING),
    "history last": (["history", "game.json", "last"], _WRITING),
    "replay": (["replay", "game.json"], _WRITING),
}


@pytest.mark.parametrize("label", NEEDLESS)
def test_a_command_loads_nothing_only_its_neighbours_use(cli: Cli, game: Path, label: str) -> None:
    (cli.folder / "orders.txt").write_text("Oda:\nA Owari - Mino\n", encoding="utf-8")
    cli("adjudicate", "game.json", "--yes")
    args, needless = NEEDLESS[label]
    run = [cli.folder / "copy.json" if a == "game.json" else a for a in args]
    assert loaded(*run, game=game, watch=needless) == set()


CIVIL_DISORDER = """\
variant: sengoku
phase: Winter 1571 adjustments
units:
  Oda: [A Owari, A Mikawa, F Totomi Sea, A Kai]
centres:
  Oda: [Owari, Mikawa]
"""


def test_replay_through_civil_disorder_loads_no_networkx(cli: Cli) -> None:
    """The removals of a power without orders go by distance, walked over the board's own borders."""
    (cli.folder / "start.yaml").write_text(CIVIL_DISORDER, encoding="utf-8")
    cli("new", "game.json", "--position", "start.yaml")
    assert "removed in civil disorder: A Kai, F Totomi Sea" in cli("adjudicate", "game.json", "--yes").stdout
    assert loaded("replay", cli.folder / "game.json") == set()


def test_a_position_file_a_gm_wrote_is_checked_by_pydantic(cli: Cli, game: Path) -> None:
    """The files people write are checked where they are read, by pydantic: `new --position` loads it."""
    (cli.folder / "start.yaml").write_text(cli("status", "game.json", "--position").stdout, encoding="utf-8")
    assert loaded("new", "other.json", "--force", "--position", "start.yaml") == {"pydantic", "yaml"}


def test_a_damaged_sheet_is_laid_out_again_and_draws_the_same(cli: Cli, game: Path) -> None:
    first = cli("map", "game.json", "-o", "-").stdout
    sheets = list(Path(os.environ["SENGOKU_CACHE_DIR"]).glob("sheet-*.pickle"))
    assert len(sheets) == 1
    sheets[0].write_bytes(sheets[0].read_bytes()[:-100])  # cut short: its digest no longer matches
    assert cli("map", "game.json", "-o", "-").stdout == first
