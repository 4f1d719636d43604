"""The load bench's checks catch what they are there to catch (bench/loadcheck.py), fed made-up runs."""

from __future__ import annotations

from bench.loadcheck import adjudication_problems


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
