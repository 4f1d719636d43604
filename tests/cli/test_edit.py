"""``sengoku edit``: the GM fixes a game without a hand-edited file (DiplomacyGM's ``.edit``).

Each edit is checked like a position file, noted in the GM's log, listed in
the next results post as GM adjustments, and one ``undo`` away; a replay
still finds every stored report, the edits between phases being part of the
history.
"""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest

from cli.gamefile import load_game
from tests.cli.conftest import Cli


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("add", "Takeda", "A Suruga"), "added A Suruga (Takeda)"),
        (("add", "neutral", "A Totomi"), "added A Totomi (neutral)"),
        (("remove", "A Kai"), "removed A Kai (Takeda)"),
        (("remove", "Musashi"), "removed A Musashi (neutral)"),
        (("move", "A Kai", "Suruga"), "moved A Kai (Takeda) to Suruga"),
        (("owner", "Mino", "Oda"), "Mino now owned by Oda (was neutral)"),
        (("owner", "Kai", "neutral"), "Kai now neutral (was Takeda)"),
        (("owner", "Owari", "none"), "Owari now unowned (was Oda)"),
        (("dp", "Oda", "3"), "Oda's DP this phase: 3 (its centres give 2)"),
        (("name", "Azuchi", "1570"), "renamed the game 'Azuchi 1570' (was 'Kyoto 1570')"),
    ],
)
def test_each_edit_says_what_it_did_and_is_logged(cli: Cli, game: Path, args: tuple[str, ...], said: str) -> None:
    cli("edit", "game.json", "name", "Kyoto 1570")
    out = cli("edit", "game.json", *args).stdout
    assert out.splitlines()[0] == f"Edited game.json: {said}."
    assert f"edited the game: {said}" in cli("history", "game.json", "--log").stdout


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (("add", "Oda", "F Kai"), "Error: F Kai cannot be added: A Kai is there"),
        (("add", "Oda", "F Hida"), "Error: not done: the board would be unplayable: unit F Hida: a fleet cannot stand"),
        (
            ("add", "Oda", "A Tosa Bay"),
            "Error: not done: the board would be unplayable: unit A Tosa Bay: an army cannot",
        ),
        (("add", "Odda", "A Mino"), "Error: 'Odda': unknown power 'Odda'"),
        (("move", "A Kai", "Shinano"), "Error: 'A Shinano': unknown province 'Shinano'"),
        (("move", "A Kai", "South Shinano"), "Error: A Kai cannot move there: A South Shinano is there"),
        (("remove", "Mino Bay"), "Error: 'Mino Bay': unknown province"),
        (("remove", "Totomi"), "Error: no unit in Totomi to remove"),
        (("owner", "Suruga Bay", "Oda"), "Error: 'Suruga Bay': unknown province"),
        (("owner", "Kai", "Takeda"), "Error: Kai is Takeda already"),
        (("owner", "Totomi Sea", "Oda"), "Error: Totomi Sea is not a supply centre"),
        (("dp", "Oda", "2"), "Error: Oda has 2 DP this phase already"),
    ],
)
def test_an_edit_that_cannot_be_is_refused_and_changes_nothing(
    cli: Cli, game: Path, args: tuple[str, ...], problem: str
) -> None:
    before = game.read_bytes()
    assert cli("edit", "game.json", *args, code=1).stderr.startswith(problem)
    assert game.read_bytes() == before


def test_the_next_post_lists_the_gm_adjustments_and_a_replay_still_agrees(cli: Cli, game: Path) -> None:
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    cli("adjudicate", "game.json", "--yes")
    cli("edit", "game.json", "add", "Takeda", "A Totomi")
    cli("edit", "game.json", "owner", "Totomi", "Takeda")
    post = cli("adjudicate", "game.json", "--yes").stdout
    assert (
        "GM adjustments (the GM changed the board before this phase was adjudicated):\n"
        "  added A Totomi (Takeda)\n"
        "  Totomi now owned by Takeda (was unowned)\n"
    ) in post
    first = cli("history", "game.json", "1").stdout
    assert "GM adjustments" not in first and "Takeda: Kai, South Shinano, Totomi" not in first  # as it was published
    assert "All 2 phases re-adjudicate" in cli("replay", "game.json").stdout


def test_a_power_given_more_dp_may_bid_them_this_phase_only(cli: Cli, game: Path) -> None:
    refused = cli("orders", "game.json", input="Oda:\n2 : A Mino H\n1 : A Yamashiro H\n", code=3).stdout
    assert "you have 2 DP" in refused or "DP" in refused
    cli("edit", "game.json", "dp", "Oda", "3")
    assert "3 of 3 DP bid" in cli("orders", "game.json", input="Oda:\n2 : A Mino H\n1 : A Yamashiro H\n").stdout
    cli("adjudicate", "game.json", "--yes")
    state = load_game(game).state
    assert state.dp_set == {} and state.history[-1].dp_set == {"Oda": 3}
    assert "All 1 phase re-adjudicate" in cli("replay", "game.json").stdout


def test_an_edit_is_one_undo_away(cli: Cli, game: Path) -> None:
    before = game.read_bytes()
    cli("edit", "game.json", "remove", "A Kai")
    cli("undo", "game.json")
    assert game.read_bytes() == before


def test_a_rollback_brings_the_edits_back_with_their_phase(cli: Cli, game: Path) -> None:
    cli("edit", "game.json", "add", "Oda", "A Totomi")
    cli("adjudicate", "game.json", "--yes")
    assert load_game(game).state.edits == []
    cli("rollback", "game.json")
    state = load_game(game).state
    assert state.edits == ["added A Totomi (Oda)"] and state.edited_from is not None
    assert "GM adjustments" in cli("adjudicate", "game.json", "--yes").stdout


def test_a_finished_game_takes_a_new_name_but_no_board_edit(cli: Cli, game: Path) -> None:
    for power in ["Oda", "Asakura", "Chosokabe", "Hojo", "Mori", "Takeda", "Uesugi"]:
        cli("concede", "game.json", power, "--to", "Shimazu")
    assert "the game is over" in cli("edit", "game.json", "add", "Oda", "A Mino", code=1).stderr
    cli("edit", "game.json", "name", "Kyushu rising")
    assert load_game(game).state.name == "Kyushu rising"


def test_a_game_made_without_a_name_is_named_and_its_mail_says_so(cli: Cli, game: Path) -> None:
    cli("players", "game.json", "set", "Oda", "nobunaga@owari.example")
    cli("adjudicate", "game.json", "--yes")
    cli("edit", "game.json", "name", "Azuchi 1570")
    out = cli("mail", "game.json", "results", "--dry-run", "out", "--no-map").stdout
    assert "wrote  out/01-Oda-nobunaga@owari.example.eml" in out
    mail = email.message_from_bytes((cli.folder / out.split()[1]).read_bytes(), policy=email.policy.default)
    assert mail["Subject"] == "Game “Azuchi 1570”: Spring 1570 movement results"


def test_a_wrong_number_of_words_shows_the_usage_as_text(cli: Cli, game: Path) -> None:
    """The usage's '\\b' (click's mark against rewrapping the help) was printed raw in the error."""
    said = cli("edit", "game.json", "add", "Takeda", code=2).stderr
    assert "'edit add' takes 2 word(s) after it:\n  sengoku edit GAME add POWER UNIT" in said
    assert "\b" not in said
