"""A power's orders sent again: replace or merge, and a message of refused lines never costs the earlier orders.

Each test is one sentence of the rule in :mod:`game.resend`.
"""

from __future__ import annotations

import pytest

from game.game import Game
from game.resend import SendMode, merged, order_key
from maps import Board
from orders import Order, order_text, parse_order


def orders(board: Board, *lines: str) -> list[Order]:
    read = [parse_order(line, board) for line in lines]
    assert all(not isinstance(order, tuple) for order in read), read
    return read  # type: ignore[return-value]


def texts(game: Game, power: str) -> list[str] | None:
    given = game.state.orders.get(power)
    return None if given is None else [order_text(o, game.board) for o in given]


@pytest.fixture
def game(sengoku: Board) -> Game:
    game = Game.new(sengoku)
    game.send("Oda", orders(sengoku, "A Owari - Mino", "F Mikawa H", "2 : A Yamashiro H"))
    return game


def test_replace_a_new_message_replaces_all_the_powers_orders(game: Game) -> None:
    sent = game.send("Oda", orders(game.board, "A Owari - Ise"))
    assert texts(game, "Oda") == ["A Owari - Ise"]
    assert (sent.mode, sent.accepted, sent.kept_earlier, len(sent.earlier)) == (SendMode.REPLACE, 1, False, 3)


def test_merge_later_orders_for_a_unit_replace_earlier_ones_and_the_others_stand(game: Game) -> None:
    game.send("Oda", orders(game.board, "A Owari - Ise"), mode=SendMode.MERGE)
    assert texts(game, "Oda") == ["F Mikawa H", "2 : A Yamashiro H", "A Owari - Ise"]


def test_merge_a_dp_order_replaces_the_earlier_one_for_the_same_neutral_unit_only(game: Game) -> None:
    game.send("Oda", orders(game.board, "1 : A Yamashiro S A Owari - Ise"), mode=SendMode.MERGE)
    assert texts(game, "Oda") == ["A Owari - Mino", "F Mikawa H", "1 : A Yamashiro S A Owari - Ise"]


def test_merge_checks_the_merged_orders_together(game: Game) -> None:
    """2 DP already bid on Yamashiro: a new bid on another neutral unit is over the limit and refused."""
    sent = game.send("Oda", orders(game.board, "1 : A Mino H"), mode=SendMode.MERGE)
    assert sent.verdicts[0].problem == "not enough DP: 2 this phase, 2 already spent"
    assert texts(game, "Oda") == ["A Owari - Mino", "F Mikawa H", "2 : A Yamashiro H"]


@pytest.mark.parametrize("mode", list(SendMode))
def test_a_message_whose_every_line_is_refused_stores_nothing_and_the_earlier_orders_stand(
    game: Game, mode: SendMode
) -> None:
    sent = game.send("Oda", orders(game.board, "A Kai - Suruga"), refused_lines=2, mode=mode)
    assert sent.kept_earlier and sent.refused == 3 and sent.accepted == 0
    assert texts(game, "Oda") == ["A Owari - Mino", "F Mikawa H", "2 : A Yamashiro H"]
    assert game.state.all_refused == ["Oda"]


def test_lines_refused_before_the_engine_count_too(game: Game) -> None:
    """A message of unreadable lines only (no order reached the engine) stores nothing."""
    sent = game.send("Oda", [], refused_lines=1)
    assert sent.kept_earlier and texts(game, "Oda") == ["A Owari - Mino", "F Mikawa H", "2 : A Yamashiro H"]


def test_a_power_with_nothing_stored_and_every_line_refused_still_has_no_orders(sengoku: Board) -> None:
    game = Game.new(sengoku)
    game.send("Takeda", orders(sengoku, "A Owari - Mino"))
    assert texts(game, "Takeda") is None and game.state.all_refused == ["Takeda"]


def test_one_accepted_line_makes_the_message_count(game: Game) -> None:
    game.send("Oda", orders(game.board, "A Kai - Suruga"), refused_lines=1)
    game.send("Oda", orders(game.board, "A Kai - Suruga", "A Owari - Ise"))
    assert texts(game, "Oda") == ["A Owari - Ise"]
    assert game.state.all_refused == []  # the mark goes with an accepted message


def test_an_empty_message_replaces_with_nothing_and_merges_nothing(game: Game) -> None:
    """No lines at all is no refusal: replace clears the orders (the player emptied the page), merge keeps them."""
    game.send("Oda", [], mode=SendMode.MERGE)
    assert texts(game, "Oda") == ["A Owari - Mino", "F Mikawa H", "2 : A Yamashiro H"]
    game.send("Oda", [])
    assert texts(game, "Oda") == [] and game.state.all_refused == []


def test_the_refusal_marks_are_cleared_at_adjudication_and_by_a_rollback(game: Game) -> None:
    game.send("Takeda", orders(game.board, "A Owari - Mino"))
    assert game.state.all_refused == ["Takeda"]
    game.adjudicate()
    assert game.state.all_refused == []
    game.send("Takeda", orders(game.board, "A Owari - Mino"))
    game.rollback()
    assert game.state.all_refused == []


def test_an_order_is_for_a_unit_a_neutral_units_dp_order_or_the_waives(sengoku: Board) -> None:
    move, bid, waive = orders(sengoku, "A Owari - Mino", "2 : A Mino H", "Waive")
    assert [order_key(move), order_key(bid), order_key(waive)] == [("unit", "OWA"), ("dp", "MIN"), ("waive", "")]
    assert merged([move, bid, waive], orders(sengoku, "Waive", "A Owari H")) == [
        bid,
        *orders(sengoku, "Waive", "A Owari H"),
    ]


def test_merge_an_order_the_engine_refuses_replaces_nothing(sengoku: Board) -> None:
    """'A Kai - Owari' is refused (not adjacent): the stored 'A Kai - Suruga' stands beside the new order."""
    game = Game.new(sengoku)
    game.send("Takeda", orders(sengoku, "A Kai - Suruga"))
    sent = game.send("Takeda", orders(sengoku, "A Kai - Owari", "A South Shinano - Hida"), mode=SendMode.MERGE)
    assert [verdict.accepted for verdict in sent.verdicts] == [False, True]
    assert texts(game, "Takeda") == ["A Kai - Suruga", "A South Shinano - Hida"]
    assert (sent.replaced, sent.kept) == (0, 1)
    assert sent.earlier_note() == "merged: 0 of 1 earlier replaced, 1 kept"


def test_merge_a_bid_over_the_limit_leaves_the_earlier_bid_on_that_unit(game: Game) -> None:
    """2 DP bid on Yamashiro; a new 3 DP bid there is refused, and the 2 DP bid is not lost to it."""
    sent = game.send("Oda", orders(game.board, "3 : A Yamashiro S A Owari - Mino"), mode=SendMode.MERGE)
    assert not sent.verdicts[0].accepted and sent.kept_earlier
    assert texts(game, "Oda") == ["A Owari - Mino", "F Mikawa H", "2 : A Yamashiro H"]


def test_merge_counts_the_earlier_orders_replaced_and_kept(game: Game) -> None:
    sent = game.send("Oda", orders(game.board, "A Owari - Ise", "F Mikawa - Totomi Sea"), mode=SendMode.MERGE)
    assert (sent.replaced, sent.kept) == (2, 1)
    assert sent.earlier_note() == "merged: 2 of 3 earlier replaced, 1 kept"


@pytest.mark.parametrize(
    ("earlier", "note"),
    [
        (["A Owari - Mino"], "its 1 order from before stands"),
        (["A Owari - Mino", "F Mikawa H"], "its 2 orders from before stand"),
        ([], "it has no orders stored"),
    ],
)
def test_a_refused_resend_says_how_many_earlier_orders_stand_in_good_grammar(
    sengoku: Board, earlier: list[str], note: str
) -> None:
    game = Game.new(sengoku)
    if earlier:
        game.send("Oda", orders(sengoku, *earlier))
    sent = game.send("Oda", orders(sengoku, "A Kai - Suruga"))
    assert sent.kept_earlier and sent.earlier_note() == note


def test_replace_says_how_many_earlier_orders_it_replaced(game: Game) -> None:
    sent = game.send("Oda", orders(game.board, "A Owari - Ise"))
    assert (sent.replaced, sent.kept, sent.earlier_note()) == (3, 0, "replacing 3 earlier")
