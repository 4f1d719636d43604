"""What runs around every request: the deadline check before, the security headers after."""

from __future__ import annotations

from flask import Flask, Response, request

from web import deadlines

__all__ = ["register"]

POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)


def register(app: Flask) -> None:
    app.before_request(deadline_due)
    app.after_request(security_headers)


def deadline_due() -> None:
    """A game whose deadline has passed is adjudicated before anyone looks at it."""
    game_id = (request.view_args or {}).get("game_id")
    if isinstance(game_id, str):
        deadlines.adjudicate_if_due(game_id)


def security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", POLICY)
    response.headers.setdefault("Referrer-Policy", "no-referrer")  # the links' tokens stay out of Referer
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    if request.path.startswith(("/games/", "/api/")):
        response.headers.setdefault("Cache-Control", "no-store")
    return response
