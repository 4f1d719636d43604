"""The words of the order language, as the judges and players write them.

Grouped by meaning; the parser matches lower-cased tokens against these sets.
Adding a synonym here is all it takes to accept it.
"""

from __future__ import annotations

__all__ = [
    "ARMY",
    "BUILD",
    "CONVOY",
    "COAST_WORDS",
    "DISBAND",
    "DP",
    "FLEET",
    "HOLD",
    "MOVE",
    "REMOVE",
    "RETREAT",
    "SUPPORT",
    "TERMINATORS",
    "TO",
    "VIA",
    "WAIVE",
]

ARMY = frozenset({"a", "army", "armies"})
FLEET = frozenset({"f", "fleet", "fleets"})
HOLD = frozenset({"h", "hold", "holds", "stand", "stands"})
MOVE = frozenset({"-", "m", "move", "moves", "attack", "attacks", "mto"})
TO = frozenset({"to", "into"})
SUPPORT = frozenset({"s", "sup", "supp", "support", "supports", "supporting"})
CONVOY = frozenset({"c", "con", "conv", "convoy", "convoys", "convoying"})
VIA = frozenset({"via", "by"})
RETREAT = frozenset({"r", "retreat", "retreats"})
DISBAND = frozenset({"d", "disband", "disbands", "disbanded"})
BUILD = frozenset({"b", "build", "builds"})
REMOVE = frozenset({"remove", "removes", "removed"})
WAIVE = frozenset({"waive", "waives", "waived", "waiving", "pass"})
DP = frozenset({"dp", "dps", "point", "points", "pt", "pts"})

# A location phrase ends at any of these words (its first word is always part of it).
TERMINATORS = (
    ARMY | FLEET | HOLD | MOVE | TO | SUPPORT | CONVOY | VIA | RETREAT | DISBAND | BUILD | REMOVE | WAIVE | {":"}
)

# Coast words after a province: "spa/nc", "spa (north coast)", "spa nc".
COAST_WORDS = {
    "nc": "NC", "n": "NC", "north": "NC",
    "sc": "SC", "s": "SC", "south": "SC",
    "ec": "EC", "e": "EC", "east": "EC",
    "wc": "WC", "w": "WC", "west": "WC",
}  # fmt: skip
