"""scripts/test-services.sh installs what the tests need from the system, and never runs sudo unasked.

As root (CI) it installs a missing package with apt-get at once; as anyone
else it prints the one ``sudo apt-get install`` command and, with no terminal
to ask on, stops there. apt-get and sudo are stand-ins here that only note
that they were called, and the packages are "missing" because the script is
told to look for them elsewhere.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parent.parent / "scripts" / "test-services.sh"
README = Path(__file__).parent.parent / "README.md"


def stand_ins(folder: Path) -> dict[str, str]:
    """A PATH whose apt-get and sudo write their arguments to called.txt and succeed."""
    bin_folder = folder / "bin"
    bin_folder.mkdir()
    for name in ("apt-get", "sudo"):
        tool = bin_folder / name
        tool.write_text(f'#!/bin/sh\necho "{name} $*" >> "{folder}/called.txt"\n', encoding="utf-8")
        tool.chmod(0o755)
    folder.chmod(0o755)
    return {
        "PATH": f"{bin_folder}:{os.environ['PATH']}",
        "TEST_SERVICES_CHROMIUM": str(folder / "no-chromium"),
        "TEST_SERVICES_FONT": str(folder / "no-font.ttf"),
        "TEST_SERVICES_PG_LIB": str(folder / "no-postgresql"),
        "TEST_SERVICES_REDIS": str(folder / "no-redis-server"),
    }


def run(folder: Path, *, as_user: bool) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **stand_ins(folder)}
    command = ["bash", str(SCRIPT), "true"]
    if as_user and os.geteuid() == 0:
        runuser = shutil.which("runuser")
        if runuser is None:
            pytest.skip("root without runuser: no other user to run the script as")
        command = [runuser, "-u", "nobody", "--", *command]
    return subprocess.run(command, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)


def test_a_user_is_told_the_one_command_and_nothing_runs_unasked(tmp_path: Path) -> None:
    result = run(tmp_path, as_user=True)
    assert result.returncode == 1
    assert (
        "the one command that installs them:\n"
        "  sudo apt-get update && sudo apt-get install -y --no-install-recommends"
        " chromium fonts-dejavu-core postgresql redis-server\n"
        "test-services: run it, then the tests again (no terminal to ask on)\n"
    ) in result.stderr
    assert not (tmp_path / "called.txt").exists()  # neither sudo nor apt-get ran
    command = re.search(r"^  (sudo apt-get .*)$", result.stderr, flags=re.M)
    assert command and command.group(1) in README.read_text(encoding="utf-8")  # the Quick start names it as is


@pytest.mark.skipif(os.geteuid() != 0, reason="root only: CI's case")
def test_root_installs_what_is_missing_at_once(tmp_path: Path) -> None:
    result = run(tmp_path, as_user=False)
    called = (tmp_path / "called.txt").read_text(encoding="utf-8").splitlines()
    assert called[0] == "apt-get update -qq"
    assert called[1] == (
        "apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core postgresql redis-server"
    )
    assert result.returncode != 0  # the stand-in installed nothing, so no PostgreSQL could start: it says so
