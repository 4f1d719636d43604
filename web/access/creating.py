"""Who may create a game on this site: anyone, anyone with an invitation code, or the operator alone.

The operator's choice (web/storage/site.py, ``sengoku site`` or ``PUT /api/site``); by default anyone on a site
that serves this machine only, invited GMs on one that serves others. The operator's token is always enough.
"""

from __future__ import annotations

from flask import abort, current_app

from web.storage import site
from web.storage.db import database

__all__ = ["may_create"]


def may_create(code: str | None, bearer: str | None = None) -> None:
    """Nothing if a game may be made with this invitation ``code`` (or the operator's token); else 403, said.

    A code's use is spent here, before the game is made."""
    policy = site.policy(database(), bool(current_app.config.get("PUBLIC_SITE")))
    if policy == "anyone":
        return
    operator = current_app.config.get("OPERATOR_TOKEN")
    if site.is_operator(code or "", operator) or site.is_operator(bearer or "", operator):
        return
    if policy == "invited":
        if site.use_invitation(database(), code or ""):
            return
        given = "that invitation code is not known here, or used up" if code else "give the invitation code"
        abort(403, f"This site makes games for invited GMs: {given} (its operator hands them out).")
    abort(403, "On this site only its operator makes games.")
