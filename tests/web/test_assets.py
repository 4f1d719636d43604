"""Static files named by their content (kept a year) and compressed responses: the player's page stays light."""

from __future__ import annotations

import gzip
import re

from flask.testing import FlaskClient

from tests.web.conftest import GameLinks

PAGE_BUDGET = 60 * 1024  # the player's page with everything it loads, compressed (issue 23)


def assets_of(html: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', html)


def cache_control(client: FlaskClient, url: str) -> str:
    with client.get(url) as answer:  # a static file is sent from an open file: close it
        return answer.headers["Cache-Control"]


def size(client: FlaskClient, url: str, headers: dict[str, str]) -> int:
    with client.get(url, headers=headers) as answer:
        return len(answer.get_data())


def test_a_static_file_is_named_by_its_content_and_kept_a_year(client: FlaskClient, game: GameLinks) -> None:
    html = client.get(game.player("Oda")).get_data(as_text=True)
    assets = assets_of(html)
    assert assets and all(re.search(r"\?v=[0-9a-f]{12}$", a) for a in assets)
    assert cache_control(client, assets[0]) == "public, max-age=31536000, immutable"
    assert cache_control(client, assets[0].split("?")[0]) == "no-cache"
    assert cache_control(client, assets[0].split("?")[0] + "?v=000000000000") == "no-cache"


def test_pages_are_compressed_for_a_browser_that_accepts_it(client: FlaskClient, game: GameLinks) -> None:
    with client.get(game.player("Oda"), headers={"Accept-Encoding": "gzip"}) as answer:
        assert answer.headers["Content-Encoding"] == "gzip"
        assert b"<svg" in gzip.decompress(answer.get_data())
    with client.get(game.player("Oda")) as plain:
        assert "Content-Encoding" not in plain.headers


def test_the_player_page_and_what_it_loads_weigh_under_60_kb_compressed(client: FlaskClient, game: GameLinks) -> None:
    headers = {"Accept-Encoding": "br, gzip"}
    html = client.get(game.player("Oda")).get_data(as_text=True)
    total = size(client, game.player("Oda"), headers) + sum(size(client, a, headers) for a in assets_of(html))
    assert total < PAGE_BUDGET, f"{total:,} bytes"
