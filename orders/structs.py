"""The engine's value types are msgspec Structs; pydantic validates them only at the edges.

Orders, positions, phase reports and the game state are the game file's
schema, written once, as ``msgspec.Struct`` classes: a command that only
reads a game file decodes it straight into them (:func:`msgspec.json.decode`
checks every field's type as it goes) and never imports pydantic, which
alone costs a GM more time than the whole command. Where people's input is
validated (the web API, whose request and answer models are pydantic) a
Struct appears as a field of a pydantic model: :class:`Struct` gives every
such class a pydantic schema that validates with msgspec (one check, the
same constraints) and documents it with msgspec's JSON schema. So there is
one source of truth for each shape, and pydantic is imported only by code
that validates people's input.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Self, TypeVar

import msgspec

__all__ = ["Pydantic", "Struct", "StructError", "components", "convert", "inline_schema", "named_components"]

T = TypeVar("T")

StructError = msgspec.ValidationError
"""What :func:`convert` and decoding raise for a value of the wrong shape (its message says where)."""


def convert(value: object, kind: type[T]) -> T:
    """``value`` (built-in types, e.g. decoded JSON, or already a ``kind``) as a ``kind``, checked."""
    return msgspec.convert(value, kind)


_NAMED: ContextVar[tuple[set[Any], str] | None] = ContextVar("named_components", default=None)


@contextmanager
def named_components(ref_template: str) -> Iterator[set[Any]]:
    """While pydantic writes a document (OpenAPI), each Struct type is a ``$ref`` to a component by its name.

    Yields the set of types referred to; :func:`components` then gives their schemas.
    Outside this block a Struct's schema is written in place (:func:`inline_schema`).
    """
    found: set[Any] = set()
    token = _NAMED.set((found, ref_template))
    try:
        yield found
    finally:
        _NAMED.reset(token)


def components(kinds: Iterable[Any], ref_template: str) -> dict[str, Any]:
    """The named schemas of ``kinds`` and of every Struct they hold, by class name."""
    _, defs = msgspec.json.schema_components(sorted(kinds, key=repr), ref_template=ref_template)
    return defs


def _json_schema(kind: Any) -> dict[str, Any]:
    named = _NAMED.get()
    if named is None:
        return inline_schema(kind)
    found, ref_template = named
    found.add(kind)
    (schema,), _ = msgspec.json.schema_components([kind], ref_template=ref_template)
    # pydantic looks a bare $ref up among its own models' definitions: wrapped, it is left to the document
    return {"allOf": [schema]} if "$ref" in schema else schema


def inline_schema(kind: object) -> dict[str, Any]:
    """``kind``'s JSON schema as one document (msgspec's ``$defs`` put in place), for pydantic's OpenAPI."""
    schema = msgspec.json.schema(kind)
    defs = schema.pop("$defs", {})

    def put(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return put(defs[ref.removeprefix("#/$defs/")])
            return {key: put(value) for key, value in node.items() if key != "discriminator"}
        if isinstance(node, list):
            return [put(item) for item in node]
        return node

    return put(schema)  # type: ignore[no-any-return]


class Pydantic:
    """``Annotated[T, Pydantic()]``: pydantic validates and writes the msgspec type ``T`` through msgspec.

    For a type pydantic cannot see into by itself, such as a union of Structs
    (every order kind). msgspec ignores this marker.
    """

    def __init__(self) -> None:
        self.source: Any = None

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        self.source = source
        return _core_schema(source)

    def __get_pydantic_json_schema__(self, core: Any, handler: Any) -> dict[str, Any]:
        return _json_schema(self.source)


class Struct(msgspec.Struct, frozen=True, kw_only=True):
    """A frozen, keyword-built value that pydantic models may hold as a field (see the module docstring)."""

    def replace(self, **changes: Any) -> Self:
        """A copy with ``changes`` made (fields not named are shared, as the value is frozen)."""
        return msgspec.structs.replace(self, **changes)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        return _core_schema(source)

    @classmethod
    def __get_pydantic_json_schema__(cls, core: Any, handler: Any) -> dict[str, Any]:
        return _json_schema(cls)


def _core_schema(kind: Any) -> Any:
    from pydantic_core import core_schema  # only where pydantic is already at work

    def validate(value: object) -> object:
        try:
            return msgspec.convert(value, kind)
        except msgspec.ValidationError as error:
            raise ValueError(str(error)) from None

    return core_schema.no_info_plain_validator_function(
        validate, serialization=core_schema.plain_serializer_function_ser_schema(msgspec.to_builtins)
    )
