"""A variant's rules as one policy value, never as string flags in the code.

The engine asks the policy where a power may build and how neutral units
get their orders; the rest of standard Diplomacy is the same for every
variant. The map supplies the geography (land bridges are just borders) and
the victory threshold.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

__all__ = ["BuildSites", "NeutralOrders", "Rules", "SENGOKU", "STANDARD", "rules_for"]


class BuildSites(StrEnum):
    HOME_CENTRES = "home centres"  # standard: owned, vacant home centres
    OWNED_CENTRES = "owned centres"  # Sengoku chaos builds: any owned, vacant centre


class NeutralOrders(StrEnum):
    HOLD = "hold"  # neutral units always hold
    DP_AUCTION = "dp auction"  # Sengoku 6DP: powers bid Diplomacy Points for their orders


class Rules(msgspec.Struct, frozen=True):
    name: str
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
    "sengoku",
    BuildSites.OWNED_CENTRES,
    NeutralOrders.DP_AUCTION,
    neutral_rebuild=True,
    max_dp=3,
    max_dp_orders=3,
    max_dp_per_order=2,
)

_BY_MAP = {"standard": STANDARD, "sengoku": SENGOKU}


def rules_for(map_name: str) -> Rules:
    """The rules that go with a map; an unknown map plays by the standard rules."""
    return _BY_MAP.get(map_name, STANDARD)
