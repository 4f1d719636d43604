"""Games are unlisted unless their GM lists them: the front page shows listed games only, and their links open all."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.conftest import GameLinks, Site


def _listed(client: FlaskClient, game: GameLinks) -> bool:
    return f'href="/games/{game.id}"' in client.get("/").get_data(as_text=True)


def test_a_new_game_is_unlisted_but_its_links_work(client, game: GameLinks) -> None:
    assert not _listed(client, game)
    assert client.get(f"/games/{game.id}").status_code == 200
    assert client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()["listed"] is False


def test_the_gm_lists_the_game_and_takes_it_off_again(client, site: Site, game: GameLinks) -> None:
    answer = site.post(game.gm_page + "/listing", {"listed": "yes"}, page=game.gm_page)
    assert answer.status_code == 303
    assert "Listed on the front page." in client.get(game.gm_page).get_data(as_text=True)
    assert _listed(client, game)
    site.post(game.gm_page + "/listing", {"listed": "no"}, page=game.gm_page)
    assert not _listed(client, game)


def test_a_game_created_listed_is_on_the_front_page(client, site: Site) -> None:
    answer = site.post("/games", {"name": "Open table", "listed": "yes"})
    assert answer.status_code == 303  # on to the links page
    assert "Open table" in client.get("/").get_data(as_text=True).split("Listed games")[1]


def test_listing_through_the_api_needs_the_gm_token(client, site: Site, game: GameLinks) -> None:
    url = f"/api/games/{game.id}/listing"
    assert client.put(url, json={"listed": True}, headers=game.bearer("Oda")).status_code == 403
    assert not _listed(client, game)
    answer = client.put(url, json={"listed": True}, headers=game.bearer("gm"))
    assert answer.status_code == 200 and answer.get_json()["listed"] is True
    assert _listed(client, game)


def test_only_listed_games_are_shown(client, site: Site) -> None:
    hidden = site.new_game("Quiet game")
    shown = site.new_game("Open game", listed=True)
    assert _listed(client, shown) and not _listed(client, hidden)
    assert "Quiet game" not in client.get("/").get_data(as_text=True)
