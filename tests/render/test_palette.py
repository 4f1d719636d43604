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
