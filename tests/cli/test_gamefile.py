"""The game file: written atomically, read with a one-line refusal for anything that is not a game.

The kill test runs a real ``sengoku adjudicate`` in a child process, pauses
it halfway through writing the new game file (through the writer's
``_write_chunk`` seam, patched only in the child), kills it with SIGKILL and
finds the old game whole.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli import gamefile
from cli.errors import INTERRUPTED
from cli.gamefile import load_game, read_state, write_state
from game.game import Game
from game.state import SCHEMA_VERSION, state_json
from maps import load_board
from maps.rules import SENGOKU
from orders import parse_orders
from post.wording import reason_words
from tests.cli.conftest import GAMES, Cli

ROOT = Path(__file__).resolve().parents[2]

COMMANDS = [
    ("status",),
    ("adjudicate",),
    ("orders", "-"),
    ("rollback",),
    ("history",),
    ("replay",),
    ("draw", "Oda"),
    ("concede", "Oda", "--to", "Hojo"),
]


def long_game(phases: int) -> Game:
    """A game of many adjudicated phases (every unit holds), for a game file of several hundred kB."""
    game = Game.new(load_board("sengoku"), name="long")
    for _ in range(phases):
        game.adjudicate()
    return game


def temporary_files(folder: Path) -> list[Path]:
    return sorted(folder.glob(".game.json.*.tmp"))


# --- writing --------------------------------------------------------------------------


def test_a_killed_writer_leaves_the_old_game_intact(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_state(path, long_game(30).state, SENGOKU)
    before = path.read_bytes()
    assert len(before) > 4 * gamefile._CHUNK  # the new file takes several writes
    with subprocess.Popen(
        [sys.executable, "-c", _PAUSING_WRITER, str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},  # this tree's sengoku, wherever pytest runs from
    ) as child:
        try:
            assert child.stdout is not None and child.stderr is not None
            assert child.stdout.readline() == "paused\n", child.stderr.read()
            partial = temporary_files(tmp_path)
            assert len(partial) == 1 and 0 < partial[0].stat().st_size < len(before)
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=10)
        finally:
            if child.poll() is None:
                child.kill()
    assert child.returncode == -signal.SIGKILL
    assert path.read_bytes() == before
    assert len(load_game(path).state.history) == 30
    left = temporary_files(tmp_path)
    assert len(left) == 1  # what the killed writer left; the next write removes it
    _age(left[0])
    write_state(path, long_game(31).state, SENGOKU)
    assert temporary_files(tmp_path) == []


_PAUSING_WRITER = textwrap.dedent(
    """
    import sys, time
    from cli import gamefile, main

    write = gamefile._write_chunk
    written = 0

    def pause_halfway(handle, chunk):
        global written
        write(handle, chunk)
        written += 1
        if written == 2:
            handle.flush()
            print("paused", flush=True)
            time.sleep(60)

    gamefile._write_chunk = pause_halfway
    main(["adjudicate", sys.argv[1], "--yes"])
    """
)


def test_ctrl_c_while_writing_keeps_the_old_game_and_no_temporary_file(
    cli: Cli, game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = game.read_bytes()

    def interrupted(handle: object, chunk: bytes) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(gamefile, "_write_chunk", interrupted)
    result = cli("adjudicate", "game.json", "--yes", code=130)
    assert result.stderr == f"\n{INTERRUPTED}\n" and "Traceback" not in result.output
    assert game.read_bytes() == before
    assert temporary_files(cli.folder) == []


def _age(path: Path, seconds: float = 60) -> None:
    """As if ``path`` had been left there ``seconds`` ago (a GM runs the next command later than a test does)."""
    then = path.stat().st_mtime - seconds
    os.utime(path, (then, then))


def test_a_stale_temporary_file_from_a_crash_is_removed_on_the_next_write(cli: Cli, game: Path) -> None:
    stray = cli.folder / ".game.json.abc123.tmp"
    stray.write_text('{"half": ', encoding="utf-8")
    _age(stray)
    cli("status", "game.json")  # reading changes nothing
    assert stray.exists()
    cli("adjudicate", "game.json", "--yes")
    assert load_game(game).phase == "Fall 1570 movement"
    assert temporary_files(cli.folder) == []


def test_a_temporary_file_a_live_writer_holds_is_left_alone(cli: Cli, game: Path) -> None:
    import fcntl

    other = cli.folder / ".game.json.other.tmp"
    with open(other, "wb") as writing:  # another sengoku, writing this game right now
        fcntl.flock(writing.fileno(), fcntl.LOCK_EX)
        _age(other)
        cli("adjudicate", "game.json", "--yes")
        assert other.exists()
    assert temporary_files(cli.folder) == [other]


def test_a_temporary_file_of_another_game_is_left_alone(cli: Cli, game: Path) -> None:
    stray = cli.folder / ".other.json.abc123.tmp"
    stray.write_text("{}", encoding="utf-8")
    _age(stray)
    cli("adjudicate", "game.json", "--yes")
    assert stray.exists()


def test_a_full_disk_names_the_game_file_and_changes_nothing(
    cli: Cli, game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = game.read_bytes()

    def full(handle: object, chunk: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(gamefile, "_write_chunk", full)
    result = cli("adjudicate", "game.json", "--yes", code=1)
    assert result.stderr == "Error: game.json: cannot write it (No space left on device); the game is unchanged\n"
    assert game.read_bytes() == before
    assert temporary_files(cli.folder) == []


@pytest.mark.parametrize("limit", [0, 100, 5000, 9000])
def test_a_real_write_refused_by_the_kernel_names_the_game_file(tmp_path: Path, limit: int) -> None:
    """The kernel refuses the write itself (a file-size limit, as a full disk does), wherever it falls.

    At 0 even the lock's note of its holder fails; past the first buffer the
    refusal comes at a write, a flush or the close that flushes the rest.
    """
    path = tmp_path / "game.json"
    write_state(path, long_game(3).state, SENGOKU)
    before = path.read_bytes()
    assert len(before) > 2 * limit
    child = subprocess.run(
        [sys.executable, "-c", _LIMITED_WRITER, str(limit), str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert (child.returncode, child.stderr) == (
        1,
        f"Error: {path}: cannot write it (File too large); the game is unchanged\n",
    )
    assert path.read_bytes() == before
    assert temporary_files(tmp_path) == []


_LIMITED_WRITER = textwrap.dedent(
    """
    import resource, signal, sys
    from cli import main

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write then fails with EFBIG instead of a signal
    limit = int(sys.argv[1])
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    main(["adjudicate", sys.argv[2], "--yes"])
    """
)


def test_saving_keeps_the_file_permissions(cli: Cli, game: Path) -> None:
    game.chmod(0o640)
    cli("adjudicate", "game.json", "--yes")
    assert game.stat().st_mode & 0o777 == 0o640
    assert temporary_files(cli.folder) == []


def test_the_file_is_the_game_state_as_json(game: Path) -> None:
    data = json.loads(game.read_text(encoding="utf-8"))
    assert data["schema_version"] == SCHEMA_VERSION and data["variant"] == "sengoku"
    assert data["position"]["phase"] == {"season": "spring", "year": 1570, "type": "movement"}


# --- reading: a one-line refusal, and nothing changed ----------------------------------

SENGOKU_STATE = json.loads(state_json(Game.new(load_board("sengoku")).state, rules=SENGOKU))


def _with(**changes: object) -> str:
    return json.dumps({**SENGOKU_STATE, **changes})


BAD_FILES = {
    "empty": ("", "not a sengoku game file (not valid JSON: line 1, column 1: Expecting value)"),
    "cut in half": (
        json.dumps(SENGOKU_STATE, indent=2)[:1000],
        "not a sengoku game file (not valid JSON: line ",
    ),
    "binary": ("\udcff\udcfe garbage", "not a sengoku game file (not UTF-8 text)"),
    "NUL bytes": ("\0\0\0\0\0", "not a sengoku game file (not valid JSON: line 1, column 1: Expecting value)"),
    "foreign JSON": ('{"hello": "world"}', "not a sengoku game file (no 'schema_version' and 'variant' at the top)"),
    "a JSON list": ("[1, 2, 3]", "not a sengoku game file (no 'schema_version' and 'variant' at the top)"),
    "a map file": (
        "format: 1\nname: sengoku\n",
        "not a sengoku game file (not valid JSON: line 1, column 1: Expecting value)",
    ),
    "newer version": (_with(schema_version=4), "game file schema version 4; this sengoku reads versions 1 to 3"),
    "no version number": (
        _with(schema_version="3"),
        "game file schema version '3'; this sengoku reads versions 1 to 3",
    ),
    "bad unit type": (
        _with(position={**SENGOKU_STATE["position"], "units": [{"type": "X", "location": "KAI"}]}),
        "not a valid game file: position.units[0].type: Invalid enum value 'X'",
    ),
    "unknown variant": (_with(variant="atlantis"), "its variant cannot be loaded: atlantis: (file): no such variant"),
    "unit off the map": (
        _with(position={**SENGOKU_STATE["position"], "units": [{"type": "A", "location": "XYZ", "power": "Oda"}]}),
        "not a playable game: unit A XYZ: there is no province XYZ on the sengoku map",
    ),
    "unknown power": (
        _with(orders={"Nobunaga": []}),
        "not a playable game: orders for unknown power 'Nobunaga'",
    ),
    "deeply nested JSON": ("[" * 100_000 + "]" * 100_000, "not a sengoku game file (JSON nested too deeply)"),
    "deeply nested inside a game": (
        _with(name="@").replace('"@"', "[" * 100_000 + "]" * 100_000),
        "not a sengoku game file (JSON nested too deeply)",
    ),
}


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("kind", BAD_FILES)
def test_a_bad_game_file_is_one_line_and_changes_nothing(cli: Cli, command: tuple[str, ...], kind: str) -> None:
    text, problem = BAD_FILES[kind]
    path = cli.folder / "game.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    result = cli(command[0], "game.json", *command[1:], input="Oda:\nA Owari H\n", code=1)
    assert result.stdout == ""
    assert result.stderr.startswith(f"Error: game.json: {problem}")
    assert result.stderr.count("\n") == 1
    assert path.read_bytes() == text.encode("utf-8", "surrogateescape")
    assert temporary_files(cli.folder) == []


# --- another version of sengoku: a newer file is refused, fields added since are kept ---------

NEWER_FIELDS = {"secret_ballot": {"Oda": ["Takeda"]}, "calendar": "lunar"}


@pytest.mark.parametrize(
    "command",
    [
        ("deadline", "+48h"),
        ("orders", "-"),
        ("adjudicate", "--yes"),
        ("players", "set", "Oda", "nobunaga@owari.example"),
    ],
    ids=lambda c: c[0],
)
def test_fields_a_newer_sengoku_added_are_kept_when_a_command_rewrites_the_game(
    cli: Cli, game: Path, command: tuple[str, ...]
) -> None:
    """A game moved to a newer sengoku and back loses nothing: the fields this one does not know are written back."""
    game.write_text(json.dumps({**json.loads(game.read_text(encoding="utf-8")), **NEWER_FIELDS}), encoding="utf-8")
    before = game.read_bytes()
    cli(command[0], "game.json", *command[1:], input="Oda:\nA Owari - Mino\n")
    assert game.read_bytes() != before  # the command did write the game
    data = json.loads(game.read_text(encoding="utf-8"))
    assert {name: data[name] for name in NEWER_FIELDS} == NEWER_FIELDS


def test_a_game_file_written_before_the_engine_moved_to_msgspec_is_written_back_with_every_value_kept(cli: Cli) -> None:
    """The file of a game played with the pydantic engine (a DP bid, a deadline, an address, a draw vote): every
    field it had comes back the same, in the same order; fields added since come with their defaults, and the
    schema is the current one (each outcome's verdict made from its record, :mod:`game.migrate`), its words
    read from the verdict, not kept beside it."""
    old = GAMES / "kyoto-1570-pydantic-era.json"
    before = json.loads(old.read_bytes())
    state = read_state(old)
    after = json.loads(state_json(state, rules=SENGOKU, indent=2))
    assert (before["schema_version"], after["schema_version"]) == (1, SCHEMA_VERSION)
    words = ("result", "reason", "note", "culprit", "opposed_by", "by")
    records = before["history"][0]["report"]["outcomes"]
    said = [{name: record.pop(name) for name in words if name in record} for record in records]
    assert _holds(after, {**before, "schema_version": SCHEMA_VERSION})
    for record, was in zip(state.history[0].report.outcomes, said, strict=True):
        detail = record.detail
        now = {"result": record.result.value, "reason": reason_words(record.verdict), "note": record.note}
        now |= {"culprit": record.culprit, "opposed_by": detail.opposed_by, "by": detail.by}
        assert {name: now[name] for name in was} == was
    outcomes = after["history"][0]["report"]["outcomes"]
    assert [o["verdict"] for o in outcomes[:3]] == [
        {"kind": "bounced", "by": "MIN"},
        {"kind": "succeeds"},
        {"kind": "bounced", "by": "MUS"},
    ]
    assert [name for name in after if name in before] == list(before)
    shutil.copy(old, cli.folder / "game.json")
    assert cli("status", "game.json").stdout.startswith("Sengoku Jidai (6DP) 'Kyoto 1570': Fall 1570 movement")


def _holds(after: object, before: object) -> bool:
    """Whether ``after`` has every value of ``before``, at every depth (fields added since may be there too)."""
    if isinstance(before, dict):
        return isinstance(after, dict) and all(k in after and _holds(after[k], v) for k, v in before.items())
    if isinstance(before, list):
        return isinstance(after, list) and len(after) == len(before) and all(map(_holds, after, before))
    return after == before


def test_a_game_file_of_a_newer_version_is_refused_in_one_line_and_not_rewritten(cli: Cli, game: Path) -> None:
    game.write_text(_with(schema_version=4, secret_ballot={}), encoding="utf-8")
    before = game.read_bytes()
    result = cli("deadline", "game.json", "+48h", code=1)
    assert result.stderr == (
        "Error: game.json: game file schema version 4; this sengoku reads versions 1 to 3"
        " (the game was written by a newer sengoku: upgrade to use it; the file is left as it is)\n"
    )
    assert game.read_bytes() == before


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_a_missing_game_file_is_one_line(cli: Cli, command: tuple[str, ...]) -> None:
    result = cli(command[0], "game.json", *command[1:], input="", code=1)
    assert result.stderr == "Error: game.json: no such game file (start one with 'sengoku new')\n"
    assert not (cli.folder / "game.json").exists()


def test_a_directory_is_not_a_game(cli: Cli) -> None:
    (cli.folder / "game.json").mkdir()
    assert cli("status", "game.json", code=1).stderr == "Error: game.json: is a directory, not a game file\n"


def test_an_unreadable_game_file_is_one_line(cli: Cli, game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = os.open

    def denied(path: object, *args: object, **kwargs: object) -> int:  # root reads any file: pretend it may not
        if Path(str(path)).name == "game.json":
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", denied)
    assert cli("status", "game.json", code=1).stderr == "Error: game.json: cannot read it (Permission denied)\n"


def test_a_game_file_that_cannot_be_replaced_is_one_line(cli: Cli) -> None:
    (cli.folder / "game.json").mkdir()
    assert cli("new", "game.json", "--force", code=1).stderr == (
        "Error: game.json: cannot write it (Is a directory); the game is unchanged\n"
    )
    assert temporary_files(cli.folder) == []


def test_new_refuses_to_overwrite_a_game(cli: Cli, game: Path) -> None:
    cli("adjudicate", "game.json", "--yes")
    before = game.read_bytes()
    result = cli("new", "game.json", code=1)
    assert result.stderr == "Error: game.json: a file is already there (use --force to replace it)\n"
    assert game.read_bytes() == before
    cli("new", "game.json", "--force")
    assert load_game(game).phase == "Spring 1570 movement"


def test_a_game_file_in_a_missing_folder_is_one_line(cli: Cli) -> None:
    result = cli("new", "nowhere/game.json", code=1)
    assert result.stderr == "Error: nowhere/game.json: cannot write it (No such file or directory)\n"


# --- files that are not files: refused before anything is read, never a hang ----------


def _sengoku(*args: str) -> subprocess.CompletedProcess[str]:
    """The real command in a child process: a hang fails the test after 30 s instead of stopping the suite."""
    command = [sys.executable, "-c", "import sys, cli; sys.argv[0] = 'sengoku'; cli.main()", *args]
    return subprocess.run(
        command, capture_output=True, text=True, timeout=30, env={**os.environ, "PYTHONPATH": str(ROOT)}
    )


def test_status_of_dev_zero_is_refused_at_once() -> None:
    done = _sengoku("status", "/dev/zero")
    assert done.returncode == 1 and done.stderr == "Error: /dev/zero: is a device, not a game file\n"


def test_status_of_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    done = _sengoku("status", str(fifo))
    assert done.returncode == 1 and done.stderr == f"Error: {fifo}: is a named pipe (FIFO), not a game file\n"


def test_a_huge_file_is_not_read(cli: Cli) -> None:
    path = cli.folder / "game.json"
    with open(path, "wb") as handle:
        handle.truncate(gamefile.MAX_BYTES + 1)  # sparse: no disk used
    result = cli("status", "game.json", code=1)
    assert result.stderr == "Error: game.json: too large for a game file (over 64 MB)\n"


# --- the history is checked too: history and replay read it back --------------------------


def _played() -> dict[str, object]:
    """A game one phase on, whose Spring had a DP auction (Oda's bid on Mino)."""
    board = load_board("sengoku")
    game = Game.new(board)
    game.submit("Oda", parse_orders("A Owari - Ise\n1 : A Mino S A Owari - Ise", board, power="Oda").by_power()["Oda"])
    game.adjudicate()
    return json.loads(state_json(game.state, rules=game.rules))  # type: ignore[no-any-return]


def _damaged(change: Callable[[dict[str, Any]], None]) -> str:
    state = json.loads(json.dumps(_played()))
    change(state)
    return json.dumps(state)


DAMAGED_HISTORY = {
    "a unit off the map": (
        lambda s: s["history"][0]["before"]["units"][0].update(location="XYZ"),
        "not a playable game: history phase 1 (Spring 1570 movement): unit A XYZ: "
        "there is no province XYZ on the sengoku map",
    ),
    "an order for a place off the map": (
        lambda s: s["history"][0]["orders"]["Oda"][0].update(destination="XYZ"),
        "not a playable game: history phase 1 (Spring 1570 movement): Oda's orders name 'XYZ', "
        "which is not on the sengoku map",
    ),
    "an auction with no bid": (
        lambda s: s["history"][0]["report"]["auction"][0].update(bids=[]),
        "not a playable game: history phase 1 (Spring 1570 movement): the report holds an auction for MIN with no bid",
    ),
    "a winner nobody bid for": (
        lambda s: s["history"][0]["report"]["auction"][0]["bids"][0].update(
            points=2, order={"kind": "hold", "unit": {"type": "A", "location": "MIN"}}
        ),
        "not a playable game: history phase 1 (Spring 1570 movement): the report holds an auction for MIN "
        "whose bids do not add up to its result",
    ),
}


@pytest.mark.parametrize("command", [("history",), ("replay",), ("status",)], ids=lambda c: c[0])
@pytest.mark.parametrize("kind", DAMAGED_HISTORY)
def test_a_damaged_history_is_one_line(cli: Cli, command: tuple[str, ...], kind: str) -> None:
    change, problem = DAMAGED_HISTORY[kind]
    (cli.folder / "game.json").write_text(_damaged(change), encoding="utf-8")
    result = cli(command[0], "game.json", code=1)
    assert result.stderr == f"Error: game.json: {problem}\n"
