"""Sengoku 6DP: chaos builds (docs/rules.md, "Chaos builds").

A power builds on any vacant supply centre it owns, not only its home
centres; fleets only on coastal centres.
"""

from __future__ import annotations

from maps import Board
from tests.game.conftest import Table, custom, units

WINTER = "winter 1571 adjustments"


def _oda(board: Board, *oda_units: str) -> Table:
    return custom(board, WINTER, units("Oda", *oda_units), {"Oda": ["OWA", "MIK", "ISE", "MIN"]})


def test_a_power_builds_on_a_captured_centre_that_is_not_a_home_centre(sengoku: Board) -> None:
    table = _oda(sengoku, "A OWA")
    table.play("Oda:\nBuild A Ise\nBuild A Mino\n")
    assert table.units("Oda") == {"A OWA", "A ISE", "A MIN"}


def test_a_fleet_is_built_on_a_coastal_centre(sengoku: Board) -> None:
    table = _oda(sengoku, "A OWA")
    table.play("Oda:\nBuild F Ise\n")
    assert "F ISE" in table.units("Oda")


def test_no_build_on_an_occupied_centre(sengoku: Board) -> None:
    table = _oda(sengoku, "A ISE")
    verdict = table.orders("Oda:\nBuild A Ise\n")["Oda"][0]
    assert "Ise is occupied" in (verdict.problem or "")


def test_a_fleet_build_is_refused_on_an_inland_centre(sengoku: Board) -> None:
    table = _oda(sengoku, "A OWA")
    verdict = table.orders("Oda:\nBuild F Mino\n")["Oda"][0]
    assert "cannot be built inland" in (verdict.problem or "")


def test_no_build_on_a_centre_the_power_does_not_own(sengoku: Board) -> None:
    table = _oda(sengoku, "A OWA")
    verdict = table.orders("Oda:\nBuild A Omi\n")["Oda"][0]
    assert "does not own" in (verdict.problem or "")


def test_builds_are_limited_to_centres_minus_units(sengoku: Board) -> None:
    table = _oda(sengoku, "A OWA", "F MIK")  # 4 centres, 2 units: 2 builds
    verdicts = table.orders("Oda:\nBuild A Ise\nBuild A Mino\n")["Oda"]
    assert all(v.accepted for v in verdicts)
    table = _oda(sengoku, "A OWA", "F MIK", "A ISE")  # 1 build
    verdicts = table.orders("Oda:\nBuild A Mino\nBuild A Mino\n")["Oda"]
    assert verdicts[0].accepted and not verdicts[1].accepted


def test_unused_builds_are_waived(sengoku: Board) -> None:
    table = _oda(sengoku, "A OWA")
    table.play("")
    assert table.units("Oda") == {"A OWA"}
    assert table.phase == "Spring 1572 movement"


def test_the_standard_map_builds_only_on_home_centres(standard: Board) -> None:
    table = custom(standard, "winter 1901 adjustments", units("Germany", "A BER"), {"Germany": ["BER", "KIE", "HOL"]})
    verdicts = table.orders("Germany:\nBuild A Holland\nBuild F Kiel\n")["Germany"]
    assert "not a home centre" in (verdicts[0].problem or "")
    assert verdicts[1].accepted
