"""Fixtures for the command line: click's runner, run in a temporary directory."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cli import main

HERE = Path(__file__).parent
GAMES = HERE / "games"
EXPECTED = HERE / "expected"
DOCS = HERE.parent.parent / "docs"


class Cli:
    """Runs ``sengoku ARGS`` in-process, the way a GM types it, and keeps the last result."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.runner = CliRunner()

    def __call__(self, *args: str | Path, input: str | None = None, code: int | None = 0) -> Result:
        result = self.runner.invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)
        if code is not None:
            assert result.exit_code == code, f"exit {result.exit_code}, wanted {code}:\n{result.output}"
        return result

    def lines(self, *args: str | Path, code: int | None = 0) -> Sequence[str]:
        return self(*args, code=code).stdout.splitlines()


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.chdir(tmp_path)
    return Cli(tmp_path)


@pytest.fixture
def game(cli: Cli) -> Path:
    """A new Sengoku game at Spring 1570."""
    cli("new", "game.json")
    return cli.folder / "game.json"
