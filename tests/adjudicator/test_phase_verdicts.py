"""Retreats and adjustments say what happened as movement does: a verdict type per fate, with its culprit.

A retreat bounced by another names the unit that bounced it (two retreats
to one province both fail, DATC 6.H.1); a unit disbanded, a build waived,
an order beyond those due, a removal by civil disorder each has its own
type.
"""

from __future__ import annotations

from adjudicator.adjustments import Built, CivilDisorder, Removed, TooMany, Unbuilt, Waived, adjudicate_adjustments
from adjudicator.outcomes import Result, Void
from adjudicator.position import DislodgedUnit, Phase, Position, Unit
from adjudicator.refusals import VoidReason
from adjudicator.retreats import Disbanded, NotRetreated, RetreatBounced, Retreated, adjudicate_retreats
from adjudicator.rules import STANDARD
from maps import Board
from maps.terms import UnitType
from orders.model import Build, Disband, Order, Remove, Retreat, UnitRef, Waive


def _unit(text: str, power: str | None) -> Unit:
    kind, location = text.split()
    return Unit(type=UnitType(kind), location=location, power=power)


def _retreats(dislodged: dict[str, tuple[str | None, str]], units: dict[str, str]) -> Position:
    """A retreat phase: ``dislodged`` unit -> (power, where the attacker came from); ``units`` unit -> power."""
    return Position(
        phase=Phase.parse("spring 1901 retreats"),
        units=tuple(_unit(text, power) for text, power in units.items()),
        dislodged=tuple(
            DislodgedUnit(unit=_unit(text, power), attacker_from=attacker)
            for text, (power, attacker) in dislodged.items()
        ),
    )


def _ref(text: str) -> UnitRef:
    kind, location = text.split()
    return UnitRef(type=UnitType(kind), location=location)


def test_a_retreat_bounced_by_another_names_the_unit_that_went_for_the_same_province(standard: Board) -> None:
    """DATC 6.H.1: both fleets fail, both are disbanded, each names the other."""
    position = _retreats({"F TRI": ("Austria", "ADR"), "F GRE": ("Turkey", "ION")}, {"A BUD": "Austria"})
    orders: dict[str | None, list[Order]] = {
        "Austria": [Retreat(unit=_ref("F TRI"), destination="ALB")],
        "Turkey": [Retreat(unit=_ref("F GRE"), destination="ALB")],
    }
    outcomes = adjudicate_retreats(standard, position, orders).outcomes
    assert [(o.verdict, o.culprit, o.note) for o in outcomes] == [
        (RetreatBounced(("GRE",)), "GRE", "disbanded"),
        (RetreatBounced(("TRI",)), "TRI", "disbanded"),
    ]


def test_three_retreats_to_one_province_each_name_both_others(standard: Board) -> None:
    """DATC 6.H.8: the culprit is the first of the others, in the order given."""
    dislodged = {"F NWY": ("England", "FIN"), "F EDI": ("Russia", "LVP"), "F HOL": ("Russia", "RUH")}
    orders: dict[str | None, list[Order]] = {
        "England": [Retreat(unit=_ref("F NWY"), destination="NTH")],
        "Russia": [Retreat(unit=_ref("F EDI"), destination="NTH"), Retreat(unit=_ref("F HOL"), destination="NTH")],
    }
    outcomes = adjudicate_retreats(standard, _retreats(dislodged, {}), orders).outcomes
    assert [o.verdict for o in outcomes] == [
        RetreatBounced(("EDI", "HOL")),
        RetreatBounced(("NWY", "HOL")),
        RetreatBounced(("NWY", "EDI")),
    ]
    assert [o.culprit for o in outcomes] == ["EDI", "NWY", "NWY"]


def test_a_retreat_made_a_disband_ordered_and_a_unit_left_without_orders(standard: Board) -> None:
    dislodged = {"F TRI": ("Austria", "ADR"), "A VIE": ("Austria", "BOH"), "A BUD": ("Austria", "GAL")}
    orders: dict[str | None, list[Order]] = {
        "Austria": [Retreat(unit=_ref("F TRI"), destination="ALB"), Disband(unit=_ref("A VIE"))]
    }
    outcomes = adjudicate_retreats(standard, _retreats(dislodged, {}), orders).outcomes
    assert [(o.verdict, o.result, o.note, o.implicit) for o in outcomes] == [
        (Retreated("ALB"), Result.SUCCEEDS, "", False),
        (Disbanded(), Result.SUCCEEDS, "", False),
        (Disbanded(NotRetreated.NOT_ORDERED), Result.SUCCEEDS, "no retreat ordered", True),
    ]


def _winter(units: dict[str, str], centres: dict[str, str]) -> Position:
    return Position(
        phase=Phase.parse("winter 1901 adjustments"),
        units=tuple(_unit(text, power) for text, power in units.items()),
        centres=centres,
    )


def test_builds_beyond_those_due_say_how_many_were_due_and_the_rest_are_waived(standard: Board) -> None:
    position = _winter({"A PAR": "France"}, {"PAR": "France", "BRE": "France", "MAR": "France"})
    orders: dict[str | None, list[Order]] = {
        "France": [Build(unit=_ref("F BRE")), Build(unit=_ref("A MAR")), Build(unit=_ref("A PAR"))]
    }
    outcomes = adjudicate_adjustments(standard, position, orders, STANDARD).outcomes
    assert [o.verdict for o in outcomes] == [Built(), Built(), Void(VoidReason.SITE_OCCUPIED, ("Paris",))]
    orders = {"France": [Build(unit=_ref("F BRE")), Waive(), Waive()]}
    outcomes = adjudicate_adjustments(standard, position, orders, STANDARD).outcomes
    assert [(o.verdict, o.note) for o in outcomes] == [
        (Built(), ""),
        (Waived(), ""),
        (TooMany(2, "build"), "only 2 builds due"),
    ]
    outcomes = adjudicate_adjustments(standard, position, {}, STANDARD).outcomes
    assert [(o.verdict, o.note, o.implicit) for o in outcomes] == [
        (Waived(Unbuilt.NOT_ORDERED), "not ordered", True)
    ] * 2


def test_too_few_removals_leave_the_rest_to_civil_disorder(standard: Board) -> None:
    position = _winter({"A PAR": "France", "A BUR": "France", "F BRE": "France"}, {"PAR": "France"})
    orders: dict[str | None, list[Order]] = {"France": [Remove(unit=_ref("A BUR")), Remove(unit=_ref("A PAR"))]}
    outcomes = adjudicate_adjustments(standard, position, orders, STANDARD).outcomes
    assert [(o.verdict, o.note) for o in outcomes] == [(Removed(), ""), (Removed(), "")]
    outcomes = adjudicate_adjustments(standard, position, {"France": [Remove(unit=_ref("A BUR"))]}, STANDARD).outcomes
    assert [(o.verdict, o.implicit) for o in outcomes] == [(Removed(), False), (CivilDisorder(), True)]
    orders = {"France": [Remove(unit=_ref("A BUR")), Remove(unit=_ref("F BRE")), Remove(unit=_ref("A PAR"))]}
    outcomes = adjudicate_adjustments(standard, position, orders, STANDARD).outcomes
    assert outcomes[-1].verdict == TooMany(2, "removal") and outcomes[-1].note == "only 2 removals due"
