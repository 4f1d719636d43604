"""A position's units, read once, and what legality learns about them, are shared within a thread, never across.

The legality checker writes what it learns into the record as it goes
(checked orders, convoy routes): two threads of a web server working on one
game must not write into one record.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from adjudicator.legality import _CHECKED_KEPT, check_order
from adjudicator.pieces import Pieces, pieces_of
from adjudicator.position import Phase, Position, Unit
from maps import Board
from maps.terms import UnitType
from orders.model import Hold, UnitRef


def _position() -> Position:
    units = (
        Unit(type=UnitType.ARMY, location="PAR", power="France"),
        Unit(type=UnitType.FLEET, location="LON", power="England"),
    )
    return Position(phase=Phase.parse("spring 1901 movement"), units=units)


def test_a_thread_reads_a_position_once_and_another_thread_reads_its_own(standard: Board) -> None:
    position = _position()
    mine = pieces_of(standard, position)
    assert pieces_of(standard, position) is mine  # read once in this thread
    with ThreadPoolExecutor(max_workers=1) as pool:
        theirs: Pieces = pool.submit(pieces_of, standard, position).result()
    assert theirs is not mine
    assert theirs.prov == mine.prov  # the same units, read again
    assert theirs.checked is not mine.checked  # and their own memos


def test_what_is_remembered_of_a_position_stays_bounded(standard: Board) -> None:
    """A page checked again and again brings new order objects each time: the memo of checked orders is capped."""
    pieces = pieces_of(standard, _position())
    for _ in range(_CHECKED_KEPT + 10):
        check_order(pieces, "France", Hold(unit=UnitRef(type=UnitType.ARMY, location="PAR")))
    assert 0 < len(pieces.checked) <= _CHECKED_KEPT
