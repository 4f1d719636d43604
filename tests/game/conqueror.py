"""A simple-minded player for one power, to play a whole game through the API.

Each movement phase it sends units at supply centres it does not own: alone
into an empty centre, with a supporting unit into an occupied one; other
units walk towards the nearest such centre, and a unit standing on a centre
it does not yet own holds there in Fall. In Winter it builds armies on every
vacant owned centre. Good enough to conquer a board whose other powers
never move.
"""

from __future__ import annotations

import networkx as nx

from adjudicator.position import Unit
from game.game import Game
from maps import Board, PhaseType, Season, UnitType
from maps.terms import province_of
from orders import Build, Hold, Move, Order, SupportMove, UnitRef


class Conqueror:
    def __init__(self, game: Game, power: str) -> None:
        self.game, self.power, self.board = game, power, game.board
        self._graphs = {kind: self._graph(kind) for kind in UnitType}

    def _graph(self, kind: UnitType) -> nx.Graph:
        graph = nx.Graph()
        for province in self.board.provinces:
            for other in self._steps(kind, province):
                graph.add_edge(province, other)
        return graph

    def _steps(self, kind: UnitType, province: str) -> set[str]:
        if kind is UnitType.ARMY:
            return set(self.board.army_neighbours(province))
        return {province_of(loc) for loc in self.board.fleet_neighbours(province)}

    def orders(self) -> list[Order]:
        phase = self.game.state.position.phase
        if phase.type is PhaseType.ADJUSTMENTS:
            return self._builds()
        if phase.type is PhaseType.MOVEMENT:
            return self._moves(phase.season is Season.FALL)
        return []

    def _builds(self) -> list[Order]:
        position = self.game.state.position
        due = len(position.centres_of(self.power)) - len(position.units_of(self.power))
        sites = [c for c in position.centres_of(self.power) if c not in position.unit_at]
        return [Build(unit=UnitRef(type=UnitType.ARMY, location=c)) for c in sites[: max(due, 0)]]

    def _targets(self) -> set[str]:
        position = self.game.state.position
        return {c for c in self.board.supply_centres if position.centres.get(c) != self.power}

    def _moves(self, fall: bool) -> list[Order]:
        position = self.game.state.position
        free = {u.province: u for u in position.units_of(self.power)}
        targets = self._targets()
        orders: list[Order] = []
        if fall:  # stand on a centre through the Fall ownership update
            for province in [p for p in free if p in targets]:
                orders.append(Hold(unit=_ref(free.pop(province))))
                targets.discard(province)
        claimed: set[str] = set()
        for target in sorted(targets, key=lambda t: (t in position.unit_at, t)):
            near = [u for u in free.values() if target in self._steps(u.type, u.province)]
            needed = 2 if target in position.unit_at else 1
            if len(near) < needed:
                continue
            attacker, *helpers = near[:needed]
            orders.append(Move(unit=_ref(attacker), destination=target))
            for helper in helpers:
                orders.append(SupportMove(unit=_ref(helper), supported=_ref(attacker), destination=target))
            for unit in (attacker, *helpers):
                free.pop(unit.province)
            claimed.add(target)
        for unit in free.values():
            step = self._step_towards(unit, targets - claimed, claimed)
            orders.append(Move(unit=_ref(unit), destination=step) if step else Hold(unit=_ref(unit)))
            if step:
                claimed.add(step)
        return orders

    def _step_towards(self, unit: Unit, targets: set[str], taken: set[str]) -> str | None:
        graph = self._graphs[unit.type]
        position = self.game.state.position
        reachable = [t for t in targets if t in graph and nx.has_path(graph, unit.province, t)]
        if not reachable:
            return None
        goal = min(reachable, key=lambda t: (nx.shortest_path_length(graph, unit.province, t), t))
        path = nx.shortest_path(graph, unit.province, goal)
        step = path[1] if len(path) > 1 else None
        if step is None or step in taken or step in position.unit_at:
            return None
        return step


def _ref(unit: Unit) -> UnitRef:
    return UnitRef(type=unit.type, location=unit.location)


def play_until_over(board: Board, power: str, years: int = 40) -> Game:
    """Play ``power`` against powers that never move, until the game ends (or ``years`` pass)."""
    game = Game.new(board)
    bot = Conqueror(game, power)
    while not game.state.result.over and game.state.position.phase.year < board.start_year + years:
        verdicts = game.submit(power, bot.orders())
        refused = [(v.order, v.problem) for v in verdicts if not v.accepted]
        assert not refused, refused
        game.adjudicate()
    return game
