"""Games played through the site to each kind of phase, with the orders of tests/cli/games/first-years.

Spring 1570: Asakura takes Ise with a neutral's bought support; Fall 1570: Oda takes it back and
dislodges Asakura's army (a retreat phase); its retreat leads to Winter 1570, where Oda builds one.
"""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.conftest import GameLinks, Site

SPRING_1570 = {
    "Oda": "A Owari - Ise\nF Mikawa - Totomi Sea\n2 : A Yamashiro H",
    "Asakura": "A Omi - Ise\nF Echizen - Wakasa Bay\n2 DP A Yamashiro S A Omi - Ise",
    "Takeda": "1 DP A Yamashiro S A Omi - Ise\nA South Shinano - Mino",
    "Hojo": "A Sagami - Kazusa\nF Izu - Sagami Bay",
}
FALL_1570 = {
    "Oda": "A Owari - Ise\nF Totomi Sea S A Owari - Ise\n2 : A Yamashiro H",
    "Asakura": "A Ise H\nF Wakasa Bay - Noto\n2 : A Yamashiro S A Ise",
    "Hojo": "A Kazusa H\nF Sagami Bay - Totomi",
    "Chosokabe": "F Iyo - Sanuki",
}
RETREATS_1570 = {"Asakura": "A Ise - Omi"}


def play(client: FlaskClient, site: Site, game: GameLinks, orders: dict[str, str]) -> None:
    """Each power saves its orders through the API; the GM adjudicates."""
    for power, text in orders.items():
        answer = client.put(f"/api/games/{game.id}/orders", json={"text": text}, headers=game.bearer(power))
        assert answer.status_code == 200 and answer.get_json()["refused"] == 0, answer.get_json()
    assert site.adjudicate(game).status_code == 303


def to_retreats(client: FlaskClient, site: Site, game: GameLinks) -> None:
    """Fall 1570 retreats: Asakura's army in Ise is dislodged by Oda's."""
    play(client, site, game, SPRING_1570)
    play(client, site, game, FALL_1570)


def to_winter(client: FlaskClient, site: Site, game: GameLinks) -> None:
    """Winter 1570: Oda has three centres and two units."""
    to_retreats(client, site, game)
    play(client, site, game, RETREATS_1570)
