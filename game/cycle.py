"""The turn of the seasons: what happens between one phase and the next.

Spring movement, Spring retreats, Fall movement, Fall retreats, Winter
adjustments. A retreat or adjustment phase with nothing to decide is
skipped. Supply centres change hands only after Fall; a power that then owns
the victory number of centres wins at once. In Winter every still-neutral,
empty centre gets its neutral army back (Sengoku); a captured neutral centre
is an ordinary centre for ever.
"""

from __future__ import annotations

import msgspec

from adjudicator.adjustments import adjustment_counts, build_sites
from adjudicator.movement import MovementResult
from adjudicator.position import Phase, Position, Unit
from adjudicator.rules import Rules
from maps.board import Board
from maps.terms import PhaseType, Season, UnitType

__all__ = ["Transition", "after_adjustments", "after_movement", "after_retreats", "start_position"]


class Transition(msgspec.Struct):
    """The position for the next phase, and what the bookkeeping on the way did."""

    position: Position
    disbanded: list[Unit] = msgspec.field(default_factory=list)
    captured: dict[str, str] = msgspec.field(default_factory=dict)
    rebuilt: list[str] = msgspec.field(default_factory=list)
    centres: dict[str, int] = msgspec.field(default_factory=dict)
    adjustments: dict[str, int] = msgspec.field(default_factory=dict)
    winner: str | None = None


def start_position(board: Board) -> Position:
    """The board's first phase: every power's start units, home centres owned, neutrals in place."""
    units = [Unit(type=u.type, location=u.location, power=p.name) for p in board.powers for u in p.units]
    neutrals = [Unit(type=u.type, location=u.location) for u in board.neutral_units]
    centres = {c: p.name for p in board.powers for c in p.home_centres}
    return Position(
        phase=Phase(season=board.start_season, year=board.start_year, type=PhaseType.MOVEMENT),
        units=(*units, *neutrals),
        centres=centres,
        neutral_centres=tuple(sorted(u.province for u in neutrals if board.provinces[u.province].supply_centre)),
    )


def after_movement(board: Board, rules: Rules, position: Position, result: MovementResult) -> Transition:
    """Dislodged units with somewhere to go wait for a retreat phase; the rest are destroyed
    (a dislodged neutral is disbanded at once and never retreats)."""
    waiting = tuple(d for d in result.dislodged if result.retreats[d.unit.location])
    destroyed = [d.unit for d in result.dislodged if not result.retreats[d.unit.location]]
    moved = position.replace(units=result.units, dislodged=waiting, contested=result.contested)
    if waiting:
        phase = position.phase.replace(type=PhaseType.RETREATS)
        return Transition(moved.replace(phase=phase), disbanded=destroyed)
    transition = _end_of_season(board, rules, _settled(moved))
    transition.disbanded = destroyed
    return transition


def after_retreats(board: Board, rules: Rules, position: Position, units: tuple[Unit, ...]) -> Transition:
    return _end_of_season(board, rules, _settled(position.replace(units=units)))


def after_adjustments(board: Board, rules: Rules, position: Position, units: tuple[Unit, ...]) -> Transition:
    return _new_year(board, rules, position.replace(units=units))


def _settled(position: Position) -> Position:
    return position.replace(dislodged=(), contested=())


def _end_of_season(board: Board, rules: Rules, position: Position) -> Transition:
    if position.phase.season is Season.SPRING:
        return Transition(_at(position, Season.FALL, position.phase.year, PhaseType.MOVEMENT))
    position, captured = _update_ownership(board, position)
    centres = {power: len(position.centres_of(power)) for power in board.power_names}
    winners = [power for power, count in centres.items() if count >= board.victory_centres]
    winter = _at(position, Season.WINTER, position.phase.year, PhaseType.ADJUSTMENTS)
    adjustments = {p: n for p, n in adjustment_counts(board, winter).items() if n}
    if winners:
        return Transition(winter, captured=captured, centres=centres, adjustments=adjustments, winner=winners[0])
    if _winter_has_decisions(board, rules, winter, adjustments):
        return Transition(winter, captured=captured, centres=centres, adjustments=adjustments)
    transition = _new_year(board, rules, winter)
    transition.captured, transition.centres, transition.adjustments = captured, centres, adjustments
    return transition


def _update_ownership(board: Board, position: Position) -> tuple[Position, dict[str, str]]:
    """After Fall: a player's unit on a centre takes it; a neutral centre taken is never neutral again."""
    centres = dict(position.centres)
    captured: dict[str, str] = {}
    for unit in position.units:
        if unit.power is None or not board.provinces[unit.province].supply_centre:
            continue
        if centres.get(unit.province) != unit.power:
            centres[unit.province] = unit.power
            captured[unit.province] = unit.power
    neutral = tuple(c for c in position.neutral_centres if c not in centres)
    return position.replace(centres=centres, neutral_centres=neutral), captured


def _winter_has_decisions(board: Board, rules: Rules, winter: Position, adjustments: dict[str, int]) -> bool:
    """Removals always need deciding; builds only where there is a site to build on."""
    return any(n < 0 or build_sites(board, winter, rules, power) for power, n in adjustments.items())


def _new_year(board: Board, rules: Rules, position: Position) -> Transition:
    rebuilt = []
    units = list(position.units)
    if rules.neutral_rebuild:
        occupied = {u.province for u in units}
        rebuilt = [c for c in position.neutral_centres if c not in occupied]
        kinds = {u.location: u.type for u in board.neutral_units}
        units += [Unit(type=kinds.get(c, UnitType.ARMY), location=c) for c in rebuilt]
    spring = _at(position.replace(units=tuple(units)), Season.SPRING, position.phase.year + 1, PhaseType.MOVEMENT)
    return Transition(spring, rebuilt=rebuilt)


def _at(position: Position, season: Season, year: int, kind: PhaseType) -> Position:
    return position.replace(phase=Phase(season=season, year=year, type=kind))
