"""A position's units read once into flat lists by integer id: what legality and the battle read.

Reading a unit's facts through its object costs more than a list slot, and
a phase reads each unit's facts many times (every order that names it,
every decision about it). So each unit is read once, when its position is
first checked or adjudicated, into the lists of a :class:`Pieces`: unit ``k``'s type,
location id, province id and power are ``is_fleet[k]``, ``loc[k]``,
``prov[k]`` and ``power[k]``; ``at`` finds the unit in a province.

Positions are immutable, so the record is kept and shared: every power's
submission and the adjudication of the same position read the same one
(:func:`pieces_of`, keyed on the position object itself). It also keeps
what the legality checker learns about the position (convoy routes, and
the checked form of each order submitted, so an order is checked once, at
submission, and adjudication reuses the verdict). What is learnt is
written as it is learnt, so the record is shared only within one thread:
a web server's threads working on one game each read and learn their own.
"""

from __future__ import annotations

from functools import lru_cache
from threading import get_ident
from typing import TYPE_CHECKING, Any

from maps.board import Board
from maps.tables import BoardTables
from maps.terms import UnitType

if TYPE_CHECKING:
    from adjudicator.checked import Checked
    from adjudicator.position import Position, Unit
    from orders.model import Order

__all__ = ["Pieces", "pieces_of"]

_KEEP = 32  # positions remembered (a web server juggles a few games at once)


class Pieces:
    """One position's units on one board, as lists indexed by the unit's place in ``position.units``.

    ``nation[k]`` is the unit's power as an int; every neutral unit gets its
    own (negative), so neutrals are never "the same power" as each other
    (Sengoku rule). ``fleets_at_sea`` is the bitmask of sea provinces with a
    fleet in them. ``routes``, ``needed``, ``checked``, ``by_power`` and
    ``checker`` are the legality checker's memory for this position (see
    :mod:`adjudicator.legality`).
    """

    __slots__ = (
        "board",
        "tables",
        "position",
        "units",
        "count",
        "type",
        "is_fleet",
        "location",
        "loc",
        "prov",
        "power",
        "nation",
        "at",
        "fleets_at_sea",
        "routes",
        "needed",
        "fleet_names",
        "checked",
        "by_power",
        "checker",
    )

    def __init__(self, board: Board, position: Position) -> None:
        tables = board.tables
        self.board, self.tables, self.position = board, tables, position
        self.units: tuple[Unit, ...] = position.units
        self.count = len(self.units)
        self.type: list[UnitType] = []
        self.is_fleet: list[bool] = []
        self.location: list[str] = []
        self.loc: list[int] = []
        self.prov: list[int] = []
        self.power: list[str | None] = []
        self.nation: list[int] = []
        self.at: dict[int, int] = {}
        self._read(tables)
        self.routes: dict[tuple[int, int, int], bool] = {}
        self.needed: dict[tuple[int, int], frozenset[str]] = {}
        self.fleet_names: frozenset[str] | None = None  # the fleets at sea by name, once needed
        self.checked: dict[int, tuple[Order, str | None, Checked]] = {}
        self.by_power: dict[str | None, tuple[tuple[Order, ...], list[Checked]]] = {}
        self.checker: Any = None  # the legality checker for this position, made when first needed

    def _read(self, tables: BoardTables) -> None:
        ids, province, seas = tables.ids, tables.province, tables.seas
        nations: dict[str, int] = {}
        at_sea = 0
        for k, unit in enumerate(self.units):
            unit_type, location, power = unit.type, unit.location, unit.power
            loc = ids.get(location)
            if loc is None:
                raise ValueError(f"{unit_type.value} {location} is not on the {self.board.name} board")
            p = province[loc]
            fleet = unit_type is UnitType.FLEET
            self.type.append(unit_type)
            self.is_fleet.append(fleet)
            self.location.append(location)
            self.loc.append(loc)
            self.prov.append(p)
            self.power.append(power)
            self.nation.append(nations.setdefault(power, len(nations)) if power is not None else -1 - k)
            self.at[p] = k
            if fleet and seas >> p & 1:
                at_sea |= 1 << p
        self.fleets_at_sea = at_sea


def pieces_of(board: Board, position: Position) -> Pieces:
    """The position's :class:`Pieces` on this board, read once and then shared within the calling thread (the
    last few positions): another thread reads its own, so no two threads write one record's memos."""
    return _pieces(board, _Same(position), get_ident())


@lru_cache(maxsize=_KEEP)
def _pieces(board: Board, position: _Same, thread: int) -> Pieces:
    return Pieces(board, position.of)


class _Same:
    """A position as a key by identity: the same object, not an equal one (hashing a position reads every unit).

    The cache holds the key, so the position stays alive while it is remembered and its id is never reused.
    """

    __slots__ = ("of",)

    def __init__(self, of: Position) -> None:
        self.of = of

    def __hash__(self) -> int:
        return id(self.of)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.of is self.of
