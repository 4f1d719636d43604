"""The README's worked example is real output: run it and compare, so the two cannot drift apart."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.cli.conftest import Cli

README = Path(__file__).parent.parent.parent / "README.md"


def example() -> dict[str, str]:
    """The console block of the section, split into command -> printed text."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Running a game from the command line") :]
    block = section[section.index("```console\n") + len("```console\n") : section.index("\n```\n")]
    outputs: dict[str, str] = {}
    for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
        command, _, printed = chunk.partition("\n")
        outputs[command.split("  #")[0].strip()] = printed.rstrip("\n") + "\n" if printed.strip() else ""
    return outputs


@pytest.fixture(scope="module")
def shown() -> dict[str, str]:
    return example()


def test_the_worked_example_prints_what_the_readme_shows(cli: Cli, shown: dict[str, str]) -> None:
    (cli.folder / "spring.txt").write_text(shown["cat spring.txt"], encoding="utf-8")
    exact = {'sengoku new game.json --name "Kyoto 1570"': 0, "sengoku orders game.json spring.txt": 3}
    for command, code in exact.items():
        assert cli(*shlex.split(command)[1:], code=code).stdout == shown[command], command
    cli("status", "game.json")
    post = cli("adjudicate", "game.json").stdout.splitlines()
    for line in shown["sengoku adjudicate game.json"].splitlines():
        assert line.strip() == "..." or line in post, line
    assert cli("rollback", "game.json").stdout == shown["sengoku rollback game.json"]
    assert cli("draw", "game.json", "Oda", "Oda", "Takeda").stdout == shown["sengoku draw game.json Oda Oda Takeda"]
