"""The ready marks' rows: read with a game, set or cleared by one power alone, dropped when the phase moves.

Kept apart from :mod:`web.storage.store` (which calls it) so the store stays about games and orders.
"""

from __future__ import annotations

from sqlalchemy import Executable, bindparam, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from web.storage.models import PowerMark, ReadyRow

__all__ = ["clear_game", "clear_mark", "mark", "ready_powers"]


def ready_powers(session: Session, game_id: str, phase_index: int) -> frozenset[str]:
    query = select(ReadyRow.power).where(ReadyRow.game_id == game_id, ReadyRow.phase_index == phase_index)
    return frozenset(session.scalars(query))


def mark(session: Session, game_id: str, phase_index: int, power: str, ready: bool, now: object) -> None:
    """Set or clear one power's mark for the phase (its own row: two powers at once both succeed)."""
    if not ready:
        clear_mark(session, ReadyRow, game_id, phase_index, power)
        return
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    statement = insert(ReadyRow).values(game_id=game_id, phase_index=phase_index, power=power, updated=now)
    statement = statement.on_conflict_do_update(
        index_elements=["game_id", "phase_index", "power"], set_={"updated": statement.excluded.updated}
    )
    session.execute(statement)


def clear_mark(session: Session, table: type[PowerMark], game_id: str, phase_index: int, power: str) -> None:
    """Delete one power's mark of one phase from a table of such marks (the ready marks, the refusal marks).

    On every save that changes orders: the statement is built once per table (building it cost more than
    running it), only its values change.
    """
    values = {"game_id": game_id, "phase_index": phase_index, "power": power}
    session.connection().execute(_clearing(table), values)  # Core: no ORM objects of marks are ever loaded


_CLEARING: dict[str, Executable] = {}  # by mark class; built once each (a race builds it twice, harmlessly)


def _clearing(table: type[PowerMark]) -> Executable:
    name = table.__name__
    if name not in _CLEARING:
        _CLEARING[name] = delete(table).where(
            table.game_id == bindparam("game_id"),
            table.phase_index == bindparam("phase_index"),
            table.power == bindparam("power"),
        )
    return _CLEARING[name]


def clear_game(session: Session, game_id: str) -> None:
    """Every mark of the game gone: the phase moved (adjudicated or rolled back), so nobody is ready for it yet."""
    session.execute(delete(ReadyRow).where(ReadyRow.game_id == game_id))
