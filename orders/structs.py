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

from typing import Any, Self, TypeVar

import msgspec

__all__ = ["Pydantic", "Struct", "StructError", "convert", "inline_schema"]

T = TypeVar("T")

StructError = msgspec.ValidationError
"""What :func:`convert` and decoding raise for a value of the wrong shape (its message says where)."""


def convert(value: object, kind: type[T]) -> T:
    """``value`` (built-in types, e.g. decoded JSON, or already a ``kind``) as a ``kind``, checked."""
    return msgspec.convert(value, kind)


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
        return inline_schema(self.source)


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
        return inline_schema(cls)


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
