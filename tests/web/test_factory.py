"""The app factory: settings, the persisted secret key, SQLite's schema brought up to date at start, WAL mode."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from web import create_app
from web.storage.migrate import status


def test_testing_config_is_taken(app) -> None:
    assert app.testing
    assert app.config["MAX_CONTENT_LENGTH"] == 64 * 1024


def test_secret_key_is_generated_once_and_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SENGOKU_SECRET_KEY", raising=False)
    first = create_app({"INSTANCE_PATH": str(tmp_path)})
    second = create_app({"INSTANCE_PATH": str(tmp_path)})
    key_file = tmp_path / "secret_key"
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"] == key_file.read_text().strip()
    assert len(first.config["SECRET_KEY"]) == 64
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert (tmp_path / "sengoku.db").exists()  # the default database lives in the instance folder too


def test_secret_key_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENGOKU_SECRET_KEY", "from-env")
    app = create_app({"INSTANCE_PATH": str(tmp_path)})
    assert app.config["SECRET_KEY"] == "from-env"
    assert not (tmp_path / "secret_key").exists()


def test_database_url_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'elsewhere.db'}")
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "SECRET_KEY": "k"})
    assert app.config["DATABASE_URL"].endswith("elsewhere.db")
    assert (tmp_path / "elsewhere.db").exists()


def test_postgres_urls_use_psycopg() -> None:
    from web.storage.db import _normalise

    assert _normalise("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert _normalise("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert _normalise("sqlite:///x.db") == "sqlite:///x.db"


def test_sqlite_is_brought_up_to_date_on_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.db'}"
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "k"})
    db = app.extensions["sengoku_db"]
    assert {"games", "tokens", "submissions"} <= set(inspect(db.engine).get_table_names())
    assert status(db.engine).ready
    again = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "k"})  # a second start: no change
    db.dispose()
    again.extensions["sengoku_db"].dispose()


def test_a_shared_database_is_left_to_sengoku_db_upgrade(db_url: str) -> None:
    """On PostgreSQL the app does not change the schema by itself: several workers start at once."""
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "k", "MIGRATE_ON_START": False})
    db = app.extensions["sengoku_db"]
    assert "games" not in inspect(db.engine).get_table_names()
    assert not status(db.engine).ready
    db.dispose()


def test_sqlite_runs_in_wal_mode(app) -> None:
    db = app.extensions["sengoku_db"]
    with db.read() as session:
        assert session.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert session.execute(text("PRAGMA foreign_keys")).scalar() == 1
