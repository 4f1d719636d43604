"""The chat channel on the web site: the GM sets a webhook, results and notices reach a real receiver on loopback.

The address is a password: no page or answer ever shows more than its host.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.outbox.chatd import DISCORD_CONTENT_LIMIT, DISCORD_PATH, SLACK_PATH, Receiver, webhook_receiver
from tests.web.conftest import GameLinks, Site, flashes
from web.play import actions
from web.schemas.bodies import DeadlineIn
from web.storage import store
from web.table import deadlines

SECRET = "s3cr3t-t0ken"


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with webhook_receiver() as running:
        yield running


def set_channel(site: Site, game: GameLinks, url: str, **extra: str) -> list[str]:
    form = {"url": url, "flavour": "discord", **extra}
    answer = site.post(game.gm_page + "/channel", form, page=game.gm_page, follow_redirects=True)
    return flashes(answer.get_data(as_text=True))


def test_results_go_to_the_channel_after_each_adjudication_when_the_gm_asks(
    client: FlaskClient, site: Site, game: GameLinks, receiver: Receiver
) -> None:
    assert set_channel(site, game, receiver.url(DISCORD_PATH), post_results="on") == ["Channel settings saved."]
    site.save(game, "Oda", "A Owari - Mino")
    page = site.adjudicate(game)
    shown = flashes(client.get(page.headers["Location"]).get_data(as_text=True))
    assert any(
        f.startswith("Posted the Spring 1570 movement results to the Discord webhook on 127.0.0.1") for f in shown
    )
    assert receiver.received and all(len(a.text) <= DISCORD_CONTENT_LIMIT for a in receiver.received)
    assert receiver.received[0].text.startswith("**Test game, Sengoku Jidai (6DP): Spring 1570 movement results**")
    assert receiver.received[-1].files["map.png"].startswith(b"\x89PNG")


def test_no_page_or_answer_shows_the_webhook_address(
    client: FlaskClient, site: Site, game: GameLinks, receiver: Receiver
) -> None:
    set_channel(site, game, receiver.url(DISCORD_PATH))
    gm_page = client.get(game.gm_page).get_data(as_text=True)
    api = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_data(as_text=True)
    public = client.get(f"/games/{game.id}").get_data(as_text=True)
    player = client.get(game.player("Oda")).get_data(as_text=True)
    assert f"Discord webhook on 127.0.0.1:{receiver.port}" in gm_page
    assert json.loads(api)["channel"] == f"Discord webhook on 127.0.0.1:{receiver.port}"
    assert all(SECRET not in text for text in (gm_page, api, public, player))


def test_the_gm_posts_a_notice_and_the_results_by_hand_through_the_api(
    client: FlaskClient, game: GameLinks, receiver: Receiver
) -> None:
    put = client.put(
        f"/api/games/{game.id}/channel",
        json={"url": receiver.url(SLACK_PATH), "flavour": "slack"},
        headers=game.bearer("gm"),
    )
    assert put.status_code == 200 and put.get_json()["channel"] == f"Slack webhook on 127.0.0.1:{receiver.port}"
    notice = client.post(f"/api/games/{game.id}/channel/post", json={"what": "notice"}, headers=game.bearer("gm"))
    assert notice.status_code == 200
    assert notice.get_json() == {
        "channel": f"Slack webhook on 127.0.0.1:{receiver.port}",
        "what": "the Spring 1570 movement notice",
        "sent": 1,
        "total": 1,
        "failure": None,
        "notes": [],
    }
    assert receiver.received[0].text == (
        "*Test game: Spring 1570 movement is open for orders.*\n"
        "Orders for Spring 1570 movement still due from Asakura, Chosokabe, Hojo, Mori, Oda, Shimazu, Takeda, Uesugi."
    )


def test_a_player_cannot_set_or_use_the_channel(client: FlaskClient, game: GameLinks, receiver: Receiver) -> None:
    put = client.put(
        f"/api/games/{game.id}/channel", json={"url": receiver.url(SLACK_PATH)}, headers=game.bearer("Oda")
    )
    post = client.post(f"/api/games/{game.id}/channel/post", json={"what": "notice"}, headers=game.bearer("Oda"))
    assert put.status_code == 403 and post.status_code == 403
    assert receiver.received == []


def test_a_channel_that_fails_is_said_and_the_adjudication_stands(
    client: FlaskClient, site: Site, game: GameLinks, receiver: Receiver
) -> None:
    set_channel(site, game, receiver.url("/api/webhooks/1/deleted"), post_results="on")
    page = site.adjudicate(game)
    shown = flashes(client.get(page.headers["Location"]).get_data(as_text=True))
    assert any("the webhook no longer exists" in f for f in shown)
    assert client.get(f"/api/games/{game.id}").get_json()["phase"] == "Fall 1570 movement"


def test_a_bad_address_is_refused_and_the_old_channel_kept(
    client: FlaskClient, site: Site, game: GameLinks, receiver: Receiver
) -> None:
    set_channel(site, game, receiver.url(DISCORD_PATH))
    said = set_channel(site, game, "http://chat.example.org/hook")
    assert said == ["Nothing saved: a webhook address starts https:// (http:// only for a server on this machine)."]
    assert f"Discord webhook on 127.0.0.1:{receiver.port}" in client.get(game.gm_page).get_data(as_text=True)


def test_the_deadline_job_posts_the_results_of_the_games_it_adjudicates(
    app: Flask, site: Site, game: GameLinks, receiver: Receiver
) -> None:
    db = app.extensions["sengoku_db"]
    set_channel(site, game, receiver.url(DISCORD_PATH), post_results="on")
    actions.set_deadline(db, game.id, DeadlineIn(at=store.utcnow() - timedelta(minutes=1)))
    for sender in deadlines.run_pass(db, None):
        sender.join(timeout=30)
    assert len(store.load(db, game.id).state.history) == 1
    assert receiver.received[0].text.startswith("**Test game, Sengoku Jidai (6DP): Spring 1570 movement results**")


def test_without_the_gm_asking_nothing_is_posted_after_an_adjudication(
    site: Site, game: GameLinks, receiver: Receiver
) -> None:
    set_channel(site, game, receiver.url(DISCORD_PATH))
    site.adjudicate(game)
    assert receiver.received == []
