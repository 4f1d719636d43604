"""The load: players saving orders at a fixed rate in many games while their deadlines fall due.

Every player saves its orders again and again (each save a different set of
hold orders, so a lost save shows); all together they offer ``rate`` saves a
second, open loop (a slow answer does not slow the offer down, except that
one player waits for its own answer before its next save). Each game's GM
sets a deadline to fall during the run, waits until the deadline job has
adjudicated it, then sets the next. A save refused because the deadline has
passed is tried again a moment later; a save whose connection broke (a worker
killed) is tried again at once. Every answer is kept for :mod:`bench.loadcheck`.

The kill must cut requests off, or "nothing lost" proves nothing: the clients
keep the set of saves sent and not yet answered (by their connections' local
ports), the kill waits until a worker holds one of those connections, and it
kills again (a few times at most) until at least one save got no answer.
"""

from __future__ import annotations

import contextlib
import gc
import http.client
import json
import queue
import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

__all__ = ["Attempt", "InFlight", "Kill", "Plan", "Player", "Run", "floor_run", "run_load", "set_up_games"]


@dataclass(frozen=True)
class Plan:
    games: int = 50
    rate: float = 200.0
    """Saves offered per second, all players together."""
    duration: float = 30.0
    deadlines: int = 2
    """Deadlines that fall in each game during the run, one after the other."""
    kill_at: float | None = 0.5
    """When (a fraction of the run) one worker is killed with SIGKILL; None: never."""
    kill_tries: int = 5
    """Kills at most, one after the other, until one of them cut a save off (its worker answered them all)."""
    clients: int = 48
    seed: int = 1
    warmup: float = 3.0
    """Seconds of the same load before the measured run (new connections, each worker's first requests)."""


@dataclass
class Attempt:
    """One try of a save: its orders, and what came back (``phase`` only when it was acknowledged)."""

    orders: list[str]
    sent: float
    latency: float | None = None
    status: int | None = None
    port: int | None = None
    """The client's port for this try (one connection per request): its line in the access log."""
    cut_off: bool = False
    """Sent, and the connection broke before the answer (its worker was killed): never acknowledged."""
    phase: str | None = None
    saved: list[str] | None = None


@dataclass
class Player:
    game: str
    power: str
    token: str
    units: list[str]
    attempts: list[Attempt] = field(default_factory=list)
    saves: int = 0

    def next_orders(self) -> list[str]:
        """Hold orders for a different non-empty subset of the units each time."""
        subsets = (1 << len(self.units)) - 1
        mask = self.saves % subsets + 1
        self.saves += 1
        return [f"{unit} H" for bit, unit in enumerate(self.units) if mask >> bit & 1]


@dataclass
class Run:
    players: list[Player]
    gms: dict[str, str]
    warm_from: float = 0.0
    started: float = 0.0
    """The end of the warm-up: the measured run starts here."""
    ended: float = 0.0
    deadlines: dict[str, list[datetime]] = field(default_factory=dict)
    killed: list[Killed] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    in_flight: InFlight = field(default_factory=lambda: InFlight())

    def cut_off(self) -> int:
        """Saves that got no answer (whenever they were sent: the ones a kill cuts off were sent before it)."""
        return sum(1 for p in self.players for a in p.attempts if a.cut_off)


@dataclass(frozen=True)
class Killed:
    at: float
    """Seconds into the measured run."""
    pid: int
    in_flight: int
    """Saves sent and not yet answered whose connection the worker held when it was killed."""


Kill = Callable[[set[int]], tuple[int, int] | None]
"""Kills a worker holding a connection from one of these client ports: (its pid, how many), or None if none does."""


class InFlight:
    """The local ports of the client connections whose request is sent and not yet answered."""

    def __init__(self) -> None:
        self._ports: set[int] = set()
        self._lock = threading.Lock()

    def add(self, port: int) -> None:
        with self._lock:
            self._ports.add(port)

    def discard(self, port: int) -> None:
        with self._lock:
            self._ports.discard(port)

    def ports(self) -> set[int]:
        with self._lock:
            return set(self._ports)


class Client:
    """One keep-alive HTTP connection, opened again after any failure; its requests in flight told to ``in_flight``."""

    def __init__(self, port: int, in_flight: InFlight | None = None) -> None:
        self.port = port
        self.in_flight = in_flight
        self.connection: http.client.HTTPConnection | None = None
        self.local_port: int | None = None
        """The local port of the last request's connection."""

    def call(self, method: str, path: str, token: str | None = None, body: Any = None) -> tuple[int, Any]:
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        port = None
        try:
            port = self._connect()
            self.connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
            answer = self.connection.getresponse()
            data = answer.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            self.connection = None
            raise
        finally:
            if port is not None and self.in_flight is not None:
                self.in_flight.discard(port)
        return answer.status, json.loads(data) if data else None

    def _connect(self) -> int | None:
        """Open the connection now (not inside ``request``), so that its port is known before anything is sent."""
        assert self.connection is not None
        self.local_port = None
        if self.connection.sock is None:
            self.connection.connect()
        self.local_port = port = int(self.connection.sock.getsockname()[1])
        if self.in_flight is None:
            return None
        self.in_flight.add(port)
        return port

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def set_up_games(port: int, games: int) -> Run:
    """Create the games (unlisted, no deadline yet) and read each power's units."""
    client = Client(port)
    players: list[Player] = []
    gms: dict[str, str] = {}
    try:
        _create(client, games, players, gms)
    finally:
        client.close()
    return Run(players=players, gms=gms)


def floor_run(games: int) -> Run:
    """Players for the framework's floor (bench/floor.py): as many as a run on the site has, each with three units
    to hold (the floor echoes the lines back), and no GM: the floor has no deadlines."""
    powers = ("Asakura", "Chosokabe", "Hojo", "Mori", "Oda", "Shimazu", "Takeda", "Uesugi")
    units = ["A Kyoto", "A Owari", "F Settsu"]
    players = [Player(f"floor{g}", power, f"token-{g}-{power}", units) for g in range(games) for power in powers]
    return Run(players=players, gms={})


def _create(client: Client, games: int, players: list[Player], gms: dict[str, str]) -> None:
    for number in range(games):
        status, created = client.call("POST", "/api/games", body={"name": f"Load {number + 1}"})
        assert status == 201, created
        gms[created["id"]] = created["gm_token"]
        for power, token in created["power_tokens"].items():
            status, me = client.call("GET", f"/api/games/{created['id']}/me", token)
            assert status == 200, me
            players.append(Player(created["id"], power, token, [u["text"] for u in me["units"]]))


def run_load(port: int, run: Run, plan: Plan, kill: Kill | None = None) -> Run:
    """Offer the saves for ``plan.duration`` seconds while the GMs' deadlines fall; ``kill`` kills a worker."""
    rng = random.Random(plan.seed)
    period = len(run.players) / plan.rate
    tasks: queue.PriorityQueue[tuple[float, int, int]] = queue.PriorityQueue()
    run.warm_from = time.monotonic()
    run.started = run.warm_from + plan.warmup
    stop_at = run.started + plan.duration
    for index in range(len(run.players)):
        tasks.put((run.warm_from + rng.uniform(0, period), index, index))
    clients = [threading.Thread(target=_client, args=(port, run, tasks, period, stop_at)) for _ in range(plan.clients)]
    gms = [threading.Thread(target=_gm, args=(port, run, game, plan, rng.random())) for game in run.gms]
    with _no_collections():
        for thread in [*clients, *gms]:
            thread.start()
        if kill is not None and plan.kill_at is not None:
            time.sleep(max(0.0, run.started + plan.duration * plan.kill_at - time.monotonic()))
            _kill_mid_request(run, kill, plan.kill_tries, stop_at)
        for thread in clients:
            thread.join()
        run.ended = time.monotonic()
        for thread in gms:
            thread.join()
    return run


@contextlib.contextmanager
def _no_collections() -> Iterator[None]:
    """The client's own garbage collector kept out of the latencies it measures (as :mod:`timeit` does).

    A full collection of the client stopped all its threads for 25-77 ms, longer with each run of an invocation
    (its heap holds every earlier run's answers), so a later run's tail was the client's, not the server's: what
    is garbage before the run is collected, and nothing during it.
    """
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _kill_mid_request(run: Run, kill: Kill, tries: int, stop: float) -> None:
    """Kill a worker while it holds a save not yet answered; again, if that one got its answer out first.

    The worker is chosen from /proc while the request is in flight, but it
    may finish the answer in the moment before the signal lands: the clients
    say afterwards whether anything was cut off (a broken connection).
    """
    for _ in range(tries):
        before = run.cut_off()
        killed = _kill_when_busy(run, kill, until=stop - 1.0)
        if killed is None:
            return
        time.sleep(0.5)  # the clients on the killed worker see their connections break at once
        if run.cut_off() > before:
            return


def _kill_when_busy(run: Run, kill: Kill, until: float) -> Killed | None:
    while time.monotonic() < until:
        ports = run.in_flight.ports()
        done = kill(ports) if ports else None
        if done is not None:
            pid, held = done
            run.killed.append(Killed(time.monotonic() - run.started, pid, held))
            return run.killed[-1]
        time.sleep(0.001)
    return None


def _client(
    port: int, run: Run, tasks: queue.PriorityQueue[tuple[float, int, int]], period: float, stop: float
) -> None:
    client = Client(port, run.in_flight)
    try:
        _serve_players(client, run, tasks, period, stop)
    finally:
        client.close()


def _serve_players(
    client: Client, run: Run, tasks: queue.PriorityQueue[tuple[float, int, int]], period: float, stop: float
) -> None:
    """Take the player due first, save for it when its time comes, and queue its next save."""
    sequence = len(run.players)
    while True:
        try:
            due, _, index = tasks.get_nowait()
        except queue.Empty:
            return
        if due >= stop:
            continue  # this player is done; the others drain the queue
        time.sleep(max(0.0, due - time.monotonic()))
        player = run.players[index]
        retry_in = _save(client, run, player)
        sequence += 1
        next_due = time.monotonic() + retry_in if retry_in is not None else max(due + period, time.monotonic())
        tasks.put((next_due, sequence, index))


def _save(client: Client, run: Run, player: Player) -> float | None:
    """One save; how soon to try the same orders again, or None when it is done (acknowledged or refused for good)."""
    orders = player.attempts[-1].orders if _retrying(player) else player.next_orders()
    attempt = Attempt(orders=orders, sent=time.monotonic())
    player.attempts.append(attempt)
    try:
        status, answer = client.call(
            "PUT", f"/api/games/{player.game}/orders", player.token, {"text": "\n".join(orders)}
        )
    except (OSError, http.client.HTTPException):
        attempt.port, attempt.cut_off = client.local_port, True
        return 0.0  # no answer (a worker died): not acknowledged, so send it again
    attempt.latency, attempt.status, attempt.port = time.monotonic() - attempt.sent, status, client.local_port
    if status == 200:
        attempt.phase, attempt.saved = answer["phase"], answer["saved"]
        if answer["refused"]:
            run.problems.append(f"{player.power} in {player.game}: refused lines {answer['lines']}")
        return None
    if status == 409 and "deadline" in answer.get("error", ""):
        return 0.25  # the phase is being adjudicated: the same orders again in a moment
    run.problems.append(f"{player.power} in {player.game}: {status} {answer}")
    return None


def _retrying(player: Player) -> bool:
    last = player.attempts[-1] if player.attempts else None
    return last is not None and last.status != 200 and (last.status is None or last.status == 409)


def _gm(port: int, run: Run, game: str, plan: Plan, luck: float) -> None:
    """Set each deadline in turn; wait until the job has adjudicated it before setting the next."""
    client = Client(port)
    try:
        _set_deadlines(client, run, game, plan, luck)
    finally:
        client.close()


def _set_deadlines(client: Client, run: Run, game: str, plan: Plan, luck: float) -> None:
    token = run.gms[game]
    run.deadlines[game] = []
    share = plan.duration / max(plan.deadlines, 1)
    time.sleep(max(0.0, run.started - share * 0.2 * luck - time.monotonic()))  # not all GMs at once
    for number in range(plan.deadlines):
        falls = run.started + share * (number + 0.2 + 0.6 * luck)
        at = datetime.now(UTC) + timedelta(seconds=falls - time.monotonic())
        status, answer = _call(client, "PUT", f"/api/games/{game}/deadline", token, {"at": at.isoformat()})
        if status != 200:
            run.problems.append(f"GM of {game}: deadline refused: {status} {answer}")
            return
        run.deadlines[game].append(at)
        time.sleep(max(0.0, falls - time.monotonic()) + 0.5)
        if not _wait_adjudicated(client, game, number + 1, timeout=60):
            run.problems.append(f"GM of {game}: deadline {number + 1} not adjudicated within 60 s")
            return


def _wait_adjudicated(client: Client, game: str, phases: int, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        status, answer = _call(client, "GET", f"/api/games/{game}")
        if status == 200 and len(answer["history"]) >= phases:
            return True
        time.sleep(0.5)
    return False


def _call(client: Client, method: str, path: str, token: str | None = None, body: Any = None) -> tuple[int, Any]:
    """A GM's call, tried again when a worker dies under it (the GM's actions here are idempotent)."""
    for _ in range(5):
        try:
            return client.call(method, path, token, body)
        except (OSError, http.client.HTTPException):
            time.sleep(0.2)
    return 0, None
