"""The sandbox: set up a position, order every power, play the real engine, step back, share; store nothing."""

from __future__ import annotations

import re
from html import unescape as html_unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
import yaml
from sqlalchemy import func, select

from game.setup import position_from_document
from maps import load_board
from tests.web.conftest import GameLinks, Site
from tests.web.scenes import SPRING_1570, play
from web.play.sandbox import MAX_STEPS, SandboxState, decode, encode
from web.storage.models import GameRow, SubmissionRow

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
ORDERS = "Oda:\nA Owari - Ise\nF Mikawa - Totomi Sea\nTakeda: A Kai - Suruga\nAsakura:\n2 : A Mino S A Omi"


def state_of(location: str) -> SandboxState:
    return decode(parse_qs(urlsplit(location).query)["s"][0])


def act(site: Site, path: str, **form: str):  # type: ignore[no-untyped-def]
    return site.post(path, form, page="/sandbox")


def test_the_sandbox_opens_on_the_start_of_sengoku(client) -> None:
    html = client.get("/sandbox").get_data(as_text=True)
    assert '<p class="phase" id="phase">Spring 1570 movement</p>' in html
    assert html.count('class="unit"') == 23 and '<figure class="map live"' in html
    assert "Nothing is\n       stored; the link is the position." in html or "Nothing is stored" in html


def test_orders_for_every_power_are_checked_line_by_line(client, site: Site) -> None:
    token = encode(SandboxState())
    answer = client.post(
        f"/sandbox/check?s={token}&draw=1",
        json={"text": "A Satsuma - Higo\n" + ORDERS + "\nHojo: A Sagami - Satsuma"},
        headers={"X-CSRFToken": site.csrf("/sandbox")},
    ).get_json()
    lines = answer["lines"]
    assert [(line["order"], line["ok"]) for line in lines if line["kind"] in ("order", "refused")] == [
        ("Oda: A Owari - Ise", True),
        ("Oda: F Mikawa - Totomi Sea", True),
        ("Takeda: A Kai - Suruga", True),
        ("Asakura: 2 : A Mino S A Omi", True),
        ("Hojo: A Sagami - Satsuma", False),
    ]
    unclaimed = next(line for line in lines if line["text"] == "A Satsuma - Higo")
    assert not unclaimed["ok"] and "Write the power first" in unclaimed["problem"]
    assert answer["layer"].count('class="order ') == 4


def test_adjudicating_plays_the_phase_with_the_real_engine(client, site: Site) -> None:
    answer = act(site, "/sandbox/adjudicate", s=encode(SandboxState()), text=ORDERS)
    assert answer.status_code == 303
    state = state_of(answer.location)
    assert state.steps == [ORDERS] and state.text == ""
    html = client.get(answer.location).get_data(as_text=True)
    assert '<p class="phase" id="phase">Fall 1570 movement</p>' in html
    report = re.search(r'<pre class="report" id="report">(.*?)</pre>', html, re.S)
    assert report and "A Owari - Ise" in report.group(1) and "Spring 1570 movement results" in report.group(1)
    assert 'data-location="ISE"' in html  # Oda's army stands in Ise now


def test_stepping_back_brings_the_orders_back(client, site: Site) -> None:
    after = state_of(act(site, "/sandbox/adjudicate", s=encode(SandboxState()), text=ORDERS).location)
    html = client.get(f"/sandbox?s={encode(after)}").get_data(as_text=True)
    back = re.search(r'id="step-back" href="([^"]+)"', html)
    assert back
    before = state_of(back.group(1).replace("&amp;", "&"))
    assert before.steps == [] and before.text == ORDERS
    assert "Spring 1570 movement" in client.get(back.group(1).replace("&amp;", "&")).get_data(as_text=True)


def test_the_link_shares_the_position_and_the_orders_written(client, site: Site) -> None:
    answer = act(site, "/sandbox/share", s=encode(SandboxState()), text="Oda: A Owari - Mino")
    assert answer.status_code == 303 and answer.location.endswith("#share")
    assert state_of(answer.location.split("#")[0]).text == "Oda: A Owari - Mino"
    html = client.get(answer.location.split("#")[0]).get_data(as_text=True)
    assert ">Oda: A Owari - Mino</textarea>" in html and 'id="share-link"' in html


def test_a_position_file_sets_the_sandbox_up(client, site: Site) -> None:
    text = (EXAMPLES / "ise-retreat.yaml").read_text(encoding="utf-8")
    answer = act(site, "/sandbox/setup", **{"from": "file", "position": text})
    assert answer.status_code == 303
    html = client.get(answer.location).get_data(as_text=True)
    assert '<p class="phase" id="phase">Fall 1570 retreats</p>' in html
    assert "Asakura: A Ise R Omi" in html  # the dislodged army's choices, for a tap on the map


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("phase: [Fall", "not valid YAML at line 1"),
        ("phase: Fall 1570 movement\nunits:\n  Oda: [A Atlantis]", "units.Oda[0] &#39;A Atlantis&#39;"),
        ("variant: chess\nphase: Fall 1570", "unknown variant &#39;chess&#39;"),
    ],
)
def test_a_broken_position_file_is_explained(site: Site, text: str, message: str) -> None:
    answer = act(site, "/sandbox/setup", **{"from": "file", "position": text})
    assert answer.status_code == 400 and message in answer.get_data(as_text=True)


def test_a_past_phase_of_a_game_opens_with_its_orders(client, site: Site, game: GameLinks) -> None:
    """The sandbox replays a real game's phase to the same results post."""
    play(client, site, game, SPRING_1570)
    opened = client.get(f"/sandbox/games/{game.id}/1")
    assert opened.status_code == 303
    state = state_of(opened.location)
    assert state.start is not None and str(state.start.phase) == "Spring 1570 movement"
    assert "Asakura:\nA Omi - Ise" in state.text and "2 : A Yamashiro S A Omi - Ise" in state.text
    replayed = act(site, "/sandbox/adjudicate", s=encode(state), text=state.text)
    html = client.get(replayed.location).get_data(as_text=True)
    played = client.get(f"/api/games/{game.id}/phases/0").get_json()["text"]
    shown = re.search(r'<pre class="report" id="report">(.*?)</pre>', html, re.S)
    assert shown and html_unescape(shown.group(1)) == played


def test_the_current_phase_of_a_game_opens_without_its_secret_orders(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    answer = act(site, "/sandbox/setup", **{"from": "game", "game": f"http://x/games/{game.id}", "phase": "now"})
    state = state_of(answer.location)
    assert state.text == "" and state.start is not None and str(state.start.phase) == "Spring 1570 movement"
    missing = act(site, "/sandbox/setup", **{"from": "game", "game": game.id, "phase": "7"})
    assert missing.status_code == 404 and "has 0 adjudicated phases" in missing.get_data(as_text=True)


def test_the_position_file_panel_reads_back_as_the_position(client) -> None:
    html = client.get("/sandbox").get_data(as_text=True)
    document = re.search(r'<textarea readonly rows="12" class="report" id="document"[^>]*>(.*?)</textarea>', html, re.S)
    assert document
    board = load_board("sengoku")
    position = position_from_document(board, yaml.safe_load(html_unescape(document.group(1))))
    assert len(position.units) == 23 and str(position.phase) == "Spring 1570 movement"


def test_each_step_has_its_map(client, site: Site) -> None:
    state = state_of(act(site, "/sandbox/adjudicate", s=encode(SandboxState()), text=ORDERS).location)
    picture = client.get(f"/sandbox/map.svg?s={encode(state)}&step=1")
    assert picture.status_code == 200 and picture.mimetype == "image/svg+xml"
    assert 'class="order move succeeded"' in picture.get_data(as_text=True)
    assert client.get(f"/sandbox/map.svg?s={encode(state)}&step=2").status_code == 404


@pytest.mark.parametrize("token", ["not-a-sandbox", "eJzLSM3JyVcozy_KSQEAGgQEXQ", "A" * 30_000])
def test_a_damaged_link_is_explained(client, token: str) -> None:
    answer = client.get(f"/sandbox?s={token}")
    assert answer.status_code == 400
    assert "sandbox link is" in answer.get_data(as_text=True)


def test_a_link_holds_a_limited_number_of_phases(site: Site) -> None:
    full = SandboxState(steps=[""] * MAX_STEPS)
    answer = act(site, "/sandbox/adjudicate", s=encode(full), text="")
    assert answer.status_code == 400 and "40 phases" in answer.get_data(as_text=True)


def test_the_sandbox_stores_nothing(client, site: Site, app) -> None:  # type: ignore[no-untyped-def]
    state = state_of(act(site, "/sandbox/adjudicate", s=encode(SandboxState()), text=ORDERS).location)
    client.get(f"/sandbox?s={encode(state)}")
    act(site, "/sandbox/share", s=encode(state), text="Oda: A Ise H")
    with app.extensions["sengoku_db"].read() as session:
        assert session.scalar(select(func.count()).select_from(GameRow)) == 0
        assert session.scalar(select(func.count()).select_from(SubmissionRow)) == 0


def test_the_standard_board_can_be_played_too(client, site: Site) -> None:
    answer = act(site, "/sandbox/setup", **{"from": "start", "variant": "standard"})
    html = client.get(answer.location).get_data(as_text=True)
    assert "Standard Diplomacy" in html and "Spring 1901 movement" in html
    assert act(site, "/sandbox/setup", **{"from": "start", "variant": "chess"}).status_code == 400
