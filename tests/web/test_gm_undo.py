"""The GM's page undoes too: one power's orders cleared, a concession withdrawn; and it shows the game's log."""

from __future__ import annotations

import re

from tests.web.conftest import GameLinks, Site, flashes


def log_rows(html: str) -> list[list[str]]:
    table = re.search(r'<table class="gm-log">(.*?)</table>', html, re.S)
    assert table is not None
    rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>", table.group(1))
    return [list(row) for row in rows]


def test_the_gm_clears_one_powers_orders(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino\nF Mikawa H")
    site.save(game, "Takeda", "A Kai - Suruga")
    answer = site.post(game.gm_page + "/clear", {"power": "Oda"}, page=game.gm_page)
    assert answer.status_code == 303
    html = client.get(game.gm_page).get_data(as_text=True)
    assert flashes(html)[-1] == "Cleared Oda&#39;s 2 stored orders."
    overview = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()
    orders = {s["power"]: s["orders"] for s in overview["submissions"]}
    assert orders["Oda"] == [] and orders["Takeda"] == ["A Kai - Suruga"]


def test_the_gm_withdraws_a_concession_and_the_game_goes_on(client, site: Site, game: GameLinks) -> None:
    powers = ["Oda", "Asakura", "Chosokabe", "Hojo", "Mori", "Takeda", "Uesugi"]
    for power in powers:
        page = game.player(power)
        site.post(page + "/concede", {"to": "Shimazu"}, page=page)
    assert client.get(f"/api/games/{game.id}").get_json()["result"]["kind"] == "conceded"
    assert site.post(game.gm_page + "/concession", {"power": "Hojo"}, page=game.gm_page).status_code == 303
    html = client.get(game.gm_page).get_data(as_text=True)
    assert flashes(html)[-1] == "Hojo withdraws its concession. The game goes on."
    assert client.get(f"/api/games/{game.id}").get_json()["result"]["kind"] == "ongoing"
    assert "Hojo concedes to Shimazu" not in html and "Oda concedes to Shimazu" in html


def test_the_log_shows_what_the_gm_did_and_through_what(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    site.adjudicate(game)
    version = client.get(f"/api/games/{game.id}").get_json()["version"]
    client.post(f"/api/games/{game.id}/rollback", json={"version": version}, headers=game.bearer("gm"))
    site.post(game.gm_page + "/clear", {"power": "Oda"}, page=game.gm_page)
    rows = log_rows(client.get(game.gm_page).get_data(as_text=True))
    assert [row[1:] for row in rows] == [  # newest first
        ["GM page", "Spring 1570 movement", "cleared Oda&#39;s 1 stored order"],
        ["API", "Spring 1570 movement", "rolled back Spring 1570 movement"],
        ["GM page", "Spring 1570 movement", "adjudicated Spring 1570 movement"],
        ["web site", "Spring 1570 movement", "started the game"],
    ]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", row[0]) for row in rows)


def test_the_gm_inbox_refuses_a_pasted_mail_written_for_another_phase(client, site: Site, game: GameLinks) -> None:
    """The web inbox reads a paste as ``sengoku orders`` does: in Fall, a Spring mail is not stored."""
    site.adjudicate(game)
    mail = "From: Oda Nobunaga <nobunaga@owari.example>\nSubject: Oda orders for Spring 1570\n\nA Owari - Mino\n"
    answer = client.post(f"/api/games/{game.id}/inbox", json={"text": mail}, headers=game.bearer("gm")).get_json()
    refused = [line for line in answer["lines"] if not line["ok"]]
    assert [line["problem"] for line in refused] == [
        "not used: the subject names Spring 1570, and Fall 1570 movement is open"
    ]
    assert answer["sent"] == []


def test_a_rollback_gives_the_phase_its_own_deadline_back(client, site: Site, game: GameLinks) -> None:
    site.post(game.gm_page + "/deadline", {"hours_from_now": "30", "movement_hours": "48"}, page=game.gm_page)
    own = client.get(f"/api/games/{game.id}").get_json()["deadline"]
    site.adjudicate(game)
    assert client.get(f"/api/games/{game.id}").get_json()["deadline"] != own  # Fall's: 48 hours from now
    version = client.get(f"/api/games/{game.id}").get_json()["version"]
    site.post(game.gm_page + "/rollback", {"version": version}, page=game.gm_page)
    assert client.get(f"/api/games/{game.id}").get_json()["deadline"] == own


def test_a_remark_after_an_order_is_shown_beside_it_in_the_gm_inbox(site: Site, game: GameLinks) -> None:
    answer = site.post(game.gm_page + "/inbox", {"text": "Oda:\nA Owari - Mino <- as agreed\n"}, page=game.gm_page)
    html = answer.get_data(as_text=True)
    assert 'Oda: A Owari - Mino</span> <span class="muted remark">(remark: as agreed)</span>' in html
