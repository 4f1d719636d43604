"""A route's declaration is its guard: who may call it and what it sends, handed to the view ready to use.

Both the JSON API (``@operation``, :mod:`web.api.openapi`) and the pages (``@route``, :mod:`web.pages.routes`)
register their views through :func:`declare`. For a route with ``auth``, the caller is checked before the view runs
(the token from ``Authorization: Bearer`` for the API, from the link's path for a page) and passed as ``caller``;
for a route with a body, the body is read and validated after the caller is known (nobody learns what a body must
hold without a link) and passed as ``body``. A view never reads its own token or body.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from flask import Blueprint, abort, request
from pydantic import BaseModel, ValidationError

from web.access.callers import Auth, bearer_token, require, require_operator
from web.access.guards import too_deep

__all__ = ["ROUTES", "Declared", "declare", "json_body"]

TokenIn = Literal["header", "path"]
M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Declared:
    """One route as declared: the authorization walk (tests/web) checks every route of the site against these."""

    method: str
    rule: str
    auth: Auth | None


ROUTES: list[Declared] = []


def declare(
    bp: Blueprint,
    rule: str,
    method: str,
    view: Callable[..., Any],
    *,
    auth: Auth | None,
    token_in: TokenIn,
    body: Callable[[], BaseModel] | None = None,
    source: str = "web",
    remembered: bool = False,
) -> None:
    """Register ``view`` on ``bp``, behind the caller check and body reading it declares.

    ``remembered``: the view confirms the link in its own statement (``caller.unconfirmed``, see
    :mod:`web.access.callers`), so the caller may come from this process's memory of the link.
    """
    ROUTES.append(Declared(method.upper(), (bp.url_prefix or "") + rule, auth))
    guarded = _guarded(view, auth, token_in, body, (source, remembered))
    bp.add_url_rule(rule, view_func=guarded, methods=[method.upper()])


def _guarded(
    view: Callable[..., Any],
    auth: Auth | None,
    token_in: TokenIn,
    body: Callable[[], BaseModel] | None,
    how: tuple[str, bool],
) -> Callable[..., Any]:
    source, remembered = how

    @functools.wraps(view)
    def guarded(**params: Any) -> Any:
        token = params.pop("token", None) if token_in == "path" else None
        if auth == "operator":
            params["caller"] = require_operator(bearer_token(), source)
        elif auth is not None:
            token = bearer_token() if token_in == "header" else token
            params["caller"] = require(params["game_id"], token or "", auth, source, remembered)
        if body is not None:
            params["body"] = body()
        return view(**params)

    return guarded


def json_body(model: type[M]) -> M:
    """The request's JSON body as ``model`` (400 when it is not JSON or does not fit).

    Read by pydantic straight from the bytes (a save's every body comes here); a body it refuses is read again
    the long way (Flask's JSON, then the model), whose answer says what is wrong as it always has.
    """
    if request.is_json:
        raw = request.get_data()
        if not too_deep(raw):
            try:
                return model.model_validate_json(raw)
            except ValidationError:
                pass
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        abort(400, "send a JSON object as the request body (Content-Type: application/json)")
    return model.model_validate(data)
