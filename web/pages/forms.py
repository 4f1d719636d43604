"""Reading HTML forms into the same pydantic models the JSON API uses."""

from __future__ import annotations

from typing import TypeVar

from flask import request
from pydantic import BaseModel

__all__ = ["form_model", "form_version", "query_model"]

M = TypeVar("M", bound=BaseModel)


def form_model(model: type[M], *, lists: tuple[str, ...] = ()) -> M:
    """The model from the posted form: blank fields count as not given (a ValidationError is a 400)."""
    data: dict[str, object] = {}
    for name in model.model_fields:
        if name in lists:
            data[name] = request.form.getlist(name)
        elif request.form.get(name, "").strip():
            data[name] = request.form[name]
    return model.model_validate(data)


def form_version() -> int | None:
    """The game version a GM's page was showing (a hidden field), so a double click does nothing twice."""
    value = request.form.get("version", "")
    return int(value) if value.isdigit() else None


def query_model(model: type[M]) -> M:
    """The model from the URL's query (blank parameters count as not given; a ValidationError is a 400)."""
    return model.model_validate({k: v for k, v in request.args.items() if k in model.model_fields and v.strip()})
