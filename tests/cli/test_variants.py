"""The issue's two repros, as a GM meets them: a folder named like the variant, and a renamed Sengoku map.

A variant given by name is never read from the working folder (``mkdir sengoku
&& sengoku new g.json`` used to fail with "Is a directory"), and a map file's
rules come from its ``rules:`` line, not its name (a Sengoku map saved as
``kyoto-house`` used to play without DP, chaos builds or neutral rebuilds).
"""

from __future__ import annotations

from pathlib import Path

from maps import loader
from tests.cli.conftest import Cli

SENGOKU_FILE = Path(loader.__file__).with_name("data") / "sengoku.yaml"


def test_a_folder_named_sengoku_beside_the_game_changes_nothing(cli: Cli) -> None:
    (cli.folder / "sengoku").mkdir()
    assert cli("new", "g.json").stdout.startswith("g.json: new Sengoku Jidai (6DP) game at Spring 1570 movement.")
    assert "Oda" in cli("status", "g.json").stdout
    cli("orders", "g.json", input="Oda:\nA Owari - Ise\n")
    assert "A Owari - Ise: moved" in cli("adjudicate", "g.json", "--yes").stdout


def test_a_sengoku_map_saved_under_another_name_plays_sengoku(cli: Cli) -> None:
    text = SENGOKU_FILE.read_text(encoding="utf-8").replace("\nname: sengoku\n", "\nname: kyoto-house\n")
    (cli.folder / "kyoto-house.yaml").write_text(text, encoding="utf-8")
    cli("new", "g.json", "--variant", "kyoto-house.yaml")
    assert "Oda        2  2 DP  Mikawa, Owari" in cli("status", "g.json").stdout
    shown = cli("orders", "g.json", input="Oda:\n2 : A Yamashiro H\n").stdout
    assert "ok      line 2: Oda: 2 : A Yamashiro H" in shown
    post = cli("adjudicate", "g.json", "--yes").stdout
    assert "Yamashiro: A Yamashiro H carried out (2 DP from Oda)" in post


def test_a_variant_name_that_is_no_variant_lists_the_variants(cli: Cli) -> None:
    (cli.folder / "kyoto").mkdir()  # a folder of that name is not a map either way
    result = cli("new", "g.json", "--variant", "kyoto", code=1)
    assert result.output.strip().endswith("kyoto: (file): no such variant; the variants are sengoku, standard")
