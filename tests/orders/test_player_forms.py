"""Orders as players write them: the verb first, the build notation, a misspelt verb, and Japanese names.

``Retreat Totomi to S. Shinano`` was "unknown province 'Retreat Totomi'";
``+ A Sagami`` "not an order for an adjustment phase"; ``Biuld F Kai``
"unknown province 'Biuld'"; ``A 石見 - 出雲`` "unknown province '石見'" with
no suggestion.
"""

from __future__ import annotations

import pytest

from maps import Board, PhaseType
from orders import LineVerdict, VerdictKind, order_text, parse_order, parse_orders

RETREATS, ADJUSTMENTS, MOVEMENT = PhaseType.RETREATS, PhaseType.ADJUSTMENTS, PhaseType.MOVEMENT


def canonical(line: str, board: Board, phase: PhaseType) -> str:
    (found,) = parse_orders(line, board, phase=phase).verdicts
    assert found.order is not None, found.describe()
    return order_text(found.order)


@pytest.mark.parametrize(
    ("line", "phase", "order"),
    [
        ("Retreat Totomi to S. Shinano", RETREATS, "TOT R SSH"),
        ("Retreat A Totomi - Mino", RETREATS, "A TOT R MIN"),
        ("Retreat Ise to Omi please", RETREATS, "ISE R OMI"),  # a word of thanks after the order
        ("Move Owari to Mino please", MOVEMENT, "OWA - MIN"),
        ("retreat F Ise to Owari Bay", RETREATS, None),  # no such sea: refused below, never a guess
        ("+ A Sagami", ADJUSTMENTS, "Build A SAG"),
        ("+A Sagami", ADJUSTMENTS, "Build A SAG"),
        ("+ F Izu", ADJUSTMENTS, "Build F IZU"),
        ("- A Kai", ADJUSTMENTS, "Remove A KAI"),
        ("Remove F Iyo", ADJUSTMENTS, "Remove F IYO"),
        ("- Build A Kai", ADJUSTMENTS, "Build A KAI"),  # a bullet before an order stays a bullet
        ("- A Kai - Suruga", MOVEMENT, "A KAI - SUR"),  # and in a movement phase '-' is a bullet
        ("Build A Mino", ADJUSTMENTS, "Build A MIN"),
    ],
)
def test_the_forms_players_write_read_as_the_order_they_mean(
    sengoku: Board, line: str, phase: PhaseType, order: str | None
) -> None:
    if order is None:
        assert parse_order(line, sengoku, phase=phase).kind is VerdictKind.ERROR  # type: ignore[union-attr]
        return
    assert canonical(line, sengoku, phase) == order


@pytest.mark.parametrize(
    ("line", "phase", "said", "suggested"),
    [
        ("Biuld F Kai", ADJUSTMENTS, "'Biuld' is not an order word: did you mean 'Build'? (Build F Kai)", "Build"),
        ("Remvoe F Iyo", ADJUSTMENTS, "'Remvoe' is not an order word: did you mean 'Remove'? (Remove F Iyo)", "Remove"),
        ("Disbnad A Kai", RETREATS, "'Disbnad' is not an order word: did you mean 'Disband'?", "Disband"),
        ("Mvoe Kai to Suruga", MOVEMENT, "'Mvoe' is not an order word: did you mean 'Move'?", "Move"),
        ("A Kai suport A Owari - Mino", MOVEMENT, "'suport' is not an order word: did you mean 'support'?", "support"),
    ],
)
def test_a_misspelt_verb_is_refused_with_the_word_meant(
    sengoku: Board, line: str, phase: PhaseType, said: str, suggested: str
) -> None:
    found = parse_order(line, sengoku, phase=phase)
    assert isinstance(found, LineVerdict) and found.problem is not None
    assert found.problem.startswith(said) and found.suggestions == (suggested,)


@pytest.mark.parametrize(
    ("line", "phase", "meant"),
    [
        ("Mvoe Omi to Yamashiro", MOVEMENT, "Move"),  # verb first without a unit word: was chatter in mail
        ("Moev Kai to Suruga", MOVEMENT, "Move"),
        ("Retreta Totomi to Mino", RETREATS, "Retreat"),
        ("Mvoe A Omi - Yamashiro", MOVEMENT, "Move"),
    ],
)
def test_in_mail_a_misspelt_verb_is_a_refused_order_never_chatter(
    sengoku: Board, line: str, phase: PhaseType, meant: str
) -> None:
    """The mail reader counts such a line (the GM and the reminder see it), as it counts ``Biuld F Kai``."""
    (found,) = parse_orders(f"Hi GM,\n{line}\nthanks", sengoku, phase=phase, power="Oda").errors
    assert found.kind is VerdictKind.ERROR and found.suggestions == (meant,)
    assert found.problem is not None and found.problem.startswith(f"'{line.split()[0]}' is not an order word")


def test_a_word_far_from_any_verb_is_not_taken_for_one(sengoku: Board) -> None:
    found = parse_order("Banana F Kai", sengoku, phase=ADJUSTMENTS)
    assert isinstance(found, LineVerdict) and "did you mean" not in (found.problem or "").split(";")[0]


@pytest.mark.parametrize(
    ("line", "order"),
    [
        ("A 石見 - 出雲", "A IWA - IZM"),
        ("A 石見-出雲", "A IWA - IZM"),
        ("Ａ　石見　－　出雲", "A IWA - IZM"),  # full-width, as a Japanese keyboard types it
        ("A 石見国 S A 安芸 - 出雲", "A IWA S A AKI - IZM"),
        ("F 日本海 - 越後", "F SOJ - ECG"),
        ("A 南信濃 - 美濃", "A SSH - MIN"),
        ("A Iwami - 出雲", "A IWA - IZM"),
        ("A Toutoumi - Mikawa", "A TOT - MIK"),
        ("A Tōtōmi - Mikawa", "A TOT - MIK"),
    ],
)
def test_provinces_are_read_by_their_japanese_names(sengoku: Board, line: str, order: str) -> None:
    assert canonical(line, sengoku, MOVEMENT) == order


def test_shinano_alone_names_neither_half_and_offers_both(sengoku: Board) -> None:
    found = parse_order("A 信濃 H", sengoku, phase=MOVEMENT)
    assert isinstance(found, LineVerdict)
    assert found.problem == "unknown province '信濃'; did you mean South Shinano (SSH), North Shinano (NSH)?"
