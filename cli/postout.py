"""The options every command that prints a results post shares: ``--for``, ``--format``, ``--explain``, ``--json``.

``--for phpbb`` (or the game's destination, :mod:`post.destinations`) picks
the markup the place reads; ``--format`` names a markup itself and wins.
For Discord the post is the messages its channel takes (2,000 characters
each), printed one after another with a line between them to cut at.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from post import FORMATS, Post, render
from post.destinations import DESTINATIONS, Destination, UnknownDestination, destination

if TYPE_CHECKING:
    from game.state import GameState

__all__ = [
    "destination_of",
    "destination_option",
    "echo_post",
    "markup_of",
    "messages_text",
    "post_options",
    "post_text",
]

F = TypeVar("F", bound=Callable[..., Any])


def destination_option(command: F) -> F:
    """``--for NAME``: where the output goes (phpbb, discourse, discord, mail, reddit)."""
    return click.option(
        "--for",
        "place",
        type=click.Choice(list(DESTINATIONS), case_sensitive=False),
        help="Where it goes: its markup, picture size and format as that place takes them "
        "(default: the game's destination, 'sengoku edit GAME destination NAME').",
    )(command)


def post_options(command: F) -> F:
    """Add ``--for``, ``--format``, ``--explain`` and the older ``--json`` (the same as ``--format json``)."""
    command = click.option("--json", "as_json", is_flag=True, hidden=True, help="The same as --format json.")(command)
    command = click.option(
        "--explain", is_flag=True, help="Add the numbers behind each result (strengths, who cut what)."
    )(command)
    command = destination_option(command)
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS, case_sensitive=False),
        help="The post's markup: plain text, BBCode (forums), Markdown, HTML, or JSON (the post as data) "
        "[default: the destination's, else plain].",
    )(command)


def destination_of(place: str | None, state: GameState) -> Destination | None:
    """The destination asked for (``--for``), else the game's own, else None."""
    name = place or state.destination
    if not name:
        return None
    try:
        return destination(name)
    except UnknownDestination as error:  # a game file edited by hand: said, not a traceback
        raise click.ClickException(f"the game's destination: {error}") from None


def markup_of(fmt: str | None, place: Destination | None, as_json: bool = False) -> str:
    """The markup to print: ``--json``, ``--format``, the destination's, or plain text."""
    if as_json:
        return "json"
    if fmt:
        return fmt.lower()
    return place.markup if place is not None else "plain"


def echo_post(post: Post, markup: str, explain: bool) -> None:
    click.echo(post_text(post, markup, explain), nl=False)


def post_text(post: Post, markup: str, explain: bool = False) -> str:
    """The post in ``markup``; for ``discord``, its messages with a line to cut at between them."""
    if markup != "discord":
        return render(post, markup, explain)
    from post.chat import Flavour, chat_messages

    return messages_text(chat_messages(post, Flavour.DISCORD))


def messages_text(messages: list[str]) -> str:
    """Chat messages one after another, a line between them where the GM cuts to paste each one."""
    total = len(messages)
    cut = [f"----- message {number} of {total} (cut here) -----" for number in range(2, total + 1)]
    return messages[0] + "".join(f"\n\n{line}\n\n{text}" for line, text in zip(cut, messages[1:], strict=True)) + "\n"
