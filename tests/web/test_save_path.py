"""A save's path through the database: what it sends, and the link it confirms on the way.

On SQLite and on PostgreSQL. A save whose caller this process remembers asks nothing about the link
before it: its own read fetches the power's link beside its orders and confirms it, so a link the GM
replaced is refused there. On PostgreSQL a replacing save of a game the process has seen is one statement
whose condition holds those checks (web/storage/saving.py): when one fails, the save is made from a new read.
Counts, never timings.
"""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, text

from tests.web.conftest import BACKENDS, GameLinks, Site
from web.access import callers
from web.storage import saverows
from web.storage.db import Database


@pytest.fixture
def app(app_on_each_database: Flask) -> Flask:
    return app_on_each_database


def save(client: FlaskClient, game: GameLinks, power: str, orders: str, token: str | None = None) -> int:
    headers = {"Authorization": f"Bearer {token or game.tokens[power]}"}
    return client.put(f"/api/games/{game.id}/orders", json={"text": orders}, headers=headers).status_code


def statements(db: Database) -> list[str]:
    sent: list[str] = []
    event.listen(db.engine, "before_cursor_execute", lambda _c, _k, statement, *_: sent.append(statement))
    return sent


def driven(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the save's statements sent straight through the driver (PostgreSQL), as they are sent."""
    through_the_driver: list[str] = []
    real = saverows.driver

    def counted(raw: Any) -> saverows.Run:
        run = real(raw)
        return lambda name, values: through_the_driver.append(name) or run(name, values)  # type: ignore[func-returns-value]

    monkeypatch.setattr(saverows, "driver", counted)
    return through_the_driver


def test_a_save_is_one_statement_on_postgresql_and_one_read_and_one_write_on_sqlite(
    client: FlaskClient, game: GameLinks, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On PostgreSQL the first save of a link reads and writes (two statements straight through the driver, each
    its own transaction), the next one is one statement; on SQLite one read and one write in one transaction."""
    through_the_driver = driven(monkeypatch)
    assert save(client, game, "Oda", "A Owari - Mino") == 200  # the link checked and remembered, the state read
    if db.dialect == "postgresql":
        assert through_the_driver == ["read", "state", "write"]  # the state's text: not decoded yet
    through_the_driver.clear()
    sent = statements(db)
    assert save(client, game, "Oda", "A Owari H") == 200
    if db.dialect == "postgresql":
        assert through_the_driver == ["replace"] and sent == []
    else:
        reads = [s for s in sent if s.lstrip().upper().startswith("SELECT")]
        writes = [s for s in sent if s.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))]
        assert len(reads) == 1 and len(writes) == 1 and through_the_driver == []
        assert "tokens" in reads[0] and "submissions" in reads[0]


def test_a_game_the_process_has_not_met_costs_one_statement_more_once(
    app: Flask, client: FlaskClient, game: GameLinks, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first save of a game whose links the process has not met: the links found by one statement, then the
    save's one statement (on SQLite, the save's read and write). That statement remembers every player's link of
    the game, so another player's first save there costs nothing more (each worker meets each game once)."""
    assert save(client, game, "Oda", "A Owari - Mino") == 200  # the game's version seen
    callers._ROLES.clear()  # as a worker that has met none of the game's links
    through_the_driver, sent = driven(monkeypatch), statements(db)
    assert save(client, game, "Mori", "A Iwami H") == 200
    queries = [s for s in sent if s.split()[0].upper() not in ("BEGIN", "COMMIT")]
    assert "FROM tokens" in queries[0] and "submissions" not in queries[0]  # the links' lookup alone
    if db.dialect == "postgresql":
        assert through_the_driver == ["replace"] and len(queries) == 1
    else:
        assert through_the_driver == [] and "submissions" in queries[1]  # then the save's read, as ever
    through_the_driver.clear()
    sent.clear()
    assert save(client, game, "Oda", "A Owari H") == 200  # met with Mori's: no lookup of its own
    queries = [s for s in sent if s.split()[0].upper() not in ("BEGIN", "COMMIT")]
    if db.dialect == "postgresql":
        assert through_the_driver == ["replace"] and queries == []
    else:
        assert len(queries) == 2 and "submissions" in queries[0]  # the save's read (which confirms the link)


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


def gm_view(client: FlaskClient, game: GameLinks, power: str) -> dict[str, Any]:
    gm = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()
    return next(s for s in gm["submissions"] if s["power"] == power)  # type: ignore[no-any-return]


def test_a_save_after_the_game_moved_on_is_made_from_a_new_read(
    client: FlaskClient, game: GameLinks, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The version this process saw last is gone (the GM adjudicated): the one statement writes nothing, and the
    save is made the long way, which refuses a save for the phase that closed and stores one for the open one."""
    through_the_driver = driven(monkeypatch)
    assert save(client, game, "Oda", "A Owari H") == 200
    version = client.get(f"/api/games/{game.id}").get_json()["version"]
    assert (
        client.post(
            f"/api/games/{game.id}/adjudicate", json={"version": version}, headers=game.bearer("gm")
        ).status_code
        == 200
    )
    through_the_driver.clear()
    old = {"text": "A Owari - Mino", "phase": "Spring 1570 movement"}
    answer = client.put(f"/api/games/{game.id}/orders", json=old, headers=game.bearer("Oda"))
    assert answer.status_code == 409
    if db.dialect == "postgresql":  # the new version read (and its state) and remembered; read again by the route,
        # which answers every refusal (web/api/quicksave.py)
        assert [s for s in through_the_driver if s != "state"] == ["replace", "read", "read"]
    through_the_driver.clear()
    assert save(client, game, "Oda", "A Owari - Mino") == 200
    assert gm_view(client, game, "Oda")["orders"] == ["A Owari - Mino"]
    if db.dialect == "postgresql":
        assert through_the_driver == ["replace"]


def test_a_save_clears_the_ready_mark_when_its_orders_change_and_the_refusal_mark(
    client: FlaskClient, game: GameLinks, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The marks the one statement changes as the long way does: "ready" kept by the same orders saved again,
    cleared by others; "every line refused" cleared by a save with a line accepted."""
    through_the_driver = driven(monkeypatch)
    assert save(client, game, "Oda", "A Owari - Mino") == 200
    ready = client.put(f"/api/games/{game.id}/ready", json={"ready": True}, headers=game.bearer("Oda"))
    assert ready.status_code == 200
    through_the_driver.clear()
    assert save(client, game, "Oda", "A Owari - Mino") == 200
    assert gm_view(client, game, "Oda")["ready"] is True
    assert save(client, game, "Oda", "A Owari H") == 200
    assert gm_view(client, game, "Oda")["ready"] is False
    if db.dialect == "postgresql":
        assert through_the_driver == ["replace", "replace"]
    assert save(client, game, "Oda", "A Nowhere - Mino") == 200  # every line refused: the earlier orders stand
    assert gm_view(client, game, "Oda") | {"submitted": None} == gm_view(client, game, "Oda") | {
        "submitted": None,
        "orders": ["A Owari H"],
        "all_refused": True,
    }
    through_the_driver.clear()
    assert save(client, game, "Oda", "A Owari - Mino") == 200
    seen = gm_view(client, game, "Oda")
    assert seen["all_refused"] is False and seen["orders"] == ["A Owari - Mino"]
    if db.dialect == "postgresql":
        assert through_the_driver == ["replace"]


@pytest.mark.clock
def test_a_save_after_the_deadline_is_refused_by_the_one_statement_too(
    client: FlaskClient,
    game: GameLinks,
    db: Database,
    monkeypatch: pytest.MonkeyPatch,
    frozen_clock: time_machine.Coordinates,
) -> None:
    """The deadline passes with no new version of the game (nobody has adjudicated yet): the one statement's
    condition refuses to write, and the read says why (409); the orders saved before stand."""
    through_the_driver = driven(monkeypatch)
    hour = client.put(f"/api/games/{game.id}/deadline", json={"hours_from_now": 1}, headers=game.bearer("gm"))
    assert hour.status_code == 200
    assert save(client, game, "Oda", "A Owari - Mino") == 200
    assert save(client, game, "Oda", "A Owari H") == 200
    frozen_clock.shift(timedelta(hours=1, seconds=1))
    through_the_driver.clear()
    late = client.put(f"/api/games/{game.id}/orders", json={"text": "F Mikawa H"}, headers=game.bearer("Oda"))
    assert late.status_code == 409 and "deadline" in late.get_json()["error"]
    assert gm_view(client, game, "Oda")["orders"] == ["A Owari H"]
    if db.dialect == "postgresql":  # the quick path's try, then the route's, which answers
        assert through_the_driver == ["replace", "read"] * 2


def test_a_merge_is_made_from_a_read(
    client: FlaskClient, game: GameLinks, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A merge depends on the orders stored before: never the one statement."""
    through_the_driver = driven(monkeypatch)
    assert save(client, game, "Oda", "A Owari - Mino") == 200
    through_the_driver.clear()
    body = {"text": "F Mikawa H", "merge": True}
    assert client.put(f"/api/games/{game.id}/orders", json=body, headers=game.bearer("Oda")).status_code == 200
    assert sorted(gm_view(client, game, "Oda")["orders"]) == ["A Owari - Mino", "F Mikawa H"]
    if db.dialect == "postgresql":
        assert through_the_driver == ["read", "write"]


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
