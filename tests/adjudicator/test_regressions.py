"""Positions where our engine and MILA's ``diplomacy`` package disagree, pinned to the DATC.

Each case is a phase the movement benchmark found (``python -m
bench.bench_movement``, bench/README.md), cut down to the units that
matter, in the DATC case format (tests/datc/FORMAT.md). In each, DATC v3.0
supports our result; the test keeps it that way, and keeps the speed work on
the engine honest. The last tests check the rewritten convoy geometry
against a plain search.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.convoys import necessary_fleets
from adjudicator.movement import adjudicate_movement
from adjudicator.routes import could_chain, route_through
from maps import Board
from tests.datc.loader import DatcCase, ExpectedDislodged, GivenOrder

CASES = yaml.safe_load(
    """
# MILA offers the dislodged fleet MAO, where the convoying fleet still stands:
# with a convoyed attacker it skips the occupied and standoff checks.
- case: retreat after a convoyed attack
  title: A unit dislodged by a convoyed army may not retreat into an occupied province
  phase: spring 1901 movement
  units:
    Germany: [A NAF, F MAO]
    Italy: [A BUR]
    Austria: [F GAS]
  orders:
    - {power: Germany, order: "A NAF - GAS", result: succeeds}
    - {power: Germany, order: "F MAO C A NAF - GAS", result: succeeds}
    - {power: Italy, order: "A BUR S A NAF - GAS", result: succeeds}
    - {power: Austria, order: "F GAS H", result: fails}
  expect:
    units:
      Germany: [A GAS, F MAO]
      Italy: [A BUR]
    dislodged:
      - {power: Austria, unit: F GAS, retreats: [BRE, SPA/NC]}

# DATC 3.0 6.G.8 (no fallback to the land route): A LON has no convoy, so it
# has no path, no prevent strength, and A PIC arrives. MILA moves A LON over
# land and bounces A PIC.
- case: explicit convoy without a convoy
  title: An army ordered via convoy without a convoy does not stand off a rival
  phase: spring 1901 movement
  units:
    Turkey: [A LON]
    Italy: [A PIC]
    England: [F ENG]
  orders:
    - {power: Turkey, order: "A LON - WAL via convoy", result: fails}
    - {power: Italy, order: "A PIC - WAL via convoy", result: succeeds}
    - {power: England, order: "F ENG C A PIC - WAL", result: succeeds}
  expect:
    units:
      Turkey: [A LON]
      Italy: [A WAL]
      England: [F ENG]

# DATC 3.0 4.A.3: an own fleet's legal convoy order makes the move a convoy,
# with no fallback to the land route when the convoy fails. MILA moves the
# army to GRE over land.
- case: disrupted convoy to an adjacent province
  title: An army whose own fleet convoys it does not fall back to the land route
  phase: spring 1901 movement
  units:
    Turkey: [A BUL, F AEG]
    France: [F CON]
    Italy: [F EAS]
  orders:
    - {power: Turkey, order: "A BUL - GRE", result: fails}
    - {power: Turkey, order: "F AEG C A BUL - GRE", result: fails}
    - {power: France, order: "F CON - AEG", result: succeeds}
    - {power: Italy, order: "F EAS S F CON - AEG", result: succeeds}
  expect:
    units:
      Turkey: [A BUL]
      France: [F AEG]
      Italy: [F EAS]
    dislodged:
      - {power: Turkey, unit: F AEG, retreats: [GRE, ION, SMY]}

# DATC 6.D.12 and 5.B.8 (attack strength): France's support does not count
# against a French unit, convoyed attack or not. MILA reads the "VIA" of the
# order as its destination, misses that, and dislodges A WAL.
- case: own support for a convoyed attack
  title: Supporting a convoyed foreign attack on one's own unit does not dislodge it
  phase: spring 1901 movement
  units:
    Austria: [A BRE]
    England: [F ENG]
    France: [A WAL, F LON]
  orders:
    - {power: Austria, order: "A BRE - WAL via convoy", result: fails}
    - {power: England, order: "F ENG C A BRE - WAL", result: succeeds}
    - {power: France, order: "A WAL H", result: succeeds}
    - {power: France, order: "F LON S A BRE - WAL", result: succeeds}
  expect:
    units:
      Austria: [A BRE]
      England: [F ENG]
      France: [A WAL, F LON]

# DATC 5.B.3: a convoy is disrupted only by dislodging a fleet, and Italy's
# support cannot help dislodge an Italian fleet (6.D.12). MILA weighs the
# support when it checks the convoy and leaves A GRE at home.
- case: own support against a convoying fleet
  title: A convoying fleet attacked with its own power's support still convoys
  phase: spring 1901 movement
  units:
    Italy: [A GRE, F ION, F TUN]
    Turkey: [F TYS]
    Germany: [F ADR]
  orders:
    - {power: Italy, order: "A GRE - TUS via convoy", result: succeeds}
    - {power: Italy, order: "F ION C A GRE - TUS", result: succeeds}
    - {power: Italy, order: "F TUN S F ADR - ION", result: succeeds}
    - {power: Turkey, order: "F TYS C A GRE - TUS", result: succeeds}
    - {power: Germany, order: "F ADR - ION", result: fails}
  expect:
    units:
      Italy: [A TUS, F ION, F TUN]
      Turkey: [F TYS]
      Germany: [F ADR]
"""
)


@pytest.mark.parametrize("raw", CASES, ids=lambda raw: raw["case"])
def test_disagreement_with_mila(raw: dict[str, Any], standard: Board) -> None:
    case = DatcCase(raw["case"], raw["title"], None, raw)
    orders = case.parsed_orders(standard)
    result = adjudicate_movement(standard, case.position(), orders)
    got = {(o.power, o.order, o.result.value) for o in result.outcomes if not o.implicit}
    want = {(g.power, orders[g.power][k], g.result) for g, k in _order_indexes(case)}
    assert got == want
    assert {(u.power, str(u)) for u in result.units} == case.expected_units()
    dislodged = {
        ExpectedDislodged(d.unit.power or "", str(d.unit), result.retreats[d.unit.location]) for d in result.dislodged
    }
    assert dislodged == case.expected_dislodged()


def _order_indexes(case: DatcCase) -> list[tuple[GivenOrder, int]]:
    counters: dict[str, int] = {}
    pairs = []
    for given_order in case.given:
        pairs.append((given_order, counters.get(given_order.power, 0)))
        counters[given_order.power] = counters.get(given_order.power, 0) + 1
    return pairs


# --- the convoy geometry, against a plain search ---------------------------------------


def _chordless_routes(board: Board, fleets: list[str], origin: str, destination: str) -> set[str]:
    """Every fleet on some route origin -> fleets -> destination whose links touch only in sequence."""

    def touches(a: str, b: str) -> bool:
        return (a in board.seas and b in board.shores(a)) or (b in board.seas and a in board.shores(b))

    needed: set[str] = set()
    for size in range(1, len(fleets) + 1):
        for chain in itertools.permutations(fleets, size):
            links = [origin, *chain, destination]
            adjacent = all(touches(a, b) for a, b in itertools.pairwise(links))
            chords = any(touches(links[i], links[j]) for i in range(len(links)) for j in range(i + 2, len(links)))
            if adjacent and not chords:
                needed.update(chain)
    return needed


NORTH_SEAS = ["NTH", "ENG", "IRI", "NAO", "NWG", "MAO", "SKA", "HEL", "BAL"]
COASTS = ["LON", "EDI", "BEL", "HOL", "BRE", "NWY", "DEN", "LVP", "WAL", "KIE", "POR", "CLY", "YOR", "PIC"]


@settings(max_examples=60, deadline=None)
@given(
    fleets=st.lists(st.sampled_from(NORTH_SEAS), min_size=1, max_size=5, unique=True),
    ends=st.lists(st.sampled_from(COASTS), min_size=2, max_size=2, unique=True),
)
def test_necessary_fleets_match_a_plain_search(standard: Board, fleets: list[str], ends: list[str]) -> None:
    origin, destination = ends
    assert necessary_fleets(standard, fleets, origin, destination) == _chordless_routes(
        standard, fleets, origin, destination
    )
    # The battle's two route searches on the board's integer tables: the flood, and the walk asking each fleet.
    routed = bool(_chordless_routes(standard, fleets, origin, destination))
    tables, ids = standard.tables, standard.tables.ids
    seas = [ids[fleet] for fleet in fleets]
    assert could_chain(tables, sum(1 << sea for sea in seas), ids[origin], ids[destination]) == routed
    assert route_through(tables, seas, ids[origin], ids[destination], works=lambda sea: True) == routed
