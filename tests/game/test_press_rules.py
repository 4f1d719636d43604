"""Press rules: what the GM allows (none, public, private; grey; the GM reading private press), one case a row."""

from __future__ import annotations

import pytest

from game.press import EVERYONE, GM, PressRules, may_read, refusal

SURVIVORS = ["Oda", "Takeda", "Hojo"]
PRIVATE, PUBLIC, NONE = PressRules(kind="private"), PressRules(kind="public"), PressRules(kind="none")
GREY = PressRules(kind="private", grey=True)


@pytest.mark.parametrize(
    ("rules", "sender", "to", "anonymous", "why"),
    [
        (PRIVATE, "Oda", [EVERYONE], False, None),
        (PRIVATE, "Oda", ["Takeda"], False, None),
        (PRIVATE, "Oda", ["Takeda", "Hojo"], False, None),
        (PUBLIC, "Oda", [EVERYONE], False, None),
        (PUBLIC, "Oda", ["Takeda"], False, "the GM allows public press only (to everyone) in this game"),
        (NONE, "Oda", [EVERYONE], False, "the GM allows no press in this game"),
        (PRIVATE, "Oda", [EVERYONE], True, "the GM allows no unsigned (grey) press in this game"),
        (GREY, "Oda", ["Takeda"], True, None),
        (PRIVATE, "Mori", [EVERYONE], False, "Mori is out of the game: its press is closed"),
        (PRIVATE, "Oda", ["Mori"], False, "Mori is out of the game"),
        (PRIVATE, "Oda", ["Oda"], False, "a message to yourself is a note: keep it elsewhere"),
        (NONE, GM, [EVERYONE], False, None),
        (PRIVATE, GM, ["Oda"], False, "the GM's announcements go to everyone"),
    ],
)
def test_who_may_send_what(rules: PressRules, sender: str, to: list[str], anonymous: bool, why: str | None) -> None:
    assert refusal(rules, sender, to, anonymous, SURVIVORS) == why


@pytest.mark.parametrize(
    ("rules", "reader", "sender", "to", "reads"),
    [
        (PRIVATE, "Hojo", "Oda", [EVERYONE], True),
        (PRIVATE, "Takeda", "Oda", ["Takeda"], True),
        (PRIVATE, "Oda", "Oda", ["Takeda"], True),
        (PRIVATE, "Hojo", "Oda", ["Takeda"], False),
        (PRIVATE, GM, "Oda", ["Takeda"], False),
        (PressRules(kind="private", gm_reads_private=True), GM, "Oda", ["Takeda"], True),
        (PRIVATE, "Hojo", GM, [EVERYONE], True),
    ],
)
def test_who_reads_what(rules: PressRules, reader: str, sender: str, to: list[str], reads: bool) -> None:
    assert may_read(rules, reader, sender, to) is reads
