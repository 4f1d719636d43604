"""Secrets stay secret: no token in a log, in a readable cookie, or in a link built from a lying ``Host``."""

from __future__ import annotations

import base64
import logging
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from cli import main
from tests.hostile.site import KINDS, call, serve
from web import create_app
from web.serving.redact import Redactor, install

PUBLIC = "https://diplomacy.example"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{tmp_path / 'test.db'}",
            "SECRET_KEY": "secrets-test",
            "WTF_CSRF_ENABLED": False,
            "PUBLIC_URL": PUBLIC,
        }
    )
    yield app
    app.extensions["sengoku_db"].dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def session_cookie(client: FlaskClient) -> str:
    cookie = client.get_cookie("session", domain="diplomacy.example") or client.get_cookie("session")
    assert cookie is not None
    return cookie.value


def readable(cookie: str) -> str:
    """What anyone holding the cookie can read: Flask's session is base64 (maybe zlib) JSON, only signed."""
    payload = cookie.lstrip(".").split(".")[0]
    data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    return (zlib.decompress(data) if cookie.startswith(".") else data).decode()


def test_the_access_log_shows_no_token(tmp_path: Path) -> None:
    log = tmp_path / "access.log"
    with serve(tmp_path, *KINDS["gunicorn"], "--access-log", str(log)) as site:
        status, created = call(site, "POST", "/api/games", {"name": "Logged"})
        assert status == 201
        token = created["gm_token"]
        assert call(site, "GET", f"/games/{created['id']}/gm/{token}")[0] == 200
        assert call(site, "GET", f"/games/{created['id']}/gm/{token}/nothing-here")[0] == 404
    written = log.read_text(encoding="utf-8") + site.output()
    assert f"/games/{created['id']}/gm/***" in written
    assert token not in written


def test_a_traceback_in_the_error_log_shows_no_token() -> None:
    record = logging.LogRecord(
        "web.serving.errors", logging.ERROR, __file__, 1, "unexpected error on %s %s", None, None
    )
    record.args = ("GET", "/games/abc/play/SECRET-token_123/orders")
    try:
        raise RuntimeError("while reading /games/abc/gm/OTHER-secret Authorization: Bearer BEARER-secret")
    except RuntimeError:
        import sys

        record.exc_info = sys.exc_info()
    Redactor().filter(record)
    shown = logging.Formatter().format(record)
    assert "/play/***/orders" in shown and "/gm/***" in shown and "Bearer ***" in shown
    assert not any(secret in shown for secret in ("SECRET-token_123", "OTHER-secret", "BEARER-secret"))


def test_every_handler_of_the_site_masks_tokens() -> None:
    handler = logging.StreamHandler()
    logging.getLogger("gunicorn.error").addHandler(handler)
    try:
        install("gunicorn.error")
        assert any(isinstance(f, Redactor) for f in handler.filters)
        assert all(any(isinstance(f, Redactor) for f in h.filters) for h in logging.getLogger().handlers)
    finally:
        logging.getLogger("gunicorn.error").removeHandler(handler)


def test_the_session_cookie_holds_no_readable_link(client: FlaskClient) -> None:
    answer = client.post("/games", data={"name": "Cookie jar"}, headers={"Host": "localhost"})
    assert answer.status_code == 303
    shown = client.get(answer.headers["Location"]).get_data(as_text=True)
    gm_link = shown.split('id="link-gm" href="')[1].split('"')[0]
    token = gm_link.rsplit("/", 1)[1]
    assert gm_link.startswith(f"{PUBLIC}/games/")
    assert token not in readable(session_cookie(client)) and "/gm/" not in readable(session_cookie(client))


def test_the_session_cookie_is_secure_httponly_and_samesite_over_https(client: FlaskClient) -> None:
    answer = client.post("/games", data={"name": "Cookie flags"})
    cookie = answer.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert answer.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_links_come_from_the_public_url_whatever_the_host(client: FlaskClient) -> None:
    answer = client.post("/api/games", json={"name": "Hosted"}, headers={"Host": "127.0.0.1:5000"})
    assert answer.status_code == 201
    assert all(link.startswith(f"{PUBLIC}/games/") for link in answer.get_json()["links"].values())


@pytest.mark.parametrize("host", ["evil.example", "diplomacy.example.evil.example", "127.0.0.2"])
def test_a_request_to_another_host_gets_400_and_changes_nothing(client: FlaskClient, host: str) -> None:
    answer = client.post("/api/games", json={"name": "Forged", "listed": True}, headers={"Host": host})
    assert answer.status_code == 400
    assert "Forged" not in client.get("/", headers={"Host": "diplomacy.example"}).get_data(as_text=True)


def test_a_real_server_refuses_a_lying_host_and_links_to_its_public_url(tmp_path: Path) -> None:
    with serve(tmp_path, "--public-url", PUBLIC) as site:
        assert call(site, "GET", "/healthz", Host="evil.example")[0] == 400
        status, created = call(site, "POST", "/api/games", {"name": "Public"}, Host="diplomacy.example")
        assert status == 201 and created["links"]["gm"].startswith(f"{PUBLIC}/games/{created['id']}/gm/")


def test_serving_other_machines_needs_a_public_url(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SENGOKU_PUBLIC_URL", raising=False)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'never.db'}")
    result = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0", "--port", "0"])
    assert result.exit_code == 1
    assert "--public-url" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "never.db").exists()


@pytest.mark.parametrize("url", ["diplomacy.example", "ftp://diplomacy.example", "https://diplomacy.example/sub"])
def test_a_public_url_that_is_not_an_origin_is_one_clear_line(url: str) -> None:
    result = CliRunner().invoke(main, ["serve", "--port", "0", "--public-url", url])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and "public URL" in result.output


def test_without_a_public_url_only_loopback_hosts_are_answered_and_links_stay_on_them(tmp_path: Path) -> None:
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'local.db'}", "SECRET_KEY": "k", "PUBLIC_URL": None})
    client = app.test_client()
    assert client.get("/healthz", headers={"Host": "evil.example"}).status_code == 400
    answer = client.post("/api/games", json={"name": "Local"}, headers={"Host": "127.0.0.1:5555"})
    assert answer.get_json()["links"]["gm"].startswith("http://127.0.0.1:5555/games/")
    app.extensions["sengoku_db"].dispose()


def test_an_unexpected_error_on_a_secret_link_logs_the_path_masked(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*_: object) -> str:
        raise RuntimeError("the store broke")

    monkeypatch.setattr("web.storage.store.links_of", broken)
    with caplog.at_level(logging.ERROR, logger="web.serving.errors"):
        assert client.get("/games/abcdefgh23/gm/VERY-SECRET-token").status_code == 500
    assert "/games/abcdefgh23/gm/***" in caplog.text and "VERY-SECRET-token" not in caplog.text
