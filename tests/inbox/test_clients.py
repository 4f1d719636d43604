"""Replies as the common mail clients write them, read as their writers meant: the new orders counted, the mail
they answer (quoted by its shape, whatever the client) not.

``clients/`` holds one reply per client and language, as the client writes it (its MIME structure, charset,
transfer encoding, and above all its way of quoting): Gmail, Outlook desktop (Windows and Mac), Outlook on the
web, Apple Mail and iPhone Mail, Thunderbird, K-9 Mail and Yahoo Mail, in English and Japanese. Each answers
the GM's mail or the player's own earlier one, whose orders must not be counted. ``clients/expected.yaml``
says, for each, what is stored and which lines are listed as "quoted, not counted".

What they found: a quote under a bare ``From:``/``Sent:``/``To:``/``Subject:`` block (Outlook's text part;
Outlook for Mac's ``Date:``; Japanese Outlook's ``差出人``/``送信日時``/``宛先``/``件名``) was read as new orders;
Japanese reply intros (Gmail's date and address, Thunderbird's ``さんは書きました``, Apple's ``のメール``) were not
intros; orders in an HTML table were read with their cells joined (``A South ShinanoH``); ``上杉:`` and
``アサクラ:`` were no headers; ``ー`` and ``−`` typed for a dash were not moves; ``北日本海`` was unknown.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from game.game import Game
from inbox.intake import read_mail
from inbox.sources import read_eml
from maps import Board
from orders import Ignored, VerdictKind, order_text

CLIENTS = Path(__file__).parent / "clients"
EXPECTED: dict[str, dict[str, Any]] = yaml.safe_load((CLIENTS / "expected.yaml").read_text(encoding="utf-8"))
ADDRESSES = {
    "Asakura": "yoshikage@echizen.example",
    "Chosokabe": "motochika@tosa.example",
    "Hojo": "ujiyasu@sagami.example",
    "Mori": "motonari@aki.example",
    "Oda": "nobunaga@owari.example",
    "Shimazu": "yoshihisa@satsuma.example",
    "Takeda": "shingen@kai.example",
    "Uesugi": "kenshin@echigo.example",
}


def test_every_client_and_language_is_in_the_corpus_with_its_expectation() -> None:
    files = sorted(path.name for path in CLIENTS.glob("*.eml"))
    assert files == sorted(EXPECTED)
    clients = {name.split("-")[0] for name in files}
    assert {"gmail", "outlook", "apple", "iphone", "thunderbird", "k9", "yahoo"} <= clients
    assert len([name for name in files if "-ja" in name]) >= 4, "Japanese: Gmail, Outlook, iPhone Mail, Thunderbird"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_reply_stores_its_new_orders_and_not_the_mail_it_quotes(sengoku: Board, name: str) -> None:
    expected = EXPECTED[name]
    game = Game.new(sengoku)
    for power, address in ADDRESSES.items():
        game.set_addresses(power, [address])
    (result,) = read_mail(game, read_eml([CLIENTS / name]))
    assert result.power == expected["power"]
    stored = {power: [order_text(o, sengoku) for o in orders] for power, orders in game.state.orders.items()}
    assert stored == {expected["power"]: expected["stored"]}
    lines = result.lines
    assert [line.number for line in lines if line.kind is VerdictKind.ERROR] == []
    quoted = [line.number for line in lines if line.ignored is Ignored.QUOTED_ORDER]
    assert quoted == expected["quoted"]
