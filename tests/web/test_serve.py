"""``sengoku serve``: the command starts the site and, with --demo, prints the demo game's links."""

from __future__ import annotations

import re
import socket
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from tests.cli.test_readme import matches
from tests.web.conftest import BACKENDS, database_url
from web import create_app
from web.serving.demo import demo_game


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[dict[str, object]]:
    """Stands in for waitress (records the call instead of serving) and keeps the instance in tmp_path."""
    calls: list[dict[str, object]] = []

    def record(app: object, listener: socket.socket, threads: int, trusted: object = ()) -> None:
        host, port = listener.getsockname()[:2]
        calls.append({"app": app, "host": host, "port": port, "threads": threads})

    monkeypatch.setattr("web.serving.waitress_site.serve", record)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'served.db'}")
    monkeypatch.setenv("SENGOKU_SECRET_KEY", "serve-test")
    import web.serving.server

    real = web.serving.server.create_app
    monkeypatch.setattr(
        web.serving.server, "create_app", lambda config: real({**config, "INSTANCE_PATH": str(tmp_path)})
    )
    return calls


def deadline_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "sengoku-deadlines"]


def test_serve_with_demo_prints_every_link(served: list[dict[str, object]]) -> None:
    result = CliRunner().invoke(main, ["serve", "--demo", "--port", "0"])  # 0: a port the system chooses
    assert result.exit_code == 0, result.output
    port = served[0]["port"]
    assert served[0]["host"] == "127.0.0.1" and port != 0
    site = f"http://127.0.0.1:{port}"
    assert f"{site}/" in result.output
    powers = re.findall(rf"^  (\w+)\s+({re.escape(site)}/games/\w+/play/[\w-]+)$", result.output, re.M)
    assert [p for p, _ in powers] == ["Asakura", "Chosokabe", "Hojo", "Mori", "Oda", "Shimazu", "Takeda", "Uesugi"]
    assert re.search(rf"GM\s+{re.escape(site)}/games/\w+/gm/", result.output)
    assert re.search(rf"public page\s+{re.escape(site)}/games/\w+$", result.output, re.M)
    app = served[0]["app"]
    client = app.test_client()  # type: ignore[attr-defined]
    assert client.get(powers[4][1].removeprefix(site)).status_code == 200
    assert "Demo game" in client.get("/").get_data(as_text=True)  # listed, for whoever opens the front page
    app.extensions["sengoku_db"].dispose()  # type: ignore[attr-defined]


def test_the_readmes_start_shows_what_serve_prints(
    served: list[dict[str, object]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``./run start`` in the README: the real lines, but for its game id and the links' secret tokens."""
    import web.serving.server

    monkeypatch.delenv("DATABASE_URL")  # the default: SQLite in the instance folder
    instance = tmp_path / "instance"
    instance.mkdir()
    monkeypatch.setattr(
        web.serving.server, "create_app", lambda config: create_app({**config, "INSTANCE_PATH": str(instance)})
    )
    readme = (Path(__file__).parent.parent.parent / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"```console\n\$ \./run start\n(.*?)\n```", readme, flags=re.S)
    assert shown, "no ./run start example in the README"
    # ./run start is `sengoku serve --demo` on port 5000; here on a port the system chooses, shown as 5000
    result = CliRunner().invoke(main, ["serve", "--demo", "--port", "0"])
    assert result.exit_code == 0, result.output
    game_id = re.search(r"^Demo game (\w+) ", result.output, flags=re.M)
    assert game_id
    printed = result.output.replace(game_id.group(1), "k3x9p2mfqa").replace(f":{served[0]['port']}/", ":5000/")
    secret = re.compile(r"/(gm|play)/[\w.-]+")
    assert matches(secret.sub(r"/\1/TOKEN", shown.group(1) + "\n"), secret.sub(r"/\1/TOKEN", printed)), printed
    served[0]["app"].extensions["sengoku_db"].dispose()  # type: ignore[attr-defined]


def test_the_demo_game_is_made_once(tmp_path: Path) -> None:
    app = create_app({"INSTANCE_PATH": str(tmp_path), "SECRET_KEY": "k"})
    first = demo_game(app)
    assert demo_game(app) == first
    assert (tmp_path / "demo-game.json").stat().st_mode & 0o077 == 0
    app.extensions["sengoku_db"].dispose()
    for file in tmp_path.glob("sengoku.db*"):
        file.unlink()  # a new database: a new demo game
    again = create_app({"INSTANCE_PATH": str(tmp_path), "SECRET_KEY": "k"})
    assert demo_game(again)[0] != first[0]
    again.extensions["sengoku_db"].dispose()


def test_serve_without_demo_prints_no_links(served: list[dict[str, object]]) -> None:
    result = CliRunner().invoke(main, ["serve", "--port", "0"])
    assert result.exit_code == 0 and "/play/" not in result.output
    assert deadline_threads() == []  # the job ran while the site served, and stopped with it
    served[0]["app"].extensions["sengoku_db"].dispose()  # type: ignore[attr-defined]


def test_serve_with_workers_runs_gunicorn_after_upgrading_sqlite(
    served: list[dict[str, object]], monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[tuple[object, ...]] = []
    monkeypatch.setattr("web.serving.gunicorn.serve", lambda *args: started.append(args))
    args = ["serve", "--workers", "3", "--threads", "2", "--port", "0", "--access-log", "-"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "3 worker processes x 2 threads (gunicorn)" in result.output
    (config, fd, workers, threads, access_log, proxies) = started[0]
    assert (workers, threads, access_log, proxies) == (3, 2, "-", "127.0.0.1,::1")
    with socket.socket(fileno=fd) as listener:  # the port, bound before gunicorn starts, handed to it
        host, port = listener.getsockname()[:2]
    assert host == "127.0.0.1" and f"http://127.0.0.1:{port}/" in result.output
    assert config["DEADLINE_CHECK_SECONDS"] == 2.0 and config["MIGRATE_ON_START"] is False  # type: ignore[index]
    assert served == []  # waitress is not used


@pytest.mark.parametrize("backend", [b for b in BACKENDS if b != "sqlite"])  # ./run test always has PostgreSQL
def test_serve_refuses_a_shared_database_that_is_not_upgraded(
    backend: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite is the site's own file and is upgraded at start; a shared server's schema is the operator's call."""
    url = database_url(backend, tmp_path)
    not_ready = "served a database that is not ready"
    monkeypatch.setattr("web.serving.waitress_site.serve", lambda *_: pytest.fail(not_ready))
    monkeypatch.setenv("SENGOKU_SECRET_KEY", "k")
    result = CliRunner().invoke(main, ["serve", "--database", url, "--port", "0"])
    assert result.exit_code == 1
    assert "the database is empty: 'sengoku db upgrade' makes the tables; the site was not started" in result.output
    assert deadline_threads() == []  # no deadline job left polling a database the next test drops
