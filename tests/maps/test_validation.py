"""A broken map file is refused whole, with a message naming the file, the province and the problem.

Each file in ``broken/`` is ``tiny.yaml`` spoilt in one place (its first line
says how); the table below is what the loader must say about it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maps import MapFileError, load_board, parse_board

HERE = Path(__file__).parent
TINY = HERE / "tiny.yaml"
BROKEN = HERE / "broken"

# file in broken/ -> (the province the message names, or None for the whole file; the problem)
BROKEN_FILES: dict[str, tuple[str | None, str]] = {
    "edge_to_unknown_province": ("GAM", "army border to unknown province XYZ"),
    "one_way_army_edge": ("GAM", "one-way army border: GAM lists ALP but ALP does not list GAM"),
    "one_way_fleet_edge": ("SEA", "one-way fleet border: SEA lists BET but BET does not list SEA"),
    "fleet_edge_into_land": ("ALP", "fleet border into land province GAM"),
    "army_edge_into_sea": ("GAM", "army border into sea province SEA"),
    "duplicate_id": ("GAM", "the id is used by two provinces"),
    "duplicate_name": ("GAM", "the name or alias 'Beta' is also a name of BET"),
    "duplicate_alias": ("GAM", "the name or alias 'alpha' is also a name of ALP"),
    "duplicate_alias_by_accent": ("GAM", "the name or alias 'B-ĒTA' is also a name of BET"),
    "home_centre_not_supply_centre": ("GAM", "home centre of Red is not a supply centre"),
    "home_centre_of_two_powers": ("ALP", "home centre of both Red and Blue"),
    "start_army_at_sea": ("SEA", "start unit A SEA (Red): an army cannot stand on a sea province"),
    "start_fleet_on_land": ("GAM", "start unit F GAM (Blue): a fleet cannot stand on a land province"),
    "fleet_on_split_coast_without_coast": (
        "BET",
        "start unit F BET (Blue): a fleet here must stand on one of BET/NC, BET/SC",
    ),
    "two_start_units_on_one_province": ("BET", "start unit F BET (Blue): the province already has a unit"),
    "start_unit_on_unknown_province": ("XYZ", "start unit F XYZ (Blue) is on an unknown province"),
    "unknown_field": ("ALP", "colour: Extra inputs are not permitted"),
    "victory_above_centres": (None, "victory needs 3 centres but the board has only 2"),
    "bridge_to_sea": ("ALP", "a bridge joins two coastal provinces; ALP-SEA does not"),
    "split_coasts_on_a_sea": ("SEA", "a sea province has no coasts: a fleet stands on the whole of it"),
    "one_way_bridge": ("ALP", "one-way bridge: ALP lists BET but BET does not list ALP"),
    "unknown_drawing": (None, "drawing: unknown drawing 'kyoto'; the drawings there are sengoku"),
    "power_alias_of_another_power": (None, "power Blue: 'red' is also a name of Red"),
}


def refusal(path: Path | str) -> MapFileError:
    with pytest.raises(MapFileError) as caught:
        load_board(path)
    return caught.value


def test_the_tiny_map_every_broken_file_starts_from_is_valid() -> None:
    assert sorted(load_board(TINY).provinces) == ["ALP", "BET", "GAM", "SEA"]


def test_every_broken_file_has_an_expected_message() -> None:
    on_disk = {path.stem for path in BROKEN.glob("*.yaml")} - {"bad_yaml_syntax"}
    assert on_disk == set(BROKEN_FILES)


@pytest.mark.parametrize(("name", "province", "problem"), [(n, *e) for n, e in BROKEN_FILES.items()], ids=str)
def test_a_broken_file_is_refused_naming_the_file_the_province_and_the_problem(
    name: str, province: str | None, problem: str
) -> None:
    path = BROKEN / f"{name}.yaml"
    where = f"province {province}" if province else "(file)"
    assert str(refusal(path)) == f"{path}: {where}: {problem}"


def test_bad_yaml_syntax_is_refused_with_its_line() -> None:
    path = BROKEN / "bad_yaml_syntax.yaml"
    assert str(refusal(path)).startswith(f"{path}: (file): not valid YAML at line 11, column ")


def test_yaml_nested_deeper_than_the_parser_can_follow_is_a_map_file_error() -> None:
    with pytest.raises(MapFileError, match="nested too deeply"):
        parse_board("[" * 1000)


def test_a_missing_file_is_a_map_file_error() -> None:
    error = refusal(HERE / "no-such-file.yaml")
    assert error.source == str(HERE / "no-such-file.yaml")
    assert "cannot read the file" in error.problem


def test_an_unknown_variant_name_is_a_map_file_error_listing_the_variants() -> None:
    assert refusal("nosuchmap").problem == "no such variant; the variants are sengoku, standard"


def test_a_folder_is_a_map_file_error() -> None:
    assert "cannot read the file" in refusal(HERE).problem


def test_a_file_that_is_not_text_is_a_map_file_error(tmp_path: Path) -> None:
    path = tmp_path / "binary.yaml"
    path.write_bytes(b"\xd0\xff\x00\x81")
    assert "cannot read the file" in refusal(path).problem


@pytest.mark.parametrize("text", ["", "- just a list", "just a string"], ids=["empty", "list", "scalar"])
def test_a_file_that_is_not_a_mapping_is_refused(text: str) -> None:
    with pytest.raises(MapFileError, match=r"^m\.yaml: \(file\): \(top level\): "):
        parse_board(text, "m.yaml")


# Pieces a careless edit might drop into a map file.
_EDIT_PIECES = [
    *["ALP", "XYZ", "BET/NC", "army", "fleet", "coasts", "bridges", "type", "land", "sea", "A ", "F "],
    *["[", "]", "{", "}", ":", ",", "\n", "  - ", "'", "&a", "*a", "-1", "null", "supply_centre: true"],
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_an_edited_map_file_loads_or_is_refused_with_a_map_file_error(data: st.DataObject) -> None:
    text = TINY.read_text(encoding="utf-8")
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        start = data.draw(st.integers(0, len(text)), label="at")
        end = data.draw(st.integers(start, min(len(text), start + 20)), label="to")
        text = text[:start] + data.draw(st.sampled_from(["", *_EDIT_PIECES]), label="piece") + text[end:]
    try:
        board = parse_board(text)
    except MapFileError as error:
        assert error.problem
    else:
        assert board.provinces


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, "- " * 100_000 + "x", "{a: " * 100_000 + "1" + "}" * 100_000],
    ids=["flow sequences", "block sequences", "flow mappings"],
)
def test_yaml_nested_a_hundred_thousand_deep_is_refused_without_crashing(text: str) -> None:
    """libyaml builds nested collections by recursion in C: the nesting is measured first."""
    with pytest.raises(MapFileError, match="nested too deeply"):
        parse_board(text)
