"""What runs around every request: the security headers after it (deadlines are a job of their own).

HSTS is sent when the site's public URL is https (web/access/public_url.py), so a browser that has been there once
never sends a link over plain http again.
"""

from __future__ import annotations

from flask import Flask, Response, request

__all__ = ["register"]

POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)


def register(app: Flask) -> None:
    app.after_request(security_headers)


def security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", POLICY)
    response.headers.setdefault("Referrer-Policy", "no-referrer")  # the links' tokens stay out of Referer
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    if request.is_secure:  # the public URL is https (web/access/public_url.py): browsers keep to https from now on
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    if request.path.startswith(("/games/", "/api/")):
        response.headers.setdefault("Cache-Control", "no-store")
    return response
