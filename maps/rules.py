"""The rule sets a map file may name (``rules: sengoku-6dp``), each one policy value, never string flags.

A variant is its map file: the geography, the victory threshold, and the
name of the rules it plays, checked when the file loads (:mod:`maps.build`).
The engine asks the policy where a power may build and how neutral units
get their orders; the rest of standard Diplomacy is the same for every rule
set. Kept beside the map data, below the rules' code, so that a board
carries its rules (:attr:`maps.board.Board.rules`) and no code chooses them
by a map's name.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

__all__ = ["BuildSites", "NeutralOrders", "RULE_SETS", "Rules", "SENGOKU", "STANDARD", "unknown_rules"]


class BuildSites(StrEnum):
    HOME_CENTRES = "home centres"  # standard: owned, vacant home centres
    OWNED_CENTRES = "owned centres"  # Sengoku chaos builds: any owned, vacant centre


class NeutralOrders(StrEnum):
    HOLD = "hold"  # neutral units always hold
    DP_AUCTION = "dp auction"  # Sengoku 6DP: powers bid Diplomacy Points for their orders


class Rules(msgspec.Struct, frozen=True):
    name: str  # as a map file names it
    build_sites: BuildSites
    neutral_orders: NeutralOrders
    neutral_rebuild: bool  # still-neutral, empty centres get their neutral army back in winter
    max_dp: int = 0  # DP a power may hold in a movement phase (min(centres, max_dp))
    max_dp_orders: int = 0  # DP orders per power per phase
    max_dp_per_order: int = 0  # DP one order may carry

    def dp_allowance(self, centres: int) -> int:
        """A power's Diplomacy Points in a movement phase, owning ``centres`` centres: one a centre,
        at most ``max_dp``; none where neutral units do not take DP orders. The one place this is written."""
        if self.neutral_orders is not NeutralOrders.DP_AUCTION:
            return 0
        return min(centres, self.max_dp)


STANDARD = Rules("standard", BuildSites.HOME_CENTRES, NeutralOrders.HOLD, neutral_rebuild=False)
SENGOKU = Rules(
    "sengoku-6dp",
    BuildSites.OWNED_CENTRES,
    NeutralOrders.DP_AUCTION,
    neutral_rebuild=True,
    max_dp=3,
    max_dp_orders=3,
    max_dp_per_order=2,
)

RULE_SETS = {rules.name: rules for rules in (SENGOKU, STANDARD)}


def unknown_rules(name: str) -> str:
    """The one line that refuses a rules name no rule set has."""
    return f"unknown rules {name!r}; the rules there are {', '.join(sorted(RULE_SETS))}"
