"""Exit codes a script can trust: a closed pipe is no failure of a command that only reads, and mail held back
that an earlier reading listed is no news (exit 0), where a new refusal is (exit 3)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.cli.sengoku_process import start

_HELD = (
    "From x Mon Mar  2 09:00:00 2026\nFrom: Stranger <who@nowhere.example>\nSubject: orders\n"
    "Date: Mon, 02 Mar 2026 09:00:00 +0900\nMessage-ID: <who@nowhere>\n\nOda:\nA Owari - Mino\n"
)


@pytest.mark.slow  # real processes
@pytest.mark.parametrize("args", [["status", "game.json"], ["history", "game.json", "--log"], ["journal", "game.json"]])
def test_a_reader_that_stops_early_is_exit_0(cli: Cli, game: Path, args: list[str]) -> None:
    """``sengoku status game.json | head -3``: exit 1 before; the reader had seen enough."""
    for hours in range(30):  # enough lines that the command is still writing when the reader goes
        cli("deadline", "game.json", f"+{hours + 1}h")
    process = start(cli.folder, *args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    with process.stdout, process.stderr:
        assert process.stdout.readline()
        process.stdout.close()  # what `head -1` does
        assert process.wait(timeout=60) == 0
        assert process.stderr.read() == ""


def test_mail_listed_before_is_no_news_and_a_new_refusal_is(cli: Cli, game: Path) -> None:
    (cli.folder / "in.mbox").write_text(_HELD, encoding="utf-8")
    cli("orders", "game.json", "--mbox", "in.mbox", code=3)  # new: the GM must see to it
    cli("orders", "game.json", "--mbox", "in.mbox", code=0)  # the same mail listed again: no news
    with (cli.folder / "in.mbox").open("a", encoding="utf-8") as box:
        box.write("\n" + _HELD.replace("<who@nowhere>", "<who2@nowhere>"))
    cli("orders", "game.json", "--mbox", "in.mbox", code=3)  # a new one
    cli("orders", "game.json", "--mbox", "in.mbox", code=0)


@pytest.mark.slow  # a real process
def test_names_into_a_reader_already_gone_is_exit_0(cli: Cli) -> None:
    """``sengoku names | head -1`` exited 1 one time in two: its output fits the pipe, so whether the reader had
    gone by the interpreter's last flush was a race. Here the reader is gone before the first byte."""
    read, write = os.pipe()
    os.close(read)  # what `head -1` has done by the time the table is flushed
    try:
        process = start(cli.folder, "names", stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)
    assert process.stderr is not None
    with process.stderr:
        assert process.wait(timeout=60) == 0
        assert process.stderr.read() == ""
