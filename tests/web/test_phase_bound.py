"""Every save names the phase it was written for, and lands there or is refused out loud (409), storing nothing.

A page drawn in Spring and saved after the GM adjudicated must not put its orders into Fall: the player is
told what happened and keeps their text; only their own "Use these for Fall 1570 movement" saves it for Fall.
"""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

from tests.web.conftest import GameLinks, Site, flashes
from web.api.openapi import OPERATIONS, document

SPRING, FALL = "Spring 1570 movement", "Fall 1570 movement"
ODA = "A Owari - Mino\nF Mikawa H"


def put(client: FlaskClient, game: GameLinks, body: dict[str, object]):  # type: ignore[no-untyped-def]
    return client.put(f"/api/games/{game.id}/orders", json=body, headers=game.bearer("Oda"))


def stored(client: FlaskClient, game: GameLinks) -> list[str]:
    return list(client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()["orders"])


def box(page: str) -> str:
    match = re.search(r'<textarea name="text" id="orders"[^>]*>(.*?)</textarea>', page, flags=re.S)
    assert match, "no order box on the page"
    return html.unescape(match.group(1))


def test_an_api_save_naming_the_open_phase_is_stored_there(client: FlaskClient, game: GameLinks) -> None:
    answer = put(client, game, {"text": ODA, "phase": SPRING})
    assert answer.status_code == 200
    assert answer.get_json()["phase"] == SPRING and answer.get_json()["note"] is None
    assert stored(client, game) == ["A Owari - Mino", "F Mikawa H"]


def test_a_phase_may_be_named_without_its_kind_or_in_any_case(client: FlaskClient, game: GameLinks) -> None:
    assert put(client, game, {"text": ODA, "phase": "spring 1570"}).status_code == 200


def test_an_api_save_without_a_phase_goes_to_the_open_phase_and_says_so(client: FlaskClient, game: GameLinks) -> None:
    answer = put(client, game, {"text": ODA}).get_json()
    assert answer["note"].startswith(f"saved for {SPRING}, the phase open when the orders arrived")


def test_an_api_save_for_an_adjudicated_phase_is_refused_and_stores_nothing(
    client: FlaskClient, site: Site, game: GameLinks
) -> None:
    site.adjudicate(game)
    answer = put(client, game, {"text": ODA, "phase": SPRING})
    assert answer.status_code == 409
    refused = answer.get_json()
    assert re.fullmatch(
        rf"{SPRING} was adjudicated at \d\d:\d\d UTC on \d{{4}}-\d\d-\d\d; your orders were not saved; "
        rf"the open phase is {FALL}",
        refused["error"],
    ), refused["error"]
    assert (refused["phase"], refused["open_phase"], refused["over"]) == (SPRING, FALL, False)
    assert refused["adjudicated_at"] is not None
    assert refused["text"] == ODA  # the text comes back unchanged, to send again naming the open phase
    assert stored(client, game) == []  # nothing went to Fall


def test_a_save_naming_a_phase_not_yet_open_is_refused(client: FlaskClient, game: GameLinks) -> None:
    answer = put(client, game, {"text": ODA, "phase": FALL})
    assert answer.status_code == 409
    assert answer.get_json()["error"].startswith(f"{FALL} is not open")


def test_a_save_for_a_phase_the_gm_rolled_back_is_refused(client: FlaskClient, site: Site, game: GameLinks) -> None:
    site.adjudicate(game)
    answer = client.post(f"/api/games/{game.id}/rollback", json={"version": None}, headers=game.bearer("gm"))
    assert answer.status_code == 200
    refused = put(client, game, {"text": ODA, "phase": FALL})
    assert refused.status_code == 409
    assert refused.get_json()["error"] == (
        f"{FALL} is not open (it was adjudicated, or the game was rolled back before it); "
        f"your orders were not saved; the open phase is {SPRING}"
    )
    assert stored(client, game) == []


def test_a_phase_that_is_not_a_phase_is_a_400_naming_the_field(client: FlaskClient, game: GameLinks) -> None:
    answer = put(client, game, {"text": ODA, "phase": "Sprung 1570"})
    assert answer.status_code == 400
    assert "phase" in answer.get_json()["error"] and "not a phase" in answer.get_json()["error"]


def test_an_api_save_whose_every_line_is_refused_accepts_none_and_says_what_stands(
    client: FlaskClient, game: GameLinks
) -> None:
    put(client, game, {"text": ODA, "phase": SPRING})
    answer = put(client, game, {"text": "A Owari - Kyoto\nA Xyz H", "phase": SPRING}).get_json()
    assert (answer["accepted"], answer["refused"], answer["standing"], answer["kept_earlier"]) == (0, 2, 2, True)
    assert answer["saved"] == ["A Owari - Mino", "F Mikawa H"]


def test_a_merge_accepts_its_own_lines_and_counts_what_stands(client: FlaskClient, game: GameLinks) -> None:
    put(client, game, {"text": ODA, "phase": SPRING})
    answer = put(client, game, {"text": "A Owari - Ise", "phase": SPRING, "merge": True}).get_json()
    assert (answer["accepted"], answer["standing"]) == (1, 2)


def test_the_players_form_carries_the_phase_and_version_it_was_drawn_for(client: FlaskClient, game: GameLinks) -> None:
    page = client.get(game.player("Oda")).get_data(as_text=True)
    version = client.get(f"/api/games/{game.id}").get_json()["version"]
    assert f'<input type="hidden" name="phase" value="{SPRING}">' in page
    assert f'<input type="hidden" name="version" value="{version}">' in page


def save_form(site: Site, game: GameLinks, text: str, phase: str):  # type: ignore[no-untyped-def]
    page = game.player("Oda")
    return site.post(page + "/orders", {"text": text, "phase": phase, "version": "1"}, page=page)


def test_a_stale_page_is_refused_with_its_text_kept_in_the_box(
    client: FlaskClient, site: Site, game: GameLinks
) -> None:
    site.csrf(game.player("Oda"))  # the page is drawn in Spring...
    site.adjudicate(game)  # ...the GM adjudicates...
    answer = save_form(site, game, ODA, SPRING)  # ...and the player presses Save
    assert answer.status_code == 409
    page = answer.get_data(as_text=True)
    assert f"{SPRING} was adjudicated at " in page
    assert f"your orders were not saved; here is the new phase, {FALL}." in page
    assert box(page) == ODA  # every line typed, in the box, not saved
    assert f'<input type="hidden" name="phase" value="{FALL}">' in page  # the page is the new phase's
    assert f'id="carry">Use these for {FALL}</button>' in page  # carried forward only by the player's tap
    assert stored(client, game) == []
    spring = client.get(f"/api/games/{game.id}/phases/0").get_json()
    assert "Oda" in spring["text"]  # the Spring results stand as adjudicated


def test_using_the_text_for_the_new_phase_saves_it_there(client: FlaskClient, site: Site, game: GameLinks) -> None:
    site.csrf(game.player("Oda"))
    site.adjudicate(game)
    save_form(site, game, ODA, SPRING)
    answer = save_form(site, game, ODA, FALL)  # "Use these for Fall 1570 movement": the same form, the new phase
    assert answer.status_code == 303 and answer.headers["Location"].endswith("#saved")
    assert stored(client, game) == ["A Owari - Mino", "F Mikawa H"]


def test_a_bid_from_a_stale_page_is_not_saved(client: FlaskClient, site: Site, game: GameLinks) -> None:
    page = game.player("Oda")
    site.csrf(page)
    site.adjudicate(game)
    fields = {"unit": "MIN", "kind": "hold", "points": "1", "phase": SPRING}
    answer = site.post(page + "/bid", fields, page=page, follow_redirects=True)
    said = [f for f in flashes(answer.get_data(as_text=True)) if f.startswith("DP order")]  # (the GM's too)
    assert len(said) == 1 and said[0].startswith(f"DP order not saved: {SPRING} was adjudicated at ")
    assert said[0].endswith(f"your orders were not saved; here is the new phase, {FALL}.")
    assert stored(client, game) == []


def test_an_api_bid_naming_a_closed_phase_is_refused(client: FlaskClient, site: Site, game: GameLinks) -> None:
    site.adjudicate(game)
    bid = {"unit": "MIN", "kind": "hold", "points": 1, "phase": SPRING}
    answer = client.post(f"/api/games/{game.id}/bids", json=bid, headers=game.bearer("Oda"))
    assert answer.status_code == 409
    assert answer.get_json()["error"].startswith(f"{SPRING} was adjudicated at ")
    assert stored(client, game) == []


def test_the_openapi_document_names_the_phase_and_the_409(client: FlaskClient) -> None:
    spec = document(OPERATIONS)
    body = spec["components"]["schemas"]["OrdersIn"]["properties"]
    assert {"phase", "version"} <= set(body)
    conflict = spec["paths"]["/api/games/{game_id}/orders"]["put"]["responses"]["409"]
    refs = [s["$ref"] for s in conflict["content"]["application/json"]["schema"]["anyOf"]]
    assert "#/components/schemas/PhaseClosedOut" in refs
