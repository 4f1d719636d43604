"""The one table of order kinds: every model's kind is in it, and an incomplete handler table is refused."""

from __future__ import annotations

import typing

import pytest

from orders.kinds import KINDS, kind_table
from orders.model import Order


def test_every_order_model_has_its_kind_in_the_table() -> None:
    union = typing.get_args(typing.get_args(Order)[0])
    assert {model.kind: model for model in union} == {name: kind.model for name, kind in KINDS.items()}


def test_a_table_that_forgets_a_kind_is_refused() -> None:
    handlers = dict.fromkeys(KINDS, 1)
    del handlers["convoy"]
    with pytest.raises(TypeError, match="convoy"):
        kind_table(handlers)


def test_a_table_naming_an_unknown_kind_is_refused() -> None:
    with pytest.raises(TypeError, match="teleport"):
        kind_table({**dict.fromkeys(KINDS, 1), "teleport": 1})


def test_a_kind_left_out_on_purpose_is_allowed() -> None:
    handlers = dict.fromkeys(KINDS, 1)
    del handlers["dp"]
    assert set(kind_table(handlers, not_handled=["dp"])) == set(KINDS) - {"dp"}
