"""The API list of docs/api.md, as the declarations of the routes make it (tests/web/test_api_list.py)."""

from __future__ import annotations

import re

from flask import Flask

from web.api.openapi import Operation, in_order

__all__ = ["api_rows"]

_NAMES = {"game_id": "GAME", "number": "N", "index": "N"}
_WHO = {"gm": "the GM", "power": "a player", "operator": "the operator", None: "anyone"}


def _path(operation: Operation) -> str:
    return re.sub(r"<(?:\w+:)?(\w+)>", lambda m: _NAMES.get(m.group(1), m.group(1).upper()), operation.rule)


def _body(operation: Operation) -> str:
    """'no body', or the JSON object to send with its fields, an optional one marked '?'."""
    if operation.body is None:
        return "no body"
    fields = [name + ("" if field.is_required() else "?") for name, field in operation.body.model_fields.items()]
    return "`{" + ", ".join(fields) + "}`"


def api_rows(app: Flask) -> list[str]:
    """One Markdown table row per declared call, in the order the app serves them."""
    return [f"| `{op.method} {_path(op)}` | {_WHO[op.auth]} | {_body(op)} | {op.summary} |" for op in in_order(app)]
