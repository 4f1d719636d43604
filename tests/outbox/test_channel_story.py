"""The story in a chat channel (``sengoku channel results``): the chart after the results that close a year,
the summary with the chart and the whole game as an animation once the game is over, on a real webhook
receiver on loopback that holds Discord's limits."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from cli.gamefile import load_game
from story.years import ends_year
from tests.cli.conftest import Cli
from tests.outbox.chatd import DISCORD_CONTENT_LIMIT, DISCORD_PATH, SLACK_PATH, Receiver, webhook_receiver

pytestmark = pytest.mark.clock


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with webhook_receiver() as running:
        yield running


def to_a_years_end(cli: Cli) -> Path:
    """A game adjudicated (every power in civil disorder) up to the phase that closes 1570."""
    cli("new", "game.json", "--name", "Kyoto 1570")
    while True:
        cli("adjudicate", "game.json", "--yes")
        if ends_year(load_game(cli.folder / "game.json").state.history[-1].report):
            return cli.folder / "game.json"


def test_the_results_that_close_a_year_are_followed_by_its_chart(cli: Cli, receiver: Receiver) -> None:
    to_a_years_end(cli)
    cli("channel", "set", "game.json", receiver.url(DISCORD_PATH), "--flavour", "discord")
    out = cli("channel", "results", "game.json").stdout
    chart = receiver.received[-1]
    assert chart.text == "**Kyoto 1570: supply centres at the end of 1570**"
    assert list(chart.files) == ["centres.png"]
    with Image.open(io.BytesIO(chart.files["centres.png"])) as image:
        assert image.format == "PNG"
    assert list(receiver.received[-2].files) == ["map.png"], "the results and their map first"
    assert "Posted the chart of 1570" in out


def test_a_phase_that_closes_no_year_has_no_chart_and_no_story_leaves_it_out(cli: Cli, receiver: Receiver) -> None:
    game = to_a_years_end(cli)
    cli("channel", "set", "game.json", receiver.url(DISCORD_PATH), "--flavour", "discord")
    cli("channel", "results", "game.json", "1")  # Spring 1570: the year goes on
    assert not any("centres.png" in a.files for a in receiver.received)
    cli("channel", "results", "game.json", "--no-story")
    assert not any("centres.png" in a.files for a in receiver.received)
    assert game.exists()


def test_at_the_end_the_summary_with_the_chart_then_the_animation(cli: Cli, receiver: Receiver) -> None:
    to_a_years_end(cli)
    state = load_game(cli.folder / "game.json").state
    for power in ("Asakura", "Chosokabe", "Hojo", "Mori", "Shimazu", "Takeda", "Uesugi"):
        cli("concede", "game.json", power, "--to", "Oda")
    cli("channel", "set", "game.json", receiver.url(DISCORD_PATH), "--flavour", "discord")
    out = cli("channel", "results", "game.json").stdout
    texts = [a.text for a in receiver.received]
    assert all(len(t) <= DISCORD_CONTENT_LIMIT for t in texts)
    summary_at = next(i for i, t in enumerate(texts) if t.startswith("**Kyoto 1570, Sengoku Jidai (6DP): The game is"))
    summary = "\n".join(texts[summary_at:-1])
    assert "**The powers**" in summary and "missed (NMR)" in summary
    assert all(f"- {power}: " in summary for power in ("Oda", "Asakura", "Uesugi"))
    summary_last, animation = receiver.received[-2], receiver.received[-1]
    assert list(summary_last.files) == ["centres.png"]
    assert animation.text == "**Kyoto 1570: the whole game, phase by phase**"
    gif = animation.files["story.gif"]
    assert len(gif) <= 10 * 1024 * 1024
    with Image.open(io.BytesIO(gif)) as image:
        assert image.format == "GIF" and image.n_frames == len(state.history) + 1
    assert "Posted the game's animation" in out


def test_slack_gets_the_words_and_says_the_pictures_did_not_go(cli: Cli, receiver: Receiver) -> None:
    to_a_years_end(cli)
    cli("channel", "set", "game.json", receiver.url(SLACK_PATH), "--flavour", "slack")
    result = cli("channel", "results", "game.json")
    assert receiver.received[-1].text == "*Kyoto 1570: supply centres at the end of 1570*"
    assert "the chart was not posted" in result.stderr
