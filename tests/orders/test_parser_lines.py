"""One line at a time: what the parser makes of real-looking order lines.

Each accepted line is pinned by its canonical text with ids (``order_text``
without a board); each refused line by a fragment of the reason given.
"""

from __future__ import annotations

import pytest

from maps import Board, PhaseType
from orders import Ignored, LineVerdict, VerdictKind, order_text, parse_order, parse_orders


def verdict(line: str, board: Board, phase: PhaseType | None = None) -> LineVerdict:
    verdicts = parse_orders(line, board, phase=phase).verdicts
    assert len(verdicts) == 1
    return verdicts[0]


def canonical(line: str, board: Board, phase: PhaseType | None = None) -> str:
    found = verdict(line, board, phase)
    assert found.order is not None, found.describe()
    return order_text(found.order)


def problem(line: str, board: Board, phase: PhaseType | None = None) -> str:
    """Why the parser refuses a line on its own (in a paste, a line like no order at all is chatter instead)."""
    found = parse_order(line, board, phase=phase)
    assert isinstance(found, LineVerdict) and found.kind is VerdictKind.ERROR and found.problem, found
    return found.problem


# (line as a player writes it, the order it means)
SENGOKU_ORDERS = [
    # moves, in the judge convention and its everyday variants
    ("A Kai - Sur", "A KAI - SUR"),
    ("A kai -> suruga", "A KAI - SUR"),
    ("Army Kai moves to Suruga", "A KAI - SUR"),
    ("A Kai Moves To Suruga", "A KAI - SUR"),
    ("A Kai to Suruga", "A KAI - SUR"),
    ("A Kai attacks Suruga", "A KAI - SUR"),
    ("a kai m sur", "A KAI - SUR"),
    ("A Kai → Suruga", "A KAI - SUR"),
    ("A Kai – Suruga", "A KAI - SUR"),
    ("A Kai => Suruga", "A KAI - SUR"),
    ("A Kai --> Suruga", "A KAI - SUR"),
    ("A Kai -- Suruga", "A KAI - SUR"),
    ("Army Kai -> Suruga.", "A KAI - SUR"),
    ("A KAI-SUR", "A KAI - SUR"),
    # a missing unit letter is no error (DATC 4.C.1)
    ("Kai - Suruga", "KAI - SUR"),
    ("Owari H", "OWA H"),
    # orders written as sentences: a verb first, a hold before its unit, a note after the order
    ("Move Mikawa to Totomi Sea", "MIK - TTS"),
    ("Please move Owari into Mino", "OWA - MIN"),
    ("Hold Owari.", "OWA H"),
    ("Owari: hold", "OWA H"),
    ("Mikawa fleet holds", "F MIK H"),
    ("Kai army to Suruga", "A KAI - SUR"),
    ("A Owari - Mino  (main attack)", "A OWA - MIN"),
    ("a) A Owari - Mino", "A OWA - MIN"),
    # holds
    ("A Owari H", "A OWA H"),
    ("A Owari Hold", "A OWA H"),
    ("A Owari holds", "A OWA H"),
    ("Army Owari stands", "A OWA H"),
    ("A Owari", "A OWA H"),
    # supports
    ("F Mikawa S A Owari - Mino", "F MIK S A OWA - MIN"),
    ("F mik supports A owa to min", "F MIK S A OWA - MIN"),
    ("F Mikawa supports Army Owari moves to Mino", "F MIK S A OWA - MIN"),
    ("F Mik S A Owa-Min", "F MIK S A OWA - MIN"),
    ("F Ise S A Owari", "F ISE S A OWA"),
    ("F Ise S A Owari H", "F ISE S A OWA"),
    ("F Ise S A Owari holds", "F ISE S A OWA"),
    ("A Sagami supports Izu", "A SAG S IZU"),
    # convoys
    ("F Ise C A Owari - Shima", "F ISE C A OWA - SHM"),
    ("F Ise convoys A Owari to Shima", "F ISE C A OWA - SHM"),
    ("F Ise C Owari - Shima", "F ISE C OWA - SHM"),
    ("A Owari - Shima via convoy", "A OWA - SHM via convoy"),
    ("A Owari - Shima by convoy", "A OWA - SHM via convoy"),
    ("A Owari - Totomi Sea - Shima", "A OWA - SHM"),
    # DPjudge codes (the ids)
    ("A ECG - ETC", "A ECG - ETC"),
    ("F ECZ - WAB", "F ECZ - WAB"),
    ("F TSB - KIS", "F TSB - KIS"),
    ("A YAS S A YAT", "A YAS S A YAT"),
    # godip codes
    ("F toa - tob", "F TOS - TSB"),
    ("A sos - kai", "A SSH - KAI"),
    ("A sau - iyo", "A SAN - IYO"),
    ("F kum - kis", "F KUS - KIS"),
    ("A iwm - aki", "A IWA - AKI"),
    ("F toj - ecg", "F TYB - ECG"),
    # full names, other spellings, prefixes
    ("F Tōtōmi Sea - Sagami Bay", "F TTS - SAB"),
    ("A to-to-mi - mikawa", "A TOT - MIK"),
    ("A S Shinano - Kai", "A SSH - KAI"),
    ("A South Shinano - North Shinano", "A SSH - NSH"),
    ("A Echig - Dewa", "A ECG - DEW"),
    ("F Izu - Sagami Bay", "F IZU - SAB"),
    ("F Izumo - Iwami Coast", "F IZM - IWC"),
    ("F Tosa - Tosa Bay", "F TOS - TSB"),
    ("A Kyoto - Omi", "A YAS - OMI"),
    # adjustments, whatever the phase
    ("Build A Kai", "Build A KAI"),
    ("build army kai", "Build A KAI"),
    ("Build F Mikawa", "Build F MIK"),
    ("B F Mikawa", "Build F MIK"),
    ("Build Kai", "Build KAI"),
    ("Remove F Iyo", "Remove F IYO"),
    ("remove fleet iyo", "Remove F IYO"),
    ("Waive", "Waive"),
    ("waive", "Waive"),
    ("Build waived", "Waive"),
    ("waive 1 build", "Waive"),
    # retreats and disbands said in so many words
    ("A Kai R Suruga", "A KAI R SUR"),
    ("F Iyo retreats to Awa", "F IYO R AWA"),
    ("F Iyo disband", "F IYO disband"),
    ("Disband F Iyo", "F IYO disband"),
    ("A Mino D", "A MIN disband"),
    # DP orders for neutral units
    ("2 : A Bizen S A Harima - Tango", "2 : A BIZ S A HAR - TAN"),
    ("DP 2 A Bizen H", "2 : A BIZ H"),
    ("2DP: A Mino S A Owari", "2 : A MIN S A OWA"),
    ("1 : A Mino H", "1 : A MIN H"),
    ("2 DP A Mino H", "2 : A MIN H"),
    ("2 points: A Mino S A Owari - Ise", "2 : A MIN S A OWA - ISE"),
    ("1 pt : A Yamashiro S A Omi", "1 : A YAS S A OMI"),
    # comments after the order
    # Sengoku has no split coasts: a coast written anyway is ignored (DATC 4.B.6)
    ("F Mikawa (nc) - Owari", "F MIK - OWA"),
    ("F Iyo - Tosa (south coast)", "F IYO - TOS"),
    ("A Owari H # hold the line", "A OWA H"),
    ("A Owari - Mino // go west", "A OWA - MIN"),
    # list numbers and bullets in a post are not part of the order
    ("1. A Owari H", "A OWA H"),
    ("2) A Kai - Suruga", "A KAI - SUR"),
    ("- A Kai - Suruga", "A KAI - SUR"),
    ("* F Iyo H", "F IYO H"),
    ("3. 2 : A Bizen H", "2 : A BIZ H"),
]


@pytest.mark.parametrize(("line", "expected"), SENGOKU_ORDERS, ids=[line for line, _ in SENGOKU_ORDERS])
def test_a_sengoku_line_is_read_as_its_order(sengoku: Board, line: str, expected: str) -> None:
    assert canonical(line, sengoku) == expected


STANDARD_ORDERS = [
    # coasts, in every spelling
    ("F StP/sc H", "F STP (sc) H"),
    ("F Spa (N.C.) - MAO", "F SPA (nc) - MAO"),
    ("F StP/SC - Bot", "F STP (sc) - BOT"),
    ("F stp sc - bot", "F STP (sc) - BOT"),
    ("F Spa (nc) H", "F SPA (nc) H"),
    ("F spa(sc) S F mao", "F SPA (sc) S F MAO"),
    ("F spa/north coast H", "F SPA (nc) H"),
    ("F mao - spa nc", "F MAO - SPA (nc)"),
    ("F mid - spa/sc", "F MAO - SPA (sc)"),
    ("F Mid-Atlantic Ocean - Spain (south coast)", "F MAO - SPA (sc)"),
    ("F St Petersburg (north coast) - Norway", "F STP (nc) - NWY"),
    ("F St. Petersburg (south coast) - Bot", "F STP (sc) - BOT"),
    ("F Bul/ec - Bla", "F BUL (ec) - BLA"),
    ("F Bul (east coast) - Bla", "F BUL (ec) - BLA"),
    ("F Bul/e - Bla", "F BUL (ec) - BLA"),
    ("F stp/NC-nwy", "F STP (nc) - NWY"),
    ("Build F StP/nc", "Build F STP (nc)"),
    ("Build F St Petersburg (nc)", "Build F STP (nc)"),
    # a coast left out stays out: whether the move is legal is the adjudicator's question
    ("F mao - spa", "F MAO - SPA"),
    # a needless or unknown coast is ignored (DATC 4.B.6); the adjudicator judges the order without it
    ("A Par - Bur/nc", "A PAR - BUR"),
    ("F Lon - Nth (sc)", "F LON - NTH"),
    ("F StP/xx H", "F STP H"),
    # a written convoy path only names the destination (DATC 4.A.6)
    ("A Lon - Nth - Bel", "A LON - BEL"),
    ("A Lon - Nth - Bel via convoy", "A LON - BEL via convoy"),
    ("F Nth C A Lon - Bel", "F NTH C A LON - BEL"),
    # the aliases of the public judges
    ("F lyo - wes", "F LYO - WES"),
    ("F gol - wes", "F LYO - WES"),
    ("F nat - nwg", "F NAO - NWG"),
    ("F nao - nwg", "F NAO - NWG"),
    ("F Nth S A Lon H", "F NTH S A LON"),
    ("A Mun S A Bur - Mar", "A MUN S A BUR - MAR"),
    ("F Aeg C A Smy - Con", "F AEG C A SMY - CON"),
    ("A Con - Bul", "A CON - BUL"),
    ("Remove A Mos", "Remove A MOS"),
]


@pytest.mark.parametrize(("line", "expected"), STANDARD_ORDERS, ids=[line for line, _ in STANDARD_ORDERS])
def test_a_standard_line_is_read_as_its_order(standard: Board, line: str, expected: str) -> None:
    assert canonical(line, standard) == expected


# (phase, line, order): the same words mean different orders in different phases.
PHASE_ORDERS = [
    (PhaseType.MOVEMENT, "A Kai - Suruga", "A KAI - SUR"),
    (PhaseType.RETREATS, "A Kai - Suruga", "A KAI R SUR"),
    (PhaseType.RETREATS, "F Iyo -> Awa", "F IYO R AWA"),
    (PhaseType.RETREATS, "A Kai disband", "A KAI disband"),
    (PhaseType.RETREATS, "Disband A Kai", "A KAI disband"),
    (PhaseType.ADJUSTMENTS, "Disband F Iyo", "Remove F IYO"),
    (PhaseType.ADJUSTMENTS, "F Iyo disband", "Remove F IYO"),
    (PhaseType.ADJUSTMENTS, "A Mino D", "Remove A MIN"),
    (PhaseType.ADJUSTMENTS, "R F Iyo", "Remove F IYO"),
    (PhaseType.ADJUSTMENTS, "Build A Kai", "Build A KAI"),
]


@pytest.mark.parametrize(
    ("phase", "line", "expected"), PHASE_ORDERS, ids=[f"{p}: {text}" for p, text, _ in PHASE_ORDERS]
)
def test_the_phase_settles_what_a_line_means(sengoku: Board, phase: PhaseType, line: str, expected: str) -> None:
    assert canonical(line, sengoku, phase) == expected


# (line, a fragment of the reason it is refused)
SENGOKU_REFUSED = [
    # a bare number is not a DP order: it could be a list number gone wrong
    ("2 A Bizen H", "a DP order is written with a colon or 'DP'"),
    # prose
    ("Hi all, here are my orders", "not an order"),
    ("Thanks!", "not an order"),
    ("Please confirm receipt", "not an order"),
    # names that are not clear
    ("A Echi H", "'Echi' is ambiguous: it could be Echigo (ECG), Echizen (ECZ)"),
    ("A Yam - Omi", "'Yam' is ambiguous: it could be Yamashiro (YAS), Yamato (YAT)"),
    ("F shi - Ise", "'shi' is ambiguous: it could be Shima (SHM), Shimosa (SHS), Shimotsuke (SHT)"),
    ("F Ise - tsu", "'tsu' is ambiguous"),
    ("A Xyzzy - Kai", "unknown province 'Xyzzy'"),
    ("A Surugaa - Kai", "unknown province 'Surugaa'; did you mean Suruga (SUR)"),
    ("A Kai Suruga", "(a '-' missing? 'Kai - Suruga')"),
    ("A Kai - Suruga please", "unknown province 'Suruga please'"),
    # orders that stop short or run on
    ("A Kai -", "a province is missing at the end"),
    ("A Kai S", "a province is missing at the end"),
    ("A", "a province is missing at the end"),
    ("Build", "a province is missing at the end"),
    ("A - Kai", "a province is missing before '-'"),
    ("A Kai - - Suruga", "a province is missing before '-'"),
    ("A Kai H H", "unexpected words after the order: 'H'"),
    ("F Ise C A Owari", "a convoy names where the army goes"),
    ("A Owari - Shima via", "expected 'convoy' after 'via'"),
    # DP orders buy only holds and supports, with at least one point
    ("2 : A Bizen - Harima", "a DP order can only make a neutral unit hold or support"),
    ("1 : F Iyo C A Bizen - Sanuki", "a DP order can only make a neutral unit hold or support"),
    ("0 : A Mino H", "a DP order needs at least 1 point"),
    ("DP 0 A Mino H", "a DP order needs at least 1 point"),
]


@pytest.mark.parametrize(("line", "fragment"), SENGOKU_REFUSED, ids=[line for line, _ in SENGOKU_REFUSED])
def test_a_sengoku_line_that_is_no_order_is_refused_with_the_reason(sengoku: Board, line: str, fragment: str) -> None:
    assert fragment in problem(line, sengoku)


def test_a_retreat_cannot_go_by_convoy(sengoku: Board) -> None:
    assert problem("F Iyo - Awa via convoy", sengoku, PhaseType.RETREATS) == "a retreat cannot go by convoy"


def test_an_ambiguous_name_offers_its_candidates(sengoku: Board) -> None:
    assert verdict("A Echi H", sengoku).suggestions == ("Echigo (ECG)", "Echizen (ECZ)")
    assert verdict("F shi - Ise", sengoku).suggestions == ("Shima (SHM)", "Shimosa (SHS)", "Shimotsuke (SHT)")


def test_an_unknown_name_offers_the_closest_names(sengoku: Board) -> None:
    assert "Suruga (SUR)" in verdict("A Surugaa - Kai", sengoku).suggestions


@pytest.mark.parametrize(
    ("line", "word"),
    [
        ("A Kia - Suruga", "Kia"),  # the unit's province
        ("A Kai - Surugaa", "Surugaa"),  # the destination
        ("A Kai S A Mno - Owari", "Mno"),
        ("Oda: A Kai - Xyz Bay", "Xyz Bay"),  # a phrase, as written
        ("A Echi H", None),  # a name of two provinces is read, not unread: it is ambiguous
        ("A Kai - Suruga", None),
    ],
)
def test_a_refused_line_carries_the_word_that_names_no_province(sengoku: Board, line: str, word: str | None) -> None:
    """The verdict says which word it could not read, so a page can offer names for it without parsing the
    sentence that says so."""
    assert verdict(line, sengoku).unread == word


def test_only_a_word_naming_no_province_is_unread(sengoku: Board) -> None:
    """A header naming no power, and the orders under it, are refused for the power: no province is unread."""
    header, order = parse_orders("Odda:\nA Owari - Mino\n", sengoku).verdicts
    assert (header.kind, header.unread) == (VerdictKind.ERROR, None)
    assert (order.kind, order.unread) == (VerdictKind.ERROR, None)


def test_two_names_without_an_order_word_suggest_a_missing_dash(sengoku: Board) -> None:
    assert problem("A Kai Suruga", sengoku).endswith("(a '-' missing? 'Kai - Suruga')")


# (header line, the power it starts)
HEADERS = [
    ("Oda:", "Oda"),
    ("ODA", "Oda"),
    ("oda", "Oda"),
    ("Orders for Oda:", "Oda"),
    ("== Oda ==", "Oda"),
    ("*** TAKEDA ***", "Takeda"),
    ("Oda's orders:", "Oda"),
    ("Uesugi orders", "Uesugi"),
]


@pytest.mark.parametrize(("line", "power"), HEADERS, ids=[line for line, _ in HEADERS])
def test_a_header_line_names_a_power(sengoku: Board, line: str, power: str) -> None:
    found = verdict(line, sengoku)
    assert (found.kind, found.power, found.order) == (VerdictKind.HEADER, power, None)


def test_a_power_before_a_colon_gives_that_line_its_power(sengoku: Board) -> None:
    found = verdict("Oda: A Owari H", sengoku)
    assert found.power == "Oda"
    assert found.order is not None and order_text(found.order) == "A OWA H"


# (line, why it is ignored)
IGNORED = [
    ("   ", Ignored.BLANK),
    ("# Oda moves first", Ignored.COMMENT),
    ("// A Owari - Mino", Ignored.COMMENT),
    ("% a comment", Ignored.COMMENT),
    ("> I think so", Ignored.QUOTED),
    ("> A Kai - Suruga", Ignored.QUOTED_ORDER),
    (">> Oda: A Owari H", Ignored.QUOTED_ORDER),
    ("--", Ignored.SIGNATURE),
    ("-- Nobunaga", Ignored.SIGNATURE),
    ("Hi all, here are my orders", Ignored.CHATTER),
    ("Thanks!", Ignored.CHATTER),
    ("A", Ignored.CHATTER),
]


@pytest.mark.parametrize(("line", "why"), IGNORED, ids=[repr(line) for line, _ in IGNORED])
def test_blank_lines_comments_quotes_signatures_and_chatter_are_ignored(
    sengoku: Board, line: str, why: Ignored
) -> None:
    found = verdict(line, sengoku)
    assert (found.kind, found.ignored, found.order) == (VerdictKind.IGNORED, why, None)


def test_an_empty_text_has_no_lines_and_so_no_verdicts(sengoku: Board) -> None:
    assert parse_orders("", sengoku).verdicts == []


def test_a_refusal_describes_itself_with_line_number_text_and_reason(sengoku: Board) -> None:
    found = verdict("A Kai - Xyzzy", sengoku)
    assert found.describe() == "line 1: 'A Kai - Xyzzy': unknown province 'Xyzzy'"


def test_parse_order_gives_the_model_of_a_single_line(sengoku: Board) -> None:
    order = parse_order("F mik supports A owa to min", sengoku)
    assert not isinstance(order, LineVerdict) and order_text(order) == "F MIK S A OWA - MIN"


def test_parse_order_gives_the_error_verdict_of_a_bad_line(sengoku: Board) -> None:
    refused = parse_order("A Echi H", sengoku)
    assert isinstance(refused, LineVerdict) and refused.suggestions == ("Echigo (ECG)", "Echizen (ECZ)")
