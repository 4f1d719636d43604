"""The markups a results post can be written in, by name: one small renderer each."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from post.bbcode import render_bbcode
from post.document import Post
from post.html import render_html
from post.markdown import render_markdown
from post.plain import render_plain

__all__ = ["FORMATS", "MEDIA_TYPES", "UnknownFormat", "render"]


def _json(post: Post, explain: bool = False) -> str:
    return msgspec.json.format(msgspec.json.encode(post), indent=2).decode() + "\n"


_RENDERERS: dict[str, Callable[[Post, bool], str]] = {
    "plain": render_plain,
    "bbcode": render_bbcode,
    "markdown": render_markdown,
    "html": render_html,
    "json": _json,
}
FORMATS: tuple[str, ...] = tuple(_RENDERERS)
MEDIA_TYPES = {
    "plain": "text/plain",
    "bbcode": "text/plain",
    "markdown": "text/markdown",
    "html": "text/html",
    "json": "application/json",
}


class UnknownFormat(ValueError):
    """A format name that is not one of :data:`FORMATS`."""

    def __init__(self, name: str) -> None:
        super().__init__(f"unknown format '{name}'; choose one of {', '.join(FORMATS)}")


def render(post: Post, format: str = "plain", explain: bool = False) -> str:
    """The post in the named markup (``UnknownFormat`` for any other name)."""
    renderer = _RENDERERS.get(format.strip().lower())
    if renderer is None:
        raise UnknownFormat(format)
    return renderer(post, explain)
