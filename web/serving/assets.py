"""Static files that load fast: compressed on the way out, and named by their content so browsers keep them.

The few static files are read once and sent from memory, whole, with their digest as ETag (a file sent as a
stream would not be compressed, and its file would be left open by the compressor).

``url_for('static', filename=...)`` gets ``?v=<digest of the file>``: a changed file is a new address, so an
address whose digest matches may be kept for a year (``immutable``); any other (an old page's, a hand-typed
one) is checked again each time. Responses are compressed (Brotli or gzip, as the browser accepts) by
flask-compress: text, scripts, styles, JSON and SVG, not the PNG maps (already compressed).
"""

from __future__ import annotations

import hashlib
import mimetypes
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask, Response, abort, request
from flask_compress import Compress
from werkzeug.wrappers import Response as BaseResponse

__all__ = ["init_app"]

_YEAR = 365 * 24 * 3600
_COMPRESSED = [
    "text/html",
    "text/css",
    "text/plain",
    "text/markdown",
    "application/javascript",
    "text/javascript",
    "application/json",
    "image/svg+xml",
]


def init_app(app: Flask) -> None:
    app.config.setdefault("COMPRESS_MIMETYPES", _COMPRESSED)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)
    Compress(app)
    folder = Path(app.static_folder or "static")

    def version(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "filename" in values and "v" not in values:
            digest = _digest(folder, str(values["filename"]))
            if digest:
                values["v"] = digest

    def keep(response: Response) -> Response:
        if request.endpoint == "static" and response.status_code == 200:
            wanted = _digest(folder, str((request.view_args or {}).get("filename", "")))
            fresh = wanted is not None and request.args.get("v") == wanted
            response.headers["Cache-Control"] = f"public, max-age={_YEAR}, immutable" if fresh else "no-cache"
        return response

    def send(filename: str) -> BaseResponse:
        """A static file from memory: a few small files, sent whole (so they can be compressed), with an ETag."""
        found = _content(folder, filename)
        if found is None:
            abort(404)
        data, digest = found
        kind = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        answer = Response(data, mimetype=kind)
        answer.set_etag(digest)
        return answer.make_conditional(request)

    app.url_defaults(version)
    app.after_request(keep)
    app.view_functions["static"] = send


@cache
def _content(folder: Path, filename: str) -> tuple[bytes, str] | None:
    """The file's bytes and the first 12 hex digits of their SHA-256 (files do not change while the site runs)."""
    path = (folder / filename).resolve()
    if folder.resolve() not in path.parents or not path.is_file():
        return None
    data = path.read_bytes()
    return data, hashlib.sha256(data).hexdigest()[:12]


def _digest(folder: Path, filename: str) -> str | None:
    found = _content(folder, filename)
    return found[1] if found else None
