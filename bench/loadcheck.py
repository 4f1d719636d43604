"""After the load: is every acknowledged save there, once, and was every deadline adjudicated exactly once?

Read straight from the database. For each player and each phase, the orders
kept must be those of its last acknowledged save in that phase, unless a try
after it was never answered (a worker killed after the commit, before the
answer): then that try's orders may be the ones kept. A phase with no
acknowledged save keeps nothing, or an unanswered try. No order may be kept
twice. Each game's history must hold exactly one phase per deadline that
fell, each phase once, in order.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass

from bench.loadgen import Player, Run
from orders import order_text
from web import store
from web.db import Database

__all__ = ["Figures", "Stored", "Verdict", "adjudication_problems", "check", "figures", "timeline"]


@dataclass
class Verdict:
    saves_acknowledged: int
    phases_checked: int
    adjudications: int
    deadlines: int
    lost: list[str]
    duplicated: list[str]
    adjudication_problems: list[str]

    @property
    def ok(self) -> bool:
        return not (self.lost or self.duplicated or self.adjudication_problems) and self.adjudications == self.deadlines


@dataclass
class Figures:
    acknowledged: int
    seconds: float
    throughput: float
    p50_ms: float
    p90_ms: float
    p99_ms: float
    max_ms: float
    late_refusals: int
    broken_connections: int


def figures(run: Run) -> Figures:
    """The measured run's figures (saves sent during the warm-up are not counted)."""
    acked = [a for p in run.players for a in p.attempts if a.status == 200 and run.started <= a.sent]
    latencies = sorted(a.latency * 1000 for a in acked if a.latency is not None)
    cuts = statistics.quantiles(latencies, n=100, method="inclusive") if len(latencies) > 1 else latencies * 99
    seconds = run.ended - run.started
    return Figures(
        acknowledged=len(acked),
        seconds=seconds,
        throughput=len(acked) / seconds if seconds else 0.0,
        p50_ms=cuts[49],
        p90_ms=cuts[89],
        p99_ms=cuts[98],
        max_ms=latencies[-1] if latencies else 0.0,
        late_refusals=sum(1 for p in run.players for a in p.attempts if a.status == 409 and run.started <= a.sent),
        broken_connections=sum(1 for p in run.players for a in p.attempts if a.status is None),
    )


def timeline(run: Run) -> list[tuple[int, int, float, float]]:
    """Second by second of the measured run: (second, saves acknowledged, p50 ms, p99 ms)."""
    by_second: dict[int, list[float]] = {}
    for player in run.players:
        for a in player.attempts:
            if a.status == 200 and a.latency is not None and run.started <= a.sent:
                by_second.setdefault(int(a.sent - run.started), []).append(a.latency * 1000)
    rows = []
    for second, values in sorted(by_second.items()):
        values.sort()
        rows.append(
            (second, len(values), values[len(values) // 2], values[min(len(values) - 1, len(values) * 99 // 100)])
        )
    return rows


def check(url: str, run: Run) -> Verdict:
    db = Database(url)
    try:
        stored = {game: _stored(db, game) for game in run.gms}
    finally:
        db.dispose()
    lost: list[str] = []
    duplicated: list[str] = []
    phases = 0
    for player in run.players:
        by_phase = stored[player.game].orders
        for phase, allowed in _allowed(player, list(by_phase)).items():
            phases += 1
            orders = by_phase[phase].get(player.power, [])
            if len(set(orders)) != len(orders):
                duplicated.append(f"{player.game} {player.power} {phase}: {orders}")
            if sorted(orders) not in allowed:
                lost.append(f"{player.game} {player.power} {phase}: kept {orders}, acknowledged {allowed[0]}")
    history = {game: kept.history for game, kept in stored.items()}
    fell = {game: len(run.deadlines.get(game, [])) for game in run.gms}
    problems = adjudication_problems(history, fell)
    acked = sum(1 for p in run.players for a in p.attempts if a.status == 200)
    return Verdict(acked, phases, sum(map(len, history.values())), sum(fell.values()), lost, duplicated, problems)


@dataclass(frozen=True)
class Stored:
    """One game as the database holds it."""

    history: list[str]
    """The phase of each adjudication, in the stored order, as many times as it is stored (nothing merged)."""
    orders: dict[str, dict[str, list[str]]]
    """Phase -> power -> the orders kept (the adjudicated phases, then the open one), as canonical text."""


def _stored(db: Database, game: str) -> Stored:
    snapshot = store.load(db, game)
    board = snapshot.board
    history = [str(entry.report.phase) for entry in snapshot.state.history]
    orders: dict[str, dict[str, list[str]]] = {}
    for entry in snapshot.state.history:
        orders[str(entry.report.phase)] = {p: [order_text(o, board) for o in os] for p, os in entry.orders.items()}
    orders[str(snapshot.state.position.phase)] = {
        p: [order_text(o, board) for o in os] for p, os in snapshot.state.orders.items()
    }
    return Stored(history, orders)


def _allowed(player: Player, phases: list[str]) -> dict[str, list[list[str]]]:
    """Phase -> the order lists that may be kept there: the last acknowledged (or none), then unanswered tries.

    An unanswered try may have landed in phase P if it came after the player's
    last acknowledged save in P (or in an earlier phase) and before its first
    acknowledged save in a later phase (which proves P was closed by then).
    """
    order = {phase: index for index, phase in enumerate(phases)}
    attempts = player.attempts
    acked = [(i, order[a.phase]) for i, a in enumerate(attempts) if a.status == 200 and a.phase in order]
    allowed: dict[str, list[list[str]]] = {}
    for phase, index in order.items():
        here = [i for i, p in acked if p == index]
        start = max((i for i, p in acked if p <= index), default=-1)
        end = min((i for i, p in acked if p > index), default=len(attempts))
        last = sorted(attempts[here[-1]].saved or []) if here else []
        maybe = [sorted(attempts[i].orders) for i in range(start + 1, end) if attempts[i].status is None]
        allowed[phase] = [last, *maybe]
    return allowed


def adjudication_problems(history: dict[str, list[str]], deadlines: dict[str, int]) -> list[str]:
    """Every game adjudicated once per deadline that fell, and no phase of it twice.

    ``history`` is each game's adjudicated phases as stored, one entry per
    adjudication: counted as they are, never merged first, or a phase
    adjudicated twice would count once and pass.
    """
    problems = []
    for game, phases in history.items():
        fell = deadlines.get(game, 0)
        if len(phases) != fell:
            problems.append(f"{game}: {len(phases)} adjudications for {fell} deadlines")
        repeated = sorted(phase for phase, n in Counter(phases).items() if n > 1)
        if repeated:
            problems.append(f"{game}: adjudicated more than once: {', '.join(repeated)}")
    return problems
