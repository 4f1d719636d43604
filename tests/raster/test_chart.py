"""The chart of the centres (matplotlib): the lines drawn are the counts given, the legend and the line ends
name every power, the victory line is marked, and the same data gives the same bytes."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

from PIL import Image

from raster.chart import Line, _figure, chart_png, chart_svg
from story.years import years
from tests.story.games import long_game


def lines() -> tuple[str, list[int], list[Line]]:
    game = long_game()
    data = years(game.board, game.state, game.rules)
    return data.title, data.years, [Line(s.power, s.colour, s.centres, s.dp_bid) for s in data.series]


def test_each_line_is_a_powers_centres_at_each_years_end() -> None:
    title, marks, drawn = lines()
    figure = _figure(title, marks, drawn, 21, with_dp=False)
    named = [line for line in figure.axes[0].get_lines() if not str(line.get_label()).startswith("_")]
    plotted = {line.get_label(): list(line.get_ydata()) for line in named}
    assert plotted == {line.name: list(line.centres) for line in drawn}
    assert [list(line.get_xdata()) for line in figure.axes[0].get_lines()][0] == marks


def test_the_svg_names_every_power_at_its_lines_end_and_the_victory_line() -> None:
    title, marks, drawn = lines()
    svg = chart_svg(title, marks, drawn, 21)
    ET.fromstring(svg)  # well-formed
    assert "21 centres: victory" in svg and title in svg
    assert "Oda (10)" in svg and "Asakura, Shimazu, Uesugi (7)" in svg and "Hojo, Mori (0)" in svg
    assert chart_svg(title, marks, drawn, 21) == svg, "the same game, the same bytes"


def test_the_dp_panel_is_drawn_only_when_asked() -> None:
    title, marks, drawn = lines()
    assert len(_figure(title, marks, drawn, 21, with_dp=True).axes) == 2
    assert len(_figure(title, marks, drawn, 21, with_dp=False).axes) == 1


def test_the_png_is_as_wide_as_asked() -> None:
    title, marks, drawn = lines()
    with Image.open(io.BytesIO(chart_png(title, marks, drawn, 21, width=800))) as image:
        assert image.format == "PNG" and image.width == 800


def test_a_title_written_as_tex_is_words() -> None:
    _, marks, drawn = lines()
    svg = chart_svg("$\\frac{1}{0}$ <Kyoto> & co", marks, drawn, 21)
    ET.fromstring(svg)
    assert "$\\frac{1}{0}$ &lt;Kyoto&gt; &amp; co" in svg
