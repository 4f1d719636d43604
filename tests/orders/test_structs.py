"""The engine's Structs at pydantic's edge: an API model holding an order validates it with msgspec's checks."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel, ValidationError
from pydantic.json_schema import models_json_schema

from adjudicator.position import Phase
from maps import UnitType
from orders import Move, Order, UnitRef
from orders.structs import components, named_components


class Saved(BaseModel):
    """What an API answer looks like: a pydantic model with engine values in its fields."""

    order: Order
    phase: Phase


GOOD = {"order": {"kind": "move", "unit": {"type": "A", "location": "OWA"}, "destination": "MIN"}, "phase": {
    "season": "spring", "year": 1570, "type": "movement"}}  # fmt: skip


def test_a_pydantic_model_reads_an_order_into_its_struct() -> None:
    saved = Saved.model_validate(GOOD)
    assert saved.order == Move(unit=UnitRef(type=UnitType.ARMY, location="OWA"), destination="MIN")


def test_a_pydantic_model_writes_an_order_with_its_kind() -> None:
    assert json.loads(Saved.model_validate(GOOD).model_dump_json()) == {
        "order": {**GOOD["order"], "via_convoy": False},
        "phase": GOOD["phase"],
    }


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("order", {"kind": "move", "unit": {"location": "owa"}, "destination": "MIN"}, "matching regex"),
        ("order", {"kind": "attack", "unit": {"location": "OWA"}}, "Invalid value 'attack'"),
        ("phase", {"season": "spring", "year": 0, "type": "movement"}, "Expected `int` >= 1"),
    ],
    ids=["bad location", "unknown kind", "year 0"],
)
def test_a_bad_value_is_a_pydantic_error_naming_the_field_and_msgspecs_reason(
    field: str, value: object, problem: str
) -> None:
    with pytest.raises(ValidationError) as caught:
        Saved.model_validate({**GOOD, field: value})
    first = caught.value.errors()[0]
    assert first["loc"] == (field,) and problem in first["msg"]


def test_the_json_schema_holds_the_order_kinds_in_place() -> None:
    schema = json.dumps(Saved.model_json_schema())
    assert '"#/$defs/Move"' not in schema and '"destination"' in schema and '"support_move"' in schema


def test_a_document_that_names_components_gets_every_struct_it_refers_to() -> None:
    """As the OpenAPI document is written (web/api/openapi.py)."""
    with named_components("#/components/schemas/{name}") as found:
        _, schema = models_json_schema([(Saved, "validation")], ref_template="#/components/schemas/{model}")
    named = components(found, "#/components/schemas/{name}")
    assert {"Move", "DPOrder", "UnitRef", "Phase"} <= set(named)
    refs = {part.split('"')[0] for part in json.dumps([schema, named]).split('"#/components/schemas/')[1:]}
    assert refs <= set(named) | set(schema.get("$defs", {}))
