"""The security rules: links are keys, forms need their CSRF token, bodies are small, input never gives a 500."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.conftest import GameLinks, Site


def test_a_link_of_another_game_does_not_open_this_one(client, site: Site, game: GameLinks) -> None:
    other = site.new_game("Other")
    assert client.get(f"/games/{game.id}/play/{other.tokens['Oda']}").status_code == 403
    assert client.get(f"/games/{game.id}/gm/{other.gm}").status_code == 403


def test_a_made_up_token_is_refused(client, game: GameLinks) -> None:
    for token in ("x", "a" * 32, "a" * 500, game.tokens["Oda"][:-1]):
        answer = client.get(f"/games/{game.id}/play/{token}")
        assert answer.status_code == 403 and "not valid" in answer.get_data(as_text=True)


def test_a_players_link_shows_nothing_of_another_power(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Takeda", "A Kai - Musashi")
    html = client.get(game.player("Oda")).get_data(as_text=True)
    assert "Kai - Musashi" not in html
    assert all(token not in html for power, token in game.tokens.items() if power != "Oda")
    assert game.gm not in html


def test_a_player_cannot_act_for_another_power(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "Takeda:\nA Kai - Musashi")
    takeda = client.get(f"/api/games/{game.id}/me", headers=game.bearer("Takeda")).get_json()
    assert takeda["orders"] == []


@pytest.mark.clock
def test_gm_actions_need_the_gm_link(client, site: Site, game: GameLinks) -> None:
    oda = game.tokens["Oda"]
    for action in ("adjudicate", "rollback", "deadline", "link"):
        answer = site.post(f"/games/{game.id}/gm/{oda}/{action}", {"version": "1"})
        assert answer.status_code == 403, action
    assert client.get(f"/games/{game.id}/gm/{oda}").status_code == 403
    assert len(client.get(f"/api/games/{game.id}").get_json()["history"]) == 0


def test_the_gm_link_is_not_a_player_link(client, game: GameLinks) -> None:
    answer = client.get(f"/games/{game.id}/play/{game.gm}")
    assert answer.status_code == 403 and "GM" in answer.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/orders", "/bid", "/bid/withdraw", "/draw", "/concede", "/check"])
def test_player_forms_need_the_csrf_token(client, game: GameLinks, path: str) -> None:
    answer = client.post(game.player("Oda") + path, data={"text": "A Owari H", "unit": "BIZ", "to": "Takeda"})
    assert answer.status_code == 400
    assert "security token" in answer.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/adjudicate", "/rollback", "/deadline", "/link"])
def test_gm_forms_need_the_csrf_token(client, game: GameLinks, path: str) -> None:
    assert client.post(game.gm_page + path, data={"version": "1", "role": "Oda"}).status_code == 400
    assert len(client.get(f"/api/games/{game.id}").get_json()["history"]) == 0


def test_creating_a_game_needs_the_csrf_token(client) -> None:
    assert client.post("/games", data={"name": "No token"}).status_code == 400


def test_a_wrong_csrf_token_is_refused(site: Site, game: GameLinks) -> None:
    answer = site.client.post(game.player("Oda") + "/orders", data={"text": "A Owari H", "csrf_token": "forged"})
    assert answer.status_code == 400


def test_an_oversized_body_is_refused(site: Site, game: GameLinks) -> None:
    text = "A Owari H\n" * 10_000  # 100 KB
    answer = site.save(game, "Oda", text)
    assert answer.status_code == 413
    api = site.client.put(f"/api/games/{game.id}/orders", json={"text": text}, headers=game.bearer("Oda"))
    assert api.status_code == 413 and api.get_json()["status"] == 413


def test_a_long_order_text_below_the_body_limit_is_a_400(site: Site, game: GameLinks) -> None:
    answer = site.client.put(f"/api/games/{game.id}/orders", json={"text": "x" * 30_000}, headers=game.bearer("Oda"))
    assert answer.status_code == 400 and "text" in answer.get_json()["error"]


def test_every_template_escapes(client, site: Site) -> None:
    evil = "<script>alert(1)</script>"
    links = site.new_game(evil, listed=True)  # on the front page too
    site.save(links, "Oda", evil)
    pages = ["/", f"/games/{links.id}", links.player("Oda"), links.gm_page]
    for page in pages:
        html = client.get(page).get_data(as_text=True)
        assert evil not in html, page
        assert "&lt;script&gt;" in html, page


def test_security_headers(client, game: GameLinks) -> None:
    answer = client.get(game.player("Oda"))
    assert "script-src 'self'" in answer.headers["Content-Security-Policy"]
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    assert answer.headers["X-Frame-Options"] == "DENY"
    assert answer.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "/games/{id}/play/{oda}/check", "not json"),
        ("post", "/games/{id}/play/{oda}/check", '{"text": 5}'),
        ("post", "/games/{id}/phases/x", ""),
        ("get", "/games/{id}/phases/99999999999999999999", ""),
        ("get", "/games/{id}/phases/-1", ""),
        ("post", "/api/games", '{"name": ["x"]}'),
        ("post", "/api/games", '{"name": "x", "surprise": 1}'),
        ("post", "/api/games", "[1, 2"),
        ("put", "/api/games/{id}/orders", '{"text": "\\u0000\\ud800 A Owari H"}'),
        ("post", "/api/games/{id}/bids", '{"unit": "BIZ\\nTakeda: A Kai H", "kind": "hold", "points": 1}'),
        ("post", "/api/games/{id}/bids", '{"unit": "BIZ", "kind": "hold", "points": 0}'),
        ("delete", "/api/games/{id}/bids/%00", ""),
        ("post", "/api/games/{id}/draw", '{"powers": ["Nobody"]}'),
        ("post", "/api/games/{id}/draw", '{"powers": 3}'),
        ("put", "/api/games/{id}/deadline", '{"at": "tomorrow"}'),
        ("get", "/api/games/{id}/me", ""),
        ("get", "/api/games/nosuchgame", ""),
        ("get", "/nowhere", ""),
        ("put", "/games/{id}", ""),
    ],
)
def test_bad_input_is_a_clear_4xx(client, game: GameLinks, method: str, path: str, body: str) -> None:
    url = path.format(id=game.id, oda=game.tokens["Oda"])
    headers = {"Content-Type": "application/json", **({} if url.endswith("/me") else game.bearer("Oda"))}
    if "/play/" in url:  # the player's page needs a CSRF token: send a real one
        html = client.get(url.rsplit("/", 1)[0]).get_data(as_text=True)
        headers["X-CSRFToken"] = html.split('name="csrf-token" content="')[1].split('"')[0]
    answer = getattr(client, method)(url, data=body, headers=headers)
    assert 400 <= answer.status_code < 500, (url, answer.status_code, answer.get_data(as_text=True)[:300])
    assert answer.get_data(as_text=True).strip()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=st.characters(codec="utf-8"), max_size=300))
def test_any_order_text_gets_verdicts_never_a_500(client, game: GameLinks, text: str) -> None:
    answer = client.post(f"/api/games/{game.id}/orders/check", json={"text": text}, headers=game.bearer("Oda"))
    assert answer.status_code == 200
    assert len(answer.get_json()["lines"]) == len(text.splitlines())
