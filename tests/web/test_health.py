"""Health checks: /healthz says the process answers; /readyz says the database answers and its schema is current."""

from __future__ import annotations

from web import create_app
from web.storage.migrate import head


def test_alive_and_ready(client) -> None:
    assert client.get("/healthz").get_json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.get_json() == {"status": "ready", "database": "sqlite", "revision": head()}


def test_not_ready_until_the_schema_is_upgraded(db_url: str) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "k", "MIGRATE_ON_START": False})
    client = app.test_client()
    assert client.get("/healthz").status_code == 200  # alive: restarting it would not help
    answer = client.get("/readyz")
    assert answer.status_code == 503
    assert "sengoku db upgrade" in answer.get_json()["problem"]
    app.extensions["sengoku_db"].dispose()


def test_not_ready_without_a_database() -> None:
    bad = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none",
            "SECRET_KEY": "k",
            "MIGRATE_ON_START": False,
        }
    )
    answer = bad.test_client().get("/readyz")
    assert answer.status_code == 503 and answer.get_json()["problem"].startswith("the database")
    assert "nobody" not in answer.get_data(as_text=True)  # no connection details leak
    bad.extensions["sengoku_db"].dispose()
