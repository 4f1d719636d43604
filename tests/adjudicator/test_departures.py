"""The two places where the battle departs from the decision graph of DATC 5.B, each with the case
that forces it (DATC.md, "Departures from the 5.B decision graph").

Each test plays the case with the departure undone (a :class:`Battle` asking
decisions that follow the graph as drawn) and shows that the DATC's answer is then lost,
and that the engine as it is gives it.
"""

from __future__ import annotations

from adjudicator.battle import Battle
from adjudicator.battlefield import Battlefield, Decisions
from adjudicator.decisions import DATC
from adjudicator.outcomes import CARRIED, Verdict
from adjudicator.phase_orders import check_movement_orders
from adjudicator.pieces import pieces_of
from adjudicator.routes import could_chain
from maps import Board
from tests.datc.loader import DatcCase, load_cases

CASES = {case.case: case for case in load_cases()}


def _convoy_attacks_resolved(field: Battlefield, i: int) -> Verdict:
    """5.B.3 as drawn: a convoy asks for the decisions of the moves into its fleet's sea."""
    for j in field.moves_into.get(field.prov[i], ()):
        if field.resolve(j):
            return DATC.convoy(field, i)
    return CARRIED


def _path_kept_early(field: Battlefield, i: int) -> bool:
    """A path searched once, whether or not its convoys are settled, and kept."""
    if not field.convoyed[i]:
        return True
    if i not in field.routes:
        working = sum(1 << field.prov[c] for c in field.convoys[i] if field.resolve(c))
        field.routes[i] = could_chain(field.tables, working, field.prov[i], field.target[i])
    return field.routes[i]


AS_DRAWN_CONVOY = DATC._replace(convoy=_convoy_attacks_resolved)
PATH_KEPT_EARLY = DATC._replace(path=_path_kept_early)


def _board_after(decisions: Decisions, case: DatcCase, board: Board) -> set[tuple[str | None, str]]:
    position = case.position()
    checked = check_movement_orders(board, position, case.parsed_orders(board))
    battle = Battle(pieces_of(board, position), checked, decisions)
    field = battle.field
    names, pieces = field.tables.names, field.pieces
    return {
        (pieces.power[i], f"{pieces.type[i].value} {names[field.goes[i]]}")
        if i in battle.moved
        else (pieces.power[i], str(pieces.units[i]))
        for i in range(field.count)
        if i in battle.moved or field.prov[i] not in battle.arrivals
    }


def test_pandins_paradox_needs_the_attacks_on_a_convoy_adjudicated_directly(standard: Board) -> None:
    for name in ("6.F.16", "6.F.17"):
        case = CASES[name]
        assert _board_after(DATC, case, standard) == case.expected_units()
        assert _board_after(AS_DRAWN_CONVOY, case, standard) != case.expected_units()


def test_a_simple_convoy_paradox_needs_the_path_kept_only_once_settled(standard: Board) -> None:
    case = CASES["6.F.14"]
    assert _board_after(DATC, case, standard) == case.expected_units()
    assert _board_after(PATH_KEPT_EARLY, case, standard) != case.expected_units()
