"""Each order's verdict names the reason and the unit the rule decided on, and the post says the same.

The three cases below were wrong while the words were worked out a second
time after the battle (issue 21): the post named a unit that did not cut the
support, called a convoy "convoyed" when its army stayed, and said a fleet
caught in a convoy paradox held while it was dislodged. Each now comes from
the verdict the rule returned.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from adjudicator.movement import adjudicate_movement
from game.records import OutcomeRecord
from maps import load_board
from post.wording import describe_outcome
from tests.datc.loader import DatcCase

CASES: list[dict[str, Any]] = yaml.safe_load(
    """
# An attack from the province the support goes into cuts only by dislodging
# (DATC 5.B.2): Berlin does not cut Munich's support, Tyrolia does.
- case: the unit that cut the support
  title: A support attacked from where it goes and from elsewhere is cut by the other attacker
  map: standard
  phase: spring 1901 movement
  units:
    Germany: [A MUN, A KIE]
    Russia: [A BER]
    Austria: [A TYR]
  dislodged_after: []
  orders:
    - {power: Germany, order: "A MUN S A KIE - BER", result: fails, verdict: cut, by: TYR,
       words: "support cut by A Tyrolia"}
    - {power: Germany, order: "A KIE - BER", result: fails, verdict: defended, by: BER,
       words: "bounced, 1 against 1 from A Berlin"}
    - {power: Russia, order: "A BER - MUN", result: fails, verdict: defended, by: MUN,
       words: "bounced, 1 against 1 from A Munich"}
    - {power: Austria, order: "A TYR - MUN", result: fails, verdict: defended, by: MUN,
       words: "bounced, 1 against 1 from A Munich"}

# Totomi Sea alone does not reach Sagami, and the Hojo fleet in Sagami Bay
# holds: the chain of convoys is incomplete, so the army stays and the
# convoy carried nobody.
- case: a convoy that carried nobody
  title: A convoy whose chain is incomplete is unused and its army stays
  map: sengoku
  phase: spring 1571 movement
  units:
    Oda: [A SHM, F TTS]
    Hojo: [F SAB]
  dislodged_after: []
  orders:
    - {power: Oda, order: "A Shima - Sagami via convoy", result: fails, verdict: no_convoy,
       words: "no convoy (its convoying fleets form no route): the army stays"}
    - {power: Oda, order: "F Totomi Sea C A Shima - Sagami", result: fails, verdict: unused,
       words: "army did not take this convoy (the army had no complete route)"}
    - {power: Hojo, order: "F Sagami Bay H", result: succeeds, verdict: holds, words: "held"}

# The army's attack on Nagato would cut the support that dislodges the
# convoying fleet: a convoy paradox. Szykman: the convoy fails, the support
# stands, and the fleet in Suo Sea is dislodged.
- case: a fleet dislodged in a convoy paradox
  title: The convoy of a paradox fails and its fleet is dislodged
  map: sengoku
  phase: spring 1571 movement
  units:
    Shimazu: [A IYO, F SUO]
    Uesugi: [F SUS]
    Mori: [F NAG]
  dislodged_after: [F SUS]
  orders:
    - {power: Shimazu, order: "A Iyo - Nagato via convoy", result: fails, verdict: no_path,
       words: "convoy route broken (a convoy on it failed): the army stays"}
    - {power: Shimazu, order: "F Suo - Suo Sea", result: succeeds, verdict: succeeds, words: "moved"}
    - {power: Uesugi, order: "F Suo Sea C A Iyo - Nagato", result: fails, verdict: paradox,
       words: "convoy paradox (Szykman rule: the convoy fails); dislodged by F Suo"}
    - {power: Mori, order: "F Nagato S F Suo - Suo Sea", result: succeeds, verdict: given,
       words: "support given"}
"""
)


@pytest.mark.parametrize("raw", CASES, ids=[c["case"] for c in CASES])
def test_the_verdict_and_the_words_name_what_the_rule_decided(raw: dict[str, Any]) -> None:
    board = load_board(raw["map"])
    case = DatcCase(raw["case"], raw["title"], None, raw)
    position = case.position()
    orders = case.parsed_orders(board)
    result = adjudicate_movement(board, position, orders)
    by_order = {(o.power, o.order): o for o in result.outcomes if not o.implicit}
    flat = [(power, order) for power, given in orders.items() for order in given]
    got = []
    for given, key in zip(case.given, flat, strict=True):
        outcome = by_order[key]
        words = describe_outcome(board, position, OutcomeRecord.of(outcome))
        got.append((given.text, outcome.result.value, outcome.verdict.__struct_config__.tag, outcome.culprit, words))
    want = [(o["order"], o["result"], o["verdict"], o.get("by"), o["words"]) for o in raw["orders"]]
    assert got == want
    assert [str(d.unit) for d in result.dislodged] == raw["dislodged_after"]
