"""The game's story on the site: its page, its animation and chart (made off the request path and kept),
the public page's summary of a finished game, and the chat channel's chart at a year's end.

The games are played with random legal orders (:mod:`bench.long_game`) and put in the site's database as
its GM's actions would leave them.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image
from werkzeug.test import TestResponse

from bench.long_game import play
from game.game import Game
from game.state import state_json
from orders.model import Hold, UnitRef
from orders.text import order_text
from tests.outbox.chatd import DISCORD_PATH, Receiver, webhook_receiver
from tests.web.conftest import GameLinks, Site
from web.play import storybook
from web.storage import store
from web.storage.store import Handle


@pytest.fixture(autouse=True)
def nothing_kept() -> Iterator[None]:
    storybook.clear()
    yield
    storybook.clear()


def played(app: Flask, game: GameLinks, years: int, over: bool = False) -> Game:
    """The site's game played ``years`` years with random orders (and conceded to Oda if ``over``)."""
    made = play("sengoku", years, seed=3)
    if over:
        for power in made.survivors():
            if power != "Oda":
                made.concede(power, "Oda")

    def act(handle: Handle) -> None:
        handle.game.state = made.state.replace(name="Test game")

    store.change(app.extensions["sengoku_db"], game.id, act)
    return made


def until_made(get: Callable[[], TestResponse], seconds: float = 300) -> TestResponse:
    """The answer once the story's worker has made it (503 with Retry-After until then)."""
    end = time.monotonic() + seconds
    while True:
        answer = get()
        if answer.status_code != 503 or time.monotonic() > end:
            return answer
        assert answer.headers["Retry-After"] == "30"
        time.sleep(0.5)


def no_more_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on a job would fail the test: whatever is answered is what was kept."""

    def refused() -> None:
        raise AssertionError("a job was started for what is kept")

    monkeypatch.setattr(storybook, "_pool", refused)


def test_the_story_page_shows_the_summary_the_chart_and_the_animations_link(
    app: Flask, client: FlaskClient, game: GameLinks
) -> None:
    made = played(app, game, 2)
    html = client.get(f"/games/{game.id}/story").get_data(as_text=True)
    assert "The story so far" in html and f"{len(made.state.history)} phases adjudicated" in html
    assert f'src="/games/{game.id}/story/chart.svg"' in html and f'href="/games/{game.id}/story.gif"' in html
    assert '<article class="game-summary">' in html and "Orders given" in html
    bbcode = client.get(f"/games/{game.id}/story?format=bbcode").get_data(as_text=True)
    assert "[b]The powers[/b]" in bbcode


@pytest.mark.slow
def test_the_animation_is_made_off_the_request_path_then_kept(
    app: Flask, client: FlaskClient, site: Site, game: GameLinks, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = played(app, game, 2)
    answer = until_made(lambda: client.get(f"/games/{game.id}/story.gif"))
    assert answer.status_code == 200 and answer.mimetype == "image/gif"
    with Image.open(io.BytesIO(answer.data)) as gif:
        assert gif.n_frames == len(made.state.history) + 1 and gif.width == storybook.WIDTH
    no_more_jobs(monkeypatch)
    assert client.get(f"/games/{game.id}/story.gif").data == answer.data
    unit = made.state.position.units_of("Oda")[0]
    hold = order_text(Hold(unit=UnitRef(type=unit.type, location=unit.location)), made.board)
    assert site.save(game, "Oda", hold).status_code in (200, 302, 303)  # a new version of the game, the same story
    assert store.load(app.extensions["sengoku_db"], game.id).state.orders["Oda"]
    assert client.get(f"/games/{game.id}/story.gif").data == answer.data


@pytest.mark.slow
def test_the_chart_as_svg_and_png(app: Flask, client: FlaskClient, game: GameLinks) -> None:
    played(app, game, 2)
    svg = until_made(lambda: client.get(f"/games/{game.id}/story/chart.svg"))
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    assert svg.headers["Content-Security-Policy"].startswith("default-src 'none'")
    assert b"21 centres: victory" in svg.data
    png = until_made(lambda: client.get(f"/games/{game.id}/story/chart.png"))
    assert png.status_code == 200 and png.data.startswith(b"\x89PNG")


def test_a_game_with_no_phase_has_no_story(client: FlaskClient, game: GameLinks) -> None:
    assert client.get(f"/games/{game.id}/story.gif").status_code == 404
    assert 'id="story' not in client.get(f"/games/{game.id}").get_data(as_text=True)


def test_a_busy_site_says_come_back_and_starts_nothing(
    app: Flask, client: FlaskClient, game: GameLinks, monkeypatch: pytest.MonkeyPatch
) -> None:
    played(app, game, 1)
    monkeypatch.setattr(storybook, "QUEUE", 0)
    no_more_jobs(monkeypatch)
    answer = client.get(f"/games/{game.id}/story.gif")
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "30"
    assert "try again in a minute" in answer.get_data(as_text=True)
    assert client.get(f"/games/{game.id}/story").status_code == 200, "the page shows without the animation"


def test_the_public_page_of_a_finished_game_shows_its_story_at_the_top_of_its_history(
    app: Flask, client: FlaskClient, game: GameLinks, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storybook, "QUEUE", 0)  # the page starts the animation: not in this test
    played(app, game, 1, over=True)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    story, history = html.index('id="story"'), html.index("<h2>History</h2>")
    assert history < story < html.index('class="history"')
    assert "The game is conceded to Oda" in html[story:] and "Orders given" in html[story:]


def test_the_public_page_of_a_game_going_on_links_the_story_so_far(
    app: Flask, client: FlaskClient, game: GameLinks
) -> None:
    played(app, game, 1)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert 'id="story-link"' in html and f'href="/games/{game.id}/story"' in html and 'id="story"' not in html


def test_the_story_key_is_the_story_not_the_version() -> None:
    made = play("sengoku", 1, seed=3)
    key = storybook.story_key(made.state)
    assert storybook.story_key(made.state.replace(deadline=None, orders={"Oda": []})) == key
    made.adjudicate()
    assert storybook.story_key(made.state) != key


@pytest.mark.slow
def test_the_channel_gets_the_chart_after_a_years_last_results(
    app: Flask, client: FlaskClient, site: Site, game: GameLinks
) -> None:
    with webhook_receiver() as receiver:
        answer = site.post(
            game.gm_page + "/channel",
            {"url": receiver.url(DISCORD_PATH), "flavour": "discord", "post_results": "on"},
            page=game.gm_page,
        )
        assert answer.status_code in (302, 303)
        for _ in range(4):
            site.adjudicate(game)
            if store.load(app.extensions["sengoku_db"], game.id).state.position.phase.year == 1571:
                break
        chart = _arrived(receiver, "centres.png")
        assert chart.text == "**Test game: supply centres at the end of 1570**"
        assert chart.files["centres.png"].startswith(b"\x89PNG")


def _arrived(receiver: Receiver, name: str, seconds: float = 120) -> object:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for arrived in receiver.received:
            if name in arrived.files:
                return arrived
        time.sleep(0.5)
    raise AssertionError(f"no {name} arrived: {[a.text for a in receiver.received]}")


def test_a_server_without_fonts_says_what_to_install(
    app: Flask, client: FlaskClient, game: GameLinks, monkeypatch: pytest.MonkeyPatch
) -> None:
    from raster import png
    from raster.png import FONT_HELP

    made = played(app, game, 1)
    monkeypatch.setattr(png, "_SKIP_SYSTEM_FONTS", True)  # this process stands in for the worker: no fonts
    with pytest.raises(storybook.CannotDraw, match="install DejaVu Sans"):
        storybook.make("story.gif", state_json(made.state, rules=made.board.rules), 1_000_000)

    def no_fonts(*args: object) -> bytes:
        raise storybook.CannotDraw(FONT_HELP)

    monkeypatch.setattr(storybook, "artefact", no_fonts)
    answer = client.get(f"/games/{game.id}/story.gif")
    assert answer.status_code == 503 and "install DejaVu Sans" in answer.get_data(as_text=True)
    assert client.get(f"/games/{game.id}/story").status_code == 200
