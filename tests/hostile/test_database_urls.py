"""Every database URL problem is one clear line and exit 1, in every command that opens the database.

Real processes (the ``sengoku`` command as a user runs it), so a traceback
written by any thread, or a folder made on the way, would show.
"""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.cli.sengoku_process import run


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


PROBLEMS = {
    "garbage": ("garbage", "the database URL is not a URL"),
    "mysql": ("mysql://user:pw@127.0.0.1/sengoku", "sengoku runs on SQLite or PostgreSQL, not 'mysql'"),
    "other driver": ("postgresql+asyncpg://u@127.0.0.1/db", "not the 'asyncpg' driver"),
    "unreachable": ("postgresql://sengoku@127.0.0.1:{port}/sengoku", "cannot use the database: "),
    "no sqlite file": ("sqlite:///", "a SQLite URL names its file after three slashes: sqlite:///path/to/sengoku.db"),
    "sqlite name too long": (
        "sqlite:///" + "a" * 300 + ".db",
        "the SQLite file's path is too long for a file system (303 characters; at most 255 bytes a name",
    ),
}
COMMANDS = {
    "site games": ["site", "games", "--database"],
    "db status": ["db", "status", "--database"],
    "db upgrade": ["db", "upgrade", "--database"],
    "serve": ["serve", "--port", "0", "--database"],
}


@pytest.mark.parametrize("problem", sorted(PROBLEMS))
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_database_url_problem_is_one_line_and_exit_1(tmp_path: Path, command: str, problem: str) -> None:
    url, said = PROBLEMS[problem]
    result = run(tmp_path, *COMMANDS[command], url.format(port=closed_port()), SENGOKU_SECRET_KEY="k")
    assert result.returncode == 1, result.stdout + result.stderr
    lines = [line for line in (result.stdout + result.stderr).splitlines() if not line.startswith("Sengoku web")]
    assert len(lines) == 1 and said in lines[0], lines
    assert "pw" not in lines[0]  # a password in the URL is never echoed


def test_db_status_on_a_sqlite_file_in_a_missing_folder_makes_no_folder(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'not' / 'there' / 'site.db'}"
    result = run(tmp_path, "db", "status", "--database", url)
    assert result.returncode == 1
    assert result.stdout == f"{url}: empty: 'sengoku db upgrade' makes the tables\n" and result.stderr == ""
    assert not (tmp_path / "not").exists()


def test_db_upgrade_still_makes_the_folder_and_the_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new' / 'site.db'}"
    assert run(tmp_path, "db", "upgrade", "--database", url).returncode == 0
    assert run(tmp_path, "db", "status", "--database", url).returncode == 0
