"""``sengoku new --position``: a GM's position file, with province names, as the start of a game."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cli.gamefile import load_game
from cli.positionfile import position_document
from game.setup import PositionError, check_position, position_from_document
from maps import Board, load_board
from tests.cli.conftest import DOCS, GAMES, Cli

EXAMPLES = sorted((DOCS / "examples").glob("*.yaml"))


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board("sengoku")


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_the_documented_examples_start_a_game(cli: Cli, example: Path) -> None:
    cli("new", "game.json", "--position", example)
    assert load_game(cli.folder / "game.json").state.history == []


def test_a_retreat_phase_gives_the_retreat_options(cli: Cli) -> None:
    cli("new", "game.json", "--position", DOCS / "examples" / "ise-retreat.yaml")
    status = cli("status", "game.json").stdout
    # Owari is where the attacker came from; Yamato was left empty by a standoff; Mino and Yamashiro are held
    assert "Retreats due:\n  A Ise (Asakura) may retreat to: Omi, Shima\n" in status
    result = cli("orders", "game.json", input="Asakura:\nA Ise - Yamato\nA Ise - Shima\n", code=3)
    assert "REFUSED line 2: 'A Ise - Yamato': cannot retreat to Yamato; it may retreat to Omi, Shima" in result.stdout
    assert cli("adjudicate", "game.json", "--yes").stdout.startswith(
        "Sengoku Jidai (6DP): Fall 1570 retreats results\n\nAsakura:\n  A Ise R Shima: retreated\n"
    )


def test_names_ids_and_any_case_are_accepted(board: Board) -> None:
    document = {
        "phase": "spring 1575",
        "units": {"oda": ["a owari", "Fleet MIK", "Army south shinano"], "NEUTRAL": ["A Mino"]},
        "centres": {"ODA": ["owa", "Mikawa"]},
    }
    position = position_from_document(board, document)
    assert str(position.phase) == "Spring 1575 movement"
    assert [(u.type.value, u.location, u.power) for u in position.units] == [
        ("A", "OWA", "Oda"),
        ("F", "MIK", "Oda"),
        ("A", "SSH", "Oda"),
        ("A", "MIN", None),
    ]
    assert position.centres == {"OWA": "Oda", "MIK": "Oda"}
    assert position.neutral_centres == ("MIN",)  # by default: unowned centres holding a neutral


def test_a_position_survives_status_and_new(cli: Cli, board: Board) -> None:
    """``status --position`` prints the position file of a game; ``new --position`` reads it back."""
    cli("new", "first.json", "--position", GAMES / "oda-at-twenty.yaml")
    printed = cli("status", "first.json", "--position").stdout
    (cli.folder / "copy.yaml").write_text(printed, encoding="utf-8")
    cli("new", "second.json", "--position", "copy.yaml")
    first, second = (load_game(cli.folder / name).state.position for name in ("first.json", "second.json"))
    assert set(first.units) == set(second.units)  # the same units, listed by power
    assert first.replace(units=()) == second.replace(units=())
    assert yaml.safe_load(printed)["units"]["Hojo"] == ["A Musashi", "F Kazusa", "A Hitachi"]


def test_a_retreat_position_survives_the_round_trip(board: Board) -> None:
    document = yaml.safe_load((DOCS / "examples" / "ise-retreat.yaml").read_text(encoding="utf-8"))
    position = position_from_document(board, document)
    again = position_from_document(board, position_document(board, position))
    assert again == position


def _bad(**entries: object) -> dict[str, object]:
    return {"phase": "Fall 1572", **entries}


BAD_DOCUMENTS = [
    (
        _bad(units={"Oda": ["A Owari", "F Ech"]}),
        "units.Oda[1] 'F Ech': 'Ech' is ambiguous: it could be Echigo (ECG), Echizen (ECZ)",
    ),
    (_bad(units={"Oda": ["A Xyzzy"]}), "units.Oda[0] 'A Xyzzy': unknown province 'Xyzzy'"),
    (_bad(units={"Oda": ["Mino"]}), "units.Oda[0] 'Mino': 'Mino' is not a unit: write it as 'A Mino' or 'F Echizen'"),
    (_bad(centres={"Hoj": ["Izu"]}), "centres.Hoj: unknown power 'Hoj'; the powers are Asakura, Chosokabe, Hojo"),
    (_bad(units={"Oda": ["A Mino"], "neutral": ["A Mino"]}), "two units in Mino"),
    (_bad(units={"Oda": ["F Mino"]}), "unit F Mino: a fleet cannot stand in Mino (land)"),
    (_bad(units={"Oda": ["A Tosa Bay"]}), "unit A Tosa Bay: an army cannot stand in Tosa Bay (sea)"),
    (_bad(centres={"Oda": ["Mino"], "Takeda": ["Mino"]}), "centres.Takeda: Mino is already listed under Oda"),
    (_bad(centres={"Oda": ["Hida"]}), "centre Hida: not a supply centre on the sengoku map"),
    (
        _bad(centres={"Oda": ["Mino"]}, neutral_centres=["Mino"]),
        "neutral centre Mino: it is owned by Oda, so not neutral",
    ),
    (_bad(unit={"Oda": ["A Mino"]}), "unit: unknown key"),
    (_bad(units={"Oda": "A Mino"}), "units.Oda: input should be a valid list"),
    ({"phase": "Winter 1572 movement"}, "phase: there is no winter movement phase"),
    ({"phase": "Fall 0"}, "phase: 'Fall 0': the year must be 1 or later"),
    ({"phase": "Summer 1572"}, "phase: not a phase: 'Summer 1572' (expected e.g. 'spring 1570 movement')"),
    ({"phase": "Fall 1572 retreats"}, "phase: a retreat phase needs dislodged units"),
    (
        {"phase": "Fall 1572", "dislodged": [{"unit": "A Mino", "power": "Oda"}], "units": {"Takeda": ["A Mino"]}},
        "phase: dislodged units and standoffs belong to a retreat phase, not movement",
    ),
    (
        {"phase": "Fall 1572 retreats", "dislodged": [{"unit": "A Mino", "power": "Oda"}]},
        "dislodged A Mino: no unit stands in Mino to have dislodged it",
    ),
    ({"variant": "standard", "phase": "Fall 1572"}, "variant: the file is for 'standard', but the board is 'sengoku'"),
    ([1, 2], "(document): expected a mapping with 'phase', 'units' and 'centres'"),
    (None, "(document): expected a mapping with 'phase', 'units' and 'centres'"),
]


@pytest.mark.parametrize(("document", "problem"), BAD_DOCUMENTS, ids=[p for _, p in BAD_DOCUMENTS])
def test_a_bad_document_names_the_entry_and_the_problem(board: Board, document: object, problem: str) -> None:
    with pytest.raises(PositionError) as raised:
        position_from_document(board, document)
    assert str(raised.value).startswith(problem)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("phase: Fall 1572\nunits:\n  Oda: [A Owari, F Ech]\n", "units.Oda[1] 'F Ech': 'Ech' is ambiguous"),
        ("phase: [oops\n", "not valid YAML at line 2, column 1: expected ',' or ']', but got '<stream end>'"),
        ("", "(document): expected a mapping"),
    ],
)
def test_a_bad_position_file_is_one_line_naming_the_file(cli: Cli, text: str, problem: str) -> None:
    (cli.folder / "start.yaml").write_text(text, encoding="utf-8")
    result = cli("new", "game.json", "--position", "start.yaml", code=1)
    assert result.stderr.startswith(f"Error: start.yaml: {problem}")
    assert result.stderr.count("\n") == 1
    assert not (cli.folder / "game.json").exists()


def test_a_missing_position_file(cli: Cli) -> None:
    result = cli("new", "game.json", "--position", "nowhere.yaml", code=1)
    assert result.stderr == "Error: nowhere.yaml: no such position file\n"


def test_the_variant_comes_from_the_option_or_the_file(cli: Cli) -> None:
    (cli.folder / "std.yaml").write_text("variant: standard\nphase: Spring 1901\nunits:\n  France: [A Paris]\n")
    cli("new", "game.json", "--position", "std.yaml")
    assert load_game(cli.folder / "game.json").board.name == "standard"
    result = cli("new", "other.json", "--variant", "sengoku", "--position", "std.yaml", code=1)
    assert result.stderr == "Error: std.yaml: variant: the file is for 'standard', but the board is 'sengoku'\n"


def test_a_fleet_on_a_split_coast_names_its_coast(cli: Cli) -> None:
    board = load_board("standard")
    position = position_from_document(board, {"phase": "Spring 1901", "units": {"Russia": ["F St Petersburg (sc)"]}})
    assert position.units[0].location == "STP/SC"
    with pytest.raises(PositionError, match="a fleet in St Petersburg needs its coast"):
        position_from_document(board, {"phase": "Spring 1901", "units": {"Russia": ["F Stp"]}})


def test_check_position_finds_what_a_hand_edited_game_file_breaks(board: Board, cli: Cli, game: Path) -> None:
    position = load_game(game).state.position
    crowded = position.replace(units=(*position.units, position.units[0]))
    assert check_position(board, crowded) == ["two units in Omi"]
    assert check_position(board, position) == []
