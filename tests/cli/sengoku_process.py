"""The real ``sengoku`` command in a child process, for what only real processes show: locks, pipes, kills."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
COMMAND = [sys.executable, "-c", "import sys, cli; sys.argv[0] = 'sengoku'; cli.main()"]


def environment(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), **extra}


def run(folder: Path, *args: str, input: str | None = None, **extra: str) -> subprocess.CompletedProcess[str]:
    """``sengoku ARGS`` in ``folder``, to the end (a hang fails the test after 60 s, never the suite)."""
    return subprocess.run(
        [*COMMAND, *args], cwd=folder, input=input, capture_output=True, text=True, timeout=60, env=environment(**extra)
    )


def start(folder: Path, *args: str, **options: Any) -> subprocess.Popen[str]:
    """``sengoku ARGS`` started in ``folder`` and left running; the caller waits for it."""
    extra = options.pop("env", {})
    return subprocess.Popen([*COMMAND, *args], cwd=folder, text=True, env=environment(**extra), **options)
