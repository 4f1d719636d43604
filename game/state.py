"""The whole game as one serialisable value.

Files and databases are the shells' business; the engine only turns a
:class:`GameState` into JSON and back (:func:`state_json` / :func:`state_from_json`),
with a schema version so an old file is recognised, and read as the current
schema (:mod:`game.migrate`). The Structs here (and those they hold) are the
game file's schema: msgspec checks every field as it decodes, without
pydantic (:mod:`orders.structs`).
"""

from __future__ import annotations

import functools
import unicodedata
from datetime import datetime
from typing import Any, Literal

import msgspec

from adjudicator.position import Position
from adjudicator.rules import Rules
from game.addresses import address_problem
from game.chat_channel import ChatChannel
from game.history import History, HistoryEntry
from game.migrate import FROM, SCHEMA, migrate
from game.owed import RefusedLine
from game.press import PressRules
from game.records import GameResult, GmAction
from game.sent import SentMessage
from maps.terms import PhaseType
from orders.cleantext import name_problem_of
from orders.model import Order
from orders.structs import Struct

__all__ = [
    "MAX_NAME_CHARS",
    "OLDEST_SCHEMA",
    "SCHEMA_VERSION",
    "GameState",
    "HistoryEntry",
    "RolledBack",
    "StateError",
    "dp_of",
    "name_problem",
    "state_from_json",
    "state_json",
    "top_fields",
    "usual_state",
]

StateError = msgspec.ValidationError
"""A game state's JSON of the wrong shape; the message says what and where (``... - at `$.position.units[0]```)."""

SCHEMA_VERSION: Literal[3] = SCHEMA
"""Schema 3: each outcome record keeps its verdict alone (schema 2 kept its words beside it), each phase
report who owed orders."""
OLDEST_SCHEMA = FROM
"""Files of this schema and later (up to :data:`SCHEMA_VERSION`) are read; older ones are migrated on read."""
MAX_NAME_CHARS = 80
_UNPRINTABLE = {"Cc", "Cs", "Zl", "Zp"}  # control characters, lone surrogates, line and paragraph separators
_LINE_BREAKS = set("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")  # what str.splitlines breaks a line at


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a game's name, or None when it can.

    The name heads every results post and is the Subject of every mail: a
    line break in it would end the Subject and start a header of the
    sender's choosing (``Kyoto\nBcc: victim@example.com``), and a control
    character garbles a forum post. So a name is one line of printable
    text, without bidi controls or zero-width characters (U+202E would flip
    the Subject; an invisible character makes two names look alike); the
    shells store it in NFKC (:func:`orders.cleantext.plain_name`). The
    command line and the web site both ask here.
    """
    if len(name) > MAX_NAME_CHARS:
        return f"a game's name is at most {MAX_NAME_CHARS} characters (this one has {len(name)})"
    for char in name:
        if unicodedata.category(char) in _UNPRINTABLE:
            what = "a line break" if char in _LINE_BREAKS else "a control character"
            return f"a game's name is one line of printable text; this one holds {what} ({char!r}, U+{ord(char):04X})"
    return name_problem_of(name, "a game's name")


class RolledBack(Struct, frozen=True, kw_only=True):
    """The phases rollbacks took back (oldest first), and the open phase as it stood before the first of them.

    Kept so that ``rollforward`` can adjudicate them again from their own
    orders while the game stays where the rollback left it (DPjudge's
    ROLLFORWARD), and so that a phase adjudicated anew knows the report it
    replaces (its post then says it is a correction, and what changed).
    """

    entries: list[HistoryEntry]
    orders: dict[str, list[Order]] = msgspec.field(default_factory=dict)
    """The orders stored in the phase that was open when the first of these rollbacks came."""
    deadline: datetime | None = None
    concessions: dict[str, str] = msgspec.field(default_factory=dict)
    position: Position | None = None
    """The position of that phase (with the GM's edits of it, listed in ``edits``)."""
    edits: list[str] = msgspec.field(default_factory=list)
    edited_from: Position | None = None
    dp_set: dict[str, int] = msgspec.field(default_factory=dict)


class GameState(Struct, frozen=True, kw_only=True):
    """One game, as its file holds it. A new field needs a default, so that older files still load."""

    schema_version: Literal[3] = SCHEMA_VERSION
    variant: str
    name: str = ""
    position: Position
    orders: dict[str, list[Order]] = msgspec.field(default_factory=dict)
    """Orders submitted this phase."""
    all_refused: list[str] = msgspec.field(default_factory=list)
    """Powers whose latest message this phase had every line refused (their earlier orders stand)."""
    messages_read: list[str] = msgspec.field(default_factory=list)
    """Message-IDs of the mail already read into this game (never read twice)."""
    draw_votes: dict[str, list[str]] = msgspec.field(default_factory=dict)
    """Power -> the powers its draw proposal includes."""
    concessions: dict[str, str] = msgspec.field(default_factory=dict)
    """Conceding power -> power conceded to."""
    addresses: dict[str, list[str]] = msgspec.field(default_factory=dict)
    """Power -> the email addresses its orders come from and results go to."""
    mail_auth_hosts: list[str] = msgspec.field(default_factory=list)
    """Mail servers whose Authentication-Results headers the GM trusts (their authserv-id)."""
    require_verified_sender: bool = False
    """Use mail only when a trusted Authentication-Results verifies its From address."""
    result: GameResult = msgspec.field(default_factory=GameResult)
    history: History = msgspec.field(default_factory=History)
    """The adjudicated phases, each decoded when first read (:mod:`game.history`)."""
    deadline: datetime | None = None
    """When the open phase is due (UTC), as the GM set it; cleared by adjudication."""
    zone: str = ""
    """The time zone deadlines are shown in (an IANA name such as 'Asia/Tokyo'; '' is UTC), beside UTC."""
    destination: str = ""
    """Where the GM posts the results ('phpbb', 'discourse', 'discord', 'mail', 'reddit'; '' none said): its markup
    and picture budget are the commands' defaults (post/destinations.py)."""
    mail_results: bool = False
    """Mail the results post to the players after adjudication."""
    sent: list[SentMessage] = msgspec.field(default_factory=list)
    """Mail the players were sent (see outbox)."""
    press: PressRules = msgspec.field(default_factory=PressRules)
    """What press the GM allows (web games)."""
    press_mail: list[str] = msgspec.field(default_factory=list)
    """Powers that asked for new press by mail (to their addresses), batched."""
    paused: bool = False
    """The GM paused the game: no deadline runs until resumed."""
    paused_left_seconds: float | None = None
    """What was left of the deadline when the game was paused (none: no deadline)."""
    early_when_ready: bool = False
    """The web site adjudicates as soon as every power with orders to give is ready."""
    reminder_hours: list[int] = msgspec.field(default_factory=list)
    """Hours before the deadline at which the web site reminds the powers without orders, by itself."""
    reminded: list[str] = msgspec.field(default_factory=list)
    """The reminder rounds already sent, as 'phase number:hours' (each goes once a phase)."""
    channel: ChatChannel | None = None
    """The chat channel (a Discord or Slack webhook) results are posted to; a secret."""
    log: list[GmAction] = msgspec.field(default_factory=list)
    """What the GM did to the game, when and through what (oldest first)."""
    refused: list[RefusedLine] = msgspec.field(default_factory=list)
    """The lines refused at the last reading of each power's orders this phase (status and reminders name them)."""
    held_mail: list[str] = msgspec.field(default_factory=list)
    """Mail held back (another phase, another game) and listed already: listing it again is no news (exit 0)."""
    edits: list[str] = msgspec.field(default_factory=list)
    """The GM's edits of the open phase (``sengoku edit``), in words, for the next results post."""
    edited_from: Position | None = None
    """The position before the first of those edits (None: no edit)."""
    dp_set: dict[str, int] = msgspec.field(default_factory=dict)
    """Power -> its Diplomacy Points for the open phase, where the GM set them (else its centres give them)."""
    rolled_back: RolledBack | None = None
    """The phases the last rollbacks took back, for ``rollforward`` and corrections (none: nothing taken back)."""
    kept: dict[str, msgspec.Raw] = msgspec.field(default_factory=dict, name="$kept")
    """Top-level fields of the JSON that this version does not know (a newer sengoku's), as read, written back
    unchanged by :func:`state_json`: a game moved back and forth between versions loses nothing. Never in JSON
    itself: its JSON name ``$kept`` only keeps a file holding that key from filling it."""

    def __post_init__(self) -> None:
        """A hand-edited address with a line break is refused when the file is read, not when mail is sent.

        A history given as a list of phases (a caller building a state) becomes a :class:`History`.
        """
        if not isinstance(self.history, History):
            msgspec.structs.force_setattr(self, "history", History(self.history))
        for power, addresses in self.addresses.items():
            for address in addresses:
                problem = address_problem(address)
                if problem is not None:
                    raise ValueError(f"{power}'s {problem}; correct it in the file's \"addresses\"")

    @property
    def phase_opened(self) -> datetime | None:
        """When the open phase opened: the last adjudication's time (None for the first phase, or not recorded).

        Mail dated before it was written for an earlier phase (:mod:`inbox.intake`).
        """
        return self.history[-1].adjudicated_at if self.history else None


def dp_of(state: GameState, rules: Rules) -> dict[str, int]:
    """Each power's Diplomacy Points this phase (written to the JSON for readers; never read back).

    Derived, not stored: DP follow from the centres owned and the variant's rules (or the GM's number for
    the phase, ``dp_set``), so a saved number could only ever disagree with them.
    """
    if state.position.phase.type is not PhaseType.MOVEMENT or not rules.max_dp:
        return {}
    owners = sorted(set(state.position.centres.values()) | set(state.dp_set))
    return {
        power: state.dp_set.get(power, rules.dp_allowance(len(state.position.centres_of(power)))) for power in owners
    }


_FIELDS = frozenset(GameState.__struct_encode_fields__) - {"$kept"}
_TOP = msgspec.json.Decoder(dict[str, msgspec.Raw])
_COPIED = tuple(name for name in GameState.__struct_fields__ if name not in ("kept", "history"))


def _usual_fields() -> list[tuple[str, object, object]]:
    """GameState's fields as a file holds them (the history as one JSON text per phase), ``dp`` too."""
    fields: list[tuple[str, object, object]] = [("dp", object, None), ("history", list[msgspec.Raw], [])]
    for field in msgspec.structs.fields(GameState):
        if field.name in _COPIED:
            default = field.default
            if field.default_factory is not msgspec.NODEFAULT:
                default = msgspec.field(default_factory=field.default_factory)
            fields.append((field.name, field.type, default))
    return sorted(fields, key=lambda f: f[2] is not msgspec.NODEFAULT)  # the required ones first


_USUAL = msgspec.json.Decoder(
    msgspec.defstruct("StoredGame", _usual_fields(), kw_only=True, forbid_unknown_fields=True)
)


def state_json(state: GameState, *, rules: Rules, indent: int = 0) -> bytes:
    """The game as JSON: every field, ``dp`` by the variant's ``rules`` (for readers; never read back), then
    the :attr:`~GameState.kept` fields.

    A stored phase never read is written back as the very JSON it was read from (:meth:`History.stored`),
    not even indented again: with ``indent``, each top-level field is laid out by itself, and the
    history's unread phases go in as they were read (as a file this function wrote holds them: laid out
    as :func:`msgspec.json.format` lays them out there). Re-indenting a long game's whole history cost
    more than the rest of a command.
    """
    fields = {name: getattr(state, name) for name in state.__struct_fields__ if name != "kept"}
    fields |= {"dp": dp_of(state, rules), **state.kept}
    if not indent:
        return msgspec.json.encode(fields, enc_hook=_stored)
    pad = b" " * indent
    lines = [pad + msgspec.json.encode(name) + b": " + _laid_out(value, indent, 1) for name, value in fields.items()]
    return b"{\n" + b",\n".join(lines) + b"\n}"


def _laid_out(value: object, indent: int, depth: int) -> bytes:
    """``value`` as msgspec lays it out with ``indent``, for a place ``depth`` levels deep."""
    if isinstance(value, History) and value:
        pad = b" " * indent * (depth + 1)
        items = [
            item if isinstance(item, msgspec.Raw) else _laid_out(item, indent, depth + 1) for item in value.stored()
        ]
        return b"[\n" + b",\n".join(pad + bytes(item) for item in items) + b"\n" + b" " * indent * depth + b"]"
    text = msgspec.json.format(msgspec.json.encode(value, enc_hook=_stored), indent=indent)
    return text.replace(b"\n", b"\n" + b" " * indent * depth)  # JSON text holds no line break but between values


def _stored(value: object) -> object:
    if isinstance(value, History):
        return value.stored()
    raise NotImplementedError(f"no JSON for {type(value).__name__}")


def state_from_json(data: bytes | str, top: dict[str, msgspec.Raw] | None = None) -> GameState:
    """A game from its JSON, every field checked but the history's phases (raises :data:`StateError`).

    The history is split into one JSON text per phase, each decoded and checked when first read
    (:mod:`game.history`). A file of an older schema is read as the current one (:mod:`game.migrate`).
    Top-level fields this version does not know are kept, to be written back (:attr:`GameState.kept`).
    Raises :class:`msgspec.DecodeError` for text that is not JSON. ``top``: :func:`top_fields` of ``data``,
    if the caller has it already.
    """
    if top is None and (usual := usual_state(data)) is not None:
        return usual
    top = top_fields(data) if top is None else top
    version = top.get("schema_version")
    if version is not None and OLDEST_SCHEMA <= _version(version) < SCHEMA_VERSION:
        data = msgspec.json.encode(migrate(msgspec.json.decode(data)))
        top = top_fields(data)
    stored = top.get("history")
    if stored is None:
        state = _careful().decode(data)
    else:
        state = _careful().decode(
            msgspec.json.encode({name: value for name, value in top.items() if name != "history"})
        )
        try:
            state = state.replace(history=History.from_json(stored))
        except msgspec.ValidationError as error:  # not an array: say where, as msgspec does for every other field
            raise StateError(f"{str(error).rpartition(' - at `$')[0] or error} - at `$.history`") from None
    unknown = top.keys() - _FIELDS - {"dp"}
    if not unknown:
        return state
    return state.replace(kept={name: top[name] for name in sorted(unknown)})


def _version(raw: msgspec.Raw) -> int:
    """A file's schema version, if it is a whole number (anything else: -1, for the decoding to refuse)."""
    value = msgspec.json.decode(raw)
    return value if isinstance(value, int) and not isinstance(value, bool) else -1


def usual_state(data: bytes | str) -> GameState | None:
    """The game in one pass over its JSON, when it is what this version writes; None for anything else.

    Anything else (a field this version does not know, a wrong one, not JSON at all) is for
    :func:`state_from_json`, which keeps the unknown and says what is wrong and where. A long game's file
    is mostly its history, which is only split here, so each pass over it counts.
    """
    try:
        stored: Any = _USUAL.decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
        return None
    fields = {name: getattr(stored, name) for name in _COPIED}
    try:
        return GameState(**fields, history=History(stored.history))
    except ValueError:  # a field GameState refuses (a hand-edited address): said where by the careful path
        return None


@functools.cache
def _careful() -> msgspec.json.Decoder[GameState]:
    """The decoder of a whole game, for the unusual files only (the usual ones never need it)."""
    return msgspec.json.Decoder(GameState)


def top_fields(data: bytes | str) -> dict[str, msgspec.Raw]:
    """The JSON object's fields, each still as its JSON text (cheap: nothing below the top is decoded)."""
    return _TOP.decode(data)
