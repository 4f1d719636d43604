"""The deadline job's work by what is due: each game's next due time, kept true, and a pass that reads only those.

On SQLite and on PostgreSQL. Counts, never timings: the statements a pass sends, the mails that go.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event, select

from outbox import SmtpSettings
from tests.outbox.smtpd import Mailbox, smtp_server
from tests.web.conftest import GameLinks, Site, agreed
from web.play import actions
from web.schemas.bodies import DeadlineIn
from web.storage import due, store
from web.storage.db import Database
from web.storage.models import GameRow
from web.table import deadlines, pressmail

pytestmark = pytest.mark.clock  # due times are times: the clock is frozen (tests/conftest.py)

NOW = datetime(2099, 3, 1, 18, 0)


@pytest.fixture
def app(app_on_each_database: Flask) -> Flask:
    return app_on_each_database


@pytest.fixture
def smtp() -> Iterator[tuple[SmtpSettings, Mailbox]]:
    with smtp_server() as (port, box):
        yield SmtpSettings(host="127.0.0.1", port=port, sender="gm@kyoto.example", pause=0), box


def next_due(db: Database, game_id: str) -> datetime | None:
    with db.read() as session:
        return session.scalars(select(GameRow.next_due).where(GameRow.id == game_id)).one()


def statements(db: Database) -> list[str]:
    """Every statement the database is sent from now on (appended as they go)."""
    sent: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        sent.append(statement)

    event.listen(db.engine, "before_cursor_execute", count)
    return sent


def press_by_mail(app: Flask, site: Site, game: GameLinks) -> None:
    """Takeda asks for press by mail (a site with a mail server: the setting is offered only there)."""
    app.config["SMTP"] = SmtpSettings(host="127.0.0.1", port=1, sender="gm@kyoto.example")  # after the book
    answer = site.client.put(f"/api/games/{game.id}/press-mail", json={"mail": True}, headers=game.bearer("Takeda"))
    assert answer.status_code == 200, answer.get_data(as_text=True)


def run(db: Database, smtp: SmtpSettings | None, now: datetime) -> None:
    for sender in deadlines.run_pass(db, smtp, now=now):
        sender.join(timeout=30)


@pytest.fixture
def busy(app: Flask, site: Site, db: Database) -> list[GameLinks]:
    """Five games with everything the job can do for them: deadlines, reminders, press by mail (with press)."""
    games = []
    for number in range(5):
        game = site.new_game(f"Game {number}")
        page = game.gm_page
        site.post(page + "/mail-settings", {"addresses-Takeda": "shingen@example.org"}, page=page)
        agreed(app, game.id)
        site.post(page + "/reminders", {"hours": "2, 24"}, page=page)
        press_by_mail(app, site, game)
        site.client.post(
            f"/api/games/{game.id}/press", json={"to": ["Takeda"], "text": "Hello"}, headers=game.bearer("Oda")
        )
        actions.set_deadline(db, game.id, DeadlineIn(at=NOW + timedelta(days=3)))
        games.append(game)
    return games


def test_every_job_has_its_due_source() -> None:
    assert sorted(due.sources()) == ["deadline", "press mail", "reminders"]


def test_a_pass_with_nothing_due_sends_the_database_one_statement(
    db: Database, busy: list[GameLinks], smtp: tuple[SmtpSettings, Mailbox]
) -> None:
    settings, box = smtp
    run(db, settings, NOW)  # the press mail of each game goes (its message is days old by now)
    assert len(box.messages) == 5
    sent = statements(db)
    for minutes in range(0, 60, 2):  # an hour of passes, nothing due in it
        run(db, settings, NOW + timedelta(minutes=minutes))
    assert len(sent) == 30 and all("next_due" in statement for statement in sent)
    assert len(box.messages) == 5


def test_a_pass_with_no_game_at_all_is_one_statement(db: Database) -> None:
    sent = statements(db)
    run(db, None, NOW)
    assert len(sent) == 1


def test_the_next_due_time_follows_every_change(site: Site, game: GameLinks, db: Database) -> None:
    deadline = NOW + timedelta(days=3)
    actions.set_deadline(db, game.id, DeadlineIn(at=deadline))
    assert next_due(db, game.id) == deadline
    site.post(game.gm_page + "/reminders", {"hours": "2, 24"}, page=game.gm_page)
    assert next_due(db, game.id) == deadline - timedelta(hours=24)
    run(db, None, deadline - timedelta(hours=20))  # the 24-hour round is sent (to nobody: no addresses)
    assert store.load(db, game.id).state.reminded == ["1:24"]
    assert next_due(db, game.id) == deadline - timedelta(hours=2)
    site.post(game.gm_page + "/pause", {"paused": "yes"}, page=game.gm_page)
    assert next_due(db, game.id) is None  # a paused game has no deadline: nothing is ever due


def test_reminders_go_out_exactly_once_through_a_phase_of_passes(
    app: Flask, site: Site, game: GameLinks, db: Database, smtp: tuple[SmtpSettings, Mailbox]
) -> None:
    settings, box = smtp
    site.post(game.gm_page + "/mail-settings", {"addresses-Takeda": "shingen@example.org"}, page=game.gm_page)
    agreed(app, game.id)
    site.post(game.gm_page + "/reminders", {"hours": "1, 6, 24"}, page=game.gm_page)
    deadline = NOW + timedelta(days=2)
    actions.set_deadline(db, game.id, DeadlineIn(at=deadline))
    moment = NOW
    while moment < deadline:  # a pass every 7 minutes until the deadline
        run(db, settings, moment)
        moment += timedelta(minutes=7)
    assert [m["Subject"] for m in box.messages] == ["Game “Test game”: orders for Spring 1570 movement are due"] * 3
    assert store.load(db, game.id).state.reminded == ["1:1", "1:24", "1:6"]


def test_a_message_brings_the_press_mail_forward_only_for_a_power_that_asked_for_it(
    app: Flask, site: Site, game: GameLinks, db: Database
) -> None:
    actions.set_deadline(db, game.id, DeadlineIn(at=NOW + timedelta(days=3)))
    press = f"/api/games/{game.id}/press"
    site.client.post(press, json={"to": ["Takeda"], "text": "Hello"}, headers=game.bearer("Oda"))
    assert next_due(db, game.id) == NOW + timedelta(days=3)  # nobody asked for press by mail
    site.post(game.gm_page + "/mail-settings", {"addresses-Takeda": "shingen@example.org"}, page=game.gm_page)
    agreed(app, game.id)
    press_by_mail(app, site, game)
    [message] = store.load(db, game.id).state.press_mail and _messages(db, game.id)
    assert next_due(db, game.id) == message + pressmail.BATCH  # turning it on counts the unread message
    site.client.post(press, json={"to": ["Takeda"], "text": "Again"}, headers=game.bearer("Oda"))
    assert next_due(db, game.id) == message + pressmail.BATCH  # brought forward, never pushed back


def _messages(db: Database, game_id: str) -> list[datetime]:
    from web.storage.models import MessageRow

    with db.read() as session:
        return list(session.scalars(select(MessageRow.created).where(MessageRow.game_id == game_id)))


def test_work_the_job_cannot_do_is_looked_at_again_a_little_later_not_at_every_pass(
    app: Flask, site: Site, game: GameLinks, db: Database
) -> None:
    """Press by mail on a site without a mail server: the game is due, and stays unsent."""
    site.post(game.gm_page + "/mail-settings", {"addresses-Takeda": "shingen@example.org"}, page=game.gm_page)
    agreed(app, game.id)
    press_by_mail(app, site, game)
    site.client.post(f"/api/games/{game.id}/press", json={"to": ["Takeda"], "text": "Hi"}, headers=game.bearer("Oda"))
    run(db, None, NOW)
    assert next_due(db, game.id) == NOW + due.RETRY
    sent = statements(db)
    run(db, None, NOW + due.RETRY / 2)
    assert len(sent) == 1
