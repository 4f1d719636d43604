"""What runs around every request: the security headers after it (deadlines are a job of their own).

HSTS is sent when the site's public URL is https (web/access/public_url.py), so a browser that has been there once
never sends a link over plain http again.
"""

from __future__ import annotations

from flask import Flask, Response, request

__all__ = ["every_header", "register", "security_headers"]

POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)


def register(app: Flask) -> None:
    app.after_request(security_headers)


_EVERY = (
    ("Content-Security-Policy", POLICY),
    ("Referrer-Policy", "no-referrer"),  # the links' tokens stay out of Referer
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
)


def every_header(path: str, secure: bool) -> list[tuple[str, str]]:
    """What :func:`security_headers` adds to an answer that has none of them (web/api/quicksave.py's)."""
    headers = list(_EVERY)
    if secure:
        headers.append(("Strict-Transport-Security", "max-age=31536000"))
    if path.startswith(("/games/", "/api/")):
        headers.append(("Cache-Control", "no-store"))
    return headers


def security_headers(response: Response) -> Response:
    headers = response.headers
    present = {name.lower() for name in headers.keys()}
    missing = [(name, value) for name, value in _EVERY if name.lower() not in present]
    if request.is_secure:  # the public URL is https (web/access/public_url.py): browsers keep to https from now on
        missing += [] if "strict-transport-security" in present else [("Strict-Transport-Security", "max-age=31536000")]
    if "cache-control" not in present and request.path.startswith(("/games/", "/api/")):
        missing.append(("Cache-Control", "no-store"))
    headers.extend(missing)  # one pass over the headers, not one per header
    return response
