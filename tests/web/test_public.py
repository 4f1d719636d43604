"""The front page, creating a game from the form, the public game page and the history pages."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import GameLinks, Site


def test_front_page_offers_a_new_game(client) -> None:
    page = client.get("/")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'action="/games"' in html and 'name="csrf_token"' in html and "sengoku" in html


def test_front_page_leads_to_the_sandbox(client) -> None:
    html = client.get("/").get_data(as_text=True)
    assert 'href="/sandbox" id="to-sandbox"' in html
    assert client.get("/sandbox").status_code == 200


@pytest.mark.clock
def test_creating_a_game_shows_every_link_once(site: Site) -> None:
    answer = site.post("/games", {"name": "Summer of Swords", "variant": "sengoku", "movement_hours": "48"})
    assert answer.status_code == 303 and re.fullmatch(r"/games/\w+/links", answer.location)
    html = site.client.get(answer.location).get_data(as_text=True)
    gm = re.search(r'id="link-gm" href="http://localhost(/games/(\w+)/gm/[\w-]+)"', html)
    powers = re.findall(r'data-power="(\w+)" href="http://localhost(/games/\w+/play/[\w-]+)"', html)
    assert gm and len(powers) == 8
    assert site.client.get(gm.group(1)).status_code == 200
    for _, link in powers:
        assert site.client.get(link).status_code == 200
    public = site.client.get(f"/games/{gm.group(2)}").get_data(as_text=True)
    assert "Summer of Swords" in public and "Deadline:" in public
    assert f'href="/games/{gm.group(2)}"' not in site.client.get("/").get_data(as_text=True)  # unlisted: links only


@pytest.mark.clock
def test_creating_a_game_with_bad_input_is_a_400(site: Site) -> None:
    assert site.post("/games", {"name": ""}).status_code == 400
    answer = site.post("/games", {"name": "x", "variant": "/etc/passwd"})
    assert answer.status_code == 409 and "unknown variant" in answer.get_data(as_text=True)
    assert site.post("/games", {"name": "x", "movement_hours": "soon"}).status_code == 400


def test_public_page_shows_the_position(client, game: GameLinks) -> None:
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Spring 1570 movement" in html
    assert re.search(r"Oda</th><td[^>]*>2</td>", html)
    assert '<figure class="map live" id="map"' in html and '<path class="province' in html  # the map, inline
    assert f'href="/games/{game.id}/map.svg" id="map-svg"' in html  # and as a picture with its key
    assert re.search(r'<th><svg class="swatch"[^>]*><rect [^>]*fill="#0072B2"[^>]*/></svg>Oda</th>', html)  # Oda's blue
    assert "No phase adjudicated yet" in html


def test_public_page_never_shows_open_orders(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Owari - Mino" not in html


def test_history_phase_by_phase(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    site.adjudicate(game)
    site.adjudicate(game)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Spring 1571 movement" in html
    assert f'href="/games/{game.id}/history/1">Spring 1570 movement' in html  # numbered from 1, as the CLI does
    assert f'href="/games/{game.id}/history/2">Fall 1570 movement' in html
    phase = client.get(f"/games/{game.id}/history/1").get_data(as_text=True)
    assert "Spring 1570 movement results" in phase and "A Owari - Mino: bounced" in phase
    assert '<figure class="map live" id="map"' in phase and 'class="order move' in phase  # its orders drawn
    assert f'href="/games/{game.id}/history/1/map.svg" id="map-svg"' in phase
    assert client.get(f"/games/{game.id}/history/3").status_code == 404
    assert client.get(f"/games/{game.id}/history/0").status_code == 404


def test_the_last_past_phase_steps_on_to_the_game_as_it_is_now(client, site: Site, game: GameLinks) -> None:
    site.adjudicate(game)
    site.adjudicate(game)
    first = client.get(f"/games/{game.id}/history/1").get_data(as_text=True)
    assert f'rel="next" class="step" href="/games/{game.id}/history/2">Later' in first
    last = client.get(f"/games/{game.id}/history/2").get_data(as_text=True)
    assert f'rel="next" class="step" href="/games/{game.id}">Now: Spring 1571 movement &rarr;</a>' in last


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("/phases/0", "/history/1"),
        ("/phases/1?format=bbcode", "/history/2?format=bbcode"),
        ("/phases/0/map.svg", "/history/1/map.svg"),
        ("/phases/1/map.png", "/history/2/map.png"),
    ],
)
def test_the_older_addresses_counting_from_0_lead_to_the_same_phase(
    client, site: Site, game: GameLinks, old: str, new: str
) -> None:
    site.adjudicate(game)
    site.adjudicate(game)
    answer = client.get(f"/games/{game.id}{old}")
    assert answer.status_code == 301 and answer.headers["Location"] == f"/games/{game.id}{new}"


def test_the_api_numbers_phases_from_1_and_keeps_the_older_address(client, site: Site, game: GameLinks) -> None:
    site.adjudicate(game)
    numbered = client.get(f"/api/games/{game.id}/history/1").get_json()
    assert (numbered["number"], numbered["index"], numbered["phase"]) == (1, 0, "Spring 1570 movement")
    assert client.get(f"/api/games/{game.id}/phases/0").get_json() == numbered
    assert client.get(f"/api/games/{game.id}").get_json()["history"] == [
        {"number": 1, "index": 0, "phase": "Spring 1570 movement"}
    ]
    assert client.get(f"/api/games/{game.id}/history/0").status_code == 404


def test_maps_are_svg(client, site: Site, game: GameLinks) -> None:
    site.adjudicate(game)
    for path in (
        f"/games/{game.id}/map.svg",
        f"/games/{game.id}/history/1/map.svg",
        f"{game.player('Oda')}/map.svg",
        f"/api/games/{game.id}/map.svg",
    ):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert answer.mimetype == "image/svg+xml"
        assert b"<svg" in answer.data


def test_victory_is_announced_at_once(client, site: Site, game: GameLinks) -> None:
    for power in ("Asakura", "Chosokabe", "Hojo", "Mori", "Shimazu", "Takeda", "Uesugi"):
        client.post(f"/api/games/{game.id}/concede", json={"to": "Oda"}, headers=game.bearer(power))
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert '<p class="result" id="result">The game is conceded to Oda.</p>' in html
    assert "game over" in html


def test_unknown_game_is_a_404(client) -> None:
    for path in ("/games/nosuchgame", "/games/nosuchgame/map.svg", "/games/nosuchgame/phases/0"):
        answer = client.get(path)
        assert answer.status_code == 404
        assert "no such game" in answer.get_data(as_text=True)


@pytest.mark.clock
def test_the_links_page_can_be_reloaded_without_making_another_game(site: Site, app) -> None:  # type: ignore[no-untyped-def]
    """Post/redirect/get: a reload asks for the links again, not for a new game."""
    from sqlalchemy import func, select

    from web.storage.models import GameRow

    answer = site.post("/games", {"name": "Reloaded"})
    first = site.client.get(answer.location).get_data(as_text=True)
    again = site.client.get(answer.location).get_data(as_text=True)
    assert first == again and 'id="link-gm"' in again
    with app.extensions["sengoku_db"].read() as session:
        assert session.scalar(select(func.count()).select_from(GameRow)) == 1
    stranger = app.test_client().get(answer.location)  # another browser: no links, and it says why
    assert stranger.status_code == 404 and "make a new link" in stranger.get_data(as_text=True)
    assert "/play/" not in stranger.get_data(as_text=True) and "/gm/" not in stranger.get_data(as_text=True)


def test_the_site_has_an_icon_where_browsers_ask_for_it(client) -> None:  # type: ignore[no-untyped-def]
    with client.get("/favicon.ico") as icon:
        assert icon.status_code == 200 and icon.mimetype in ("image/vnd.microsoft.icon", "image/x-icon")
        assert icon.data[:4] == b"\x00\x00\x01\x00" and len(icon.data) < 2000  # an ICO, and a small one
    assert '<link rel="icon" href="/favicon.ico"' in client.get("/").get_data(as_text=True)


def test_the_front_page_names_variants_by_their_titles(client) -> None:
    html = client.get("/").get_data(as_text=True)
    assert '<option value="sengoku" selected>Sengoku Jidai (6DP)</option>' in html
    assert '<option value="standard" >Standard Diplomacy</option>' in html
