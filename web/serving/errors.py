"""Every error a request can meet, as a clear message and a 4xx: JSON for the API, a page otherwise."""

from __future__ import annotations

import logging

from flask import Flask, Response, render_template, request
from flask_limiter import RateLimitExceeded
from flask_wtf.csrf import CSRFError
from pydantic import ValidationError
from werkzeug.exceptions import HTTPException

from game.game import GameError
from web.schemas.bodies import ErrorOut
from web.serving.redact import redact
from web.storage.store import Conflict, NotFound
from web.table.pressbounds import TooMuchPress

__all__ = ["error_response", "register"]

log = logging.getLogger(__name__)


def wants_json() -> bool:
    if request.path.startswith("/api/") or request.is_json:
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json"


def error_response(status: int, message: str) -> tuple[Response | str, int]:
    if wants_json():
        body = ErrorOut(error=message, status=status).model_dump_json()
        return Response(body, status=status, mimetype="application/json"), status
    return render_template("error.html", status=status, message=message), status


def describe_validation(error: ValidationError) -> str:
    parts = []
    for problem in error.errors(include_url=False):
        where = ".".join(str(p) for p in problem["loc"]) or "body"
        parts.append(f"{where}: {problem['msg']}")
    return "; ".join(parts)


def register(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf(error: CSRFError) -> tuple[Response | str, int]:
        return error_response(
            400, "The form was sent without its security token, or it has expired. Reload the page and try again."
        )

    @app.errorhandler(RateLimitExceeded)
    def too_many(error: RateLimitExceeded) -> tuple[Response | str, int]:
        return error_response(
            429, f"Too many requests from your address ({error.description}); wait a little and try again."
        )

    @app.errorhandler(HTTPException)
    def http(error: HTTPException) -> tuple[Response | str, int]:
        return error_response(error.code or 400, error.description or error.name)

    @app.errorhandler(NotFound)
    def not_found(error: NotFound) -> tuple[Response | str, int]:
        return error_response(404, f"There is no such game. {error}")

    @app.errorhandler(Conflict)
    def conflict(error: Conflict) -> tuple[Response | str, int]:
        return error_response(409, str(error))

    @app.errorhandler(GameError)
    def game_error(error: GameError) -> tuple[Response | str, int]:
        return error_response(409, str(error))

    @app.errorhandler(TooMuchPress)
    def too_much_press(error: TooMuchPress) -> tuple[Response | str, int]:
        answer, status = error_response(429, str(error))
        if isinstance(answer, Response) and error.retry_after is not None:
            answer.headers["Retry-After"] = str(error.retry_after)
        return answer, status

    @app.errorhandler(ValidationError)
    def invalid(error: ValidationError) -> tuple[Response | str, int]:
        return error_response(400, "Invalid input: " + describe_validation(error))

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> tuple[Response | str, int]:
        log.exception("unexpected error on %s %s", request.method, redact(request.path))  # and by every handler
        return error_response(500, "Something went wrong on the server; the game is unchanged.")
