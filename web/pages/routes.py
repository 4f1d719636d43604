"""The pages' routes declared like the API's: ``@route(bp, rule, method, auth=..., form=Model)``.

A page reached by a secret link (``/games/<id>/play/<token>``, ``/games/<id>/gm/<token>``) declares who may open it;
the view receives the :class:`~web.access.callers.Caller` (whose ``token`` builds the page's own links) and, for a
form declared with a model, the form read into that model (:func:`web.pages.forms.form_model`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from flask import Blueprint
from pydantic import BaseModel

from web.access.callers import Auth
from web.access.declared import declare
from web.pages.forms import form_model

__all__ = ["route"]

_SOURCE = {"gm": "GM page", "power": "player page"}  # who did it, in the game's log


def route(
    bp: Blueprint,
    rule: str,
    method: str = "get",
    *,
    auth: Auth,
    form: type[BaseModel] | None = None,
    lists: tuple[str, ...] = (),
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def register(view: Callable[..., Any]) -> Callable[..., Any]:
        read = functools.partial(form_model, form, lists=lists) if form is not None else None
        declare(bp, rule, method, view, auth=auth, token_in="path", body=read, source=_SOURCE[auth])
        return view

    return register
