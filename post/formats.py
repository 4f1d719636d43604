"""The markups a results post can be written in, by name: one small renderer each.

A renderer's module is imported when a post is first written in its markup:
`sengoku adjudicate` prints one post in one markup, and a GM waits for
every import (the HTML one brings the standard library's ``html`` tables).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:
    from post.document import Post

__all__ = ["FORMATS", "MEDIA_TYPES", "UnknownFormat", "render"]


def _json(post: Post, explain: bool = False) -> str:
    return msgspec.json.format(msgspec.json.encode(post), indent=2).decode() + "\n"


_RENDERERS: dict[str, str] = {  # name -> the renderer, as module:function
    "plain": "post.plain:render_plain",
    "bbcode": "post.bbcode:render_bbcode",
    "markdown": "post.markdown:render_markdown",
    "html": "post.html:render_html",
    "json": "post.formats:_json",
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
    where = _RENDERERS.get(format.strip().lower())
    if where is None:
        raise UnknownFormat(format)
    module, _, name = where.partition(":")
    renderer: Callable[[Post, bool], str] = getattr(importlib.import_module(module), name)
    return renderer(post, explain)
