"""The README's worked example is real output: run it and compare, so the two cannot drift apart.

The GM section has two console blocks: a game started, three players' emails
pasted, the phase adjudicated and rolled back; then the game's mailbox read
(``tests/inbox/kyoto1570.mbox``), twice.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

from tests.cli.conftest import Cli

README = Path(__file__).parent.parent.parent / "README.md"
MAILBOX = Path(__file__).parent.parent / "inbox" / "kyoto1570.mbox"


def blocks() -> list[dict[str, str]]:
    """The console blocks of the section, each split into command -> printed text."""
    text = README.read_text(encoding="utf-8")
    start = text.index("## Running a game from the command line")
    section = text[start : text.index("\n## ", start)]
    found = []
    for block in re.findall(r"```console\n(.*?)\n```\n", section, flags=re.S):
        outputs: dict[str, str] = {}
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, printed = chunk.partition("\n")
            outputs[command.split("  #")[0].strip()] = printed.rstrip("\n") + "\n" if printed.strip() else ""
        found.append(outputs)
    return found


@pytest.fixture(scope="module")
def shown() -> list[dict[str, str]]:
    return blocks()


def shown_lines_are_in(shown_text: str, printed: str) -> None:
    """Every line the README shows (but its '...') is a line of the real output."""
    lines = printed.splitlines()
    for line in shown_text.splitlines():
        assert line.strip() == "..." or line in lines, line


def test_the_worked_example_prints_what_the_readme_shows(cli: Cli, shown: list[dict[str, str]]) -> None:
    paste = shown[0]
    (cli.folder / "spring.txt").write_text(paste["cat spring.txt"], encoding="utf-8")
    exact = {
        'sengoku new game.json --name "Kyoto 1570"': 0,
        "sengoku players game.json set Oda nobunaga@owari.example": 0,
        "sengoku orders game.json spring.txt": 3,
    }
    for command, code in exact.items():
        assert cli(*shlex.split(command)[1:], code=code).stdout == paste[command], command
    shown_lines_are_in(paste["sengoku status game.json"], cli("status", "game.json").stdout)
    shown_lines_are_in(paste["sengoku adjudicate game.json"], cli("adjudicate", "game.json").stdout)
    assert cli("rollback", "game.json").stdout == paste["sengoku rollback game.json"]
    assert cli("draw", "game.json", "Oda", "Oda", "Takeda").stdout == paste["sengoku draw game.json Oda Oda Takeda"]


def test_the_mailbox_example_prints_what_the_readme_shows(cli: Cli, shown: list[dict[str, str]]) -> None:
    paste, mail = shown
    (cli.folder / "spring.txt").write_text(paste["cat spring.txt"], encoding="utf-8")
    shutil.copy(MAILBOX, cli.folder / "kyoto1570.mbox")
    for command in (
        'sengoku new game.json --name "Kyoto 1570"',
        "sengoku players game.json set Oda nobunaga@owari.example",
    ):
        cli(*shlex.split(command)[1:])
    cli("orders", "game.json", "spring.txt", code=3)
    codes = {
        "sengoku players game.json set Takeda shingen@kai.example": 0,
        "sengoku players game.json set Uesugi kenshin@echigo.example": 0,
        "sengoku orders game.json --merge --mbox kyoto1570.mbox": 3,
        "sengoku orders game.json --mbox kyoto1570.mbox": 3,
    }
    assert list(mail) == list(codes)
    for command, code in codes.items():
        assert cli(*shlex.split(command)[1:], code=code).stdout == mail[command], command
