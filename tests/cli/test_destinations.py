"""Destinations, not byte counts: ``--for phpbb|discourse|discord|mail|reddit`` (or the game's own) picks the
markup, the picture's byte budget and its format as that place takes them (post/destinations.py).

``sengoku map -o x.png`` was 399 KB, over phpBB's 256 KiB, unless the GM knew to give ``--max-bytes``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.postout import messages_text
from post.destinations import DESTINATIONS, destination
from tests.cli.conftest import GAMES, Cli

ORDERS = "Oda:\nA Owari - Mino\nF Mikawa - Totomi Sea\nTakeda:\nA Kai - Suruga\nA South Shinano - Mino\n"


@pytest.fixture
def spring(cli: Cli, game: Path) -> Path:
    cli("orders", "game.json", input=ORDERS)
    cli("adjudicate", "game.json", "--deadline", "2099-03-01 20:00 UTC")
    return game


@pytest.mark.parametrize(
    ("place", "starts"),
    [
        ("phpbb", "[b]Sengoku Jidai (6DP): Spring 1570 movement results[/b]\n"),
        ("discourse", "## Sengoku Jidai (6DP): Spring 1570 movement results\n"),
        ("reddit", "## Sengoku Jidai (6DP): Spring 1570 movement results\n"),
        ("discord", "**Sengoku Jidai (6DP): Spring 1570 movement results**\n"),
        ("mail", "Sengoku Jidai (6DP): Spring 1570 movement results\n"),
    ],
)
def test_for_a_destination_the_post_is_in_its_markup(cli: Cli, spring: Path, place: str, starts: str) -> None:
    assert cli("history", "game.json", "last", "--for", place).stdout.startswith(starts)


def test_the_games_destination_is_the_default_and_format_wins(cli: Cli, spring: Path) -> None:
    assert cli("history", "game.json", "last").stdout.startswith("Sengoku Jidai (6DP)")
    said = cli("edit", "game.json", "destination", "phpBB").stdout
    assert said.startswith("Edited game.json: results posted to a phpBB forum (was none).")
    assert cli("history", "game.json", "last").stdout.startswith("[b]")
    assert cli("history", "game.json", "last", "--format", "markdown").stdout.startswith("## ")
    assert cli("history", "game.json", "last", "--for", "reddit").stdout.startswith("## ")
    cli("edit", "game.json", "destination", "none")
    assert cli("history", "game.json", "last").stdout.startswith("Sengoku Jidai (6DP)")
    refused = cli("edit", "game.json", "destination", "myspace", code=2).stderr
    assert "unknown destination 'myspace'; choose one of phpbb, discourse, discord, mail, reddit" in refused


def test_for_discord_a_post_is_its_messages_with_a_line_to_cut_at(cli: Cli, game: Path) -> None:
    cli("orders", "game.json", GAMES / "first-years" / "01-spring-1570.txt", code=3)
    cli("orders", "game.json", GAMES / "first-years" / "02-spring-1570-oda-again.txt")
    cli("adjudicate", "game.json", "--yes")
    text = cli("history", "game.json", "last", "--for", "discord").stdout
    assert len(text) <= 2000 and "cut here" not in text  # one message: nothing to cut
    assert messages_text(["first", "second", "third"]) == (
        "first\n\n----- message 2 of 3 (cut here) -----\n\nsecond\n\n----- message 3 of 3 (cut here) -----\n\nthird\n"
    )


def test_a_picture_format_the_destination_does_not_take_is_refused(cli: Cli, spring: Path) -> None:
    said = cli("map", "game.json", "-o", "board.svg", "--for", "phpbb", code=2).stderr
    assert "'board.svg': a phpBB forum takes .png or .jpg pictures; name the file so, or drop --for" in said
    said = cli("story", "game.json", "-o", "game.webp", "--for", "phpbb", code=2).stderr
    assert "'game.webp': a phpBB forum animates .gif; name the file so, or drop --for" in said


def test_every_destination_names_what_it_takes() -> None:
    assert list(DESTINATIONS) == ["phpbb", "discourse", "discord", "mail", "reddit"]
    assert destination("phpBB").budget == 256 * 1024
    for place in DESTINATIONS.values():
        assert place.pictures and place.animations and place.budget > 0
        assert place.markup in ("plain", "bbcode", "markdown", "discord")


@pytest.mark.slow  # real pictures
@pytest.mark.parametrize("place", list(DESTINATIONS))
def test_the_map_for_each_destination_is_within_its_limit(cli: Cli, spring: Path, place: str) -> None:
    target = DESTINATIONS[place]
    name = f"board{'.jpg' if target.pictures[0] == 'jpeg' else '.' + target.pictures[0]}"
    said = cli("map", "game.json", "-o", name, "--for", place).stdout
    size = (cli.folder / name).stat().st_size
    assert size <= target.budget and f"{name}: Fall 1570 movement (" in said


@pytest.mark.slow  # real pictures
def test_the_map_of_a_game_posted_to_phpbb_fits_its_256_kib_without_a_budget_given(cli: Cli, spring: Path) -> None:
    cli("edit", "game.json", "destination", "phpbb")
    cli("map", "game.json", "-o", "board.png")
    assert (cli.folder / "board.png").stat().st_size <= 256 * 1024


@pytest.mark.slow  # real frames
def test_the_story_for_phpbb_is_a_gif_within_its_256_kib(cli: Cli, spring: Path) -> None:
    said = cli("story", "game.json", "-o", "game.gif", "--for", "phpbb").stdout
    assert (cli.folder / "game.gif").stat().st_size <= 256 * 1024 and "game.gif: 2 frames" in said
    assert cli("story", "game.json", "--post", "--for", "phpbb").stdout.startswith("[b]")
