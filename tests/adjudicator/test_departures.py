"""The two places where the battle departs from the decision graph of DATC 5.B, each with the case
that forces it (DATC.md, "Departures from the 5.B decision graph").

Each test plays the case with the departure undone (a :class:`Battle` that
follows the graph as drawn) and shows that the DATC's answer is then lost,
and that the engine as it is gives it.
"""

from __future__ import annotations

from adjudicator.battle import Battle
from adjudicator.outcomes import CARRIED, Verdict
from adjudicator.phase_orders import check_movement_orders
from adjudicator.pieces import pieces_of
from adjudicator.routes import could_chain
from maps import Board
from tests.datc.loader import DatcCase, load_cases

CASES = {case.case: case for case in load_cases()}


class _ConvoyAttacksResolved(Battle):
    """5.B.3 as drawn: a convoy asks for the decisions of the moves into its fleet's sea."""

    def convoy(self, i: int) -> Verdict:
        for j in self.moves_into.get(self.prov[i], ()):
            if self.resolve(j):
                return super().convoy(i)
        return CARRIED


class _PathKeptEarly(Battle):
    """A path searched once, whether or not its convoys are settled, and kept."""

    def path(self, i: int) -> bool:
        if not self.convoyed[i]:
            return True
        if i not in self._routes:
            working = sum(1 << self.prov[c] for c in self.convoys[i] if self.resolve(c))
            self._routes[i] = could_chain(self.tables, working, self.prov[i], self.target[i])
        return self._routes[i]


def _board_after(battle_class: type[Battle], case: DatcCase, board: Board) -> set[tuple[str | None, str]]:
    position = case.position()
    checked = check_movement_orders(board, position, case.parsed_orders(board))
    battle = battle_class(pieces_of(board, position), checked)
    battle.resolve_all()
    names = battle.tables.names
    return {
        (battle.pieces.power[i], f"{battle.pieces.type[i].value} {names[battle.goes[i]]}")
        if i in battle.moved
        else (battle.pieces.power[i], str(battle.pieces.units[i]))
        for i in range(battle.count)
        if i in battle.moved or battle.prov[i] not in battle.arrivals
    }


def test_pandins_paradox_needs_the_attacks_on_a_convoy_adjudicated_directly(standard: Board) -> None:
    for name in ("6.F.16", "6.F.17"):
        case = CASES[name]
        assert _board_after(Battle, case, standard) == case.expected_units()
        assert _board_after(_ConvoyAttacksResolved, case, standard) != case.expected_units()


def test_a_simple_convoy_paradox_needs_the_path_kept_only_once_settled(standard: Board) -> None:
    case = CASES["6.F.14"]
    assert _board_after(Battle, case, standard) == case.expected_units()
    assert _board_after(_PathKeptEarly, case, standard) != case.expected_units()
