"""The GM's edit of a game in progress (DiplomacyGM's ``.edit``): units, owners, DP, the name, without a file.

A GM fixes what the rules cannot: a unit placed wrong when the game was set
up, a centre's owner after a dispute, a power's Diplomacy Points this
phase, the game's name. Each edit makes a new position and checks it as a
position file is checked (:func:`~adjudicator.positioncheck.check_position`):
an edit that would leave an unplayable board (a fleet inland, two units in
one province) is refused with the reason and changes nothing.

Each edit is kept in words (:attr:`GameState.edits`) with the position as
it stood before the first of them (:attr:`GameState.edited_from`); the
adjudication moves both into the phase's history entry, so the next results
post lists them as "GM adjustments", a replay knows the board was changed
between two phases, and a rollback brings them back with their phase.

Pure: the state in, a new state out; the shells log and save.
"""

from __future__ import annotations

from adjudicator.position import Position, Unit
from adjudicator.positioncheck import check_position
from game.errors import GameError
from game.setup import NEUTRAL, PositionError, read_unit, read_word
from game.state import GameState, name_problem
from maps.board import Board
from maps.terms import PhaseType, UnitType
from orders.cleantext import plain_name
from orders.text import location_text

__all__ = ["add_unit", "move_unit", "remove_unit", "rename", "set_dp", "set_owner"]


def add_unit(board: Board, state: GameState, power: str, unit_text: str) -> tuple[GameState, str]:
    """A unit of ``power`` (or 'neutral') placed on the board."""
    owner = _power(board, power, neutral_ok=True)
    unit = _unit(board, unit_text, owner)
    position = state.position
    if unit.province in position.unit_at:
        raise GameError(
            f"{_name(board, unit)} cannot be added: {_name(board, position.unit_at[unit.province])} is there"
        )
    text = f"added {_name(board, unit)} ({owner or NEUTRAL})"
    return _edited(board, state, position.replace(units=(*position.units, unit)), text), text


def remove_unit(board: Board, state: GameState, where: str) -> tuple[GameState, str]:
    """The unit in a province taken off the board (a dislodged one there too, in a retreat phase)."""
    position = state.position
    province = _province(board, where.split(maxsplit=1)[-1] if where[:2].lower() in ("a ", "f ") else where)
    unit = position.unit_at.get(province)
    dislodged = [d for d in position.dislodged if d.unit.province == province]
    if unit is None and not dislodged:
        raise GameError(f"no unit in {board.provinces[province].name} to remove")
    if dislodged:
        gone = dislodged[0].unit
        text = f"removed the dislodged {_name(board, gone)} ({gone.power or NEUTRAL})"
        kept = tuple(d for d in position.dislodged if d.unit.province != province)
        changed = position.replace(dislodged=kept)
        if not kept and position.phase.type is PhaseType.RETREATS:
            raise GameError("that is the last dislodged unit: adjudicate the retreat phase instead (it disbands it)")
    else:
        assert unit is not None
        text = f"removed {_name(board, unit)} ({unit.power or NEUTRAL})"
        changed = position.replace(units=tuple(u for u in position.units if u.province != province))
    return _edited(board, state, changed, text), text


def move_unit(board: Board, state: GameState, where: str, to: str) -> tuple[GameState, str]:
    """The unit in one province put in another (a fleet names the coast where the province has several)."""
    position = state.position
    province = _province(board, where.split(maxsplit=1)[-1] if where[:2].lower() in ("a ", "f ") else where)
    unit = position.unit_at.get(province)
    if unit is None:
        raise GameError(f"no unit in {board.provinces[province].name} to move")
    moved = _unit(board, f"{unit.type.value} {to}", unit.power)
    if moved.province != province and moved.province in position.unit_at:
        raise GameError(
            f"{_name(board, unit)} cannot move there: {_name(board, position.unit_at[moved.province])} is there"
        )
    units = tuple(moved if u.province == province else u for u in position.units)
    text = f"moved {_name(board, unit)} ({unit.power or NEUTRAL}) to {location_text(moved.location, board)}"
    return _edited(board, state, position.replace(units=units), text), text


def set_owner(board: Board, state: GameState, centre: str, owner: str) -> tuple[GameState, str]:
    """A supply centre's owner: a power, 'neutral' (held by no power, a neutral centre) or 'none' (unowned)."""
    province = _province(board, centre)
    name = board.provinces[province].name
    if province not in board.supply_centres:
        raise GameError(f"{name} is not a supply centre")
    position = state.position
    was = position.centres.get(province) or (NEUTRAL if province in position.neutral_centres else "unowned")
    centres = {c: p for c, p in position.centres.items() if c != province}
    neutral = tuple(c for c in position.neutral_centres if c != province)
    if owner.casefold() in ("none", "unowned", "nobody"):
        now = "unowned"
    elif owner.casefold() == NEUTRAL:
        now, neutral = NEUTRAL, tuple(sorted((*neutral, province)))
    else:
        power = _power(board, owner)
        assert power is not None
        now, centres[province] = power, power
    if now == was:
        raise GameError(f"{name} is {was} already")
    text = f"{name} now {'owned by ' + now if now not in (NEUTRAL, 'unowned') else now} (was {was})"
    changed = position.replace(centres=dict(sorted(centres.items())), neutral_centres=neutral)
    return _edited(board, state, changed, text), text


def set_dp(board: Board, state: GameState, power: str, points: int, usual: int) -> tuple[GameState, str]:
    """A power's Diplomacy Points for the open (movement) phase only; ``usual``: what its centres give it."""
    name = _power(board, power)
    assert name is not None
    if state.position.phase.type is not PhaseType.MOVEMENT:
        raise GameError(f"Diplomacy Points are spent in movement phases; {state.position.phase} is not one")
    if not 0 <= points <= 99:
        raise GameError("a power's DP are 0 to 99")
    if points == state.dp_set.get(name, usual):
        raise GameError(f"{name} has {points} DP this phase already")
    dp_set = {p: n for p, n in state.dp_set.items() if p != name}
    if points != usual:
        dp_set[name] = points
    text = f"{name}'s DP this phase: {points} (its centres give {usual})"
    return state.replace(
        dp_set=dp_set, edits=[*state.edits, text], edited_from=state.edited_from or state.position
    ), text


def rename(state: GameState, name: str) -> tuple[GameState, str]:
    """The game's name (it heads every post and every mail's subject). In the log, not in the post: the
    board is as it was."""
    cleaned = plain_name(name)
    problem = name_problem(cleaned)
    if problem is not None:
        raise GameError(problem)
    if cleaned == state.name:
        raise GameError(f"the game is called {cleaned!r} already")
    text = f"renamed the game {cleaned!r} (was {repr(state.name) if state.name else 'unnamed'})"
    return state.replace(name=cleaned), text


def _edited(board: Board, state: GameState, position: Position, text: str) -> GameState:
    problems = check_position(board, position)
    if problems:
        raise GameError(f"not done: the board would be unplayable: {problems[0]}")
    return state.replace(position=position, edits=[*state.edits, text], edited_from=state.edited_from or state.position)


def _unit(board: Board, text: str, power: str | None) -> Unit:
    try:
        return read_unit(board, text, power)
    except PositionError as error:
        raise GameError(str(error).removeprefix("(document): ")) from None


def _power(board: Board, word: str, neutral_ok: bool = False) -> str | None:
    try:
        return read_word(board, word, power=True, neutral_ok=neutral_ok)
    except PositionError as error:
        raise GameError(str(error)) from None


def _province(board: Board, word: str) -> str:
    try:
        found = read_word(board, word)
    except PositionError as error:
        raise GameError(str(error)) from None
    assert found is not None
    return found


def _name(board: Board, unit: Unit) -> str:
    letter = "A" if unit.type is UnitType.ARMY else "F"
    return f"{letter} {location_text(unit.location, board)}"
