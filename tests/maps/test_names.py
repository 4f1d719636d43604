"""Name lookup: a player's word resolves to one province, or to a list to choose from.

The 6DP rules warn that Sengoku abbreviations are treacherous (Echigo/Echizen,
Izumo/Izu, Yamashiro/Yamato, Tosa/Tosa Bay), so a lookup never guesses.
"""

from __future__ import annotations

import pytest

from maps import Board, normalise

# (word, province id): every spelling a player or a judge might use.
SENGOKU_WORDS = [
    # ids, which are the DPjudge codes
    ("KAI", "KAI"),
    ("ECG", "ECG"),
    ("ECZ", "ECZ"),
    ("TSB", "TSB"),
    ("izm", "IZM"),
    ("ssh", "SSH"),
    # full names
    ("Suruga", "SUR"),
    ("South Shinano", "SSH"),
    ("Sea of Japan", "SOJ"),
    ("North Pacific Ocean", "NPO"),
    # godip codes, kept as aliases
    ("toa", "TOS"),
    ("sau", "SAN"),
    ("sos", "SSH"),
    ("tob", "TSB"),
    ("chi", "CHZ"),
    ("bug", "BUN"),
    ("kum", "KUS"),
    ("toj", "TYB"),
    ("iwm", "IWA"),
    ("saa", "SAG"),
    # other spellings
    ("Kyoto", "YAS"),
    ("Bicchu", "BIT"),
    ("Hyuuga", "HYU"),
    ("Totoumi Sea", "TTS"),
    ("Kii Channel", "KIS"),
    # case, punctuation and macrons do not matter
    ("Tōtōmi", "TOT"),
    ("TOTOMI", "TOT"),
    ("to-to-mi", "TOT"),
    ("Tōtōmi Sea", "TTS"),
    ("totomisea", "TTS"),
    ("  sOuTh   sHiNaNo ", "SSH"),
    ("S. Shinano", "SSH"),
    ("Kōzuke", "KOZ"),
    # an unambiguous prefix
    ("Echig", "ECG"),
    ("Echiz", "ECZ"),
    ("Yamash", "YAS"),
    ("Yamat", "YAT"),
    ("Suru", "SUR"),
    ("Izum", "IZM"),
    ("Shimot", "SHT"),
    ("Tsugaru Str", "TGS"),
    # an exact word beats a longer name it is the start of
    ("Izu", "IZU"),
    ("Tosa", "TOS"),
    ("Sagami", "SAG"),
    ("Totomi", "TOT"),
    ("Iwami", "IWA"),
    ("Hyuga", "HYU"),
]


@pytest.mark.parametrize(("word", "province"), SENGOKU_WORDS, ids=[w for w, _ in SENGOKU_WORDS])
def test_a_word_names_one_sengoku_province(sengoku: Board, word: str, province: str) -> None:
    lookup = sengoku.names.lookup(word)
    assert lookup.province is not None and lookup.province.id == province
    assert lookup.problem == ""


@pytest.mark.parametrize(
    ("word", "longer", "expected"),
    [("Izu", "Izumo", "IZM"), ("Tosa", "Tosa Bay", "TSB"), ("Sagami", "Sagami Bay", "SAB")],
)
def test_the_longer_name_is_still_reached_in_full(sengoku: Board, word: str, longer: str, expected: str) -> None:
    assert sengoku.names.lookup(word).province != sengoku.names.lookup(longer).province
    assert sengoku.names.lookup(longer).province == sengoku.provinces[expected]


# (word, the provinces it could mean)
AMBIGUOUS = [
    ("echi", ["Echigo", "Echizen"]),
    ("yam", ["Yamashiro", "Yamato"]),
    ("shi", ["Shima", "Shimosa", "Shimotsuke"]),
    ("tsu", ["Tsugaru Straits", "Tsushima Straits"]),
    ("north", ["North Pacific Ocean", "North Sea of Japan", "North Shinano"]),
    ("ECH", ["Echigo", "Echizen"]),
]


@pytest.mark.parametrize(("word", "names"), AMBIGUOUS, ids=[w for w, _ in AMBIGUOUS])
def test_an_ambiguous_word_is_refused_listing_the_candidates(sengoku: Board, word: str, names: list[str]) -> None:
    lookup = sengoku.names.lookup(word)
    assert not lookup.found
    assert [p.name for p in lookup.candidates] == names
    assert lookup.problem.startswith(f"'{word}' is ambiguous: it could be ")
    assert all(f"{p.name} ({p.id})" in lookup.problem for p in lookup.candidates)


def test_the_ambiguous_message_names_each_candidate_with_its_id(sengoku: Board) -> None:
    assert sengoku.names.lookup("echi").problem == "'echi' is ambiguous: it could be Echigo (ECG), Echizen (ECZ)"


# (misspelt word, a province the suggestions must include)
MISSPELT = [("Surugaa", "SUR"), ("Owarri", "OWA"), ("Echigoo", "ECG"), ("Shinan", "NSH"), ("Tottomi", "TOT")]


@pytest.mark.parametrize(("word", "meant"), MISSPELT, ids=[w for w, _ in MISSPELT])
def test_an_unknown_word_is_refused_suggesting_the_closest_names(sengoku: Board, word: str, meant: str) -> None:
    lookup = sengoku.names.lookup(word)
    assert not lookup.found and not lookup.candidates
    assert meant in [p.id for p in lookup.suggestions]
    assert lookup.problem.startswith(f"unknown province '{word}'; did you mean ")


def test_a_word_like_nothing_on_the_board_is_unknown_without_suggestions(sengoku: Board) -> None:
    lookup = sengoku.names.lookup("xyzzy")
    assert (lookup.province, lookup.candidates, lookup.suggestions) == (None, (), ())
    assert lookup.problem == "unknown province 'xyzzy'"


@pytest.mark.parametrize("word", ["", "  ", "-", "?!"])
def test_a_word_without_letters_is_unknown(sengoku: Board, word: str) -> None:
    assert not sengoku.names.lookup(word).found


def test_withheld_godip_codes_are_not_aliases(sengoku: Board) -> None:
    """godip's 'shi' (Shima) and 'tsu' (Tsugaru) start several names, so they must stay ambiguous."""
    assert not sengoku.names.is_exact("shi")
    assert not sengoku.names.is_exact("tsu")


def test_matches_lists_every_province_a_word_could_start(sengoku: Board) -> None:
    assert [p.id for p in sengoku.names.matches("shinano")] == ["NSH", "SSH"]
    assert [p.id for p in sengoku.names.matches("izu")] == ["IZU", "IZM"]


@pytest.mark.parametrize(
    ("word", "key"),
    [("Tōtōmi Sea", "totomisea"), ("St. Petersburg", "stpetersburg"), ("TO-TO-MI", "totomi"), ("Kōzuke", "kozuke")],
)
def test_normalise_drops_case_accents_spaces_and_punctuation(word: str, key: str) -> None:
    assert normalise(word) == key


# --- Standard ------------------------------------------------------------------------

STANDARD_WORDS = [
    ("stp", "STP"),
    ("St Petersburg", "STP"),
    ("st. petersburg", "STP"),
    ("gol", "LYO"),
    ("lyo", "LYO"),
    ("Gulf of Lyon", "LYO"),
    ("mid", "MAO"),
    ("mao", "MAO"),
    ("Mid-Atlantic Ocean", "MAO"),
    ("nat", "NAO"),
    ("nao", "NAO"),
    ("North Atlantic Ocean", "NAO"),
    ("nth", "NTH"),
    ("Norway", "NWY"),
    ("nwy", "NWY"),
    ("Spain", "SPA"),
]


@pytest.mark.parametrize(("word", "province"), STANDARD_WORDS, ids=[w for w, _ in STANDARD_WORDS])
def test_a_word_names_one_standard_province(standard: Board, word: str, province: str) -> None:
    lookup = standard.names.lookup(word)
    assert lookup.province is not None and lookup.province.id == province


def test_a_province_is_known_by_every_word_it_lists(standard: Board, sengoku: Board) -> None:
    for board in (standard, sengoku):
        for province in board:
            for word in (province.id, province.name, *province.aliases):
                assert board.names.lookup(word).province is province, word
