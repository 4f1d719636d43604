"""Who may do what on a public site: the operator, invitation codes, and games made only by those let in.

The real-server tests run ``sengoku serve`` on loopback (waitress and gunicorn); the operator's setting is made
with ``sengoku site`` on the same database first, as an operator would before opening the site.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from tests.cli.sengoku_process import run
from tests.hostile.site import KINDS, call, serve
from web import create_app
from web.serving.server import Settings
from web.storage import site

OPERATOR = "operator-test-token-0123456789"


@pytest.fixture
def public_app(tmp_path: Path) -> Iterator[Flask]:
    """An app as ``sengoku serve --host 0.0.0.0`` makes it: serving other machines."""
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'site.db'}", "SECRET_KEY": "k", "PUBLIC_SITE": True})
    yield app
    app.extensions["sengoku_db"].dispose()


def test_serving_other_machines_makes_a_public_site_and_this_machine_alone_does_not() -> None:
    assert Settings("0.0.0.0", 0, public_url="https://diplomacy.example").app_config()["PUBLIC_SITE"] is True
    assert Settings("127.0.0.1", 0).app_config()["PUBLIC_SITE"] is False
    assert (site.default_policy(True), site.default_policy(False)) == ("invited", "anyone")


def test_a_public_site_makes_games_for_invited_gms_only_by_default(public_app: Flask) -> None:
    client = public_app.test_client()
    refused = client.post("/api/games", json={"name": "Uninvited"})
    assert refused.status_code == 403
    assert refused.get_json()["error"] == (
        "This site makes games for invited GMs: give the invitation code (its operator hands them out)."
    )
    assert 'name="invitation"' in client.get("/").get_data(as_text=True)
    code = site.invite(public_app.extensions["sengoku_db"], uses=1, note="for Kenshin")
    assert client.post("/api/games", json={"name": "Invited", "invitation": code}).status_code == 201
    again = client.post("/api/games", json={"name": "Twice", "invitation": code})
    assert again.status_code == 403 and "not known here, or used up" in again.get_json()["error"]
    assert client.get("/api/site", headers={"Authorization": "Bearer x"}).status_code == 403  # no operator set


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_operator_decides_who_creates_games_and_lists_closes_and_reopens_them(tmp_path: Path, kind: str) -> None:
    url = f"sqlite:///{tmp_path / 'site.db'}"
    assert run(tmp_path, "db", "upgrade", "--database", url).returncode == 0
    assert run(tmp_path, "site", "create-games", "operator", "--database", url).stdout == (
        "Who may create games: operator.\n"
    )
    operator = {"token": OPERATOR}
    with serve(tmp_path, *KINDS[kind], DATABASE_URL=url, SENGOKU_OPERATOR_TOKEN=OPERATOR) as served:
        status, answer = call(served, "POST", "/api/games", {"name": "Anyone's"})
        assert status == 403 and answer["error"] == "On this site only its operator makes games."
        status, game = call(served, "POST", "/api/games", {"name": "The operator's"}, **operator)
        assert status == 201
        gm_page, oda_page = f"/games/{game['id']}/gm/{game['gm_token']}", f"/games/{game['id']}/play/"
        oda_page += game["power_tokens"]["Oda"]
        assert call(served, "GET", "/api/site/games", token=game["gm_token"])[0] == 403  # a GM is no operator
        status, listed = call(served, "GET", "/api/site/games", **operator)
        assert status == 200 and [(g["id"], g["mail_total"], g["closed"]) for g in listed["games"]] == [
            (game["id"], 0, False)
        ]
        status, listed = call(served, "POST", f"/api/site/games/{game['id']}/close", {}, **operator)
        assert status == 200 and listed["games"][0]["closed"] is True
        assert call(served, "GET", gm_page)[0] == 403 and call(served, "GET", oda_page)[0] == 403
        assert call(served, "GET", f"/games/{game['id']}")[0] == 200  # the public page stays, to read
        status, reopened = call(served, "POST", f"/api/site/games/{game['id']}/reopen", {}, **operator)
        assert status == 200 and call(served, "GET", f"/games/{game['id']}/gm/{reopened['gm_token']}")[0] == 200
        status, settings = call(served, "PUT", "/api/site", {"create_games": "invited"}, **operator)
        assert status == 200 and settings["create_games"] == "invited"
        status, invitation = call(served, "POST", "/api/site/invitations", {"uses": 1}, **operator)
        assert status == 201
        assert call(served, "POST", "/api/games", {"name": "Invited", "invitation": invitation["code"]})[0] == 201
        assert call(served, "POST", "/api/games", {"name": "Again", "invitation": invitation["code"]})[0] == 403
    listed_out = run(tmp_path, "site", "games", "--database", url).stdout
    assert f"{game['id']}" in listed_out and "mail 0/0  webhook 0/0" in listed_out
