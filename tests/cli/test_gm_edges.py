"""GM rough edges: Ctrl-C, the map on a terminal, builds that could never be, an army's retreat to a coast."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import time
from pathlib import Path

from cli.gamefile import load_game
from tests.cli.conftest import Cli
from tests.cli.sengoku_process import COMMAND, environment
from tests.cli.test_orders import stored

INTERRUPTED = "Interrupted (Ctrl-C): stopped; the game file holds only what was saved whole before it."

WINTER = """\
variant: sengoku
phase: Winter 1572 adjustments
units:
  Oda:     [A Owari]
  neutral: [A Bizen]
centres:
  Oda:     [Owari, Mikawa, Mino]
neutral_centres: [Bizen, Yamashiro]
"""

# From a real game on the standard map: Russia's army in Rumania, dislodged from Sevastopol, retreats to Bulgaria
# and names the south coast, as clients write it for either unit type.
RUMANIA = """\
variant: standard
phase: Fall 1901 retreats
units:
  Russia: [A Sevastopol]
  Turkey: [A Rumania, F Black Sea]
centres:
  Russia: [Moscow]
dislodged:
  - unit: A Rumania
    power: Russia
    attacker_from: Sevastopol
"""


def read_until(fd: int, wanted: bytes, seconds: float = 60) -> bytes:
    seen = b""
    deadline = time.monotonic() + seconds
    while wanted not in seen and time.monotonic() < deadline:
        if select.select([fd], [], [], 1)[0]:
            try:
                seen += os.read(fd, 1024)
            except OSError:  # the terminal closed with the process
                break
    return seen


def interrupted(process: subprocess.Popen[bytes]) -> int:
    """Ctrl-C, as a person presses it: once, and again if the command has not stopped after a while (on a
    saturated machine the first press was once seen to go unanswered for a minute)."""
    for _ in range(3):
        process.send_signal(signal.SIGINT)
        try:
            return process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            continue
    return process.wait(timeout=20)


def _ctrl_c_as_on_a_terminal() -> None:
    """In the child: Ctrl-C does what it does in a shell. A test runner's worker may ignore SIGINT (so that only
    its controller sees the user's Ctrl-C), and a child started from it would inherit that and never stop."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_while_pasting_is_one_line_and_exit_130(cli: Cli, game: Path) -> None:
    main, child = pty.openpty()
    process = subprocess.Popen(
        [*COMMAND, "orders", "game.json"],
        cwd=cli.folder,
        stdin=child,
        stderr=child,
        env=environment(),
        preexec_fn=_ctrl_c_as_on_a_terminal,
    )
    os.close(child)
    assert b"Paste the orders, then Ctrl-D:" in read_until(main, b"Ctrl-D:")
    try:
        assert interrupted(process) == 130
    finally:
        if process.poll() is None:  # never left running past the test, whatever went wrong
            process.kill()
            process.wait()
    screen = read_until(main, INTERRUPTED.encode(), seconds=5).decode()
    os.close(main)
    assert INTERRUPTED in screen and "Traceback" not in screen
    assert stored(game) == {}


def test_the_map_on_a_terminal_says_how_to_write_a_file(cli: Cli, game: Path) -> None:
    main, child = pty.openpty()
    result = subprocess.run(
        [*COMMAND, "map", "game.json"], cwd=cli.folder, stdout=child, stderr=subprocess.PIPE, env=environment()
    )
    os.close(child)
    screen = read_until(main, b"<svg", seconds=0.5)
    os.close(main)
    assert result.returncode == 2 and b"<svg" not in screen
    assert b"the map is a picture, not text for a terminal: write it to a file, '-o board.png'" in result.stderr


def test_the_map_still_goes_to_a_pipe(cli: Cli, game: Path) -> None:
    assert cli("map", "game.json").stdout.startswith("<svg")


def test_a_build_that_could_never_be_says_why_before_the_count(cli: Cli) -> None:
    (cli.folder / "winter.yaml").write_text(WINTER)
    cli("new", "game.json", "--position", "winter.yaml")
    paste = "Oda:\nBuild A Mikawa\nBuild A Mino\nBuild A Kyoto\nBuild A Owari\nBuild A Kiyoto\n"
    out = cli("orders", "game.json", input=paste, code=3).stdout.splitlines()
    assert out[3:6] == [
        "REFUSED line 4: 'Build A Kyoto': Oda does not own a supply centre in Yamashiro",  # Kyoto: Yamashiro's city
        "REFUSED line 5: 'Build A Owari': Owari is occupied",
        "REFUSED line 6: 'Build A Kiyoto': unknown province 'Kiyoto'; "
        "did you mean Yamashiro (YAS), Iyo (IYO), Noto (NOT)?",
    ]


def test_a_third_good_build_of_two_due_is_refused_by_the_count(cli: Cli) -> None:
    (cli.folder / "winter.yaml").write_text(WINTER.replace("[A Owari]", "[A Ise]"))  # three sites, two builds
    cli("new", "game.json", "--position", "winter.yaml")
    out = cli("orders", "game.json", input="Oda:\nBuild A Mikawa\nBuild A Mino\nBuild A Owari\n", code=3).stdout
    assert "REFUSED line 4: 'Build A Owari': only 2 builds due" in out


def test_an_armys_retreat_naming_a_coast_goes_to_the_province(cli: Cli) -> None:
    """DATC 4.B.6: a coast means nothing for an army; ``A RUM R BUL/SC`` is the retreat to Bulgaria."""
    (cli.folder / "rumania.yaml").write_text(RUMANIA)
    cli("new", "game.json", "--position", "rumania.yaml")
    out = cli("orders", "game.json", input="Russia:\nA RUM R BUL/SC\n").stdout.splitlines()
    assert out[1] == "ok      line 2: Russia: A Rumania R Bulgaria (sc)"
    post = cli("adjudicate", "game.json").stdout
    assert "  A Rumania R Bulgaria (sc): retreated\n" in post
    units = load_game(cli.folder / "game.json").state.position.units
    assert [(u.type.value, u.location) for u in units if u.power == "Russia"] == [("A", "SEV"), ("A", "BUL")]
