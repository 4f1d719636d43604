"""Who gets which message: one letter per player address in the game's address book.

A letter already recorded as sent (same key, same address) is left out, so
a re-run sends only what did not go. A power with no address is named, so
the GM knows who must be told some other way.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from html import escape

import msgspec

from adjudicator.rules import Rules
from game.duty import without_orders
from game.owed import owed
from game.state import GameState
from maps.board import Board
from post import build_post, render
from post.words import deadline_text

__all__ = [
    "MAP_CID",
    "MAX_NAME_IN_SUBJECT",
    "Letter",
    "MailPicture",
    "Plan",
    "links_letters",
    "named",
    "reminder_letters",
    "results_letters",
]

MAX_NAME_IN_SUBJECT = 40
"""Characters of a game's name in a Subject: the name is its GM's words, and a Subject is where spam speaks."""


def named(name: str) -> str:
    """The game's name as a Subject says it, bounded and marked as a name: ``Game “Kyoto 1570”``.

    A GM could name a game "URGENT: your bank account is locked - visit ..."; in a Subject it reads
    ``Game “URGENT: your bank account is locked - v…”``: a game's name, cut short. (Typographic quotes: a
    long Subject with ASCII ones is folded by Python's mail library right after ``Subject:``.)
    """
    short = name if len(name) <= MAX_NAME_IN_SUBJECT else name[: MAX_NAME_IN_SUBJECT - 1].rstrip() + "…"
    return f"Game “{short}”"


@dataclass(frozen=True)
class MailPicture:
    """A picture shown in a message's HTML part (the map): its bytes, media type and file name."""

    data: bytes
    media_type: str
    name: str
    alt: str


@dataclass(frozen=True)
class Letter:
    """One message for one address: what it is about (``key``), its subject, its two bodies and a picture."""

    key: str
    power: str
    address: str
    subject: str
    plain: str
    html: str
    picture: MailPicture | None = None


@dataclass
class Plan:
    letters: list[Letter] = field(default_factory=list)
    unaddressed: list[str] = field(default_factory=list)  # powers to mail that have no address
    already: list[Letter] = field(default_factory=list)  # letters recorded as sent before

    def describe_unaddressed(self) -> str | None:
        if not self.unaddressed:
            return None
        names = ", ".join(self.unaddressed)
        return f"not mailed: no address for {names} (sengoku players GAME add POWER ADDRESS...)"


def _plan(
    state: GameState,
    powers: Sequence[str],
    make: Mapping[str, tuple[str, str, str, str]],
    picture: MailPicture | None = None,
) -> Plan:
    """Letters for ``powers``: ``make[power]`` is (key, subject, plain, html); ``picture`` goes in each."""
    plan = Plan()
    sent = {(m.key, m.address) for m in state.sent}
    for power in powers:
        addresses = state.addresses.get(power, [])
        if not addresses:
            plan.unaddressed.append(power)
            continue
        key, subject, plain, html = make[power]
        for address in addresses:
            letter = Letter(key, power, address, subject, plain, html, picture)
            (plan.already if (key, address) in sent else plan.letters).append(letter)
    return plan


def results_letters(
    board: Board,
    state: GameState,
    index: int = -1,
    deadline: datetime | None = None,
    picture: MailPicture | None = None,
) -> Plan:
    """The results post of an adjudicated phase (the last by default) for every power with an address.

    Its key holds a digest of the results (the deadline left out): a phase
    rolled back and adjudicated to other results is mailed again, the same
    results never twice. Powers out of the game are mailed if they have an
    address, but only those still in it are reported as having none.
    ``picture``: the phase's map, shown in the HTML part under the title
    (the plain text says it is there).
    """
    if not state.history:
        raise ValueError("no phase has been adjudicated yet: there are no results to mail")
    post = build_post(board, state, index, deadline=deadline if deadline is not None else state.deadline)
    plain, html = render(post, "plain"), render(post, "html")
    number = index % len(state.history) + 1
    results = msgspec.json.encode(post.replace(deadline=None)).decode()
    key = f"results {number} {hashlib.sha256(results.encode()).hexdigest()[:10]}"
    if picture is not None:
        plain = _with_map_note(plain, picture)
        html = f'<p><img src="cid:{MAP_CID}" alt="{escape(picture.alt)}" style="max-width:100%"></p>\n{html}'
    letter = (key, post.subject_with(named(post.game or post.variant)), plain, _page(post.title, html))
    plan = _plan(state, board.power_names, dict.fromkeys(board.power_names, letter), picture)
    position = state.position
    plan.unaddressed = [p for p in plan.unaddressed if position.centres_of(p) or position.units_of(p)]
    return plan


def reminder_letters(
    board: Board,
    state: GameState,
    deadline: datetime | None = None,
    rules: Rules | None = None,
    key: str | None = None,
) -> Plan:
    """A reminder for each power that still owes an order (a unit without one, a build or removal not ordered),
    naming what it owes and the lines of its refused at the last reading, with the deadline.

    ``key`` tells one reminder round apart from another (the web site's automatic rounds, 24 and 2 hours
    before the deadline say); by default one reminder per phase and deadline.
    """
    if state.result.over:
        raise ValueError(f"the game is over: {state.result.describe()}")
    due = deadline if deadline is not None else state.deadline
    phase = str(state.position.phase)
    rules = rules or board.rules
    owing = {o.power: o for o in owed(board, state.position, rules, state.orders) if o.owes}
    late = list(owing)
    name = state.name or board.title
    when = f"The deadline is {deadline_text(due, state.zone)}." if due else "The GM has set no deadline yet."
    make = {}
    for power in late:
        given = state.orders.get(power)
        if given:
            count = f"{len(given)} order{'' if len(given) == 1 else 's'}"
            status = f"The GM has {count} from {power} for {phase}; still to order: {owing[power].describe()}."
            missing = "Without an order a unit holds."
        else:
            status = f"The GM has no orders from {power} for {phase} yet ({owing[power].describe()})."
            missing = without_orders(board, state.position, rules, power)
        refused = [line for line in state.refused if line.power == power]
        text = (
            f"{name}: orders for {phase}\n\n"
            f"{status} {when}\n"
            f"{missing}\n"
            + "".join(f"Refused from your last message: '{line.text}': {line.problem}\n" for line in refused[:10])
            + "Send your orders by replying to this message.\n"
        )
        html = "".join(f"<p>{escape(line)}</p>" for line in text.splitlines() if line)
        round_key = key or f"reminder {phase} {due.isoformat() if due else 'no deadline'}"
        make[power] = (round_key, f"{named(name)}: orders for {phase} are due", text, _page(f"{name}: {phase}", html))
    return _plan(state, late, make)


def links_letters(board: Board, state: GameState, links: Mapping[str, str], key: str) -> Plan:
    """Each power its own secret web link (only the powers in ``links``); ``key`` tells this batch apart."""
    name = state.name or board.title
    make = {}
    for power, link in links.items():
        text = (
            f"{name}: your link as {power}\n\n"
            f"This is your own secret link for {name}, where you see the board and enter {power}'s orders:\n\n"
            f"{link}\n\nKeep it to yourself: anyone with the link can order for {power}.\n"
        )
        html = "".join(f"<p>{escape(line)}</p>" for line in text.splitlines() if line)
        make[power] = (key, f"{named(name)}: your link as {power}", text, _page(name, html))
    return _plan(state, [p for p in board.power_names if p in links], make)


MAP_CID = "map@sengoku"
"""The Content-ID the HTML part names the map by (one picture a message: a fixed id is unique in it)."""


def _with_map_note(plain: str, picture: MailPicture) -> str:
    """The plain text says where the map is: a mail program that shows only text shows no picture."""
    title, _, rest = plain.partition("\n")
    return (
        f"{title}\n(The map is in this message as {picture.name}; a mail program showing text only lists it.)\n{rest}"
    )


def _page(title: str, body: str) -> str:
    """A whole HTML document around a fragment, for the HTML part of a message: laid out at the reader's width
    (without the viewport line a phone lays it out 980 px wide, and shrinks the text to fit)."""
    return (
        '<!doctype html>\n<html><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title></head>\n<body>\n{body}</body></html>\n"
    )
