"""Game files of schema 1 and 2 are read as schema 3.

Schema 1 kept no verdicts: the rules decided the same way when the file was
written, so the verdict a schema-1 record stood for is exactly the one the
rules return: made again from the stored reason, note and culprit, it must
equal the verdict a record keeps, for every verdict the DATC cases produce.
Schema 2 kept each verdict and its words beside it (result, reason, note,
culprit, and the culprit again among the numbers): read as schema 3, the
record keeps the verdict alone, and reads back the same words and numbers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from adjudicator.adjustments import adjudicate_adjustments
from adjudicator.movement import adjudicate_movement
from adjudicator.outcomes import Bounced, Cut, CutByDislodgement, Holds, OrderOutcome, Succeeds, Void
from adjudicator.refusals import VoidReason
from adjudicator.retreats import adjudicate_retreats
from adjudicator.rules import SENGOKU, STANDARD
from game.duty import owed_orders, powers_to_order
from game.migrate import migrate, verdict_of
from game.records import AnyVerdict, OutcomeRecord
from game.state import SCHEMA_VERSION, state_from_json
from maps import Board, PhaseType
from post import build_post, render
from post.wording import reason_words
from tests.datc.loader import load_cases

OLD = Path(__file__).resolve().parents[1] / "cli" / "games" / "kyoto-1570-pydantic-era.json"


def _datc_outcomes(board: Board) -> list[tuple[OrderOutcome, ...]]:
    phases = []
    for case in load_cases():
        position, orders = case.position(), case.parsed_orders(board)
        if case.phase.type is PhaseType.MOVEMENT:
            phases.append(adjudicate_movement(board, position, orders).outcomes)
        elif case.phase.type is PhaseType.RETREATS:
            phases.append(adjudicate_retreats(board, position, orders).outcomes)
        else:
            phases.append(adjudicate_adjustments(board, position, orders, STANDARD).outcomes)
    return phases


def _schema_2(outcome: OrderOutcome[AnyVerdict]) -> dict[str, Any]:
    """The record a schema-2 file kept of an outcome: the verdict, its words beside it, every number."""
    d = outcome.detail
    record: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(OutcomeRecord.of(outcome)))
    record.update(result=outcome.result.value, reason=reason_words(outcome.verdict), note=outcome.note)
    record.update(culprit=outcome.culprit, opposed_by=d.opposed_by, by=d.by)
    return record


def test_every_verdict_of_the_datc_cases_is_made_again_from_its_schema_1_record(standard: Board) -> None:
    kinds = set()
    for outcomes in _datc_outcomes(standard):
        records = [_schema_2(outcome) for outcome in outcomes]
        kept = [record.pop("verdict") for record in records]
        for record, verdict in zip(records, kept, strict=True):
            assert verdict_of(record, records) == verdict, record
            kinds.add(verdict["kind"])
    # Every kind but an undecidable cycle, which no DATC case reaches (it happens only in variants).
    every = {msgspec.inspect.type_info(kind).tag for kind in AnyVerdict.__args__}  # type: ignore[attr-defined]
    assert every - kinds == {"undecidable"}
    record = {"reason": "undecidable cycle: the orders in it fail", "note": ""}
    assert verdict_of(record, [record]) == {"kind": "undecidable"}


def test_a_file_of_schema_1_is_read_with_its_verdicts_and_posts_the_same_words(sengoku: Board) -> None:
    """The file of a game played before verdicts (and culprits) were kept: the post reads as it did then."""
    state = state_from_json(OLD.read_bytes())
    assert state.schema_version == SCHEMA_VERSION
    entry = state.history[0]
    verdicts = {msgspec.json.encode(o.order).decode(): o.verdict for o in entry.report.outcomes if not o.implicit}
    assert set(map(type, verdicts.values())) == {Bounced, Succeeds, Holds}
    assert [v for v in verdicts.values() if isinstance(v, Bounced)] == [Bounced("MIN"), Bounced("MUS")]
    text = render(build_post(sengoku, state, 0), "plain", explain=True)
    assert "A Owari - Mino: bounced, 1 against 1 from A Mino\n" in text
    assert "A Kai - Suruga: moved (1 against 0)\n" in text
    # Who owed orders was not recorded then: it is worked out again, as the post always did.
    assert entry.report.owed is None
    assert owed_orders(sengoku, entry, SENGOKU) == powers_to_order(sengoku, entry.before, SENGOKU)


def test_every_record_of_schema_2_reads_as_schema_3_with_the_same_words_and_numbers(standard: Board) -> None:
    """Each DATC outcome's schema-2 record, migrated: the same record as the engine writes now, the same
    result, note, culprit and numbers read from it, and the units the verdict names kept once."""
    kept_twice = 0
    for outcomes in _datc_outcomes(standard):
        old = [_schema_2(outcome) for outcome in outcomes]
        kept_twice += sum(1 for r in old if r["culprit"] is not None and r["culprit"] in (r["opposed_by"], r["by"]))
        game = {"schema_version": 2, "history": [{"report": {"outcomes": old}}]}
        new = msgspec.convert(migrate(game)["history"][0]["report"]["outcomes"], list[OutcomeRecord])
        assert game["schema_version"] == SCHEMA_VERSION == 3
        assert new == OutcomeRecord.all_of(outcomes)
        for record, outcome in zip(new, outcomes, strict=True):
            assert (record.result, record.note, record.culprit) == (outcome.result, outcome.note, outcome.culprit)
            assert record.detail == outcome.detail
        fields = {field.name for field in msgspec.structs.fields(OutcomeRecord)}
        assert all(set(migrated) <= fields for migrated in old)  # migrated in place: the words are gone
    assert kept_twice > 100  # the culprit kept again among the numbers: what schema 3 no longer stores


def _record(**fields: object) -> dict[str, Any]:
    order = {"kind": "support_hold", "unit": {"type": "A", "location": "MUN"}, "supported": {"location": "BER"}}
    return {"power": "Germany", "order": order, "result": "fails", "note": "", "by": None, "culprit": None, **fields}


@pytest.mark.parametrize(
    ("fields", "verdict", "by"),
    [
        # before culprits, a cut support named its cutter in ``by`` and said "dislodged" when it was dislodged too
        ({"reason": "support cut", "by": "TYR"}, Cut("TYR"), None),
        ({"reason": "support cut", "by": "BER", "note": "dislodged"}, CutByDislodgement("BER"), None),
        # since: the culprit is the cutter, ``by`` the dislodger
        ({"reason": "support cut", "by": "BER", "culprit": "BER"}, Cut("BER"), "BER"),
    ],
)
def test_a_cut_support_of_schema_1_names_its_cutter(
    fields: dict[str, Any], verdict: AnyVerdict, by: str | None
) -> None:
    record = _record(**fields)
    assert msgspec.convert(verdict_of(record, [record]), AnyVerdict) == verdict  # type: ignore[arg-type]
    assert record["by"] == by


@pytest.mark.parametrize(
    ("note", "verdict"),
    [
        ("the unit in Kai belongs to a neutral power", Void(VoidReason.NOT_YOURS_BUT_NEUTRAL, ("Kai",))),
        ("the unit in Kai belongs to Takeda", Void(VoidReason.NOT_YOURS, ("Kai", "Takeda"))),
        (
            "cannot retreat to Ise; it may retreat to Mino, Omi",
            Void(VoidReason.NOT_A_RETREAT_OPTION, ("Ise", "Mino, Omi")),
        ),
        ("words no reason says any more", Void(VoidReason.AS_RECORDED, ("words no reason says any more",))),
    ],
)
def test_a_void_order_of_schema_1_gets_its_reason_back_from_its_sentence(note: str, verdict: Void) -> None:
    record = _record(reason="illegal", result="void", note=note)
    made = msgspec.convert(verdict_of(record, [record]), AnyVerdict)  # type: ignore[arg-type]
    assert made == verdict
    assert made.note == note  # the words, as they were
