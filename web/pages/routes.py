"""The pages' routes declared like the API's: ``@route(bp, rule, method, auth=..., form=Model)``.

A page reached by a secret link (``/games/<id>/play/<token>``, ``/games/<id>/gm/<token>``) declares who may open it;
the view receives the :class:`~web.access.callers.Caller` (whose ``token`` builds the page's own links) and, for a
form declared with a model, the form read into that model (:func:`web.pages.forms.form_model`). ``remembered``: the
view confirms the link in its own read, so the caller may come from this process's memory of it
(:mod:`web.access.callers`).
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
    remembered: bool = False,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def register(view: Callable[..., Any]) -> Callable[..., Any]:
        read = functools.partial(form_model, form, lists=lists) if form is not None else None
        source = _SOURCE[auth]
        declare(bp, rule, method, view, auth=auth, token_in="path", body=read, source=source, remembered=remembered)
        return view

    return register
