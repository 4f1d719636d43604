"""The load bench kills a worker until a save was cut off, and no more (bench/loadgen.py), with a stand-in kill."""

from __future__ import annotations

import time

from bench.loadgen import Attempt, Player, Run, _kill_mid_request


def _run() -> Run:
    player = Player("g1", "Oda", "token", ["A Owari"], attempts=[Attempt(orders=["A Owari H"], sent=0.0)])
    run = Run(players=[player], gms={}, started=time.monotonic())
    run.in_flight.add(50000)  # a save in flight since before the kill
    return run


def test_the_kill_stops_once_a_save_was_cut_off() -> None:
    run = _run()

    def kill(ports: set[int]) -> tuple[int, int]:
        run.players[0].attempts[0].cut_off = True  # its client saw the connection break
        return 1234, len(ports)

    _kill_mid_request(run, kill, tries=5, stop=time.monotonic() + 60)
    assert [(k.pid, k.in_flight) for k in run.killed] == [(1234, 1)]


def test_a_kill_that_cut_nothing_off_is_tried_again_up_to_the_limit() -> None:
    run = _run()
    _kill_mid_request(run, lambda ports: (1234, len(ports)), tries=3, stop=time.monotonic() + 60)
    assert len(run.killed) == 3 and run.cut_off() == 0
