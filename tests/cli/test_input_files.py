"""A GM's input files are read only if they are regular files of a sane size: never a hang, never a half-read.

``sengoku orders GAME FILE`` (and ``--eml``, ``--mbox``, each message of a
``--maildir``), ``new --position FILE`` and ``--variant FILE`` open their files
as the game file is opened (:mod:`localfiles.reading`): a device, a named pipe, a
folder or a file too large is refused with one line and exit code 1, before
anything is read, and the game file is left as it was. Standard input is read to one byte over the
paste limit at most, so an endless stream ends in a refusal, not a hang.
Hangs are caught by running the real command in a child process with a timeout.
"""

from __future__ import annotations

import json
import mailbox
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli.orders_cmd import MAX_PASTE_BYTES
from inbox.sources import MAX_MBOX_BYTES, MAX_MESSAGE_BYTES
from tests.cli.conftest import Cli
from tests.cli.test_orders import stored

ROOT = Path(__file__).parent.parent.parent
COMMAND = [sys.executable, "-c", "import sys, cli; sys.argv[0] = 'sengoku'; cli.main()"]


def sengoku(folder: Path, *args: str, stdin: int | None = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    """The real command in a child process: a hang fails the test after 30 s instead of stopping the suite."""
    return subprocess.run(
        [*COMMAND, *args],
        cwd=folder,
        stdin=stdin,
        capture_output=True,
        text=True,
        timeout=30,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


@pytest.fixture
def game(cli: Cli) -> Path:
    """A game where Oda has orders stored: a refused source must leave them, and the file, as they were."""
    cli("new", "game.json")
    cli("players", "game.json", "set", "Oda", "nobunaga@owari.example")
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    return cli.folder / "game.json"


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "orders.fifo"
    os.mkfifo(path)
    return path


def sparse(path: Path, size: int) -> Path:
    with path.open("wb") as handle:
        handle.truncate(size)  # no disk used
    return path


HINT = "(send a pipe to standard input instead: ... | sengoku orders GAME)"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["/dev/zero"], "Error: /dev/zero: is a device, not a file of orders; nothing was stored\n"),
        (["FIFO"], f"Error: FIFO: is a named pipe (FIFO), not a file of orders {HINT}; nothing was stored\n"),
        (["--eml", "/dev/zero"], "Error: /dev/zero: is a device, not a message file\n"),
        (["--eml", "FIFO"], "Error: FIFO: is a named pipe (FIFO), not a message file\n"),
        (["--mbox", "/dev/zero"], "Error: /dev/zero: is a device, not an mbox file\n"),
        (["--mbox", "FIFO"], "Error: FIFO: is a named pipe (FIFO), not an mbox file\n"),
    ],
)
def test_a_device_or_a_named_pipe_is_refused_at_once(game: Path, fifo: Path, args: list[str], error: str) -> None:
    before = game.read_bytes()
    args = [str(fifo) if arg == "FIFO" else arg for arg in args]
    done = sengoku(game.parent, "orders", "game.json", *args)
    assert (done.returncode, done.stderr) == (1, error.replace("FIFO:", f"{fifo}:"))
    assert game.read_bytes() == before


def test_a_folder_is_not_a_file_of_orders(cli: Cli, game: Path) -> None:
    (cli.folder / "mail").mkdir()
    result = cli("orders", "game.json", "mail", code=1)
    assert result.stderr == "Error: mail: is a folder, not a file of orders; nothing was stored\n"


def test_a_file_of_orders_over_the_paste_limit_is_refused_whole(cli: Cli, game: Path) -> None:
    before = game.read_bytes()
    (cli.folder / "big.txt").write_text("Oda:\n" + "A Owari - Ise\n" * (MAX_PASTE_BYTES // 14 + 1), encoding="utf-8")
    result = cli("orders", "game.json", "big.txt", code=1)
    assert result.stderr == (
        "Error: big.txt: more than 1 MB, too long for pasted orders (for a mailbox use --mbox, --eml or --maildir); "
        "nothing was stored\n"
    )
    assert game.read_bytes() == before


def test_an_mbox_over_256_mb_is_refused_before_it_is_read(cli: Cli, game: Path) -> None:
    sparse(cli.folder / "huge.mbox", MAX_MBOX_BYTES + 1)
    result = cli("orders", "game.json", "--mbox", "huge.mbox", code=1)
    assert (
        result.stderr
        == "Error: huge.mbox: too large for an mbox file (over 256 MB); export only the game's mail folder\n"
    )


def test_an_eml_over_the_mail_limit_is_named_and_the_others_still_read(cli: Cli, game: Path) -> None:
    sparse(cli.folder / "huge.eml", MAX_MESSAGE_BYTES + 1)
    (cli.folder / "oda.eml").write_bytes(
        b"From: nobunaga@owari.example\nMessage-ID: <oda@x>\nSubject: S1570\n\nA Owari - Ise\n"
    )
    result = cli("orders", "game.json", "--eml", "huge.eml", "oda.eml", code=3)
    assert "== mail 1 of 2 (huge.eml): (no sender): NOT READ: too big to be orders mail (25.0 MB; at most 25 MB)" in (
        result.stdout
    )
    assert stored(game)["Oda"] == ["A Owari - Ise"]


def test_a_named_pipe_in_a_maildir_is_named_and_the_other_messages_read(cli: Cli, game: Path) -> None:
    box = mailbox.Maildir(cli.folder / "Maildir", create=True)
    box.add(b"From: nobunaga@owari.example\nMessage-ID: <oda@x>\nSubject: S1570\n\nA Owari - Ise\n")
    box.close()
    os.mkfifo(cli.folder / "Maildir" / "new" / "0000.stuck")  # sorts first: read before the real message
    done = sengoku(cli.folder, "orders", "game.json", "--maildir", "Maildir")
    assert done.returncode == 3, done.stderr
    assert "(Maildir #1): (no sender): NOT READ: 0000.stuck is a named pipe (FIFO), not a message file" in done.stdout
    assert stored(game)["Oda"] == ["A Owari - Ise"]


def test_standard_input_from_dev_zero_is_refused_not_read_for_ever(game: Path) -> None:
    before = game.read_bytes()
    with open("/dev/zero", "rb") as zero:
        done = sengoku(game.parent, "orders", "game.json", stdin=zero.fileno())
    assert done.returncode == 1
    assert done.stderr.startswith("Error: standard input: more than 1 MB, too long for pasted orders")
    assert game.read_bytes() == before


def test_an_endless_stream_on_standard_input_is_refused_after_the_limit(game: Path) -> None:
    """``yes 'A Owari H' | sengoku orders game.json``: order-like lines for ever; read up to the limit, then refused."""
    before = game.read_bytes()
    endless = subprocess.Popen(["yes", "A Owari H"], stdout=subprocess.PIPE)
    try:
        assert endless.stdout is not None
        done = sengoku(game.parent, "orders", "game.json", "--power", "Oda", stdin=endless.stdout.fileno())
    finally:
        endless.kill()
        endless.wait()
        if endless.stdout is not None:
            endless.stdout.close()
    assert done.returncode == 1
    assert done.stderr.startswith("Error: standard input: more than 1 MB, too long for pasted orders")
    assert game.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--position", "/dev/zero"], "Error: /dev/zero: is a device, not a position file\n"),
        (["--position", "FIFO"], "Error: FIFO: is a named pipe (FIFO), not a position file\n"),
        (["--variant", "/dev/zero"], "Error: /dev/zero: is a device, not a map file\n"),
        (["--variant", "FIFO"], "Error: FIFO: is a named pipe (FIFO), not a map file\n"),
    ],
)
def test_a_position_or_map_file_that_is_no_file_is_refused_at_once(
    tmp_path: Path, fifo: Path, args: list[str], error: str
) -> None:
    args = [str(fifo) if arg == "FIFO" else arg for arg in args]
    done = sengoku(tmp_path, "new", "new.json", *args)
    assert (done.returncode, done.stderr) == (1, error.replace("FIFO:", f"{fifo}:"))
    assert not (tmp_path / "new.json").exists()


def test_a_game_whose_variant_is_a_named_pipe_is_refused_at_once(cli: Cli, game: Path, fifo: Path) -> None:
    data = json.loads(game.read_text(encoding="utf-8"))
    game.write_text(json.dumps({**data, "variant": str(fifo)}), encoding="utf-8")
    done = sengoku(game.parent, "status", "game.json")
    assert done.returncode == 1
    assert done.stderr == (
        f"Error: game.json: its variant cannot be loaded: {fifo}: is a named pipe (FIFO), not a map file\n"
    )
