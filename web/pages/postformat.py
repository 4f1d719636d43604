"""The ``?format=`` of a page or API answer that shows a results post."""

from __future__ import annotations

from flask import abort, request

from post import FORMATS, UnknownFormat

__all__ = ["FORMAT_QUERY", "post_format"]

FORMAT_QUERY = {"format": "the post's markup: " + ", ".join(FORMATS) + " (default plain)"}


def post_format() -> str:
    """The asked format (plain if none); an unknown one is a 400 that lists the choices."""
    name = request.args.get("format", "plain").strip().lower() or "plain"
    if name not in FORMATS:
        abort(400, str(UnknownFormat(name)))
    return name
