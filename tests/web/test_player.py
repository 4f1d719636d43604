"""The player's page: position, live verdicts, saving, DP bids, draw and concession votes."""

from __future__ import annotations

from tests.web.conftest import GameLinks, Site, flashes


def test_player_page_shows_the_power(client, game: GameLinks) -> None:
    html = client.get(game.player("Oda")).get_data(as_text=True)
    assert '<span id="power">Oda</span>' in html
    assert '<span class="unit-name">A Owari</span>' in html and '<span class="unit-name">F Mikawa</span>' in html
    assert "Supply centres (2): Mikawa, Owari" in html
    dp = 'Diplomacy Points: 2 this phase, <span id="dp-spent">0</span> bid, <strong><span id="dp-left">2</span> left'
    assert dp in html
    assert '<figure class="map live"' in html and "<svg" in html and "<img" not in html  # the map is inline


def test_check_gives_a_verdict_per_line_and_saves_nothing(client, site: Site, game: GameLinks) -> None:
    answer = site.check(game, "Oda", "A Owari - Mino\nF Mikawa - Owari\nA Owari - Xyz\n\n2 : A Mino H")
    assert answer.status_code == 200
    lines = answer.get_json()["lines"]
    assert [(line["number"], line["kind"], line["ok"]) for line in lines] == [
        (1, "order", True),
        (2, "order", True),
        (3, "error", False),
        (4, "ignored", True),
        (5, "order", True),
    ]
    assert lines[0]["order"] == "A Owari - Mino" and lines[4]["order"] == "2 : A Mino H"
    assert lines[4]["points"] == 2 and lines[0]["points"] is None  # the DP panel counts the box's bids
    assert "Xyz" in lines[2]["problem"]
    assert client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()["orders"] == []


def test_illegal_orders_are_refused_with_the_engines_reason(site: Site, game: GameLinks) -> None:
    lines = site.check(game, "Oda", "A Owari - Satsuma").get_json()["lines"]
    assert lines[0]["kind"] == "refused" and not lines[0]["ok"] and lines[0]["problem"]


def test_suggestions_for_an_unclear_name(site: Site, game: GameLinks) -> None:
    line = site.check(game, "Oda", "F Mikwa H").get_json()["lines"][0]
    assert line["kind"] == "error" and "Mikawa" in " ".join(line["suggestions"]) + line["problem"]


def test_saving_replaces_the_orders_until_adjudication(client, site: Site, game: GameLinks) -> None:
    answer = site.save(game, "Oda", "A Owari - Mino\nF Mikawa H")
    assert answer.status_code == 303
    html = client.get(game.player("Oda")).get_data(as_text=True)
    assert "Saved 2 orders." in flashes(html)
    assert '<ul id="saved-orders"><li>A Owari - Mino</li><li>F Mikawa H</li></ul>' in html
    site.save(game, "Oda", "A Owari H")
    html = client.get(game.player("Oda")).get_data(as_text=True)
    assert '<ul id="saved-orders"><li>A Owari H</li></ul>' in html
    assert ">A Owari H</textarea>" in html  # the box starts with the saved orders, to edit again


def test_refused_lines_are_reported_after_saving(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino\nA Banana - Mino\nthanks!")
    messages = flashes(client.get(game.player("Oda")).get_data(as_text=True))
    assert messages[0] == "Saved 1 order."
    assert messages[1].startswith("Line 2 not saved (&#39;A Banana - Mino&#39;): unknown province &#39;Banana&#39;")
    assert len(messages) == 2  # 'thanks!' is chatter: shown by the check as ignored, never refused


def test_chatter_is_ignored_and_said_so(site: Site, game: GameLinks) -> None:
    lines = site.check(game, "Oda", "Hi GM,\nA Owari - Mino\nCheers").get_json()["lines"]
    assert [(line["kind"], line["ok"], line["note"]) for line in lines] == [
        ("ignored", True, "chatter"),
        ("order", True, None),
        ("ignored", True, "chatter"),
    ]


def test_a_save_whose_every_line_is_refused_keeps_the_saved_orders(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino\nF Mikawa H")
    client.get(game.player("Oda"))  # the first save's message, read
    site.save(game, "Oda", "A Owari - Xyz")
    html = client.get(game.player("Oda")).get_data(as_text=True)
    assert flashes(html)[0] == "Nothing saved: every line was refused; your 2 saved orders stand."
    assert '<ul id="saved-orders"><li>A Owari - Mino</li><li>F Mikawa H</li></ul>' in html


def test_orders_for_another_power_are_refused(client, site: Site, game: GameLinks) -> None:
    text = "A Owari - Mino\nTakeda:\nA Kai - Suruga\nTakeda: A South Shinano - Mino\nOda:\nF Mikawa H"
    lines = site.check(game, "Oda", text).get_json()["lines"]
    kinds = [(line["kind"], line["ok"]) for line in lines]
    assert kinds == [
        ("order", True),
        ("refused", False),
        ("refused", False),
        ("refused", False),
        ("header", True),
        ("order", True),
    ]
    assert "for Oda only" in lines[2]["problem"]
    site.save(game, "Oda", text)
    takeda = client.get(f"/api/games/{game.id}/me", headers=game.bearer("Takeda")).get_json()
    assert takeda["orders"] == []
    oda = client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()
    assert oda["orders"] == ["A Owari - Mino", "F Mikawa H"]


def test_a_player_sees_only_their_own_orders(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Takeda", "A Kai - Musashi")
    html = client.get(game.player("Oda")).get_data(as_text=True)
    assert "A Kai - Musashi" not in html
    assert "A Kai - Musashi" in client.get(game.player("Takeda")).get_data(as_text=True)


def test_dp_bid_form(client, site: Site, game: GameLinks) -> None:
    page = game.player("Oda")
    site.save(game, "Oda", "A Owari - Ise")
    site.post(
        page + "/bid",
        {"unit": "MIN", "kind": "support_move", "supported": "OWA", "destination": "ISE", "points": "1"},
        page=page,
    )
    site.post(page + "/bid", {"unit": "BIZ", "kind": "hold", "points": "1"}, page=page)
    html = client.get(page).get_data(as_text=True)
    assert flashes(html) == [
        "Saved 1 order.",
        "DP order saved: 1 : A Mino S A Owari - Ise",
        "DP order saved: 1 : A Bizen H",
    ]
    me = client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()
    assert me["orders"][0] == "A Owari - Ise"  # the bids keep the unit orders
    assert me["dp_spent"] == sum(int(o.split(" : ")[0]) for o in me["orders"] if " : " in o)


def test_dp_limits_are_enforced_with_reasons(client, site: Site, game: GameLinks) -> None:
    page = game.player("Oda")
    site.post(page + "/bid", {"unit": "BIZ", "kind": "hold", "points": "2"}, page=page)
    site.post(page + "/bid", {"unit": "YAS", "kind": "hold", "points": "1"}, page=page)
    messages = flashes(client.get(page).get_data(as_text=True))
    assert messages == [
        "DP order saved: 2 : A Bizen H",
        "DP order refused: not enough DP: 2 this phase, 2 already spent",
    ]
    site.post(page + "/bid", {"unit": "BIZ", "kind": "hold", "points": "3"}, page=page)
    assert "at most 2 DP" in flashes(client.get(page).get_data(as_text=True))[0]
    me = client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()
    assert me["orders"] == ["2 : A Bizen H"] and me["dp_left"] == 0  # a refused bid leaves the earlier one
    site.post(page + "/bid", {"unit": "OWA", "kind": "hold", "points": "1"}, page=page)
    assert "only for neutral units" in flashes(client.get(page).get_data(as_text=True))[0]


def test_a_bid_replaces_the_earlier_bid_on_that_unit_and_can_be_withdrawn(client, site: Site, game: GameLinks) -> None:
    page = game.player("Oda")
    site.post(page + "/bid", {"unit": "HIZ", "kind": "hold", "points": "2"}, page=page)
    site.post(page + "/bid", {"unit": "HIZ", "kind": "support_hold", "supported": "BUN", "points": "1"}, page=page)
    me = client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()
    assert me["orders"] == ["1 : A Hizen S A Bungo"] and me["bids"][0]["location"] == "HIZ"
    site.post(page + "/bid/withdraw", {"unit": "HIZ"}, page=page)
    assert client.get(f"/api/games/{game.id}/me", headers=game.bearer("Oda")).get_json()["orders"] == []


def test_a_bid_with_a_missing_field_is_explained(client, site: Site, game: GameLinks) -> None:
    page = game.player("Oda")
    site.post(page + "/bid", {"unit": "BIZ", "kind": "support_move", "supported": "IZM", "points": "1"}, page=page)
    assert "needs the supported unit" in flashes(client.get(page).get_data(as_text=True))[0]
    assert site.post(page + "/bid", {"unit": "BIZ", "kind": "attack", "points": "1"}, page=page).status_code == 400


def test_a_unanimous_draw_ends_the_game(client, site: Site, game: GameLinks) -> None:
    powers = ["Asakura", "Chosokabe", "Hojo", "Mori", "Oda", "Shimazu", "Takeda", "Uesugi"]
    for power in powers:
        page = game.player(power)
        assert site.post(page + "/draw", {"powers": powers}, page=page).status_code == 303
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "The game is drawn between Asakura, Chosokabe, Hojo, Mori, Oda, Shimazu, Takeda, Uesugi." in html
    oda = client.get(game.player("Oda")).get_data(as_text=True)
    assert 'id="orders"' not in oda  # nothing more to order
    assert site.save(game, "Oda", "A Owari H").status_code == 409


def test_a_draw_vote_can_be_withdrawn(client, site: Site, game: GameLinks) -> None:
    page = game.player("Oda")
    site.post(page + "/draw", {"powers": ["Oda", "Takeda"]}, page=page)
    assert "Your vote: Oda, Takeda." in client.get(page).get_data(as_text=True)
    site.post(page + "/draw", {"withdraw": "1"}, page=page)
    assert "You have not voted." in client.get(page).get_data(as_text=True)
    assert site.post(page + "/draw", {}, page=page).status_code == 409  # a draw between nobody


def test_concession(client, site: Site, game: GameLinks) -> None:
    page = game.player("Oda")
    assert site.post(page + "/concede", {"to": "Takeda"}, page=page).status_code == 303
    assert "You have conceded to Takeda." in client.get(page).get_data(as_text=True)
    assert site.post(page + "/concede", {"to": "Oda"}, page=page).status_code == 409
    assert site.post(page + "/concede", {"to": "Nobody"}, page=page).status_code == 409


def test_line_numbers_count_leading_blank_lines(site: Site, game: GameLinks) -> None:
    lines = site.check(game, "Oda", "\n\n  A Owari - Mino").get_json()["lines"]
    assert [(line["number"], line["kind"]) for line in lines] == [(1, "ignored"), (2, "ignored"), (3, "order")]


def test_a_save_with_no_order_in_it_keeps_the_saved_orders_and_says_why(client, site: Site, game: GameLinks) -> None:
    site.save(game, "Oda", "A Owari - Mino\nF Mikawa H")
    client.get(game.player("Oda"))
    site.save(game, "Oda", "Thanks, see you next turn")
    html = client.get(game.player("Oda")).get_data(as_text=True)
    assert flashes(html)[0] == (
        "Nothing saved: no line of it is an order (an empty box clears them); your 2 saved orders stand."
    )


def test_an_order_with_the_wrong_unit_letter_is_shown_with_the_units_own(site: Site, game: GameLinks) -> None:
    """DATC 4.C.2: the letter does not void the order; the player reads back what the unit will do."""
    answer = site.check(game, "Takeda", "F Kai H").get_json()
    assert answer["lines"][0]["order"] == "A Kai H" and answer["lines"][0]["ok"] is True


def test_a_misspelt_unit_suggests_the_players_own_unit_first(site: Site, game: GameLinks) -> None:
    line = site.check(game, "Takeda", "A Kia - Suruga").get_json()["lines"][0]
    assert line["suggestions"][0] == "Kai (KAI)"
    assert line["problem"].startswith("unknown province 'Kia'; did you mean Kai (KAI), ")
    assert line["unread"] == "Kia"  # the word the verdict could not read, given as it was written


def test_a_refused_order_gives_the_engines_verdict_as_a_code_beside_the_words(site: Site, game: GameLinks) -> None:
    """The JSON API gives codes as well as words: a program reads 'why', a player reads 'problem'."""
    line = site.check(game, "Takeda", "A Kai - Kii").get_json()["lines"][0]
    assert (line["kind"], line["ok"]) == ("refused", False)
    assert line["refusal"] == {"kind": "void", "why": "no_convoy_route", "places": ["Kai", "Kii"]}
    assert line["problem"] == "Kai to Kii: not adjacent, and no convoy route"
