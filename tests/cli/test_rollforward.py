"""Rollbacks that ask, phases taken back that can be rolled forward, and corrections said as corrections.

``rollback --to`` took seven phases back without a word: now it asks on a
terminal and needs ``--yes`` elsewhere, and what it took back is kept so
``rollforward`` adjudicates it again (DPjudge's ROLLFORWARD). A phase
adjudicated anew to other results is published as a correction, saying
what changed, in the mail's Subject, the post and the chat channel.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.gamefile import load_game
from post import build_post, render
from tests.cli.conftest import Cli
from tests.cli.test_gm_undo import on_terminal
from tests.cli.test_orders import stored


@pytest.fixture
def three(cli: Cli) -> Path:
    """Spring 1570, Fall 1570 and Winter 1570 adjudicated; Spring 1571 open with one order stored.

    Fall 1570's results were printed for the forum, so published; the others only printed for the GM."""
    cli("new", "game.json", "--name", "Kyoto 1570")
    cli("deadline", "game.json", "2099-03-01 20:00 UTC")
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    cli("adjudicate", "game.json", "--deadline", "2099-06-01 20:00 UTC")
    cli("orders", "game.json", input="Oda:\nA Owari - Ise\n")
    cli("adjudicate", "game.json", "--yes", "--for", "phpbb")
    cli("adjudicate", "game.json", "--yes", "--deadline", "2099-09-01 20:00 UTC")
    cli("orders", "game.json", input="Takeda:\nA Kai - Suruga\n")
    return cli.folder / "game.json"


def test_rolling_back_several_phases_off_a_terminal_needs_yes(cli: Cli, three: Path) -> None:
    before = three.read_bytes()
    refused = cli("rollback", "game.json", "--to", "fall 1570", code=1).stderr
    assert refused == (
        "Error: this takes back 2 adjudicated phases (Fall 1570 movement to Winter 1570 adjustments); nothing was "
        "rolled back (if that is what you mean: --yes; 'sengoku rollforward' brings them back)\n"
    )
    assert three.read_bytes() == before
    out = cli("rollback", "game.json", "--to", "fall 1570", "--yes").stdout
    assert out.startswith("Rolled back Winter 1570 adjustments and Fall 1570 movement.")
    assert "The 2 phases taken back are kept: 'sengoku rollforward game.json' adjudicates them again" in out


def test_on_a_terminal_rolling_back_several_phases_asks_and_a_no_changes_nothing(cli: Cli, three: Path) -> None:
    before = three.read_bytes()
    code, screen = on_terminal(cli.folder, "rollback", "game.json", "--to", "2", answer="n")
    assert "Take back 2 adjudicated phases of game.json (Fall 1570 movement to Winter 1570 adjustments)?" in screen
    assert code == 1 and three.read_bytes() == before


def test_rolled_back_phases_roll_forward_as_they_were_with_the_open_phase_as_it_was(cli: Cli, three: Path) -> None:
    after = load_game(three).state
    cli("rollback", "game.json", "--to", "fall 1570", "--yes")
    out = cli("rollforward", "game.json", "--steps", "1").stdout
    assert out.splitlines()[0] == "Rolled forward Fall 1570 movement. The game is at Winter 1570 adjustments."
    assert "Still taken back: Winter 1570 adjustments ('sengoku rollforward game.json' again)." in out
    cli("rollforward", "game.json")
    state = load_game(three).state
    assert [e.report for e in state.history] == [e.report for e in after.history]
    assert state.position == after.position and state.deadline == after.deadline
    assert stored(three) == {"Takeda": ["A Kai - Suruga"]}  # Spring 1571's orders, as before the rollback
    assert state.rolled_back is None
    assert "nothing to roll forward: no phase was rolled back" in cli("rollforward", "game.json", code=1).stderr


def test_once_a_phase_is_adjudicated_anew_the_rest_cannot_roll_forward(cli: Cli, three: Path) -> None:
    cli("rollback", "game.json", "--to", "fall 1570", "--yes")
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")  # another order: another Fall 1570
    cli("adjudicate", "game.json", "--yes")
    refused = cli("rollforward", "game.json", code=1).stderr
    assert (
        "nothing to roll forward: the game has gone another way since Winter 1570 adjustments was rolled back"
        in refused
    )


def test_the_same_results_again_are_no_correction(cli: Cli, three: Path) -> None:
    cli("rollback", "game.json")
    post = cli("adjudicate", "game.json", "--yes").stdout
    assert "CORRECTION" not in post
    assert stored(three) == {"Takeda": ["A Kai - Suruga"]}  # nothing changed: the open phase is as it was


def test_a_phase_adjudicated_anew_to_other_results_is_a_correction_saying_what_changed(cli: Cli, three: Path) -> None:
    cli("rollback", "game.json", "--to", "fall 1570", "--yes")
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    post = cli("adjudicate", "game.json", "--yes").stdout
    assert post.startswith("Kyoto 1570, Sengoku Jidai (6DP): Fall 1570 movement results (CORRECTION)\n\n")
    assert (
        "CORRECTION: these results replace the Fall 1570 movement results published before; what changed:\n"
        "  Oda: A Owari - Mino: bounced, 1 against 1 from A Mino (not in the earlier results)\n"
        "  Oda: A Owari - Ise: no longer given (was: moved)\n"
    ) in post
    game = load_game(three)
    document = build_post(game.board, game.state, -1)
    assert document.subject == "Kyoto 1570: CORRECTION: Fall 1570 movement results"
    assert "[b]CORRECTION: these results replace the Fall 1570 movement results" in render(document, "bbcode")
    assert "<h3>CORRECTION: these results replace" in render(document, "html")
    out = cli("channel", "results", "game.json", "--dry-run").stdout
    assert "CORRECTION" in out and "Dry run: the Fall 1570 movement results (a correction)" in out


def test_results_the_players_never_saw_are_no_correction(cli: Cli, three: Path) -> None:
    """Winter 1570 was printed for the GM alone: taken back and adjudicated anew, its post is no correction."""
    cli("rollback", "game.json")
    cli("orders", "game.json", input="Oda:\nBuild A Owari\n")
    post = cli("adjudicate", "game.json", "--yes").stdout
    assert "CORRECTION" not in post and "published before" not in post
    assert load_game(three).state.history[-1].previous is None


def test_a_correction_never_published_and_corrected_again_is_said_against_what_was(cli: Cli, three: Path) -> None:
    """Fall 1570 as posted, corrected (printed only), taken back and corrected again: what changed is said
    against the results the players saw, not the ones they never did."""
    cli("rollback", "game.json", "--to", "fall 1570", "--yes")
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    cli("adjudicate", "game.json", "--yes")
    cli("rollback", "game.json")
    cli("orders", "game.json", input="Oda:\nA Owari H\n")
    post = cli("adjudicate", "game.json", "--yes").stdout
    assert "CORRECTION: these results replace the Fall 1570 movement results published before" in post
    assert "  Oda: A Owari - Ise: no longer given (was: moved)\n" in post
    assert "A Owari - Mino" not in post.split("what changed:")[1].split("\n\n")[0]


def test_results_mailed_or_posted_are_published(cli: Cli, three: Path) -> None:
    state = load_game(three).state
    assert [entry.published for entry in state.history] == [False, True, False]
    cli("rollback", "game.json")
    cli("adjudicate", "game.json", "--yes")  # the same Winter 1570: still unpublished
    assert load_game(three).state.history[-1].published is False


def test_the_gm_log_and_the_journal_have_the_rollback_and_the_rollforward(cli: Cli, three: Path) -> None:
    cli("rollback", "game.json")
    cli("rollforward", "game.json")
    log = cli("history", "game.json", "--log").stdout
    assert "rolled back Winter 1570 adjustments" in log and "rolled forward Winter 1570 adjustments" in log
    cli("undo", "game.json")  # the rollforward undone: rolled back again
    assert str(load_game(three).state.position.phase) == "Winter 1570 adjustments"
    assert len(load_game(three).state.history) == 2


def test_rolling_forward_one_phase_gives_the_next_its_stored_orders_back(cli: Cli, three: Path) -> None:
    """As a rollback to it would: the GM then corrects one order with --merge, and nothing else is lost."""
    fall = load_game(three).state.history[1].orders
    cli("rollback", "game.json", "--to", "fall 1570", "--yes")
    cli("rollback", "game.json")  # Spring 1570 too
    cli("rollforward", "game.json", "--steps", "1")
    state = load_game(three).state
    assert str(state.position.phase) == "Fall 1570 movement" and state.orders == fall
    assert state.rolled_back is not None and state.deadline == state.rolled_back.entries[0].deadline


def test_a_rollforward_says_which_orders_gave_way_only_when_some_were_stored_since(cli: Cli, three: Path) -> None:
    """The phase's own orders, which the rollback brought back, are not orders 'stored since the rollback'."""
    cli("rollback", "game.json", "--to", "fall 1570", "--yes")
    assert "gave way" not in cli("rollforward", "game.json").stdout
    cli("rollback", "game.json", "--to", "fall 1570", "--yes")
    cli("orders", "game.json", "--merge", input="Takeda:\nA Kai - Suruga\n")
    out = cli("rollforward", "game.json").stdout
    assert "The 1 order stored since the rollback gave way to the phases' own." in out
