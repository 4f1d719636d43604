"""Checking a position: the mistakes that would otherwise surface deep inside the adjudicator.

A unit at sea, two units in one province, a centre owned twice: asked of a
GM's new position document (:mod:`game.setup`) and of every game file
read (a file edited by hand), so it imports nothing a command that only
reads a game does not need.
"""

from __future__ import annotations

from collections import Counter

from adjudicator.position import Position, Unit
from maps.board import Board
from maps.terms import PhaseType, Season, UnitType, province_of
from orders.text import location_text

__all__ = ["check_position"]

_SEASON_OF = {
    PhaseType.MOVEMENT: (Season.SPRING, Season.FALL),
    PhaseType.RETREATS: (Season.SPRING, Season.FALL),
    PhaseType.ADJUSTMENTS: (Season.WINTER,),
}


def check_position(board: Board, position: Position) -> list[str]:
    """Everything that makes a position unplayable on this board (empty: it is fine)."""
    problems: list[str] = []
    powers = set(board.power_names)
    units = [*position.units, *(d.unit for d in position.dislodged)]
    for unit in units:
        if unit.power is not None and unit.power not in powers:
            problems.append(f"unit {_unit(board, unit)}: unknown power '{unit.power}'")
        elif not board.can_stand(unit.type, unit.location):
            problems.append(f"unit {_unit(board, unit)}: {_placement(board, unit)}")
    crowded = [p for p, n in Counter(u.province for u in position.units).items() if n > 1]
    problems += [f"two units in {_name(board, p)}" for p in sorted(crowded)]
    problems += _dislodged_problems(board, position)
    problems += _centre_problems(board, position, powers)
    problems += _phase_problems(position)
    return problems


def _name(board: Board, province: str) -> str:
    """A province's name for a message; an id the board does not know stays as it is."""
    return board.provinces[province].name if province in board.provinces else province


def _unit(board: Board, unit: Unit) -> str:
    where = location_text(unit.location, board) if unit.province in board.provinces else unit.location
    return f"{unit.type.value} {where}"


def _placement(board: Board, unit: Unit) -> str:
    province = board.provinces.get(province_of(unit.location))
    if province is None:
        return f"there is no province {province_of(unit.location)} on the {board.name} map"
    if unit.type is UnitType.ARMY:
        return f"an army cannot stand in {province.name} (sea)" if province.is_sea else "an army names no coast"
    if province.is_land:
        return f"a fleet cannot stand in {province.name} (land)"
    return f"a fleet in {province.name} must name one of its coasts"


def _dislodged_problems(board: Board, position: Position) -> list[str]:
    problems = []
    occupied = {u.province for u in position.units}
    for d in position.dislodged:
        unit = _unit(board, d.unit)
        if d.unit.is_neutral:
            problems.append(f"dislodged {unit}: a neutral unit is disbanded at once and never waits to retreat")
        if d.unit.province not in occupied:
            problems.append(f"dislodged {unit}: no unit stands in {_name(board, d.unit.province)} to have dislodged it")
        if d.attacker_from is not None and d.attacker_from not in board.provinces:
            problems.append(f"dislodged {unit}: unknown province {d.attacker_from}")
    twice = [p for p, n in Counter(d.unit.province for d in position.dislodged).items() if n > 1]
    problems += [f"two dislodged units in {_name(board, p)}" for p in twice]
    for p in position.contested:
        if p not in board.provinces:
            problems.append(f"contested: unknown province {p}")
    return problems


def _centre_problems(board: Board, position: Position, powers: set[str]) -> list[str]:
    problems: list[str] = []
    supply_centres = board.supply_centres  # a set built anew at each call: once here
    for centre, owner in sorted(position.centres.items()):
        name = _name(board, centre)
        if centre not in supply_centres:
            problems.append(f"centre {name}: not a supply centre on the {board.name} map")
        elif owner not in powers:
            problems.append(f"centre {name}: unknown power '{owner}'")
    for centre in position.neutral_centres:
        name = _name(board, centre)
        if centre not in supply_centres:
            problems.append(f"neutral centre {name}: not a supply centre on the {board.name} map")
        elif centre in position.centres:
            problems.append(f"neutral centre {name}: it is owned by {position.centres[centre]}, so not neutral")
    return problems


def _phase_problems(position: Position) -> list[str]:
    phase = position.phase
    if phase.season not in _SEASON_OF[phase.type]:
        return [f"phase: there is no {phase.season.value} {phase.type.value} phase"]
    if phase.type is PhaseType.RETREATS and not position.dislodged:
        return ["phase: a retreat phase needs dislodged units"]
    if phase.type is not PhaseType.RETREATS and (position.dislodged or position.contested):
        return [f"phase: dislodged units and standoffs belong to a retreat phase, not {phase.type.value}"]
    return []
