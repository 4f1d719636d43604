"""Each province's own name in Japanese, with its source in the map file: the old provinces in kanji.

The names are data (maps/data/sengoku.yaml), cited in its header; these
tests pin that each old province on the board reads by its kanji alone and
with 国, that the lookup keeps kanji (it dropped every character outside
a-z and 0-9), and that no name is shared.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from maps import Board
from maps.names import normalise

MAP_FILE = Path(__file__).resolve().parents[2] / "maps" / "data" / "sengoku.yaml"

# The 53 old provinces (令制国) the board has, by id: their kanji (Wikipedia, "Provinces of Japan").
KANJI = {
    "AKI": "安芸", "AWA": "阿波", "BIN": "備後", "BIT": "備中", "BIZ": "備前", "BUN": "豊後", "CHZ": "筑前",
    "DEW": "出羽", "ECG": "越後", "ECZ": "越前", "ETC": "越中", "HAR": "播磨", "HID": "飛騨", "HIG": "肥後",
    "HIT": "常陸", "HIZ": "肥前", "HOK": "伯耆", "HYU": "日向", "INA": "因幡", "ISE": "伊勢", "IWA": "石見",
    "IYO": "伊予", "IZM": "出雲", "IZU": "伊豆", "KAG": "加賀", "KAI": "甲斐", "KAW": "河内", "KAZ": "上総",
    "KII": "紀伊", "KOZ": "上野", "MIK": "三河", "MIN": "美濃", "MUS": "武蔵", "MUT": "陸奥", "NAG": "長門",
    "NOT": "能登", "OMI": "近江", "OSU": "大隅", "OWA": "尾張", "SAG": "相模", "SAN": "讃岐", "SAT": "薩摩",
    "SET": "摂津", "SHM": "志摩", "SHS": "下総", "SHT": "下野", "SUO": "周防", "SUR": "駿河", "TAN": "丹後",
    "TOS": "土佐", "TOT": "遠江", "YAS": "山城", "YAT": "大和",
}  # fmt: skip


@pytest.mark.parametrize("province", sorted(KANJI))
def test_each_old_province_reads_by_its_kanji_alone_and_with_koku(sengoku: Board, province: str) -> None:
    for word in (KANJI[province], KANJI[province] + "国"):
        found = sengoku.names.lookup(word).province
        assert found is not None and found.id == province, word


def test_every_land_province_but_the_halves_of_shinano_is_an_old_province(sengoku: Board) -> None:
    land = {key for key, province in sengoku.provinces.items() if not province.is_sea}
    assert land - set(KANJI) == {"NSH", "SSH"}


def test_the_map_file_says_where_the_names_come_from() -> None:
    header = MAP_FILE.read_text(encoding="utf-8").split("\nformat:")[0]
    assert "en.wikipedia.org/wiki/Provinces_of_Japan" in header and "令制国一覧" in header


def test_kanji_and_kana_are_kept_by_the_lookup_key() -> None:
    assert normalise("石見国") == "石見国" and normalise("Ｔōtōmi Sea") == "totomisea"
    assert normalise("とおとうみ") == "とおとうみ"


@pytest.mark.parametrize(
    ("word", "power"),
    [("上杉", "Uesugi"), ("武田家", "Takeda"), ("アサクラ", "Asakura"), ("ほうじょう", "Hojo"), ("北條", "Hojo"),
     ("長宗我部", "Chosokabe"), ("Hōjō", "Hojo"), ("しまづ", "Shimazu"), ("毛利", "Mori"), ("おだ", "Oda")],
)  # fmt: skip
def test_each_clan_reads_by_its_name_in_kanji_and_kana(sengoku: Board, word: str, power: str) -> None:
    setup = next(p for p in sengoku.powers if p.name == power)
    assert word in setup.aliases


@pytest.mark.parametrize(
    ("word", "sea"),
    [("北日本海", "NSJ"), ("南日本海", "SSJ"), ("北太平洋", "NPO"), ("南太平洋", "SPO"), ("有明湾", "ARB"),
     ("石見沖", "IWC")],
)  # fmt: skip
def test_the_seas_named_for_a_direction_read_by_the_words_players_write(sengoku: Board, word: str, sea: str) -> None:
    found = sengoku.names.lookup(word).province
    assert found is not None and found.id == sea
