"""The map as PNG on the web, for a GM's forum post: the position now, each past phase, and the API's."""

from __future__ import annotations

import pytest

from raster import png
from tests.pictures import check_map_png
from tests.web.conftest import GameLinks, Site


def _adjudicated(site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    assert site.adjudicate(game).status_code == 303


def test_the_position_now_as_png(client, game: GameLinks) -> None:
    answer = client.get(f"/games/{game.id}/map.png")
    assert answer.status_code == 200 and answer.mimetype == "image/png"
    check_map_png(answer.data, client.get(f"/games/{game.id}/map.svg").get_data(as_text=True))


def test_a_past_phase_with_its_orders_and_results_as_png(client, site: Site, game: GameLinks) -> None:
    _adjudicated(site, game)
    answer = client.get(f"/games/{game.id}/history/1/map.png")
    assert answer.status_code == 200 and answer.mimetype == "image/png"
    svg = client.get(f"/games/{game.id}/history/1/map.svg").get_data(as_text=True)
    assert '<g class="order move' in svg  # the phase's picture: its orders drawn
    check_map_png(answer.data, svg)
    assert client.get(f"/games/{game.id}/history/2/map.png").status_code == 404


def test_the_api_serves_the_same_png(client, game: GameLinks) -> None:
    assert client.get(f"/api/games/{game.id}/map.png").data == client.get(f"/games/{game.id}/map.png").data


def test_the_pages_link_the_pngs_for_a_forum_post(client, site: Site, game: GameLinks) -> None:
    public = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert f'href="/games/{game.id}/map.png" id="map-png"' in public
    _adjudicated(site, game)
    phase = client.get(f"/games/{game.id}/history/1").get_data(as_text=True)
    assert f'href="/games/{game.id}/history/1/map.png" id="map-png"' in phase
    gm = client.get(game.gm_page).get_data(as_text=True)
    assert f'href="http://localhost/games/{game.id}/history/1/map.png" id="phase-png"' in gm  # whole URLs to paste
    assert f'href="http://localhost/games/{game.id}/map.png" id="now-png"' in gm


def test_a_server_without_fonts_says_so(client, game: GameLinks, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(png, "_SKIP_SYSTEM_FONTS", True)
    monkeypatch.delenv("SENGOKU_FONT_DIR", raising=False)
    png._fonts_draw_text.cache_clear()
    try:
        answer = client.get(f"/games/{game.id}/map.png")
    finally:
        png._fonts_draw_text.cache_clear()
    assert answer.status_code == 503
    assert "This server cannot draw the map as PNG: no font" in answer.get_data(as_text=True)
    assert client.get(f"/games/{game.id}/map.svg").status_code == 200
