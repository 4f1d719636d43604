"""The load bench's checks catch what they are there to catch (bench/loadcheck.py), fed made-up runs."""

from __future__ import annotations

from bench.loadcheck import adjudication_problems, figures, not_resent
from bench.loadgen import Attempt, Player, Run


def test_one_adjudication_per_deadline_passes() -> None:
    history = {"g1": ["Spring 1570 movement"], "g2": ["Spring 1570 movement", "Fall 1570 movement"]}
    assert adjudication_problems(history, {"g1": 1, "g2": 2}) == []


def test_a_phase_adjudicated_twice_is_flagged() -> None:
    history = {"g1": ["Spring 1570 movement", "Spring 1570 movement"]}
    problems = adjudication_problems(history, {"g1": 2})  # even where the count matches the deadlines
    assert problems == ["g1: adjudicated more than once: Spring 1570 movement"]


def test_an_adjudication_too_many_or_too_few_is_flagged() -> None:
    history = {"g1": ["Spring 1570 movement", "Fall 1570 movement"], "g2": []}
    assert adjudication_problems(history, {"g1": 1, "g2": 1}) == [
        "g1: 2 adjudications for 1 deadlines",
        "g2: 0 adjudications for 1 deadlines",
    ]


def _player(*attempts: Attempt) -> Player:
    return Player("g1", "Oda", "token", ["A Owari", "F Mikawa"], attempts=list(attempts))


def test_a_cut_off_save_must_be_sent_again_with_the_same_orders() -> None:
    cut = Attempt(orders=["A Owari H"], sent=1.0, cut_off=True)
    resent = Attempt(orders=["A Owari H"], sent=1.1, latency=0.01, status=200, phase="Spring 1570 movement")
    other = Attempt(orders=["F Mikawa H"], sent=1.1, latency=0.01, status=200, phase="Spring 1570 movement")
    assert not_resent([_player(cut, resent)]) == []
    assert not_resent([_player(cut, other)]) == ["g1 Oda: ['A Owari H'] cut off and not sent again"]
    assert not_resent([_player(resent, cut)]) == ["g1 Oda: ['A Owari H'] cut off and not sent again"]


def test_the_latency_over_every_answer_counts_the_refusals_too() -> None:
    saves = [Attempt(orders=["A Owari H"], sent=10.0 + i, latency=0.005, status=200) for i in range(99)]
    refused = Attempt(orders=["A Owari H"], sent=10.0, latency=0.5, status=409)
    cut = Attempt(orders=["A Owari H"], sent=10.0, cut_off=True)
    run = Run(players=[_player(*saves, refused, cut)], gms={}, started=10.0, ended=110.0)
    shown = figures(run)
    assert (shown.answered.count, shown.saved.count, shown.late_refusals, shown.cut_off) == (100, 99, 1, 1)
    assert shown.answered.max == 500.0 and shown.saved.max == 5.0
