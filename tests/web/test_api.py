"""The JSON API: a whole game through it, bearer tokens, and the OpenAPI document."""

from __future__ import annotations

import re

import pytest
from openapi_spec_validator import validate

from tests.web.conftest import GameLinks
from web.api.openapi import OPERATIONS


@pytest.mark.clock
def test_a_game_through_the_api(client) -> None:
    created = client.post("/api/games", json={"name": "Bots", "variant": "sengoku"})
    assert created.status_code == 201
    data = created.get_json()
    game_id, gm = data["id"], {"Authorization": f"Bearer {data['gm_token']}"}
    oda = {"Authorization": f"Bearer {data['power_tokens']['Oda']}"}
    assert set(data["power_tokens"]) == {"Asakura", "Chosokabe", "Hojo", "Mori", "Oda", "Shimazu", "Takeda", "Uesugi"}
    assert data["links"]["public"] == f"http://localhost/games/{game_id}"

    checked = client.post(
        f"/api/games/{game_id}/orders/check", json={"text": "A Owari - Mino\nA Owari - Xyz"}, headers=oda
    ).get_json()
    assert [line["ok"] for line in checked["lines"]] == [True, False] and checked["phase"] == "Spring 1570 movement"
    saved = client.put(f"/api/games/{game_id}/orders", json={"text": "A Owari - Mino"}, headers=oda).get_json()
    assert saved["saved"] == ["A Owari - Mino"]
    bid = client.post(f"/api/games/{game_id}/bids", json={"unit": "Bizen", "kind": "hold", "points": 1}, headers=oda)
    assert bid.status_code == 200 and bid.get_json()["order"] == "1 : A Bizen H"
    too_much = client.post(f"/api/games/{game_id}/bids", json={"unit": "HIZ", "kind": "hold", "points": 2}, headers=oda)
    assert too_much.status_code == 422 and "not enough DP" in too_much.get_json()["problem"]
    me = client.get(f"/api/games/{game_id}/me", headers=oda).get_json()
    assert me["orders"] == ["A Owari - Mino", "1 : A Bizen H"] and me["dp_left"] == 1

    overview = client.get(f"/api/games/{game_id}/gm", headers=gm).get_json()
    oda_row = [s["orders"] for s in overview["submissions"] if s["power"] == "Oda"]
    assert oda_row == [["A Owari - Mino", "1 : A Bizen H"]]
    phase = client.post(f"/api/games/{game_id}/adjudicate", json={"version": overview["game"]["version"]}, headers=gm)
    assert phase.status_code == 200
    report = phase.get_json()
    assert report["phase"] == "Spring 1570 movement"
    assert report["text"].startswith("Bots, Sengoku Jidai (6DP): Spring 1570")
    assert client.get(f"/api/games/{game_id}/phases/0").get_json()["text"] == report["text"]
    game = client.get(f"/api/games/{game_id}").get_json()
    assert game["phase"] == "Fall 1570 movement" and game["history"] == [
        {"number": 1, "index": 0, "phase": "Spring 1570 movement"}
    ]

    rolled = client.post(f"/api/games/{game_id}/rollback", json={}, headers=gm).get_json()
    assert rolled["phase"] == "Spring 1570 movement"
    deadline = client.put(f"/api/games/{game_id}/deadline", json={"hours_from_now": 1.5}, headers=gm).get_json()
    assert deadline["deadline"] is not None
    link = client.post(f"/api/games/{game_id}/links", json={"role": "Oda"}, headers=gm).get_json()
    fresh = {"Authorization": f"Bearer {link['token']}"}
    assert client.get(f"/api/games/{game_id}/me", headers=fresh).status_code == 200
    assert client.get(f"/api/games/{game_id}/me", headers=oda).status_code == 403


def test_withdrawing_a_bid(client, game: GameLinks) -> None:
    client.post(
        f"/api/games/{game.id}/bids", json={"unit": "BIZ", "kind": "hold", "points": 2}, headers=game.bearer("Oda")
    )
    assert client.delete(f"/api/games/{game.id}/bids/biz", headers=game.bearer("Oda")).get_json()["saved"] == []
    assert client.delete(f"/api/games/{game.id}/bids/BIZ", headers=game.bearer("Oda")).status_code == 404


def test_votes_through_the_api(client, game: GameLinks) -> None:
    everyone = list(game.tokens)
    for power in everyone[:-1]:
        answer = client.post(f"/api/games/{game.id}/draw", json={"powers": everyone}, headers=game.bearer(power))
        assert answer.get_json()["kind"] == "ongoing"
    last = client.post(f"/api/games/{game.id}/draw", json={"powers": everyone}, headers=game.bearer(everyone[-1]))
    assert last.get_json()["kind"] == "drawn"
    assert client.post(f"/api/games/{game.id}/adjudicate", json={}, headers=game.bearer("gm")).status_code == 409


@pytest.mark.parametrize("path", ["/me", "/orders/check", "/orders", "/bids", "/draw", "/concede"])
def test_player_calls_need_a_power_token(client, game: GameLinks, path: str) -> None:
    method = {"/orders": client.put, "/me": client.get}.get(path, client.post)
    url = f"/api/games/{game.id}{path}"
    assert method(url, json={}).status_code == 401
    assert method(url, json={}, headers={"Authorization": "Bearer nonsense"}).status_code == 403
    assert method(url, json={}, headers=game.bearer("gm")).status_code == 403


@pytest.mark.parametrize("path", ["/gm", "/adjudicate", "/rollback", "/deadline", "/links"])
def test_gm_calls_need_the_gm_token(client, game: GameLinks, path: str) -> None:
    method = {"/gm": client.get, "/deadline": client.put}.get(path, client.post)
    url = f"/api/games/{game.id}{path}"
    assert method(url, json={}).status_code == 401
    assert method(url, json={}, headers=game.bearer("Oda")).status_code == 403
    assert client.get(f"/api/games/{game.id}").get_json()["version"] == 1


def test_the_gm_sees_every_order_and_a_player_only_their_own(client, game: GameLinks) -> None:
    client.put(f"/api/games/{game.id}/orders", json={"text": "A Kai - Musashi"}, headers=game.bearer("Takeda"))
    assert "A Kai - Musashi" not in client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_data(
        as_text=True
    )
    assert "A Kai - Musashi" not in client.get(f"/api/games/{game.id}").get_data(as_text=True)
    assert "A Kai - Musashi" in client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_data(as_text=True)


def test_openapi_document_is_valid(client) -> None:
    document = client.get("/api/openapi.json").get_json()
    validate(document)
    assert document["openapi"].startswith("3.1")
    assert "OrdersIn" in document["components"]["schemas"] and "PhaseReport" in document["components"]["schemas"]


def test_every_documented_path_exists_and_every_api_route_is_documented(app, client) -> None:
    documented = {
        (method.upper(), path)
        for path, item in client.get("/api/openapi.json").get_json()["paths"].items()
        for method in item
    }
    routes = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith(("/api/games", "/api/site")):
            path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
            routes |= {(m, path) for m in rule.methods - {"HEAD", "OPTIONS"}}
    assert documented == routes
    assert {op.path for op in OPERATIONS} == {path for _, path in documented}


def test_api_docs_page(client) -> None:
    html = client.get("/api/docs").get_data(as_text=True)
    assert "/api/openapi.json" in html and "/api/games/{game_id}/orders" in html


def test_a_standard_game_has_no_dp(client) -> None:
    created = client.post("/api/games", json={"name": "Classic", "variant": "standard"}).get_json()
    france = {"Authorization": f"Bearer {created['power_tokens']['France']}"}
    me = client.get(f"/api/games/{created['id']}/me", headers=france).get_json()
    assert me["dp"] == 0 and me["phase"] == "Spring 1901 movement"
    saved = client.put(f"/api/games/{created['id']}/orders", json={"text": "A Paris - Burgundy"}, headers=france)
    assert saved.get_json()["saved"] == ["A Paris - Burgundy"]


@pytest.mark.parametrize("name", ["", "a\u0000b", "tab\there", "x" * 81, "Kyoto\nBcc: victim@example.com", "a\u2028b"])
def test_a_game_name_must_be_printable(client, name: str) -> None:
    answer = client.post("/api/games", json={"name": name})
    assert answer.status_code == 400 and answer.get_json()["error"].startswith("Invalid input: name")


def test_the_site_and_the_command_line_refuse_a_name_with_the_same_words(client, site) -> None:  # type: ignore[no-untyped-def]
    """One rule (game.state.name_problem) for both: the form, the API and 'sengoku new' say the same."""
    words = "a game's name is one line of printable text; this one holds a line break ('\\n', U+000A)"
    answer = client.post("/api/games", json={"name": "Kyoto\nBcc: victim@example.com"})
    assert words in answer.get_json()["error"]
    form = site.post("/games", {"name": "Kyoto\nBcc: victim@example.com"})
    assert form.status_code == 400 and words in form.get_data(as_text=True).replace("&#39;", "'")
