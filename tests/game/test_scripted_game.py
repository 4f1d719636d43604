"""Two years of a Sengoku game, checked after every phase.

The script exercises the variant's rules together: DP auctions (a winning
bid, a bought support cut by an attack, a tie), a neutral dislodged and
disbanded without retreat, a neutral centre captured in Fall, another
attacked in Spring and left in Fall and rebuilt in Winter, a retreat, chaos
builds, missing builds waived and a civil-disorder removal. The expected
positions were worked out by hand from the rules, phase by phase.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from maps import Board
from tests.game.conftest import Table

NEUTRALS_1570 = {"A BIZ", "A BUN", "A HIZ", "A IZM", "A MIN", "A MUS", "A YAS"}


@dataclass
class Step:
    phase: str
    orders: str
    next_phase: str
    units: dict[str | None, set[str]]
    results: dict[str, str] = field(default_factory=dict)  # order (ids) -> succeeds/fails
    centres: dict[str, set[str]] = field(default_factory=dict)
    neutral_centres: set[str] | None = None


SPRING_1570 = Step(
    "Spring 1570 movement",
    """
Oda:
A Owari - Ise
F Mikawa - Shima
1 : A Mino S A Owari - Ise
Asakura:
A Omi - Ise
F Echizen - Wakasa Bay
2 : A Yamashiro S A Omi - Ise
Takeda:
A South Shinano - Mino
A Kai - Suruga
Hojo:
A Sagami - Suruga
F Izu - Sagami Bay
Uesugi:
A Kozuke - Musashi
F Echigo - Toyama Bay
Mori:
A Iwami - Izumo
F Nagato - Chikuzen
Chosokabe:
F Iyo - Sanuki
F Tosa - Awa
Shimazu:
A Satsuma - Higo
F Osumi - Hyuga
""",
    "Fall 1570 movement",
    {
        "Asakura": {"A ISE", "F WAB"},
        "Chosokabe": {"F SAN", "F AWA"},
        "Hojo": {"A SAG", "F SAB"},
        "Mori": {"A IWA", "F CHZ"},
        "Oda": {"A OWA", "F SHM"},
        "Shimazu": {"A HIG", "F HYU"},
        "Takeda": {"A SSH", "A KAI"},
        "Uesugi": {"A KOZ", "F TYB"},
        None: NEUTRALS_1570,
    },
    results={
        "A MIN S A OWA - ISE": "fails",  # bought, then cut by Takeda's attack on Mino
        "A YAS S A OMI - ISE": "succeeds",
        "A OMI - ISE": "succeeds",  # 2 against Oda's 1
        "A OWA - ISE": "fails",
        "A SSH - MIN": "fails",
        "A KAI - SUR": "fails",
        "F NAG - CHZ": "succeeds",  # the Nagato-Chikuzen bridge
    },
)

FALL_1570 = Step(
    "Fall 1570 movement",
    """
Oda:
A Owari - Ise
F Shima S A Owari - Ise
1 : A Mino S A Owari - Ise
Asakura:
A Ise H
F Wakasa Bay - Echizen
2 : A Yamashiro S A Ise
Takeda:
A Kai - Suruga
Hojo:
F Sagami Bay - Kazusa
Uesugi:
A Kozuke - Musashi
F Toyama Bay - Noto
Mori:
F Chikuzen - Hizen
A Iwami - Izumo
2 : A Bungo S F Chikuzen - Hizen
Chosokabe:
F Awa - Kii
""",
    "Fall 1570 retreats",
    {
        "Asakura": {"F ECZ"},
        "Chosokabe": {"F SAN", "F KII"},
        "Hojo": {"A SAG", "F KAZ"},
        "Mori": {"A IWA", "F HIZ"},
        "Oda": {"A ISE", "F SHM"},
        "Shimazu": {"A HIG", "F HYU"},
        "Takeda": {"A SSH", "A SUR"},
        "Uesugi": {"A KOZ", "F NOT"},
        None: NEUTRALS_1570 - {"A HIZ"},  # dislodged by Mori with Bungo's support: disbanded
    },
    results={"A OWA - ISE": "succeeds", "A ISE H": "fails", "F CHZ - HIZ": "succeeds", "A KOZ - MUS": "fails"},
)

FALL_RETREATS_1570 = Step(
    "Fall 1570 retreats",
    "Asakura:\nA Ise - Omi\n",
    "Winter 1570 adjustments",
    {**FALL_1570.units, "Asakura": {"F ECZ", "A OMI"}},
    centres={
        "Asakura": {"ECZ", "OMI"},
        "Chosokabe": {"IYO", "TOS", "SAN", "KII"},
        "Hojo": {"IZU", "SAG", "KAZ"},
        "Mori": {"IWA", "NAG", "HIZ"},
        "Oda": {"OWA", "MIK", "ISE"},
        "Shimazu": {"OSU", "SAT", "HIG"},
        "Takeda": {"KAI", "SSH"},
        "Uesugi": {"ECG", "KOZ", "NOT"},
    },
    neutral_centres={"BIZ", "BUN", "IZM", "MIN", "MUS", "YAS"},  # Hizen captured for good
)

WINTER_1570 = Step(
    "Winter 1570 adjustments",
    """
Chosokabe:
Build F Iyo
Build A Tosa
Hojo:
Build F Izu
Oda:
Build A Owari
Shimazu:
Build A Satsuma
Uesugi:
Build F Echigo
""",  # Mori sends nothing: its build is waived
    "Spring 1571 movement",
    {
        "Asakura": {"F ECZ", "A OMI"},
        "Chosokabe": {"F SAN", "F KII", "F IYO", "A TOS"},
        "Hojo": {"A SAG", "F KAZ", "F IZU"},
        "Mori": {"A IWA", "F HIZ"},
        "Oda": {"A ISE", "F SHM", "A OWA"},
        "Shimazu": {"A HIG", "F HYU", "A SAT"},
        "Takeda": {"A SSH", "A SUR"},
        "Uesugi": {"A KOZ", "F NOT", "F ECG"},
        None: NEUTRALS_1570 - {"A HIZ"},
    },
)

SPRING_1571 = Step(
    "Spring 1571 movement",
    """
Oda:
A Ise - Mino
A Owari S A Ise - Mino
Hojo:
A Sagami - Kai
2 : A Musashi S A Sagami - Kai
Uesugi:
2 : A Musashi H
""",  # Takeda sends nothing from now on
    "Fall 1571 movement",
    {
        **WINTER_1570.units,
        "Oda": {"A MIN", "A OWA", "F SHM"},
        "Hojo": {"A KAI", "F KAZ", "F IZU"},
        None: NEUTRALS_1570 - {"A HIZ", "A MIN"},
    },
    results={"A ISE - MIN": "succeeds", "A MUS H": "succeeds", "A SAG - KAI": "succeeds"},
)

FALL_1571 = Step(
    "Fall 1571 movement",
    "Oda:\nA Mino - Totomi\n",
    "Winter 1571 adjustments",
    {**SPRING_1571.units, "Oda": {"A TOT", "A OWA", "F SHM"}},
    centres={
        "Oda": {"OWA", "MIK", "ISE", "TOT"},  # Ise stays Oda's while empty
        "Hojo": {"IZU", "SAG", "KAZ", "KAI"},
        "Takeda": {"SSH"},
    },
    neutral_centres={"BIZ", "BUN", "IZM", "MIN", "MUS", "YAS"},  # Mino left empty: still neutral
)

WINTER_1571 = Step(
    "Winter 1571 adjustments",
    """
Oda:
Build F Ise
Hojo:
Build A Sagami
""",  # Takeda must remove one and sends nothing: A Suruga (1 from South Shinano) goes
    "Spring 1572 movement",
    {
        **FALL_1571.units,
        "Oda": {"A TOT", "A OWA", "F SHM", "F ISE"},
        "Hojo": {"A KAI", "F KAZ", "F IZU", "A SAG"},
        "Takeda": {"A SSH"},
        None: NEUTRALS_1570 - {"A HIZ"},  # the neutral army is back in Mino
    },
)

SCRIPT = [SPRING_1570, FALL_1570, FALL_RETREATS_1570, WINTER_1570, SPRING_1571, FALL_1571, WINTER_1571]


def _check(table: Table, step: Step) -> None:
    assert table.phase == step.next_phase
    for power, expected in step.units.items():
        assert table.units(power) == expected, (step.phase, power)
    for order, result in step.results.items():
        assert table.last_outcome(order) == result, (step.phase, order)
    for power, centres in step.centres.items():
        assert set(table.position.centres_of(power)) == centres, (step.phase, power)
    if step.neutral_centres is not None:
        assert set(table.position.neutral_centres) == step.neutral_centres


def test_two_years_of_sengoku(table: Table, sengoku: Board) -> None:
    for step in SCRIPT:
        assert table.phase == step.phase
        table.play(step.orders)
        _check(table, step)


def test_the_auctions_of_the_script(table: Table) -> None:
    table.play(SPRING_1570.orders)
    auction = {lot.unit: lot for lot in table.game.state.history[-1].report.auction}
    assert auction["MIN"].winner is not None and auction["YAS"].total == 2
    table.play(FALL_1570.orders)
    table.play(FALL_RETREATS_1570.orders)
    table.play(WINTER_1570.orders)
    table.play(SPRING_1571.orders)
    musashi = next(lot for lot in table.game.state.history[-1].report.auction if lot.unit == "MUS")
    assert musashi.tied and musashi.winner is None
