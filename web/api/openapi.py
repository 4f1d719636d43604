"""The JSON API's description: each endpoint is declared once, and the OpenAPI 3.1 document is built from it.

``@operation(...)`` registers a view on a blueprint *and* records its method,
path, auth and pydantic request/response models; :func:`document` turns the
records into OpenAPI, with the models' JSON Schemas as components. They are
listed (:func:`in_order`) in the order the app serves them, which does not
depend on which module was imported first.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from flask import Blueprint, Flask
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from orders.structs import components, named_components
from web.access.declared import declare, json_body
from web.schemas.bodies import ErrorOut

__all__ = ["OPERATIONS", "Operation", "document", "in_order", "operation"]

Auth = Literal["power", "gm", "operator"] | None
_PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")


@dataclass(frozen=True)
class Operation:
    method: str
    rule: str
    summary: str
    body: type[BaseModel] | None
    response: type[BaseModel] | None
    auth: Auth
    status: int
    media: str
    query: tuple[tuple[str, str], ...] = ()  # (name, description) of each optional query parameter
    refused: type[BaseModel] | None = None
    """The body of a 422: input read well but refused by the rules (a DP order over the limits...)."""
    conflict: type[BaseModel] | None = None
    """The body of a 409 when it says more than ``ErrorOut`` (a save for a phase no longer open)."""

    @property
    def path(self) -> str:
        return _PARAM.sub(lambda m: "{" + m.group(2) + "}", self.rule)


OPERATIONS: list[Operation] = []


def operation(
    bp: Blueprint,
    rule: str,
    method: str,
    summary: str,
    *,
    body: type[BaseModel] | None = None,
    response: type[BaseModel] | None = None,
    auth: Auth = None,
    status: int = 200,
    media: str = "application/json",
    query: dict[str, str] | None = None,
    refused: type[BaseModel] | None = None,
    conflict: type[BaseModel] | None = None,
    remembered: bool = False,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declare an endpoint: documented here, and served behind what it declares (:mod:`web.access.declared`):
    the view gets ``caller`` (the bearer token's caller) when ``auth`` is set, and ``body`` when a body is;
    ``remembered``: the view confirms the link itself (:mod:`web.access.callers`)."""

    def register(view: Callable[..., Any]) -> Callable[..., Any]:
        full = (bp.url_prefix or "") + rule
        asked = tuple((query or {}).items())
        declared = Operation(
            method.upper(), full, summary, body, response, auth, status, media, asked, refused, conflict
        )
        OPERATIONS.append(declared)
        read = functools.partial(json_body, body) if body is not None else None
        declare(bp, rule, method, view, auth=auth, token_in="header", body=read, source="API", remembered=remembered)
        return view

    return register


_REF = "#/components/schemas/{model}"


def in_order(app: Flask) -> list[Operation]:
    """Every declared call in the order ``app`` serves them: its blueprints in the order they are registered,
    each one's calls in the order its module declares them. (:data:`OPERATIONS` is in the order the modules
    were first imported, which a test or a tool that imports one early changes.)"""
    position: dict[tuple[str, str], int] = {}
    for index, rule in enumerate(app.url_map.iter_rules()):
        for method in rule.methods or ():
            position.setdefault((method, rule.rule), index)
    return sorted(OPERATIONS, key=lambda op: position.get((op.method, op.rule), len(position)))


def document(operations: Sequence[Operation]) -> dict[str, Any]:
    """The OpenAPI document of ``operations`` (:func:`in_order`), their paths in that order."""
    inputs = {op.body for op in operations if op.body is not None}
    outputs = {op.response for op in operations if op.response is not None} | {ErrorOut}
    outputs |= {op.refused for op in operations if op.refused is not None}
    outputs |= {op.conflict for op in operations if op.conflict is not None}
    pairs = [(m, "validation") for m in sorted(inputs, key=lambda m: m.__name__)]
    pairs += [(m, "serialization") for m in sorted(outputs, key=lambda m: m.__name__)]
    with named_components(_REF.replace("{model}", "{name}")) as structs:
        refs, schema = models_json_schema(pairs, ref_template=_REF)  # type: ignore[arg-type]
    schemas = schema.get("$defs", {})
    engine = components(structs, _REF.replace("{model}", "{name}"))  # the engine's Structs the models hold
    same = {n for n in set(schemas) & set(engine) if sorted(schemas[n].get("enum", [])) == engine[n].get("enum")}
    if clash := (set(schemas) & set(engine)) - same:  # one enum (ResultKind) both may name; never two shapes
        raise TypeError(f"API models and engine types share names: {sorted(clash)}")
    paths: dict[str, dict[str, Any]] = {}
    for op in operations:
        paths.setdefault(op.path, {})[op.method.lower()] = _operation(op, refs)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Sengoku Diplomacy",
            "version": "1",
            "description": "Games, orders and adjudication. Send a link's token as 'Authorization: Bearer TOKEN': "
            "a power's token for the player endpoints, the GM's for the GM endpoints.",
        },
        "paths": paths,
        "components": {
            "schemas": dict(sorted({**engine, **schemas}.items())),
            "securitySchemes": {"link": {"type": "http", "scheme": "bearer", "description": "a link's token"}},
        },
    }


def _operation(op: Operation, refs: dict[Any, dict[str, Any]]) -> dict[str, Any]:
    error = {"content": {"application/json": {"schema": refs[(ErrorOut, "serialization")]}}}
    out: dict[str, Any] = {
        "summary": op.summary,
        "operationId": f"{op.method.lower()}_{re.sub(r'[^a-z0-9]+', '_', op.path.lower()).strip('_')}",
        "tags": [op.auth or "public"],
        "parameters": [_parameter(kind, name) for kind, name in _PARAM.findall(op.rule)]
        + [
            {"name": name, "in": "query", "required": False, "description": text, "schema": {"type": "string"}}
            for name, text in op.query
        ],
        "responses": {
            str(op.status): _success(op, refs),
            "400": {"description": "invalid input", **error},
            "404": {"description": "no such game", **error},
        },
    }
    if op.auth:
        out["security"] = [{"link": []}]
        out["responses"]["401"] = {"description": "no token", **error}
        out["responses"]["403"] = {"description": f"not a {op.auth} token of this game", **error}
    if op.method in ("POST", "PUT", "DELETE"):
        out["responses"]["409"] = {"description": "the game cannot do that now", **error}
    if op.conflict is not None:
        either = {"anyOf": [refs[(op.conflict, "serialization")], refs[(ErrorOut, "serialization")]]}
        out["responses"]["409"] = {
            "description": "the game cannot do that now (the answer says why, and what is open instead)",
            "content": {"application/json": {"schema": either}},
        }
    if op.refused is not None:
        refused = {"application/json": {"schema": refs[(op.refused, "serialization")]}}
        out["responses"]["422"] = {"description": "refused by the rules: the answer says why", "content": refused}
    if op.body is not None:
        body_schema = refs[(op.body, "validation")]
        out["requestBody"] = {"required": True, "content": {"application/json": {"schema": body_schema}}}
    return out


def _success(op: Operation, refs: dict[Any, dict[str, Any]]) -> dict[str, Any]:
    if op.response is None:
        return {"description": "OK", "content": {op.media: {"schema": {"type": "string"}}}}
    return {"description": "OK", "content": {op.media: {"schema": refs[(op.response, "serialization")]}}}


def _parameter(kind: str, name: str) -> dict[str, Any]:
    schema = {"type": "integer"} if kind == "int" else {"type": "string"}
    return {"name": name, "in": "path", "required": True, "schema": schema}
