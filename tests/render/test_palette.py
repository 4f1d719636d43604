"""The power colours: eight, distinct, one blue, and still apart for colour-blind players.

Colour-vision deficiencies are simulated with the matrices of Machado,
Oliveira and Fernandes (2009, severity 1.0) in linear RGB; distances are
CIELAB (CIE76) distances, where about 2.3 is the least a viewer notices.
"""

from __future__ import annotations

import colorsys
import itertools

import numpy as np
import pytest

from maps import Board
from render.palette import LAND, NEUTRAL, POWERS, power_colours, tint

SIMULATIONS = {
    "normal": np.eye(3),
    "protanopia": np.array(
        [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
    ),
    "deuteranopia": np.array(
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
    ),
    "tritanopia": np.array(
        [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
    ),
}


def lab(colour: str, vision: str) -> np.ndarray:
    """The colour as seen with that vision, in CIELAB (D65)."""
    srgb = np.array([int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)])
    linear = np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)
    seen = np.clip(SIMULATIONS[vision] @ linear, 0.0, 1.0)
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]) @ seen
    f = np.cbrt(np.maximum(xyz / np.array([0.95047, 1.0, 1.08883]), 0.008856))
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def distance(a: str, b: str, vision: str) -> float:
    return float(np.linalg.norm(lab(a, vision) - lab(b, vision)))


def test_eight_distinct_colours_for_sengoku(sengoku: Board) -> None:
    colours = power_colours(sengoku.power_names)
    assert len(set(colours.values())) == len(sengoku.powers) == 8
    assert NEUTRAL not in colours.values()


def test_only_one_blue() -> None:
    def bluish(colour: str) -> bool:
        hue, light, saturation = colorsys.rgb_to_hls(*(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)))
        return 190 <= hue * 360 <= 250 and saturation > 0.3

    assert [colour for colour in POWERS if bluish(colour)] == ["#0072B2"]


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_colours_stay_apart_for_colour_blind_players(vision: str) -> None:
    closest = min(distance(a, b, vision) for a, b in itertools.combinations(POWERS, 2))
    assert closest >= 16.0  # Okabe-Ito's own closest pair, sky blue and bluish green, is 16.1 apart


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_owned_land_stands_out_from_plain_land_and_pieces_from_neutral_ones(vision: str) -> None:
    assert min(distance(tint(colour, 0.55), LAND, vision) for colour in POWERS) >= 9.0
    assert min(distance(colour, NEUTRAL, vision) for colour in POWERS) >= 15.0


def delta_e2000(first: np.ndarray, second: np.ndarray) -> float:
    """CIEDE2000 (Sharma, Wu and Dalal 2005): closer to what people see than CIE76 for pale and purple colours."""
    (l1, a1, b1), (l2, a2, b2) = first, second
    c_mean = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = np.hypot(a1, b1), np.hypot(a2, b2)
    h1, h2 = np.degrees(np.arctan2(b1, a1)) % 360, np.degrees(np.arctan2(b2, a2)) % 360
    turn = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_l, d_c, d_h = l2 - l1, c2 - c1, 2 * np.sqrt(c1 * c2) * np.sin(np.radians(turn / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    h_mean = h1 + h2 if c1 * c2 == 0 else (h1 + turn / 2) % 360
    t = (
        1
        - 0.17 * np.cos(np.radians(h_mean - 30))
        + 0.24 * np.cos(np.radians(2 * h_mean))
        + 0.32 * np.cos(np.radians(3 * h_mean + 6))
        - 0.20 * np.cos(np.radians(4 * h_mean - 63))
    )
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / np.sqrt(20 + (l_mean - 50) ** 2)
    s_c, s_h = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    r_t = -np.sin(np.radians(60 * np.exp(-(((h_mean - 275) / 25) ** 2)))) * 2 * np.sqrt(c_mean**7 / (c_mean**7 + 25**7))
    return float(np.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h)))


LAND_SHARE = 0.55  # an owned centre's land: render/painter.py


def test_every_two_owners_land_differs_in_colour_not_lightness_alone() -> None:
    """A map is mostly tinted land: two owners' tints of one hue a step apart in lightness read as one colour.

    (The wine that stood for Chosokabe and Takeda's reddish purple tinted their land the same mauve: 5.5 apart
    in a* b*, the hue and the colourfulness, though 17 apart in all.)
    """
    pairs = {
        (first, second): float(
            np.linalg.norm(lab(tint(a, LAND_SHARE), "normal")[1:] - lab(tint(b, LAND_SHARE), "normal")[1:])
        )
        for (first, a), (second, b) in itertools.combinations(enumerate(POWERS), 2)
    }
    assert min(pairs.values()) >= 12.0, min(pairs, key=pairs.__getitem__)


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_owners_land_stays_apart_for_colour_blind_players(vision: str) -> None:
    """CIEDE2000 between every two owners' tints, simulated; 5 is a difference seen at a glance on a map."""
    closest = min(
        delta_e2000(lab(tint(a, LAND_SHARE), vision), lab(tint(b, LAND_SHARE), vision))
        for a, b in itertools.combinations(POWERS, 2)
    )
    assert closest >= 5.0


def test_the_colour_difference_is_ciede2000() -> None:
    """Sharma, Wu and Dalal's own test pairs (2005, table 1): pairs 1, 7 and 17."""
    assert delta_e2000(np.array([50.0, 2.6772, -79.7751]), np.array([50.0, 0.0, -82.7485])) == pytest.approx(
        2.0425, abs=1e-4
    )
    assert delta_e2000(np.array([50.0, 0.0, 0.0]), np.array([50.0, -1.0, 2.0])) == pytest.approx(2.3669, abs=1e-4)
    assert delta_e2000(np.array([50.0, 2.5, 0.0]), np.array([73.0, 25.0, -18.0])) == pytest.approx(27.1492, abs=1e-4)
