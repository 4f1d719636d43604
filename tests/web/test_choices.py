"""What a player may order, phase by phase: the choices the page and the API offer, and the panels."""

from __future__ import annotations

import json
import re

import pytest
from flask.testing import FlaskClient

from adjudicator.position import Phase, Position, Unit
from game.state import GameState
from maps import UnitType
from tests.web.conftest import GameLinks, Site, flashes
from tests.web.scenes import to_retreats, to_winter
from web.storage import store


def choices(client, game: GameLinks, power: str) -> dict:  # type: ignore[no-untyped-def]
    answer = client.get(f"/api/games/{game.id}/choices", headers=game.bearer(power))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()


def texts(unit: dict) -> list[str]:
    return [c["text"] for c in unit["choices"]]


def test_the_api_lists_each_units_legal_orders(client, game: GameLinks) -> None:
    data = choices(client, game, "Oda")
    assert data["phase"] == "Spring 1570 movement" and data["power"] == "Oda"
    owari, mikawa = data["units"]
    assert (owari["text"], mikawa["text"]) == ("A Owari", "F Mikawa")
    assert "A Owari - Mino" in texts(owari) and "A Owari - Satsuma" not in texts(owari)
    assert "F Mikawa S A Owari" in texts(mikawa) and "F Mikawa - Mino" not in texts(mikawa)  # inland
    assert "F Mikawa S A Mino - Owari" not in texts(mikawa)  # a neutral never moves: no support of its move
    move = next(c for c in owari["choices"] if c["text"] == "A Owari - Mino")
    assert move["clicks"] == ["MIN"] and move["order"] == {
        "kind": "move",
        "unit": {"type": "A", "location": "OWA"},
        "destination": "MIN",
        "via_convoy": False,
    }
    support = next(c for c in mikawa["choices"] if c["text"] == "F Mikawa S A South Shinano - Totomi")
    assert support["clicks"] == ["SSH", "TOT"]


def test_every_choice_is_an_order_the_box_accepts_as_written(client, site: Site, game: GameLinks) -> None:
    """The text language and the taps never disagree: each choice's text comes back accepted, unchanged."""
    data = choices(client, game, "Oda")
    for text in [text for unit in data["units"] for text in texts(unit)]:
        (line,) = site.check(game, "Oda", text).get_json()["lines"]
        assert line["ok"] and line["order"] == text, line
    for unit in data["dp"]["units"]:
        for text in texts(unit):
            (line,) = site.check(game, "Oda", f"1 : {text}").get_json()["lines"]
            assert line["ok"] and line["order"] == f"1 : {text}", line


def test_dp_choices_are_holds_and_supports_of_every_neutral_unit_within_the_limits(client, game: GameLinks) -> None:
    dp = choices(client, game, "Oda")["dp"]
    assert (dp["dp"], dp["spent"], dp["left"], dp["max_orders"], dp["max_per_order"]) == (2, 0, 2, 3, 2)
    assert [u["text"] for u in dp["units"]] == [
        "A Bizen", "A Bungo", "A Hizen", "A Izumo", "A Mino", "A Musashi", "A Yamashiro"
    ]  # fmt: skip
    kinds = {c["kind"] for unit in dp["units"] for c in unit["choices"]}
    assert kinds == {"hold", "support_hold", "support_move"}
    bizen = dp["units"][0]
    assert "A Bizen S F Iyo - Sanuki" in texts(bizen)  # across the land bridge
    assert "A Bizen S A Owari - Mino" not in texts(bizen)  # Bizen cannot reach Mino
    assert not any(" S A Mino - " in text for unit in dp["units"] for text in texts(unit))  # neutrals never move


def test_the_choices_need_the_powers_link(client, game: GameLinks) -> None:
    assert client.get(f"/api/games/{game.id}/choices").status_code == 401
    assert client.get(f"/api/games/{game.id}/choices", headers=game.bearer("gm")).status_code == 403


def test_the_choices_are_in_the_openapi_document(client) -> None:
    document = client.get("/api/openapi.json").get_json()
    operation = document["paths"]["/api/games/{game_id}/choices"]["get"]
    assert operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/ChoicesOut")
    assert {"ChoicesOut", "ChoiceOut", "UnitChoicesOut", "DpOut", "AdjustmentsOut"} <= set(
        document["components"]["schemas"]
    )


def test_the_page_carries_the_same_choices_as_the_api(client, game: GameLinks) -> None:
    html = client.get(game.player("Oda")).get_data(as_text=True)
    found = re.search(r'<script type="application/json" id="choices">(.*?)</script>', html, re.S)
    assert found and json.loads(found.group(1)) == choices(client, game, "Oda")
    assert "<option>A Owari - Mino</option>" in html  # the unit's list, for a keyboard or no map


def test_a_check_can_draw_the_orders_and_names_each_lines_unit(client, site: Site, game: GameLinks) -> None:
    page = game.player("Oda")
    answer = client.post(
        page + "/check?draw=1",
        json={"text": "A Owari - Mino\nWaive\n1 : A Bizen H"},
        headers={"X-CSRFToken": site.csrf(page)},
    ).get_json()
    assert [line["unit"] for line in answer["lines"]] == ["OWA", None, "BIZ"]
    assert answer["layer"].startswith('<g class="orders"') and 'class="order move pending"' in answer["layer"]
    assert "layer" not in site.check(game, "Oda", "A Owari - Mino").get_json()


def test_a_movement_page_says_units_without_orders_hold(client, game: GameLinks) -> None:
    html = client.get(game.player("Oda")).get_data(as_text=True)
    assert 'id="units-panel"' in html and "units without orders hold" in html


def test_a_retreat_page_shows_each_dislodged_unit_with_its_retreats(client, site: Site, game: GameLinks) -> None:
    to_retreats(client, site, game)
    data = choices(client, game, "Asakura")
    assert data["phase"] == "Fall 1570 retreats"
    (ise,) = data["units"]
    assert ise["dislodged"] and ise["text"] == "A Ise"
    assert texts(ise)[-1] == "A Ise disband" and "A Ise R Omi" in texts(ise)
    assert "A Ise R Owari" not in texts(ise)  # the attacker came from Owari
    assert choices(client, game, "Oda")["units"] == []
    html = client.get(game.player("Asakura")).get_data(as_text=True)
    assert 'id="retreats-panel"' in html and 'data-order="A Ise R Omi"' in html
    assert "units without orders hold" not in html
    assert "A dislodged unit without an order\n       is disbanded" in html or "without an order is disbanded" in html
    assert 'id="orders"' in html and "<code>A Ise R Omi</code>" in html  # the order box, with its example


def test_a_power_with_nothing_to_retreat_is_told_so_and_given_no_order_box(client, site: Site, game: GameLinks) -> None:
    to_retreats(client, site, game)
    html = client.get(game.player("Oda")).get_data(as_text=True)
    assert "You have nothing to order this phase: none of your units was dislodged." in html
    assert 'id="orders"' not in html and "A Ise R Omi" not in html  # no box, no example of a retreat
    assert "Nothing of yours to retreat this phase" in html and "None needed this phase." in html


def test_a_power_with_nothing_to_build_or_remove_is_told_so(client, site: Site, game: GameLinks) -> None:
    to_winter(client, site, game)
    html = client.get(game.player("Takeda")).get_data(as_text=True)
    assert "You have nothing to order this phase: your units match your centres." in html
    assert 'id="orders"' not in html and "Build A Owari" not in html


def test_a_winter_page_says_how_many_builds_and_where(client, site: Site, game: GameLinks) -> None:
    to_winter(client, site, game)
    winter = choices(client, game, "Oda")["adjustments"]
    assert winter["due"] == 1 and not winter["home_only"]
    assert winter["site_names"] == ["Mikawa", "Owari"]  # every vacant centre Oda owns (chaos builds)
    assert [c["text"] for c in winter["choices"]] == [
        "Build A Mikawa",
        "Build F Mikawa",
        "Build A Owari",
        "Build F Owari",
    ]
    assert winter["waive"]["text"] == "Waive"
    html = client.get(game.player("Oda")).get_data(as_text=True)
    assert "You may build <strong>1</strong> unit." in html and "chaos builds: any vacant centre you own" in html
    assert "Free centres: Mikawa, Owari" in html and "Waive a build" in html


def test_a_winter_page_says_how_many_removals(client, game: GameLinks, app) -> None:  # type: ignore[no-untyped-def]
    position = Position(
        phase=Phase.parse("winter 1571"),
        units=(
            Unit(type=UnitType.ARMY, location="OWA", power="Oda"),
            Unit(type=UnitType.FLEET, location="MIK", power="Oda"),
        ),
        centres={"OWA": "Oda"},
    )

    def recreate(handle: store.Handle) -> None:
        handle.game.state = GameState(variant="sengoku", name="Test game", position=position)

    store.change(app.extensions["sengoku_db"], game.id, recreate)
    winter = choices(client, game, "Oda")["adjustments"]
    assert winter["due"] == -1 and winter["waive"] is None
    assert [c["text"] for c in winter["choices"]] == ["Remove A Owari", "Remove F Mikawa"]
    html = client.get(game.player("Oda")).get_data(as_text=True)
    assert "You must remove <strong>1</strong> unit." in html and "civil disorder rule" in html


def test_the_dp_panel_offers_each_neutral_units_choices_and_takes_one(client, site: Site, game: GameLinks) -> None:
    page = game.player("Oda")
    html = client.get(page).get_data(as_text=True)
    assert '<option value="A Mino S A Owari - Ise" data-text="A Mino S A Owari - Ise">' in html
    assert "up to 3 DP orders a phase" in html
    site.post(page + "/bid", {"unit": "MIN", "choice": "A Mino S A Owari - Ise", "points": "2"}, page=page)
    assert flashes(client.get(page).get_data(as_text=True)) == ["DP order saved: 2 : A Mino S A Owari - Ise"]
    not_offered = {"unit": "MIN", "choice": "A Mino - Owari", "points": "1"}  # a neutral unit is never moved by DP
    assert site.post(page + "/bid", not_offered, page=page).status_code == 400
    other_unit = {"unit": "ISE", "choice": "A Mino S A Owari - Ise", "points": "1"}  # a choice of another unit
    assert site.post(page + "/bid", other_unit, page=page).status_code == 400


def test_a_finished_game_offers_nothing(client, site: Site, game: GameLinks) -> None:
    for power in ("Asakura", "Chosokabe", "Hojo", "Mori", "Oda", "Shimazu", "Takeda", "Uesugi"):
        page = game.player(power)
        site.post(page + "/draw", {"powers": ["Oda", "Takeda"]}, page=page)
    data = choices(client, game, "Oda")
    assert data["units"] == [] and data["dp"] is None


def test_a_variant_without_dp_has_no_dp_panel(client, site: Site) -> None:
    game = site.new_game("Classic", variant="standard")
    html = client.get(game.player("England")).get_data(as_text=True)
    assert 'id="units-panel"' in html and 'id="bids"' not in html
    data = choices(client, game, "England")
    assert data["dp"] is None and [u["text"] for u in data["units"]] == ["F Edinburgh", "F London", "A Liverpool"]


def test_what_dp_can_buy_is_worked_out_once_a_game_version_for_every_power(
    client: FlaskClient, game: GameLinks, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The neutral units' choices are the same for every power: the second power's page and API reuse them,
    and they equal what a power alone would be given."""
    from web.play import choices as module

    worked: list[str] = []
    real = module.neutral_choices
    monkeypatch.setattr(module, "neutral_choices", lambda b, p, u: worked.append(u.province) or real(b, p, u))
    oda, mori = choices(client, game, "Oda"), choices(client, game, "Mori")
    assert worked and len(worked) == len(set(worked)) == len(oda["dp"]["units"])  # once each, for Oda's
    assert oda["dp"]["units"] == mori["dp"]["units"]
    module._NEUTRALS.clear()
    module._KEPT.clear()
    assert choices(client, game, "Mori")["dp"]["units"] == mori["dp"]["units"]  # worked out for Mori alone
