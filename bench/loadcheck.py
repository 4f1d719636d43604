"""After the load: is every acknowledged save there, once, and was every deadline adjudicated exactly once?

Read straight from the database. For each player and each phase, the orders
kept must be those of its last acknowledged save in that phase, unless a try
after it was never answered (a worker killed after the commit, before the
answer): then that try's orders may be the ones kept. A phase with no
acknowledged save keeps nothing, or an unanswered try. No order may be kept
twice. A save cut off (no answer) must have been sent again, the same
orders, by its player. Each game's history must hold exactly one
adjudication per deadline that fell, each phase once, counted as stored.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass

from bench.loadgen import Player, Run
from orders import order_text
from web.storage import store
from web.storage.db import Database

__all__ = [
    "Figures",
    "Latency",
    "Split",
    "Stored",
    "LoadVerdict",
    "adjudication_problems",
    "check",
    "figures",
    "not_resent",
    "split",
    "timeline",
]


@dataclass
class LoadVerdict:
    saves_acknowledged: int
    phases_checked: int
    adjudications: int
    deadlines: int
    lost: list[str]
    duplicated: list[str]
    adjudication_problems: list[str]
    cut_off: int
    """Saves that got no answer (their worker killed under them)."""
    not_resent: list[str]
    """Cut-off saves the client never sent again: the check would not know whether they should be there."""

    @property
    def ok(self) -> bool:
        problems = self.lost or self.duplicated or self.adjudication_problems or self.not_resent
        return not problems and self.adjudications == self.deadlines


@dataclass(frozen=True)
class Latency:
    """Milliseconds from sending a request to reading its whole answer, over ``count`` requests."""

    count: int
    p50: float
    p90: float
    p99: float
    max: float

    @staticmethod
    def of(seconds: list[float]) -> Latency:
        values = sorted(s * 1000 for s in seconds)
        if not values:
            return Latency(0, 0.0, 0.0, 0.0, 0.0)
        cuts = statistics.quantiles(values, n=100, method="inclusive") if len(values) > 1 else values * 99
        return Latency(len(values), cuts[49], cuts[89], cuts[98], values[-1])

    def describe(self) -> str:
        return f"p50 {self.p50:.1f} ms, p90 {self.p90:.1f} ms, p99 {self.p99:.1f} ms, max {self.max:.1f} ms"


@dataclass
class Figures:
    acknowledged: int
    seconds: float
    throughput: float
    answered: Latency
    """Every save request answered in the measured run: acknowledged, and refused as late (409)."""
    saved: Latency
    """The acknowledged saves alone (200)."""
    late_refusals: int
    cut_off: int


def figures(run: Run) -> Figures:
    """The measured run's figures (requests sent during the warm-up are not counted)."""
    measured = [a for p in run.players for a in p.attempts if run.started <= a.sent]
    answered = [a for a in measured if a.status is not None and a.latency is not None]
    acked = [a for a in answered if a.status == 200]
    seconds = run.ended - run.started
    return Figures(
        acknowledged=len(acked),
        seconds=seconds,
        throughput=len(acked) / seconds if seconds else 0.0,
        answered=Latency.of([a.latency for a in answered if a.latency is not None]),
        saved=Latency.of([a.latency for a in acked if a.latency is not None]),
        late_refusals=sum(1 for a in measured if a.status == 409),
        cut_off=sum(1 for a in measured if a.cut_off),
    )


@dataclass(frozen=True)
class Split:
    """Where the answered saves' time went: inside a worker (the access log) or waiting for one (the rest)."""

    matched: int
    inside: Latency
    waiting: Latency
    tail: int
    """The slowest 1% of the answered saves (at or over the p99 of all of them)..."""
    tail_inside_ms: float
    """...the median of their time inside a worker..."""
    tail_waiting_ms: float
    """...and of their time waiting for one."""
    tail_refused: int
    """How many of them were refusals (409: the deadline had passed)."""


def split(run: Run, handled: dict[tuple[int, str], tuple[int, float]]) -> Split:
    """Each answered save of the measured run matched to its access-log line by the client's port and path."""
    pairs: list[tuple[float, float, int]] = []  # (total, inside, status), milliseconds
    for player in run.players:
        path = f"/api/games/{player.game}/orders"
        for a in player.attempts:
            line = handled.get((a.port, path)) if a.port is not None else None
            if a.latency is not None and line is not None and run.started <= a.sent:
                pairs.append((a.latency * 1000, line[1], line[0]))
    if not pairs:
        return Split(0, Latency.of([]), Latency.of([]), 0, 0.0, 0.0, 0)
    p99 = Latency.of([total / 1000 for total, _, _ in pairs]).p99
    tail = [p for p in pairs if p[0] >= p99]
    return Split(
        matched=len(pairs),
        inside=Latency.of([inside / 1000 for _, inside, _ in pairs]),
        waiting=Latency.of([max(0.0, total - inside) / 1000 for total, inside, _ in pairs]),
        tail=len(tail),
        tail_inside_ms=statistics.median(inside for _, inside, _ in tail),
        tail_waiting_ms=statistics.median(max(0.0, total - inside) for total, inside, _ in tail),
        tail_refused=sum(1 for *_, status in tail if status == 409),
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


def check(url: str, run: Run) -> LoadVerdict:
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
    adjudications = sum(map(len, history.values()))
    cut_off = run.cut_off()
    return LoadVerdict(
        acked, phases, adjudications, sum(fell.values()), lost, duplicated, problems, cut_off, not_resent(run.players)
    )


def not_resent(players: list[Player]) -> list[str]:
    """The saves cut off (no answer) that their player did not send again, the same orders, right after."""
    missing = []
    for player in players:
        for attempt, following in zip(player.attempts, [*player.attempts[1:], None], strict=True):
            if attempt.cut_off and (following is None or following.orders != attempt.orders):
                missing.append(f"{player.game} {player.power}: {attempt.orders} cut off and not sent again")
    return missing


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
        maybe = [sorted(attempts[i].orders) for i in range(start + 1, end) if attempts[i].cut_off]
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
