"""The options every command that prints a results post shares: ``--format``, ``--explain``, ``--json``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from post import FORMATS, Post, render

__all__ = ["echo_post", "post_options"]

F = TypeVar("F", bound=Callable[..., Any])


def post_options(command: F) -> F:
    """Add ``--format``, ``--explain`` and the older ``--json`` (the same as ``--format json``)."""
    command = click.option("--json", "as_json", is_flag=True, hidden=True, help="The same as --format json.")(command)
    command = click.option(
        "--explain", is_flag=True, help="Add the numbers behind each result (strengths, who cut what)."
    )(command)
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS, case_sensitive=False),
        default="plain",
        show_default=True,
        help="The post's markup: plain text, BBCode (forums), Markdown, HTML, or JSON (the post as data).",
    )(command)


def echo_post(post: Post, fmt: str, explain: bool, as_json: bool) -> None:
    click.echo(render(post, "json" if as_json else fmt.lower(), explain), nl=False)
