"""A save's path through the database: what it sends, and the link it confirms on the way.

On SQLite and on PostgreSQL. A save whose caller this process remembers asks nothing about the link
before it: its own read fetches the power's link beside its orders and confirms it, so a link the GM
replaced is refused there. Counts, never timings.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, text

from tests.web.conftest import BACKENDS, GameLinks, Site
from web import create_app
from web.storage import saverows
from web.storage.db import Database


@pytest.fixture
def app(db_url: str, tmp_path: Any) -> Iterator[Flask]:
    app = create_app(
        {"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "test", "MIGRATE_ON_START": True}
        | {"INSTANCE_PATH": str(tmp_path / "instance")}
    )
    yield app
    app.extensions["sengoku_db"].dispose()


@pytest.fixture
def db(app: Flask) -> Database:
    return app.extensions["sengoku_db"]  # type: ignore[no-any-return]


def save(client: FlaskClient, game: GameLinks, power: str, orders: str, token: str | None = None) -> int:
    headers = {"Authorization": f"Bearer {token or game.tokens[power]}"}
    return client.put(f"/api/games/{game.id}/orders", json={"text": orders}, headers=headers).status_code


def statements(db: Database) -> list[str]:
    sent: list[str] = []
    event.listen(db.engine, "before_cursor_execute", lambda _c, _k, statement, *_: sent.append(statement))
    return sent


def test_a_save_is_one_read_and_one_write(
    client: FlaskClient, game: GameLinks, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On PostgreSQL two statements straight through the driver, each its own transaction; on SQLite one read
    and one write in one transaction."""
    assert save(client, game, "Oda", "A Owari - Mino") == 200  # the link checked and remembered, the state read
    through_the_driver: list[str] = []
    real = saverows.driver

    def counted(raw: Any) -> saverows.Run:
        run = real(raw)
        return lambda name, values: through_the_driver.append(name) or run(name, values)  # type: ignore[func-returns-value]

    monkeypatch.setattr(saverows, "driver", counted)
    sent = statements(db)
    assert save(client, game, "Oda", "A Owari H") == 200
    if db.dialect == "postgresql":
        assert through_the_driver == ["read", "write"] and sent == []
    else:
        reads = [s for s in sent if s.lstrip().upper().startswith("SELECT")]
        writes = [s for s in sent if s.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))]
        assert len(reads) == 1 and len(writes) == 1 and through_the_driver == []
        assert "tokens" in reads[0] and "submissions" in reads[0]


def test_a_replaced_link_is_refused_by_a_process_that_remembers_it(
    client: FlaskClient, site: Site, game: GameLinks
) -> None:
    old = game.tokens["Oda"]
    assert save(client, game, "Oda", "A Owari - Mino") == 200  # remembered from now on
    answer = client.post(f"/api/games/{game.id}/links", json={"role": "Oda"}, headers=game.bearer("gm"))
    new = answer.get_json()["token"]
    assert save(client, game, "Oda", "A Owari H", token=old) == 403
    assert save(client, game, "Oda", "A Owari H", token=old) == 403  # forgotten: now refused before the save
    assert save(client, game, "Oda", "A Owari H", token=new) == 200
    me = client.get(f"/api/games/{game.id}/me", headers={"Authorization": f"Bearer {new}"}).get_json()
    assert me["orders"] == ["A Owari H"]


def test_the_gms_link_cannot_save_remembered_or_not(client: FlaskClient, game: GameLinks) -> None:
    for _ in range(2):
        answer = client.put(f"/api/games/{game.id}/orders", json={"text": "A Owari H"}, headers=game.bearer("gm"))
        assert answer.status_code == 403


@pytest.mark.parametrize("db_url", [b for b in BACKENDS if b == "postgresql"], indirect=True)  # a server's
def test_a_connection_the_server_closed_is_replaced_before_a_request_uses_it(
    client: FlaskClient, game: GameLinks, db: Database
) -> None:
    """A database that restarted (or ended idle connections) costs no error page, and no ping per request."""
    assert save(client, game, "Oda", "A Owari - Mino") == 200
    other = Database(db.url)
    try:
        with other.engine.connect() as connection:
            ended = connection.execute(text(_END_THE_OTHERS)).scalars().all()
            connection.commit()
            assert ended and all(ended)  # the site's own connection among them
            for _ in range(100):  # until those backends are gone (they end a moment after being told to)
                if not connection.execute(text(_OTHERS)).scalar():
                    break
                time.sleep(0.05)
    finally:
        other.dispose()
    assert save(client, game, "Oda", "A Owari H") == 200


_OTHERS = """
SELECT count(*) FROM pg_stat_activity
WHERE pid <> pg_backend_pid() AND datname = current_database() AND backend_type = 'client backend'
"""
_END_THE_OTHERS = """
SELECT pg_terminate_backend(pid) FROM pg_stat_activity
WHERE pid <> pg_backend_pid() AND datname = current_database() AND backend_type = 'client backend'
"""
