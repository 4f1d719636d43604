"""The GM types or pastes orders a power sent by email: on the GM page and through the API, read as the CLI reads them.

The same mail reader, the same verdicts and the same resend rule as
``sengoku orders``: headers, chatter, quotes and signatures sorted out line
by line, each power's message replacing its orders (or merged by unit), and
a message whose every line is refused storing nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.web.conftest import GameLinks, Site

THREE_EMAILS = (Path(__file__).parent.parent / "inbox" / "corpus" / "23-three-emails-no-headers.txt").read_text(
    encoding="utf-8"
)


def post_inbox(site: Site, game: GameLinks, text: str, **fields: str) -> str:
    answer = site.post(game.gm_page + "/inbox", {"text": text, **fields}, page=game.gm_page)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_data(as_text=True)


def orders_of(client, game: GameLinks) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    overview = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()
    return {s["power"]: s["orders"] for s in overview["submissions"] if s["orders"]}


def test_the_gm_page_has_the_box_for_orders_sent_by_email(client, game: GameLinks) -> None:
    html = client.get(game.gm_page).get_data(as_text=True)
    assert '<textarea name="text" id="inbox-text"' in html and 'id="inbox-merge"' in html


def test_three_emails_pasted_on_the_gm_page_store_three_powers_orders(client, site: Site, game: GameLinks) -> None:
    html = post_inbox(site, game, THREE_EMAILS)
    assert orders_of(client, game) == {
        "Oda": ["A Owari - Mino", "F Mikawa H"],
        "Takeda": ["A Kai - Suruga", "A South Shinano H"],
        "Uesugi": ["A Kozuke - Musashi", "F Echigo H"],
    }
    lines = re.findall(r'<li class="([a-z ]*)" data-kind="([a-z]+)">\s*(\d+)\.', html)
    assert [(int(n), kind) for _, kind, n in lines][:4] == [(1, "ignored"), (3, "header"), (4, "order"), (5, "order")]
    assert "Cheers, (chatter)" in html and "-----Original Message----- (quoted text)" in html
    stored = re.search(r'<li data-power="Uesugi">(.*?)</li>', html, re.S)
    assert stored and "2 orders" in stored.group(1) and "A Kozuke - Musashi, F Echigo H" in stored.group(1)


def test_merge_on_the_gm_page_keeps_the_powers_other_orders(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino\nF Mikawa H")
    post_inbox(site, game, "Oda:\nA Owari - Ise", merge="1")
    assert orders_of(client, game) == {"Oda": ["F Mikawa H", "A Owari - Ise"]}
    post_inbox(site, game, "Oda:\nA Owari - Mino")  # unticked: the message replaces
    assert orders_of(client, game) == {"Oda": ["A Owari - Mino"]}


def test_a_pasted_message_whose_every_line_is_refused_stores_nothing(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino")
    html = post_inbox(site, game, "Hi GM,\nOda:\nA Owari - Xyz\nTakeda:\nA Kai - Xyz\nThanks")
    assert "nothing stored: every line was refused; its 1 order from before stands" in html
    assert orders_of(client, game) == {"Oda": ["A Owari - Mino"]}
    page = client.get(game.gm_page).get_data(as_text=True)
    takeda = re.search(r'<tr data-power="Takeda">(.*?)</tr>', page, re.S)
    assert takeda and "sent, but every line refused" in takeda.group(1)
    overview = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()
    assert [s["power"] for s in overview["submissions"] if s["all_refused"]] == ["Oda", "Takeda"]
    site.adjudicate(game)
    overview = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()
    assert not any(s["all_refused"] for s in overview["submissions"])


def test_lines_before_any_header_go_to_the_power_the_gm_picks(client, site: Site, game: GameLinks) -> None:
    post_inbox(site, game, "Hi,\nA Kai - Suruga\n-- \nShingen", power="Takeda")
    assert orders_of(client, game) == {"Takeda": ["A Kai - Suruga"]}


def test_the_api_reads_mail_as_the_page_does(client, game: GameLinks) -> None:
    answer = client.post(f"/api/games/{game.id}/inbox", headers=game.bearer("gm"), json={"text": THREE_EMAILS})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    out = answer.get_json()
    assert (out["messages"], out["refused"], out["quoted_orders"]) == (2, 0, 0)
    assert [(s["power"], s["mode"], s["accepted"], s["stored"]) for s in out["sent"]] == [
        ("Oda", "replace", 2, ["A Owari - Mino", "F Mikawa H"]),
        ("Takeda", "replace", 2, ["A Kai - Suruga", "A South Shinano H"]),
        ("Uesugi", "replace", 2, ["A Kozuke - Musashi", "F Echigo H"]),
    ]
    kinds = {line["number"]: (line["kind"], line["note"]) for line in out["lines"]}
    assert (
        kinds[1] == ("ignored", "chatter")
        and kinds[10] == ("ignored", "signature")
        and kinds[17]
        == (
            "ignored",
            "quoted text",
        )
    )
    merged = client.post(
        f"/api/games/{game.id}/inbox", headers=game.bearer("gm"), json={"text": "Oda:\nA Owari - Ise", "merge": True}
    ).get_json()
    assert merged["sent"][0]["stored"] == ["F Mikawa H", "A Owari - Ise"]


def test_the_inbox_api_needs_the_gm_token_and_a_known_power(client, game: GameLinks) -> None:
    path = f"/api/games/{game.id}/inbox"
    assert client.post(path, headers=game.bearer("Oda"), json={"text": "A Owari H"}).status_code == 403
    answer = client.post(path, headers=game.bearer("gm"), json={"text": "A Owari H", "power": "Nobody"})
    assert answer.status_code == 400 and "unknown power 'Nobody'" in answer.get_json()["error"]
    assert client.post(path, headers=game.bearer("gm"), json={"text": "x" * 60_001}).status_code == 400


def test_a_players_api_save_merges_on_request_and_never_loses_orders_to_a_refused_resend(
    client, game: GameLinks
) -> None:
    path, oda = f"/api/games/{game.id}/orders", game.bearer("Oda")
    client.put(path, headers=oda, json={"text": "A Owari - Mino\nF Mikawa H"})
    merged = client.put(path, headers=oda, json={"text": "A Owari - Ise", "merge": True}).get_json()
    assert merged["saved"] == ["F Mikawa H", "A Owari - Ise"] and not merged["kept_earlier"]
    refused = client.put(path, headers=oda, json={"text": "A Owari - Xyz"}).get_json()
    assert refused["kept_earlier"] and refused["saved"] == ["F Mikawa H", "A Owari - Ise"]


def test_merge_on_the_web_and_the_api_keeps_an_order_when_its_replacement_is_refused(
    client, site: Site, game: GameLinks
) -> None:
    """The stored 'A Kai - Suruga' survives a merged 'A Kai - Owari' (not adjacent), on the page and in the API."""
    site.save(game, "Takeda", "A Kai - Suruga")
    html = post_inbox(site, game, "Takeda:\nA Kai - Owari\nA South Shinano - Hida", merge="1")
    assert "2 orders (merged: 0 of 1 earlier replaced, 1 kept)" in html
    assert orders_of(client, game) == {"Takeda": ["A Kai - Suruga", "A South Shinano - Hida"]}
    answer = client.post(
        f"/api/games/{game.id}/inbox",
        headers=game.bearer("gm"),
        json={"text": "Takeda:\nA Kai - Owari\nA South Shinano H", "merge": True},
    ).get_json()
    sent = answer["sent"][0]
    assert (sent["accepted"], sent["refused"], sent["replaced"], sent["kept"]) == (1, 1, 1, 1)
    assert sent["stored"] == ["A Kai - Suruga", "A South Shinano H"]
    path, takeda = f"/api/games/{game.id}/orders", game.bearer("Takeda")
    saved = client.put(path, headers=takeda, json={"text": "A Kai - Owari", "merge": True}).get_json()
    assert saved["kept_earlier"] and saved["saved"] == ["A Kai - Suruga", "A South Shinano H"]


@pytest.mark.parametrize("text", ["Thanks, see you next turn", "> A Owari - Ise", "-- \nNobunaga"])
def test_a_players_save_with_no_order_in_it_keeps_the_saved_orders(client, game: GameLinks, text: str) -> None:
    """Only talk, a quote or a signature gives no order, so it takes none away; an empty box clears them."""
    path, oda = f"/api/games/{game.id}/orders", game.bearer("Oda")
    client.put(path, headers=oda, json={"text": "A Owari - Mino\nF Mikawa H"})
    kept = client.put(path, headers=oda, json={"text": text}).get_json()
    assert kept["kept_earlier"] and kept["saved"] == ["A Owari - Mino", "F Mikawa H"]
    cleared = client.put(path, headers=oda, json={"text": ""}).get_json()
    assert not cleared["kept_earlier"] and cleared["saved"] == []


def test_the_gm_page_and_the_api_say_who_still_owes_what_and_the_lines_refused(
    client, site: Site, game: GameLinks
) -> None:  # type: ignore[no-untyped-def]
    """The same words as ``sengoku status --orders``: Oda's unordered fleet, and its refused line with why."""
    post_inbox(site, game, "Oda:\nA Owari - Mino\nA Tosa H")
    overview = client.get(f"/api/games/{game.id}/gm", headers=game.bearer("gm")).get_json()
    oda = next(s for s in overview["submissions"] if s["power"] == "Oda")
    assert oda["still"] == "no order for F Mikawa; 2 DP not bid"
    assert oda["refused"] == ["'A Tosa H': the unit in Tosa belongs to Chosokabe"]
    html = client.get(game.gm_page).get_data(as_text=True)
    row = re.search(r'<tr data-power="Oda">(.*?)</tr>', html, re.S)
    assert row is not None
    assert "Still to order:</span> no order for F Mikawa; 2 DP not bid" in row.group(1)
    assert "Refused: &#39;A Tosa H&#39;: the unit in Tosa belongs to Chosokabe" in row.group(1)
