"""Game files of an older schema read as the current one: each change of the format made again on read.

Schema 2 to 3: an outcome record keeps its verdict alone, not the verdict's
words beside it (``result``, ``reason``, ``note`` and ``culprit`` are read
from the verdict), and its numbers name a unit only where the verdict does
not (``opposed_by`` of a failed move, ``by`` of a dislodged unit: the
verdict's culprit). The words are dropped, and the units the verdict names.

Schema 1 to 2: each outcome record gains the verdict the rule returned,
tagged with its kind. The record kept the verdict in its coarse form (its
reason, note and culprit, and the numbers), and the rules decided the same
way then, so the verdict is made from those: the culprit the record named
(in files from before culprits were recorded, the unit the post named, read
from the numbers as the post read it then), a void order's sentence read
back into its reason and the places it names (words that no reason says
any more kept as they were: ``as_recorded``), and for a bounced retreat the
other units that retreated to the same province. Who owed orders is left
unrecorded: working it out needs the board (:func:`game.duty.owed_orders`).

This works on the decoded JSON before it is checked: anything not shaped
like a game is left as it is, for the typed decoding to refuse with its
place.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

import msgspec

from adjudicator.adjustments import Unbuilt
from adjudicator.outcomes import ConvoyGap, ConvoyUnused
from adjudicator.refusals import VoidReason
from adjudicator.retreats import NotRetreated
from adjudicator.worded import Worded
from game.records import AnyVerdict

__all__ = ["FROM", "SCHEMA", "migrate"]

FROM = 1
"""The oldest schema this sengoku reads (and migrates)."""
SCHEMA: Final = 3
"""The schema this sengoku writes (the schema migrated to)."""

Record = dict[str, Any]
_Make = Callable[[Record, list[Any]], Record]


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """A game's decoded JSON of schema 1 or 2, as schema 3 (changed in place, and returned)."""
    first = data.get("schema_version") == 1
    for outcomes in _outcome_lists(data):
        for record in outcomes:
            if not isinstance(record, dict):
                continue
            if first and "verdict" not in record:
                verdict = verdict_of(record, outcomes)
                if verdict is not None:
                    record["verdict"] = verdict
            _verdict_alone(record)
    data["schema_version"] = SCHEMA
    return data


def _outcome_lists(data: dict[str, Any]) -> list[list[Any]]:
    """Every phase report's outcome records: the history's, the reports corrected since, the rolled back."""
    entries = []
    for holder in (data, data.get("rolled_back")):
        found = holder.get("history" if holder is data else "entries") if isinstance(holder, dict) else None
        entries += found if isinstance(found, list) else []
    lists = []
    for entry in entries:
        for name in ("report", "previous"):
            report = entry.get(name) if isinstance(entry, dict) else None
            outcomes = report.get("outcomes") if isinstance(report, dict) else None
            if isinstance(outcomes, list):
                lists.append(outcomes)
    return lists


def _verdict_alone(record: Record) -> None:
    """Schema 2 to 3: the verdict's words dropped, and the units of the numbers the verdict names."""
    for name in ("result", "reason", "note", "culprit"):
        record.pop(name, None)
    try:
        verdict: AnyVerdict = msgspec.convert(record.get("verdict"), AnyVerdict)
    except msgspec.ValidationError:
        return  # not a verdict: the typed decoding says what is wrong, and where
    culprit = verdict.culprit
    if verdict.opposed and record.get("opposed_by") == culprit:
        record.pop("opposed_by")
    if verdict.dislodged and record.get("by") == culprit:
        record.pop("by")


def verdict_of(record: Record, phase: list[Any]) -> Record | None:
    """The verdict a schema-1 outcome record stood for (``phase``: all the phase's records); None if the
    record has no reason this sengoku knows (the typed decoding then says what is wrong)."""
    reason = str(record.get("reason"))
    make = _MAKERS.get(_OLD_WORDS.get(reason, reason))
    return make(record, phase) if make is not None else None


# --- what each reason's verdict needs -------------------------------------------------------------


def _plain(kind: str) -> _Make:
    return lambda record, phase: {"kind": kind}


def _culprit(record: Record, *fallbacks: str) -> str | None:
    """The unit the record named for the failure: its culprit, or (older files) the first fallback field set."""
    for name in ("culprit", *fallbacks):
        value = record.get(name)
        if isinstance(value, str):
            return value
    return None


def _target(record: Record) -> str | None:
    order = record.get("order")
    destination = order.get("destination") if isinstance(order, dict) else None
    return destination if isinstance(destination, str) else None


def _province(location: str | None) -> str | None:
    return location.split("/")[0] if location is not None else None


def _coded(kind: type[Worded], words: object) -> str | None:
    """The code of the member of ``kind`` whose words these are, or None."""
    return next((member.value for member in kind if member.words == words), None)


def _blocked(kind: str) -> _Make:
    """A move that failed against a named unit; files from before culprits flagged every head-to-head loss."""

    def make(record: Record, phase: list[Any]) -> Record:
        if record.get("culprit") is None and record.get("head_to_head"):
            return {"kind": "lost_head_to_head", "to": _culprit(record, "opposed_by") or _target(record)}
        return {"kind": kind, "by": _culprit(record, "opposed_by") or _target(record)}

    return make


def _cut(record: Record, phase: list[Any]) -> Record:
    """Files from before culprits named the cutter in ``by`` (since: the dislodger), and said "dislodged" in
    the note when the cutter dislodged it: the cutter becomes the verdict's, and ``by`` is left unknown."""
    if record.get("culprit") is not None:
        return {"kind": "cut", "by": record["culprit"]}
    cutter, record["by"] = record.get("by"), None
    return {"kind": "cut_by_dislodgement" if record.get("note") == "dislodged" else "cut", "by": cutter}


def _dislodged(record: Record, phase: list[Any]) -> Record:
    by = _culprit(record, "by")
    return {"kind": "dislodged", "by": by, "origin": _province(by)}


def _retreat_bounced(record: Record, phase: list[Any]) -> Record:
    """The other retreats into the same province (each bounced too), by where their units stood."""
    here = _province(_target(record))
    rivals = [
        _unit_location(other)
        for other in phase
        if other is not record
        and isinstance(other, dict)
        and other.get("reason") == "retreat bounced"
        and _province(_target(other)) == here
        and _unit_location(other) is not None
    ]
    return {"kind": "retreat_bounced", "rivals": rivals}


def _unit_location(record: Record) -> str | None:
    order = record.get("order")
    unit = order.get("unit") if isinstance(order, dict) else None
    location = unit.get("location") if isinstance(unit, dict) else None
    return location if isinstance(location, str) else None


_DUE = r"only (\d+) (build|removal)s? due"  # compiled when an old file is migrated


def _too_many(record: Record, phase: list[Any]) -> Record:
    found = re.fullmatch(_DUE, str(record.get("note", "")))
    if found is not None:
        return {"kind": "too_many", "due": int(found[1]), "of": found[2]}
    order = record.get("order")
    removal = isinstance(order, dict) and order.get("kind") == "remove"
    return {"kind": "too_many", "due": 0, "of": "removal" if removal else "build"}


def _void(record: Record, phase: list[Any]) -> Record:
    """A void order's sentence, read back into the reason that says it and the places it names."""
    note = str(record.get("note", ""))
    for reason in _MOST_SPECIFIC_FIRST:
        found = _sentence_pattern(reason).fullmatch(note)
        if found is not None:
            return {"kind": "void", "why": reason.value, "places": list(found.groups())}
    return {"kind": "void", "why": VoidReason.AS_RECORDED.value, "places": [note]}


# "the unit in Kai belongs to a neutral power" is NOT_YOURS_BUT_NEUTRAL, not NOT_YOURS naming "a neutral power":
# the reasons naming fewer places, then those saying more words, are tried first.
_MOST_SPECIFIC_FIRST = sorted(
    (reason for reason in VoidReason if reason is not VoidReason.AS_RECORDED),
    key=lambda reason: (reason.words.count("{}"), -len(reason.words)),
)


def _sentence_pattern(reason: VoidReason) -> re.Pattern[str]:
    """The reason's words with each ``{}`` a place: what :func:`adjudicator.refusals.sentence` writes."""
    return re.compile("(.+?)".join(map(re.escape, reason.words.split("{}"))))


def _why(kind: str, words: type[Worded], default: str | None = None) -> _Make:
    return lambda record, phase: {"kind": kind, "why": _coded(words, record.get("note")) or default}


# A schema-1 record's reason was a sentence: each sentence, and how its verdict is made.
_MAKERS: dict[str, _Make] = {
    "moved": _plain("succeeds"),
    "bounced": _blocked("bounced"),
    "defended": _blocked("defended"),
    "lost head to head": lambda record, phase: {
        "kind": "lost_head_to_head",
        "to": _culprit(record, "opposed_by") or _target(record),
    },
    "would dislodge its own unit": lambda record, phase: {
        "kind": "friendly_fire",
        "own": _culprit(record) or _target(record),
    },
    "convoy route broken": _plain("no_path"),
    "convoy disrupted or missing": _why("no_convoy", ConvoyGap, ConvoyGap.NOT_ORDERED.value),
    "held": _plain("holds"),
    "dislodged": _dislodged,
    "support given": _plain("given"),
    "support cut": _cut,
    "support cut by dislodgement": lambda record, phase: {
        "kind": "cut_by_dislodgement",
        "by": _culprit(record, "by"),
    },
    "supported unit did something else": _plain("unmatched"),
    "convoyed": _plain("carried"),
    "convoy disrupted": lambda record, phase: {"kind": "disrupted", "by": _culprit(record, "by")},
    "convoy paradox (Szykman rule: the convoy fails)": lambda record, phase: {"kind": "paradox", "rule": "Szykman"},
    "army did not take this convoy": _why("unused", ConvoyUnused, ConvoyUnused.UNMATCHED.value),
    "convoy held, but the route broke at another fleet": _plain("stranded"),
    "undecidable cycle: the orders in it fail": _plain("undecidable"),
    "retreated": lambda record, phase: {"kind": "retreated", "to": _target(record)},
    "retreat bounced": _retreat_bounced,
    "disbanded": _why("disbanded", NotRetreated),
    "built": _plain("built"),
    "removed": _plain("removed"),
    "waived": _why("waived", Unbuilt),
    "more orders than allowed": _too_many,
    "removed in civil disorder": _plain("civil_disorder"),
    "illegal": _void,
}

_OLD_WORDS = {"convoy paradox (Szykman rule: the fleet holds)": "convoy paradox (Szykman rule: the convoy fails)"}
"""Sentences a reason said before its words changed, as the sentence it says now."""
