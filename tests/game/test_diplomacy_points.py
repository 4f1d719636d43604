"""Sengoku 6DP: Diplomacy Points buy orders for neutral units.

Each test is one sentence of the rules (docs/rules.md, "Diplomacy Points").
The stage: Oda (A Owari) and Asakura (A Omi) both move to empty Ise; the
neutral army in Mino borders Ise, so whoever buys its support wins Ise.
"""

from __future__ import annotations

from game.records import LotRecord
from maps import Board
from orders import VerdictKind, parse_orders
from tests.game.conftest import Table, custom, units

RACE = """
Oda:
A Owari - Ise
Asakura:
A Omi - Ise
"""


def _lot(table: Table, province: str) -> LotRecord:
    return next(lot for lot in table.game.state.history[-1].report.auction if lot.unit == province)


def test_without_bids_the_race_for_ise_is_a_standoff(table: Table) -> None:
    table.play(RACE)
    assert "A OWA" in table.units("Oda") and "A OMI" in table.units("Asakura")
    assert table.game.state.history[-1].report.auction == []


def test_a_single_bid_is_carried_out(table: Table) -> None:
    table.play(RACE + "Oda:\n1 : A Mino S A Owari - Ise\n")
    assert "A ISE" in table.units("Oda")
    assert _lot(table, "MIN").winner is not None


def test_identical_bids_from_several_powers_add_up_and_beat_a_larger_single_bid(table: Table) -> None:
    table.play(
        RACE
        + """
Oda:
1 : A Mino S A Owari - Ise
Takeda:
1 : Mino S Owari - Ise
Uesugi:
DP 1 A Mino supports A Owari to Ise
Asakura:
2 : A Mino S A Omi - Ise
"""
    )
    lot = _lot(table, "MIN")
    assert lot.total == 3 and not lot.tied
    assert "A ISE" in table.units("Oda") and "A OMI" in table.units("Asakura")


def test_a_tie_for_the_highest_total_means_the_neutral_holds(table: Table) -> None:
    table.play(RACE + "Oda:\n2 : A Mino S A Owari - Ise\nAsakura:\n2 : A Mino S A Omi - Ise\n")
    lot = _lot(table, "MIN")
    assert lot.tied and lot.winner is None
    assert "A OWA" in table.units("Oda") and "A OMI" in table.units("Asakura")


def test_dp_spent_on_a_losing_order_is_lost_and_not_banked(table: Table) -> None:
    table.play("Oda:\n1 : A Mino H\nAsakura:\n2 : A Mino S A Omi - Ise\n")
    assert table.game.dp("Oda") == 2  # a new phase: the full allowance again, nothing carried over
    assert table.game.dp_spent("Oda") == 0


def test_a_neutral_support_bought_with_dp_is_cut_like_any_support(table: Table) -> None:
    table.play(RACE + "Oda:\n1 : A Mino S A Owari - Ise\nTakeda:\nA South Shinano - Mino\n")
    assert "A OWA" in table.units("Oda")
    assert table.last_outcome("A MIN S A OWA - ISE") == "fails"


def test_a_neutral_support_helps_a_player_dislodge_another_neutral(table: Table) -> None:
    table.play("Mori:\nF Nagato - Chikuzen\n")  # across the Nagato-Chikuzen bridge
    table.play("Mori:\nF Chikuzen - Hizen\n1 : A Bungo S F Chikuzen - Hizen\n")
    assert "F HIZ" in table.units("Mori")
    assert "A HIZ" not in table.units(None)


def test_a_neutral_cannot_support_an_attack_on_itself(table: Table) -> None:
    verdicts = table.orders("Oda:\n1 : A Mino S A Owari - Mino\n")["Oda"]
    assert "cannot support a move into its own province" in (verdicts[0].problem or "")


def test_only_holds_and_supports_can_be_bought(sengoku: Board) -> None:
    verdict = parse_orders("1 : A Mino - Ise", sengoku).verdicts[0]
    assert verdict.kind is VerdictKind.ERROR
    assert "only make a neutral unit hold or support" in (verdict.problem or "")


def test_dp_orders_are_only_for_neutral_units(table: Table) -> None:
    verdicts = table.orders("Oda:\n1 : A Omi H\n")["Oda"]
    assert "only for neutral units" in (verdicts[0].problem or "")


def test_at_most_two_dp_on_one_order(table: Table) -> None:
    verdicts = table.orders("Oda:\n3 : A Mino H\n")["Oda"]
    assert "at most 2 DP" in (verdicts[0].problem or "")


def test_a_power_has_one_dp_per_owned_centre(table: Table) -> None:
    assert table.game.dp("Oda") == 2
    verdicts = table.orders("Oda:\n2 : A Mino H\n1 : A Yamashiro H\n")["Oda"]
    assert verdicts[0].accepted
    assert "not enough DP" in (verdicts[1].problem or "")


def test_dp_are_capped_at_three_and_three_dp_orders_a_phase(sengoku: Board) -> None:
    neutrals = units(None, "A MIN", "A YAS", "A BIZ", "A MUS")
    oda = custom(
        sengoku,
        "spring 1571 movement",
        [*units("Oda", "A OWA", "F MIK"), *neutrals],
        {"Oda": ["OWA", "MIK", "ISE", "YAT", "SHM"]},
        ["MIN", "YAS", "BIZ", "MUS"],
    )
    assert oda.game.dp("Oda") == 3
    verdicts = oda.orders("Oda:\n1 : A Mino H\n1 : A Yamashiro H\n1 : A Bizen H\n1 : A Musashi H\n")["Oda"]
    assert [v.accepted for v in verdicts] == [True, True, True, False]
    assert "at most 3 DP orders" in (verdicts[3].problem or "")


def test_one_dp_order_per_neutral_unit(table: Table) -> None:
    verdicts = table.orders("Oda:\n1 : A Mino H\n1 : A Mino S A Owari - Ise\n")["Oda"]
    assert verdicts[0].accepted and "only one DP order per neutral unit" in (verdicts[1].problem or "")


def test_a_power_with_no_centres_has_no_dp(sengoku: Board) -> None:
    game = custom(sengoku, "spring 1575 movement", [*units("Oda", "A ISE"), *units(None, "A MIN")], {}, ["MIN"])
    assert game.game.dp("Oda") == 0
    verdicts = game.orders("Oda:\n1 : A Mino H\n")["Oda"]
    assert "not enough DP: 0 this phase" in (verdicts[0].problem or "")


def test_a_refused_dp_order_leaves_the_other_orders_standing(table: Table) -> None:
    verdicts = table.orders("Oda:\nA Owari - Ise\n3 : A Mino H\n1 : A Mino S A Owari - Ise\n")["Oda"]
    assert [v.accepted for v in verdicts] == [True, False, True]
    table.game.adjudicate()
    assert "A ISE" in table.units("Oda")


def test_dp_orders_are_settled_only_in_movement_phases(sengoku: Board) -> None:
    winter = custom(sengoku, "winter 1570 adjustments", units("Oda", "A OWA"), {"Oda": ["OWA", "MIK"]})
    assert winter.game.dp("Oda") == 0


def test_a_power_may_buy_a_neutrals_support_against_its_own_unit(sengoku: Board) -> None:
    """The support is the neutral's, and the neutral is its own power: who paid for it does not matter.

    Oda pays Mino to support Takeda's attack on Oda's own army in Owari. The
    rule that no power helps dislodge its own unit looks at the supporting
    unit's owner (the neutral), not at the buyer, so the support counts and
    Oda's army is dislodged (docs/rules.md, "Diplomacy Points").
    """
    game = custom(
        sengoku,
        "spring 1571 movement",
        [*units("Oda", "A OWA"), *units("Takeda", "A ISE"), *units(None, "A MIN")],
        {"Oda": ["OWA", "MIK"], "Takeda": ["KAI", "ISE"]},
        ["MIN"],
    )
    game.play("Oda:\n1 : A Mino S A Ise - Owari\nTakeda:\nA Ise - Owari\n")
    assert _lot(game, "MIN").winner is not None
    assert game.last_outcome("A MIN S A ISE - OWA") == "succeeds"
    assert "A OWA" in game.units("Takeda")
    assert [d.unit.location for d in game.game.state.history[-1].report.dislodged] == ["OWA"]
