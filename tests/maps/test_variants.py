"""A variant is one piece of data: found by its name or by its path, never both, and it names its rules.

A word with no folder in it and no ``.yaml`` ending is a variant's name, looked up
among the shipped variants and those installed packages declare (entry points
``sengoku.variants``); anything else is a map file's path. The map file says
which rules it plays (``rules: sengoku-6dp`` or ``standard``), so a Sengoku map
saved under another name still plays Sengoku.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.game import Game
from maps import MapFileError, is_map_path, known_variants, load_board, parse_board
from maps import loader as loader_module
from maps.rules import RULE_SETS, SENGOKU, STANDARD

SHIPPED = Path(loader_module.__file__).with_name("data")


def sengoku_text(**replace: str) -> str:
    """The shipped Sengoku map file, with some top-level lines (``name: ...``) replaced."""
    lines = (SHIPPED / "sengoku.yaml").read_text(encoding="utf-8").splitlines()
    for key, value in replace.items():
        (i,) = [n for n, line in enumerate(lines) if line.startswith(f"{key}:")]
        lines[i] = f"{key}: {value}"
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("given", "path"),
    [
        ("sengoku", False),
        ("kyoto-house", False),
        ("sengoku.yaml", True),
        ("maps/kyoto.yml", True),
        ("./sengoku", True),
        ("/srv/maps/sengoku", True),
        (Path("sengoku"), True),  # a Path is a path
    ],
)
def test_a_name_has_no_folder_and_no_yaml_ending(given: str | Path, path: bool) -> None:
    assert is_map_path(given) is path


@pytest.mark.parametrize("kind", ["folder", "file"])
def test_a_folder_or_file_named_like_a_variant_is_not_read_for_it(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    if kind == "folder":
        (tmp_path / "sengoku").mkdir()
    else:
        (tmp_path / "sengoku").write_text("not a map", encoding="utf-8")
    board = load_board("sengoku")
    assert board.title == "Sengoku Jidai (6DP)" and board.rules is SENGOKU
    with pytest.raises(MapFileError, match="cannot read the file" if kind == "folder" else "top level"):
        load_board("./sengoku")  # as a path, it is the folder or the file


def test_each_shipped_map_names_its_rules() -> None:
    assert load_board("sengoku").rules is SENGOKU and load_board("standard").rules is STANDARD


def test_a_renamed_sengoku_map_still_plays_sengoku(tmp_path: Path) -> None:
    """The map file, not its name, decides the rules: DP, chaos builds and neutral rebuilds come along."""
    path = tmp_path / "kyoto-house.yaml"
    path.write_text(sengoku_text(name="kyoto-house"), encoding="utf-8")
    board = load_board(str(path))
    assert board.name == "kyoto-house" and board.rules is SENGOKU
    game = Game.new(board)
    assert game.rules is SENGOKU and game.dp("Oda") == 2


def test_each_shipped_map_names_its_drawing_or_none() -> None:
    """The picture is chosen by the map file too: Sengoku on Japan's real coast, the standard map a schematic."""
    assert load_board("sengoku").drawing == "sengoku" and load_board("standard").drawing is None


def test_a_renamed_sengoku_map_keeps_its_drawing() -> None:
    assert parse_board(sengoku_text(name="kyoto-house"), "kyoto-house.yaml").drawing == "sengoku"


def test_an_unknown_drawing_is_one_line_naming_the_drawings_there_are() -> None:
    with pytest.raises(MapFileError) as refused:
        parse_board(sengoku_text(drawing="kyoto"), "kyoto.yaml")
    assert str(refused.value) == "kyoto.yaml: (file): drawing: unknown drawing 'kyoto'; the drawings there are sengoku"


def test_a_drawing_is_a_name_never_a_path() -> None:
    """A map file from anywhere names a shipped drawing; it cannot make the loader read another file."""
    with pytest.raises(MapFileError, match=r"drawing: String should match pattern"):
        parse_board(sengoku_text(drawing="../../drawing/sengoku"), "kyoto.yaml")


def test_a_drawing_made_for_other_provinces_is_refused_when_the_map_loads() -> None:
    """The standard map on Japan's coast would have no land to share: one line, not a failure when drawn."""
    text = (
        (SHIPPED / "standard.yaml")
        .read_text(encoding="utf-8")
        .replace("\nrules: standard\n", "\nrules: standard\ndrawing: sengoku\n")
    )
    with pytest.raises(MapFileError) as refused:
        parse_board(text, "europe.yaml")
    assert str(refused.value) == (
        "europe.yaml: (file): drawing: 'sengoku' does not fit this map: "
        "its seeds name provinces this map does not have (AKI, AWA, BUN, BUS, DEW and 32 more)"
    )


def test_a_province_placed_off_the_drawings_coast_is_refused_when_the_map_loads() -> None:
    text = sengoku_text().replace("at: [35.15, 136.9]", "at: [48.85, 2.35]")  # Owari moved to Paris
    assert "at: [48.85, 2.35]" in text
    with pytest.raises(MapFileError, match=r"drawing: 'sengoku' does not fit this map: OWA lies off its coastline"):
        parse_board(text, "moved.yaml")


def test_a_sengoku_map_told_to_play_standard_rules_does(tmp_path: Path) -> None:
    board = parse_board(sengoku_text(name="plain", rules="standard"), "plain.yaml")
    assert board.rules is STANDARD and Game.new(board).dp("Oda") == 0


def test_unknown_rules_are_one_line_naming_the_rules_there_are() -> None:
    with pytest.raises(MapFileError) as refused:
        parse_board(sengoku_text(rules="sengoku-7dp"), "kyoto.yaml")
    assert str(refused.value) == (
        "kyoto.yaml: (file): rules: unknown rules 'sengoku-7dp'; the rules there are sengoku-6dp, standard"
    )
    assert sorted(RULE_SETS) == ["sengoku-6dp", "standard"]


def test_a_map_file_without_rules_says_what_to_write() -> None:
    text = "\n".join(line for line in sengoku_text().splitlines() if not line.startswith("rules:"))
    with pytest.raises(MapFileError) as refused:
        parse_board(text, "old.yaml")
    assert str(refused.value) == (
        "old.yaml: (file): rules: missing; name the rules this map plays: sengoku-6dp or standard"
    )


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package on the path that declares a variant, as `pip install kyoto-maps` would leave it."""
    package = tmp_path / "kyoto_maps"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "kyoto-house.yaml").write_text(sengoku_text(name="kyoto-house", title="Kyoto House"), encoding="utf-8")
    (package / "misnamed.yaml").write_text(sengoku_text(name="something-else"), encoding="utf-8")
    info = tmp_path / "kyoto_maps-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: kyoto-maps\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[sengoku.variants]\nkyoto-house = kyoto_maps\nmisnamed = kyoto_maps\nbroken = no_such_package\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    for cached in (loader_module._installed, loader_module._named):
        cached.cache_clear()
    yield package
    monkeypatch.undo()
    for cached in (loader_module._installed, loader_module._named):
        cached.cache_clear()
    sys.modules.pop("kyoto_maps", None)


def test_an_installed_variant_is_found_by_its_name(installed: Path) -> None:
    board = load_board("kyoto-house")
    assert board.title == "Kyoto House" and board.rules is SENGOKU
    assert {"kyoto-house", "sengoku", "standard"} <= set(known_variants())
    with pytest.raises(MapFileError, match=r"no such variant; the variants are broken, kyoto-house, misnamed, sengoku"):
        load_board("kyoto")


def test_an_installed_variant_must_bear_its_name(installed: Path) -> None:
    with pytest.raises(MapFileError, match=r"name: 'something-else', but the variant is named 'misnamed'"):
        load_board("misnamed")
    with pytest.raises(MapFileError, match=r"^broken: \(file\): cannot read it from 'no_such_package'"):
        load_board("broken")
