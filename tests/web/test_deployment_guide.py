"""docs/deployment.md as written: its database role, its backups and their restore work, and its proxies
log no secret link.

The role and database are made with the guide's own SQL on the tests' PostgreSQL
(under names of the test's own), and ``sengoku db upgrade`` runs as that role;
the backup and the restore are the guide's command lines, run by bash against
that database, with a game changed in between; the SQLite backup is its
one-liner. The nginx and Caddy blocks are read for what they write to a log:
their masking patterns are applied to a player's and the GM's link, and
nothing else of the request line or the Referer gets through.
"""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tests.cli.sengoku_process import COMMAND, environment
from tests.web.conftest import POSTGRES
from web import create_app

GUIDE = (Path(__file__).parent.parent.parent / "docs" / "deployment.md").read_text(encoding="utf-8")
LINKS = {
    "/games/k3x9p2mfqa/play/Qe1Zz-secret_TOKEN": "/games/k3x9p2mfqa/play/***",
    "/games/k3x9p2mfqa/gm/4YkSECRET/press?x=1": "/games/k3x9p2mfqa/gm/***/press?x=1",
    "/mail/agree/Xy9-invitation_CODE": "/mail/agree/***",  # a mail invitation's answer page
    "/games/k3x9p2mfqa": "/games/k3x9p2mfqa",
    "/static/style.css?v=1": "/static/style.css?v=1",
}
needs_postgres = pytest.mark.skipif(POSTGRES is None, reason="./run test always starts PostgreSQL")


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)\n```", GUIDE, flags=re.S)


def block_with(language: str, word: str) -> str:
    (found,) = [block for block in blocks(language) if word in block]
    return found


# --- the proxies' logs ---------------------------------------------------------------------------------------


def test_nginx_logs_the_request_line_with_the_token_masked_and_no_referer() -> None:
    nginx = block_with("nginx", "log_format")
    pattern, replacement = re.search(r'map \$request_uri \$sengoku_uri \{\n\s+"~(.+)" "(.+)";', nginx).groups()  # type: ignore[union-attr]
    python = re.compile(pattern.replace("(?<", "(?P<"))
    for link, logged in LINKS.items():
        found = python.match(link)
        groups = found.groupdict() if found else {}
        shown = re.sub(r"\$(\w+)", lambda m: groups[m.group(1)], replacement) if found else link  # noqa: B023
        assert shown == logged
    log_format = re.search(r"log_format sengoku (.*?);", nginx, flags=re.S).group(1)  # type: ignore[union-attr]
    assert "$sengoku_uri" in log_format
    assert not re.search(r"\$(request|request_uri|uri|args|query_string|http_referer)\b", log_format)
    assert re.findall(r"^\s*access_log (\S+)", nginx, flags=re.M) == ["/var/log/nginx/sengoku.log", "off;"]
    assert "access_log /var/log/nginx/sengoku.log sengoku;" in nginx
    assert re.search(r"^\s*error_log \S+ crit;", nginx, flags=re.M)  # error lines quote the request line


def test_caddy_logs_the_uri_with_the_token_masked_and_no_referer() -> None:
    caddy = block_with("caddy", "reverse_proxy")
    pattern, replacement = re.search(r'request>uri regexp "(.+)" "(.+)"', caddy).groups()  # type: ignore[union-attr]
    python = re.compile(pattern)
    for link, logged in LINKS.items():
        assert python.sub(replacement.replace("${1}", r"\1"), link, count=1) == logged
    assert "request>headers>Referer delete" in caddy
    assert "exclude http.log.error" in caddy


# --- the database, its backups and a restore -------------------------------------------------------------------


@pytest.fixture
def site_database() -> Iterator[tuple[str, str]]:
    """The guide's role and database, made by its own SQL under names of this test's: (admin URL, site URL)."""
    assert POSTGRES is not None
    admin = make_url(POSTGRES)
    name, password = f"sengoku_guide_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    statements = re.findall(r'sudo -u postgres psql -c "(.+?)"', block_with("sh", "CREATE ROLE"))
    assert [s.split()[:2] for s in statements] == [["CREATE", "ROLE"], ["CREATE", "DATABASE"]]
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        for statement in statements:
            connection.execute(text(statement.replace("sengoku", name).replace("'PASSWORD'", f"'{password}'")))
    site = admin.set(username=name, password=password, database=name)
    try:
        yield admin.render_as_string(hide_password=False), site.render_as_string(hide_password=False)
    finally:
        with engine.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            connection.execute(text(f'DROP ROLE IF EXISTS "{name}"'))
        engine.dispose()


def _sengoku(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args], cwd=folder, capture_output=True, text=True, timeout=120, env=environment()
    )


def _games(url: str) -> list[tuple[str, str]]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text("SELECT id, name FROM games ORDER BY id"))]
    finally:
        engine.dispose()


def _make_game(url: str, name: str, folder: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "guide", "INSTANCE_PATH": str(folder)})
    try:
        assert app.test_client().post("/api/games", json={"name": name}).status_code == 201
    finally:
        app.extensions["sengoku_db"].dispose()


def _run(lines: str, folder: Path, url: str) -> None:
    """The guide's command lines through bash, as the postgres user would type them (libpq's variables name
    the tests' server; `sudo -u postgres` and `systemctl` are what the test process already is and does)."""
    server = make_url(url)
    env = {
        **os.environ,
        "PGHOST": server.host or "",
        "PGPORT": str(server.port),
        "PGUSER": server.username or "",
        "PGPASSWORD": server.password or "",
    }
    script = "set -euo pipefail\n" + re.sub(r"^systemctl .*$", ":", lines.replace("sudo -u postgres ", ""), flags=re.M)
    done = subprocess.run(["bash", "-c", script], cwd=folder, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


@needs_postgres
def test_the_role_owns_its_database_and_the_site_makes_its_tables_as_it(
    site_database: tuple[str, str], tmp_path: Path
) -> None:
    _, site = site_database
    upgraded = _sengoku(tmp_path, "db", "upgrade", "--database", site)
    assert upgraded.returncode == 0, upgraded.stdout + upgraded.stderr
    _make_game(site, "Made as the site's role", tmp_path)
    assert [name for _, name in _games(site)] == ["Made as the site's role"]


@needs_postgres
def test_a_nightly_dump_restores_the_games_as_they_were(site_database: tuple[str, str], tmp_path: Path) -> None:
    admin, site = site_database
    database = make_url(site).database or ""
    assert _sengoku(tmp_path, "db", "upgrade", "--database", site).returncode == 0
    _make_game(site, "Kept", tmp_path)
    before = _games(site)
    nightly = block_with("sh", "pg_dump").replace("/var/backups/sengoku", str(tmp_path))
    nightly = nightly.replace(" sengoku\n", f" {database}\n")
    _run(nightly, tmp_path, admin)
    (dump,) = tmp_path.glob("sengoku-*.dump")
    _make_game(site, "Made after the backup", tmp_path)
    assert len(_games(site)) == 2
    restore = block_with("sh", "pg_restore").replace("--dbname=sengoku", f"--dbname={database}")
    restore = re.sub(r"/var/backups/sengoku/sengoku-[\d-]+\.dump", str(dump), restore)
    _run(restore, tmp_path, admin)
    assert _games(site) == before


def test_the_sqlite_backup_is_a_whole_copy_taken_while_the_site_runs(tmp_path: Path) -> None:
    (tmp_path / "instance").mkdir()
    url = f"sqlite:///{tmp_path / 'instance' / 'sengoku.db'}"
    assert _sengoku(tmp_path, "db", "upgrade", "--database", url).returncode == 0
    _make_game(url, "Kept on SQLite", tmp_path)
    (line,) = [line for line in block_with("sh", "sqlite3.connect").splitlines() if line.startswith("python3 ")]
    done = subprocess.run(["bash", "-c", line], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    copy = sqlite3.connect(tmp_path / "sengoku-backup.db")
    try:
        assert copy.execute("SELECT name FROM games").fetchall() == [("Kept on SQLite",)]
    finally:
        copy.close()
