"""The results post: one structured document per adjudicated phase, written out in several markups.

Pure (no I/O), shared by the command line, the web site and the mail
outbox, so all of them say exactly the same thing. :func:`build_post` makes
the document; :func:`render` writes it as plain text, BBCode, Markdown, HTML
or JSON.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from post.build import build_post, position_after
    from post.document import Post
    from post.formats import FORMATS, MEDIA_TYPES, UnknownFormat, render

__all__ = ["FORMATS", "MEDIA_TYPES", "Post", "UnknownFormat", "build_post", "position_after", "render"]

_HOME = {
    "build_post": "post.build",
    "position_after": "post.build",
    "Post": "post.document",
    "FORMATS": "post.formats",
    "MEDIA_TYPES": "post.formats",
    "UnknownFormat": "post.formats",
    "render": "post.formats",
}


def __getattr__(name: str) -> Any:
    """The package's names, each loaded from its module when first asked for (a command that only needs
    :mod:`post.words` does not build the post's models)."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'post' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
