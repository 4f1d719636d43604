"""A phase report keeps each verdict as the rule returned it, by its kind, and reads it back as the same type."""

from __future__ import annotations

import msgspec
import pytest

from adjudicator.adjustments import Built, CivilDisorder, TooMany, Unbuilt, Waived
from adjudicator.outcomes import Bounced, ConvoyGap, Dislodged, NoConvoy, Unmatched, Verdict, Void
from adjudicator.refusals import VoidReason
from adjudicator.retreats import Disbanded, NotRetreated, RetreatBounced, Retreated
from game.records import AnyVerdict

VERDICTS: list[Verdict] = [
    Bounced("MIN"),
    Dislodged("OWA", "OWA"),
    NoConvoy(ConvoyGap.NO_ROUTE),
    Unmatched(),
    RetreatBounced(("GRE", "TRI")),
    Retreated("ALB"),
    Disbanded(NotRetreated.NEUTRAL),
    Built(),
    Waived(Unbuilt.NO_SITE),
    TooMany(1, "removal"),
    CivilDisorder(),
    Void(VoidReason.NOT_A_RETREAT_OPTION, ("Albania", "Greece")),
]


@pytest.mark.parametrize("verdict", VERDICTS, ids=lambda v: type(v).__name__)
def test_a_verdict_is_kept_as_its_kind_and_read_back_as_the_same_type(verdict: Verdict) -> None:
    """``{"kind": "retreat_bounced", "rivals": ["GRE", "TRI"]}``: codes, never words (the words may change)."""
    text = msgspec.json.encode(verdict)
    assert msgspec.json.decode(text)["kind"] == msgspec.inspect.type_info(type(verdict)).tag  # type: ignore[attr-defined]
    assert msgspec.json.decode(text, type=AnyVerdict) == verdict


def test_a_void_order_keeps_its_reason_as_a_code_with_the_places_its_sentence_names() -> None:
    void = Void(VoidReason.NO_UNIT, ("Kai",))
    assert msgspec.json.encode(void) == b'{"kind":"void","why":"no_unit","places":["Kai"]}'
    assert void.note == "there is no unit in Kai"
