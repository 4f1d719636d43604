"""Hostile input: each attack of issue 20 met within its bound, and nothing stored lost.

The costly attacks run in a process of their own (``bench.hostile --one``),
so the peak memory measured is the attack's alone; the process is killed
after a time limit (a bound, not a timing assertion: the times are measured
and reported by ``bench/hostile.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cli import main

MEMORY_BOUND = 100 * 2**20  # docs/security.md: no mail of at most 1 MB takes more than 100 MB


class Cli:
    """``sengoku ARGS`` in-process, in a folder of the test's own, as on a colour terminal.

    ``color=True``: click strips ANSI styles itself when the output is no
    terminal; a GM's terminal gets them, so the tests see what it would.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def __call__(self, *args: str | Path, input: str | None = None, code: int | None = 0) -> Result:
        result = CliRunner().invoke(main, [str(a) for a in args], input=input, catch_exceptions=False, color=True)
        if code is not None:
            assert result.exit_code == code, f"exit {result.exit_code}, wanted {code}:\n{result.output}"
        return result

    def lines(self, *args: str | Path, input: str | None = None, code: int | None = 0) -> Sequence[str]:
        return self(*args, input=input, code=code).stdout.splitlines()


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.chdir(tmp_path)
    return Cli(tmp_path)
