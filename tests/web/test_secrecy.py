"""A DP bid is secret until the phase is adjudicated: no other power, and no visitor, sees it before (docs/rules.md).

Oda buys neutral Mino's support for its move to Ise, once through the form
on the player's page and once through the JSON API; every page and answer
another power or the public can reach is then searched for any trace of it.
After adjudication the results post shows the bid to everyone.
"""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.conftest import GameLinks, Site

BID = "2 : A Mino S A Owari - Ise"


def _everything_others_see(client: FlaskClient, game: GameLinks) -> dict[str, str]:
    """Every page, picture and API answer that is not Oda's or the GM's, as text (in a browser of their own)."""
    seen = {
        "public page": client.get(f"/games/{game.id}").get_data(as_text=True),
        "public map": client.get(f"/games/{game.id}/map.svg").get_data(as_text=True),
        "public API": client.get(f"/api/games/{game.id}").get_data(as_text=True),
        "front page": client.get("/").get_data(as_text=True),
    }
    for power in ("Takeda", "Asakura", "Hojo"):
        seen[f"{power}'s page"] = client.get(game.player(power)).get_data(as_text=True)
        seen[f"{power}'s map"] = client.get(game.player(power) + "/map.svg").get_data(as_text=True)
        for name in ("me", "auction"):
            answer = client.get(f"/api/games/{game.id}/{name}", headers=game.bearer(power))
            seen[f"{power}'s API ({name})"] = answer.get_data(as_text=True)
    return seen


TRACES = ("2 : A Mino", "2 DP for", "MIN S A OWA - ISE", '"points": 2', '"points":2')
"""What would give Oda's bid away (the pages list every order a neutral could be bought for, so the order's text
alone is no trace: its price and owner are)."""


def _traces(text: str) -> list[str]:
    return [trace for trace in TRACES if trace in text]


def test_a_bid_from_the_players_page_is_hidden_from_the_others(app, client, site: Site, game: GameLinks) -> None:
    page = game.player("Oda")
    site.post(page + "/orders", {"text": "A Owari - Ise"}, page=page)
    posted = site.post(
        page + "/bid",
        {"unit": "Mino", "kind": "support_move", "supported": "Owari", "destination": "Ise", "points": "2"},
    )
    assert posted.status_code == 303
    oda = client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()
    assert BID in oda["orders"]  # it is saved: Oda sees it
    assert _traces(client.get(game.player("Oda")).get_data(as_text=True))  # the search would find it
    others = app.test_client()
    leaks = {where: _traces(text) for where, text in _everything_others_see(others, game).items() if _traces(text)}
    assert leaks == {}


def test_a_bid_through_the_api_is_hidden_from_the_others_until_adjudicated(
    app, client, site: Site, game: GameLinks
) -> None:
    oda = game.bearer("Oda")
    client.put(f"/api/games/{game.id}/orders", json={"text": "A Owari - Ise"}, headers=oda)
    bid = {"unit": "Mino", "kind": "support_move", "supported": "Owari", "destination": "Ise", "points": 2}
    answer = client.post(f"/api/games/{game.id}/bids", json=bid, headers=oda)
    assert answer.status_code == 200 and answer.get_json()["order"] == BID
    others = app.test_client()
    leaks = {where: _traces(text) for where, text in _everything_others_see(others, game).items() if _traces(text)}
    assert leaks == {}
    gm = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()
    assert BID in next(s["orders"] for s in gm["submissions"] if s["power"] == "Oda")  # the GM sees every order
    assert site.adjudicate(game).status_code == 303
    report = client.get(f"/api/games/{game.id}/phases/0").get_json()["text"]
    assert "Oda: 2 DP for A Mino S A Owari - Ise" in report  # now everyone can read it
