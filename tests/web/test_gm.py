"""The GM's page: submissions, adjudicate now, rollback, deadlines, new links, the results post."""

from __future__ import annotations

import re

import pytest

from maps import load_board
from post import build_post, render
from tests.web.conftest import GameLinks, Site, flashes
from web.storage import store


def test_gm_page_shows_who_has_submitted_and_their_orders(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino\nF Mikawa H")
    html = client.get(game.gm_page).get_data(as_text=True)
    oda = re.search(r'<tr data-power="Oda">(.*?)</tr>', html, re.S).group(1)
    takeda = re.search(r'<tr data-power="Takeda">(.*?)</tr>', html, re.S).group(1)
    assert "UTC" in oda and "A Owari - Mino<br>F Mikawa H" in oda
    assert "not yet" in takeda


def test_adjudicate_now_and_the_results_post(client, app, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    assert site.adjudicate(game).status_code == 303
    html = client.get(game.gm_page).get_data(as_text=True)
    assert flashes(html)[-1].startswith("Adjudicated")
    assert "Fall 1570 movement" in html
    report = re.search(r'<textarea class="report" id="report"[^>]*>(.*?)</textarea>', html, re.S)
    snapshot = store.load(app.extensions["sengoku_db"], game.id)
    expected = render(build_post(load_board("sengoku"), snapshot.state, 0))
    assert report.group(1) == expected.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def test_a_second_click_does_not_adjudicate_twice(client, site: Site, game: GameLinks) -> None:
    site.post(game.gm_page + "/adjudicate", {"version": "1"})
    answer = site.post(game.gm_page + "/adjudicate", {"version": "1"})
    assert answer.status_code == 409 and "reload" in answer.get_data(as_text=True)
    assert len(client.get(f"/api/games/{game.id}").get_json()["history"]) == 1


def test_rollback(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    site.adjudicate(game)
    version = client.get(f"/api/games/{game.id}").get_json()["version"]
    assert site.post(game.gm_page + "/rollback", {"version": version}).status_code == 303
    html = client.get(game.gm_page).get_data(as_text=True)
    assert "Rolled back: Spring 1570 movement is open again" in flashes(html)[-1]
    assert "A Owari - Mino" in html  # the orders are back
    assert site.post(game.gm_page + "/rollback", {}).status_code == 409  # nothing left to roll back


@pytest.mark.clock
def test_deadline_rule_and_clearing(client, site: Site, game: GameLinks) -> None:
    site.post(game.gm_page + "/deadline", {"hours_from_now": "2", "movement_hours": "48", "other_hours": "12"})
    html = client.get(game.gm_page).get_data(as_text=True)
    assert flashes(html)[0].startswith("Deadline: ") and 'value="48"' in html and 'value="12"' in html
    assert client.get(f"/api/games/{game.id}").get_json()["deadline"] is not None
    site.post(game.gm_page + "/deadline", {"clear": "1", "hours_from_now": "2"})
    assert flashes(client.get(game.gm_page).get_data(as_text=True))[0] == "No deadline: adjudicate by hand."
    assert client.get(f"/api/games/{game.id}").get_json()["deadline"] is None
    assert site.post(game.gm_page + "/deadline", {"hours_from_now": "-3"}).status_code == 400


def test_a_new_link_replaces_the_old_one(client, site: Site, game: GameLinks) -> None:
    answer = site.post(game.gm_page + "/link", {"role": "Oda"})
    assert answer.status_code == 200
    fresh = re.search(r'id="new-link" href="http://localhost(/games/\w+/play/[\w-]+)"', answer.get_data(as_text=True))
    assert client.get(fresh.group(1)).status_code == 200
    assert client.get(game.player("Oda")).status_code == 403
    assert site.post(game.gm_page + "/link", {"role": "Nobody"}).status_code == 400


def test_the_gm_is_asked_before_adjudicating_or_rolling_back(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    html = client.get(game.gm_page).get_data(as_text=True)
    assert (
        'data-confirm="Adjudicate Spring 1570 movement now? 1 of 8 powers have saved orders; '
        'the other 7 fall under civil disorder. You can roll it back afterwards."' in html
    )
    site.adjudicate(game)
    html = client.get(game.gm_page).get_data(as_text=True)
    assert 'data-confirm="Roll back Spring 1570 movement?' in html


def test_in_a_retreat_phase_the_count_is_of_the_powers_with_a_retreat(client, site: Site, game: GameLinks) -> None:
    from tests.web.scenes import to_retreats

    to_retreats(client, site, game)  # Fall 1570 retreats: only Asakura has a dislodged unit
    html = client.get(game.gm_page).get_data(as_text=True)
    assert "Saved orders: 0 of the 1 power with orders to give." in html
    assert "Adjudicate Fall 1570 retreats now? 0 of 1 powers have saved orders" in html


def test_the_gm_page_shows_the_board_with_every_saved_order(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    site.save(game, "Takeda", "A Kai - Suruga")
    html = client.get(game.gm_page).get_data(as_text=True)
    assert 'class="map live"' in html and "livemap.js" in html
    assert html.count('class="order move') >= 2 or html.count("order move") >= 2
