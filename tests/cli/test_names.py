"""``sengoku names``: the table of names a GM checks an abbreviation against."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cli import main

BROKEN_MAP = str(Path(__file__).parents[1] / "maps" / "broken" / "one_way_bridge.yaml")


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["names", *args])


def table_ids(output: str) -> list[str]:
    """The ids in the first column of the table rows (the heading row starts with 'ID')."""
    return [i for i in re.findall(r"^([A-Z][A-Z0-9]{1,5}) ", output, flags=re.MULTILINE) if i != "ID"]


def test_an_ambiguous_word_lists_each_candidate_with_its_id() -> None:
    result = run("echi", "--variant", "sengoku")
    assert result.exit_code == 0
    assert "'echi' is ambiguous: it could be Echigo (ECG), Echizen (ECZ)" in result.output
    assert table_ids(result.output) == ["ECG", "ECZ"]


def test_without_a_word_every_province_is_listed() -> None:
    result = run()
    assert result.exit_code == 0
    assert len(table_ids(result.output)) == 81
    assert "(81 provinces of Sengoku Jidai (6DP))" in result.output


def test_a_row_shows_the_home_power_and_the_other_names() -> None:
    row = next(line for line in run().output.splitlines() if line.startswith("TOS "))
    assert row.split() == ["TOS", "Tosa", "coast", "Chosokabe", "toa,", "土佐,", "土佐国"]


def test_a_word_on_the_standard_board_is_resolved() -> None:
    result = run("stp", "--variant", "standard")
    assert result.exit_code == 0
    assert "'stp' means St Petersburg (STP)." in result.output
    assert table_ids(result.output) == ["STP"]


def test_an_exact_word_also_shows_the_longer_names_it_starts() -> None:
    result = run("izu")
    assert "'izu' means Izu (IZU)." in result.output
    assert "It is also the start of: Izumo (IZM)" in result.output


def test_an_unknown_word_exits_1_with_suggestions() -> None:
    result = run("Surugaa")
    assert result.exit_code == 1
    assert "unknown province 'Surugaa'; did you mean Suruga (SUR)" in result.output
    assert "SUR" in table_ids(result.output)


@pytest.mark.parametrize("variant", ["nosuchmap", BROKEN_MAP], ids=["unknown name", "broken file"])
def test_a_bad_variant_is_a_one_line_error_without_traceback(variant: str) -> None:
    result = run("kai", "--variant", variant)
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and variant in errors[0]
