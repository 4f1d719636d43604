"""Notifications while the page is closed (Web Push): subscriptions per power's link, and the events pushed.

A player turns notifications on in a browser; the page sends the browser's subscription (its push service's
endpoint and keys) with the events it wants: ``phase`` (a phase adjudicated, with what happened to the power,
and the next one open; or a phase opened again by a rollback), ``press`` (a message the power may read) and
``reminder`` (the site's reminder before a deadline, to a power that owes orders). Each event goes once to each
subscription (a :class:`~web.storage.models.PushSentRow` is written before it goes); a subscription the push
service calls gone (404, 410) is forgotten, and so is one made through a link the GM has since replaced.

Bounds: an endpoint must be https on a known push service (``PUSH_SERVICES``; http on loopback only where the
site allows it, for tests), checked again when a push is sent, and the push sent through the outbound guard
(:mod:`outbox.outbound`: the endpoint's name resolved once, a loopback, private, link-local or metadata answer
refused, the connection pinned to the checked address); at most :data:`MAX_PER_POWER` subscriptions a power (the
oldest goes), each push one POST of at most 4 KB with a 10 s timeout, from a thread of its own (a slow push
service holds up nothing).

Where pushes start (each a call of one function here, in a thread): after an adjudication
(:func:`after_adjudication`: the GM's page and API, and the deadline job), after a rollback
(:func:`after_rollback`), when a message is sent (:func:`after_message`, from :func:`web.table.press.send`) and
with a reminder round (:func:`after_reminder`, from :mod:`web.table.reminders`).
"""

from __future__ import annotations

import ipaddress
import json
import logging
import threading
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import bindparam, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from game.addresses import is_loopback_host
from game.owed import owed
from outbox.outbound import Outbound, OutboundRefused, Resolver
from outbox.webpush import Subscription, VapidKey, push, unb64
from web.storage import store
from web.storage.db import Database
from web.storage.models import PushSentRow, PushSubscriptionRow, TokenRow

__all__ = [
    "EVENTS",
    "MAX_PER_POWER",
    "PushSettings",
    "after_adjudication",
    "after_message",
    "after_reminder",
    "after_rollback",
    "configure",
    "init_app",
    "forget",
    "settings_of",
    "subscribe",
    "subscriptions_of",
]

log = logging.getLogger(__name__)

EVENTS = ("phase", "press", "reminder")
MAX_PER_POWER = 5
KNOWN_SERVICES = (
    "fcm.googleapis.com",  # Chrome, Edge on Android, Opera
    "updates.push.services.mozilla.com",  # Firefox
    "web.push.apple.com",  # Safari
    ".notify.windows.com",  # Edge on Windows
)


class PushRefused(ValueError):
    """A subscription the site will not push to, with why."""


@dataclass(frozen=True)
class PushSettings:
    key: VapidKey
    subject: str  # the VAPID "sub": a mailto: or https: address the push services may write to
    services: tuple[str, ...] = KNOWN_SERVICES  # hosts (".host" for its subdomains) endpoints may be on
    loopback_http: bool = False  # an http endpoint on 127.0.0.1 is allowed (tests' own push service)
    transport: Any = None  # an httpx transport for tests; None: the network
    resolve: Resolver | None = None  # a stub resolver for tests; None: the system's
    sent: list[threading.Thread] = field(default_factory=list, compare=False)  # threads started (tests wait)


_SETTINGS: weakref.WeakKeyDictionary[Database, PushSettings] = weakref.WeakKeyDictionary()


def init_app(app: Any) -> None:
    """The site's push settings from its config: ``VAPID_PRIVATE_KEY`` (PEM; else a key derived from the site's
    secret key), ``PUSH_SUBJECT`` (else the public address, if https), ``PUSH_SERVICES``, ``PUSH_LOOPBACK_HTTP``."""
    config = app.config
    pem = config.get("VAPID_PRIVATE_KEY")
    key = VapidKey(pem.encode() if isinstance(pem, str) else pem) if pem else VapidKey.from_secret(config["SECRET_KEY"])
    public = str(config.get("PUBLIC_URL") or "")
    subject = config.get("PUSH_SUBJECT") or (public if public.startswith("https://") else "mailto:webmaster@localhost")
    configure(
        app.extensions["sengoku_db"],
        PushSettings(
            key=key,
            subject=subject,
            services=tuple(config.get("PUSH_SERVICES") or KNOWN_SERVICES),
            loopback_http=bool(config.get("PUSH_LOOPBACK_HTTP")),
        ),
    )


def configure(db: Database, settings: PushSettings) -> None:
    """The site's push settings, for everything that pushes on this database (requests and the deadline job)."""
    _SETTINGS[db] = settings


def settings_of(db: Database) -> PushSettings | None:
    return _SETTINGS.get(db)


# --- subscriptions ------------------------------------------------------------------------------


def check_endpoint(endpoint: str, settings: PushSettings) -> None:
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").lower()
    if len(endpoint) > 1024 or parts.username or parts.password or not host:
        raise PushRefused("that is not a push service's address")
    known = any(host == s or (s.startswith(".") and host.endswith(s)) for s in settings.services)
    if parts.scheme == "https" and known:
        return
    if parts.scheme == "http" and settings.loopback_http and is_loopback_host(host):
        return
    raise PushRefused(f"'{host}' is not a push service this site sends to")


def _guard(endpoint: str, settings: PushSettings) -> Outbound:
    """The outbound guard for one push: the endpoint's host alone (a known push service still, else PushRefused),
    the operator's networks, and loopback where the site allows http there (the tests' push service)."""
    check_endpoint(endpoint, settings)
    operator = Outbound.from_environment()
    loopback = (ipaddress.ip_network("127.0.0.0/8"),) if settings.loopback_http else ()
    host = (urlsplit(endpoint).hostname or "").lower()
    return Outbound(frozenset({host}), operator.networks + loopback, settings.resolve or operator.resolve)


def subscribe(
    db: Database, game_id: str, power: str, token: str, subscription: Subscription, events: Sequence[str]
) -> None:
    """Keep the browser's subscription for the power's link (the same endpoint again: its events change)."""
    settings = settings_of(db)
    if settings is None:
        raise PushRefused("this site sends no notifications")
    check_endpoint(subscription.endpoint, settings)
    if len(unb64(subscription.p256dh)) != 65 or len(unb64(subscription.auth)) != 16:
        raise PushRefused("the browser's keys are not those of a push subscription")
    wanted = sorted({e for e in events if e in EVENTS})
    from web.storage.tokens import digest

    with db.write() as session:
        found = session.scalars(
            select(PushSubscriptionRow).where(
                PushSubscriptionRow.game_id == game_id,
                PushSubscriptionRow.power == power,
                PushSubscriptionRow.endpoint == subscription.endpoint,
            )
        ).one_or_none()
        if found is None:
            found = PushSubscriptionRow(
                game_id=game_id, power=power, endpoint=subscription.endpoint, created=store.utcnow()
            )
            session.add(found)
        found.link, found.p256dh, found.auth = digest(token), subscription.p256dh, subscription.auth
        found.events = json.dumps(wanted)
        session.flush()
        mine = session.scalars(
            select(PushSubscriptionRow)
            .where(PushSubscriptionRow.game_id == game_id, PushSubscriptionRow.power == power)
            .order_by(PushSubscriptionRow.created.desc(), PushSubscriptionRow.id.desc())
        ).all()
        for old in mine[MAX_PER_POWER:]:
            session.delete(old)


def forget(db: Database, game_id: str, power: str, endpoint: str) -> bool:
    """Drop the power's subscription at ``endpoint`` (the browser turned notifications off)."""
    with db.write() as session:
        gone = session.execute(
            delete(PushSubscriptionRow).where(
                PushSubscriptionRow.game_id == game_id,
                PushSubscriptionRow.power == power,
                PushSubscriptionRow.endpoint == endpoint,
            )
        )
        return bool(getattr(gone, "rowcount", 0))


def subscriptions_of(db: Database, game_id: str, power: str) -> list[list[str]]:
    """The events each of the power's subscriptions wants (what the page says is on)."""
    return [json.loads(r.events) for r in db.rows(_EVENTS, {"game_id": game_id, "power": power})]


_EVENTS = (
    select(PushSubscriptionRow.events)
    .where(PushSubscriptionRow.game_id == bindparam("game_id"), PushSubscriptionRow.power == bindparam("power"))
    .order_by(PushSubscriptionRow.id)
)  # Core, built once: on every load of a player's page


# --- pushing --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Event:
    key: str  # once per subscription: "results:3:17", "press:42", ...
    kind: str  # which of EVENTS a subscription must want
    payloads: dict[str, dict[str, Any]]  # per power: the notification (title, body, tag, game, power)


def _start(db: Database, game_id: str, build: Callable[[], _Event | None]) -> threading.Thread | None:
    """Build and deliver the event in a thread of its own; none at all for a game nobody subscribed to (one
    indexed query here, not a thread reading the whole game for every message, and no thread left running)."""
    settings = settings_of(db)
    if settings is None or not _subscribed(db, game_id):
        return None

    def run() -> None:
        try:
            event = build()
            if event is not None:
                _deliver(db, settings, event)
        except Exception:  # a push must never fail what caused it
            log.exception("pushing notifications failed")

    thread = threading.Thread(target=run, name="sengoku-push", daemon=True)
    settings.sent.append(thread)
    del settings.sent[:-50]
    thread.start()
    return thread


def _subscribed(db: Database, game_id: str) -> bool:
    with db.read() as session:
        query = select(PushSubscriptionRow.id).where(PushSubscriptionRow.game_id == game_id).limit(1)
        return session.scalar(query) is not None


def _deliver(db: Database, settings: PushSettings, event: _Event) -> None:
    game_ids = {p["game"] for p in event.payloads.values()}
    with db.write() as session:
        rows = session.scalars(
            select(PushSubscriptionRow).where(
                PushSubscriptionRow.game_id.in_(game_ids), PushSubscriptionRow.power.in_(list(event.payloads))
            )
        ).all()
        links = {
            (t.game_id, t.role): t.digest
            for t in session.scalars(select(TokenRow).where(TokenRow.game_id.in_(game_ids)))
        }
        due = []
        for row in rows:
            if links.get((row.game_id, row.power)) != row.link:
                session.delete(row)  # made through a link the GM has replaced
            elif event.kind in json.loads(row.events) and _claim(session, row.id, event.key):
                due.append((row.id, Subscription(row.endpoint, row.p256dh, row.auth), row.power))
    for row_id, subscription, power in due:
        try:
            guard = _guard(subscription.endpoint, settings)
        except (PushRefused, OutboundRefused) as refused:  # the operator's list narrowed since it was kept
            log.warning("push of %s to a subscription of %s not sent: %s", event.key, power, refused)
            continue
        pushed = push(
            subscription,
            event.payloads[power],
            settings.key,
            subject=settings.subject,
            now=store.utcnow(),
            outbound=guard,
            transport=settings.transport,
        )
        if pushed.gone:
            with db.write() as session:
                session.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.id == row_id))
        elif pushed.failure:
            log.warning("push of %s to a subscription of %s not delivered: %s", event.key, power, pushed.failure)


def _claim(session: Session, subscription_id: int, key: str) -> bool:
    """Mark the event sent to this subscription; False when it was already (so it never goes twice)."""
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    statement = insert(PushSentRow).values(subscription_id=subscription_id, event=key, at=store.utcnow())
    done = session.execute(statement.on_conflict_do_nothing())
    return bool(getattr(done, "rowcount", 0))


def _note(game_id: str, power: str, title: str, body: str, tag: str) -> dict[str, Any]:
    return {"title": title[:120], "body": body[:600], "tag": tag, "game": game_id, "power": power}


def after_adjudication(db: Database, game_id: str) -> threading.Thread | None:
    """Push the results (what happened to each power) and the phase now open. Never raises."""

    def build() -> _Event | None:
        from web.play import lastphase

        snapshot = store.load(db, game_id)
        state = snapshot.state
        if not state.history:
            return None
        name = snapshot.name or snapshot.board.title
        now = str(state.position.phase) if not state.result.over else state.result.describe()
        payloads = {}
        for power in snapshot.board.power_names:
            last = lastphase.last_phase(snapshot, power)
            assert last is not None
            lines = "; ".join(last.lines[:4]) or "nothing of yours moved or was touched"
            open_now = f"Now: {now}." if not state.result.over else now
            payloads[power] = _note(
                game_id, power, f"{name}: {last.phase} adjudicated", f"{lines}. {open_now}", "phase"
            )
        return _Event(f"results:{len(state.history)}:{snapshot.version}", "phase", payloads)

    return _start(db, game_id, build)


def after_rollback(db: Database, game_id: str) -> threading.Thread | None:
    """Push that a phase is open again (the GM rolled the last adjudication back). Never raises."""

    def build() -> _Event:
        snapshot = store.load(db, game_id)
        name, phase = snapshot.name or snapshot.board.title, str(snapshot.state.position.phase)
        body = f"The GM rolled the game back: {phase} is open again; your orders for it may need another look."
        payloads = {
            p: _note(game_id, p, f"{name}: {phase} is open again", body, "phase") for p in snapshot.board.power_names
        }
        return _Event(f"reopened:{len(snapshot.state.history)}:{snapshot.version}", "phase", payloads)

    return _start(db, game_id, build)


def after_message(db: Database, game_id: str, message_id: int) -> threading.Thread | None:
    """Push a new message to the powers who may read it (not its sender). Never raises."""

    def build() -> _Event | None:
        from game.press import may_read
        from web.storage.models import MessageRow
        from web.table.talk import shown_as

        snapshot = store.load(db, game_id)
        with db.read() as session:
            row = session.get(MessageRow, message_id)
            if row is None:
                return None
            recipients = json.loads(row.recipients)
            readers = [
                p
                for p in snapshot.board.power_names
                if p != row.sender and may_read(snapshot.state.press, p, row.sender, recipients)
            ]
            name = snapshot.name or snapshot.board.title
            payloads = {}
            for power in readers:
                shown = shown_as(row, power, snapshot.state.press)
                title = f"{name}: {shown.sender} to {', '.join(shown.to)}"
                payloads[power] = _note(game_id, power, title, row.text, f"press-{message_id}")
        return _Event(f"press:{message_id}", "press", payloads) if payloads else None

    return _start(db, game_id, build)


def after_reminder(db: Database, game_id: str, phase_number: int, hours: int, missing: Sequence[str]) -> None:
    """Push the reminder round to the powers that owe orders, each told what it still owes. Never raises."""

    def build() -> _Event | None:
        snapshot = store.load(db, game_id)
        board, state = snapshot.board, snapshot.state
        name, phase = snapshot.name or board.title, str(state.position.phase)
        still = {o.power: o for o in owed(board, state.position, board.rules, state.orders)}

        def body(power: str) -> str:
            if power not in still or not still[power].orders:
                return "You have no orders saved yet."
            return f"Still to order: {still[power].describe()}."

        title = f"{name}: orders for {phase} are due in about {hours} h"
        payloads = {p: _note(game_id, p, title, body(p), "reminder") for p in missing}
        return _Event(f"reminder:{phase_number}:{hours}", "reminder", payloads) if payloads else None

    _start(db, game_id, build)
