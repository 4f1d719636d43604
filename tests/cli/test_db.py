"""``sengoku db``: make or upgrade the web site's tables, and say where a database stands."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine

from tests.cli.conftest import Cli
from tests.web.legacy_schema import LEGACY
from web.storage.migrate import head


def test_upgrade_makes_the_tables_once(cli: Cli, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'site.db'}"
    assert (
        cli("db", "status", "--database", url, code=1).stdout
        == f"{url}: empty: 'sengoku db upgrade' makes the tables\n"
    )
    assert (
        cli("db", "upgrade", "--database", url).stdout
        == f"{url}: upgraded from nothing to revision {head()} (the newest).\n"
    )
    again = cli("db", "upgrade", "--database", url).stdout
    assert again == f"{url}: already at revision {head()} (the newest); nothing to do.\n"
    assert cli("db", "status", "--database", url).stdout == f"{url}: at revision {head()} (the newest)\n"


def test_upgrade_recognises_a_database_made_before_migrations(cli: Cli, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    LEGACY.create_all(engine)
    engine.dispose()
    assert "from before migrations" in cli("db", "status", "--database", url, code=1).stdout
    out = cli("db", "upgrade", "--database", url).stdout.splitlines()
    assert out == [
        f"{url}: made before migrations; stamped as revision 0001.",
        f"{url}: upgraded from 0001 to revision {head()} (the newest).",
    ]


def test_the_database_url_comes_from_the_environment(cli: Cli, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    url = f"sqlite:///{tmp_path / 'env.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    assert cli("db", "upgrade").stdout.startswith(f"{url}: upgraded")


def test_an_unreachable_database_is_one_line(cli: Cli) -> None:
    result = cli("db", "upgrade", "--database", "postgresql://someone:secret@127.0.0.1:1/none", code=1)
    assert result.stderr.startswith("Error: cannot use the database: ") and result.stderr.count("\n") == 1
    assert "secret" not in result.stderr
