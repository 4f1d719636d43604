"""The schema is kept by migrations: they build exactly the models, upgrade old databases, and run once at a time.

On SQLite always, and on PostgreSQL when ``./run test`` has started one.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, insert, inspect, select, text

from game.game import Game
from game.state import state_json
from maps import load_board
from maps.rules import SENGOKU
from tests.web.legacy_schema import LEGACY
from web.play import actions
from web.storage import store
from web.storage.db import Database
from web.storage.migrate import BASELINE, SchemaError, alembic_config, head, status, upgrade
from web.storage.models import Base, GameRow, RefusalRow
from web.storage.tokens import digest


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = Database(db_url)
    yield database
    database.dispose()


def test_the_migrations_make_exactly_the_tables_of_the_models(db: Database) -> None:
    """A model changed without a migration fails here: write one with `sengoku db revision --autogenerate`."""
    upgrade(db.engine)
    with db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []


def test_the_migrations_form_one_line_each_with_a_way_back() -> None:
    scripts = ScriptDirectory.from_config(alembic_config())
    revisions = list(scripts.walk_revisions())
    assert len(scripts.get_heads()) == 1 and head() == revisions[0].revision
    assert [r.revision for r in reversed(revisions)] == [f"{n:04d}" for n in range(1, len(revisions) + 1)]
    assert revisions[-1].revision == BASELINE


def test_down_to_nothing_and_up_again(db: Database) -> None:
    upgrade(db.engine)
    with db.engine.begin() as connection:
        command.downgrade(alembic_config(connection), "base")
    assert set(inspect(db.engine).get_table_names()) <= {"alembic_version"}
    upgrade(db.engine)
    assert status(db.engine).ready


def test_a_new_database_is_empty_until_upgraded(db: Database) -> None:
    before = status(db.engine)
    assert before.current is None and not before.legacy and not before.ready
    was, now = upgrade(db.engine)
    assert was.current is None and now.ready and status(db.engine).ready
    assert upgrade(db.engine)[0].ready  # a second run changes nothing


def _legacy_game(engine: Engine) -> tuple[str, str]:
    """A game as the site before migrations stored it, with a token and a saved order; (game id, Oda's token)."""
    state = state_json(Game.new(load_board("sengoku"), "Old game").state, rules=SENGOKU).decode()
    with engine.begin() as connection:
        games, tokens, submissions = (LEGACY.tables[name] for name in ("games", "tokens", "submissions"))
        connection.execute(
            insert(games).values(
                id="oldgame123", name="Old game", variant="sengoku", state=state, version=1, created=store.utcnow()
            )
        )
        connection.execute(insert(tokens).values(game_id="oldgame123", role="Oda", digest=digest("oda-secret")))
        order = '[{"kind":"hold","unit":{"type":"A","location":"OWA"}}]'
        connection.execute(
            insert(submissions).values(
                game_id="oldgame123", phase_index=0, power="Oda", orders=order, updated=store.utcnow()
            )
        )
    return "oldgame123", "oda-secret"


def test_a_database_made_before_migrations_is_stamped_and_upgraded_with_its_games(db: Database) -> None:
    LEGACY.create_all(db.engine)
    game_id, token = _legacy_game(db.engine)
    assert status(db.engine).legacy
    was, now = upgrade(db.engine)
    assert was.legacy and now.ready
    with db.engine.connect() as connection:
        assert MigrationContext.configure(connection).get_current_revision() == head()
    assert store.role_of(db, game_id, token) == "Oda"  # the tokens survived the table being rebuilt
    snapshot = store.load(db, game_id)
    assert snapshot.name == "Old game" and not snapshot.listed  # an old game stays off the front page
    assert [o.kind for o in snapshot.state.orders["Oda"]] == ["hold"]
    actions.save_orders(db, game_id, "Oda", "A Owari - Mino")
    assert [o.kind for o in store.load(db, game_id).state.orders["Oda"]] == ["move"]


def test_a_database_made_with_the_refusals_table_before_migrations_upgrades_too(db: Database) -> None:
    """Sites that ran the refusal mark before migrations made its table at start: it is kept, not made again."""
    LEGACY.create_all(db.engine)
    RefusalRow.__table__.create(db.engine)  # as create_all made it then
    _legacy_game(db.engine)
    was, now = upgrade(db.engine)
    assert was.legacy and now.ready
    with db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []


def test_some_tables_but_not_all_is_refused(db: Database) -> None:
    LEGACY.tables["games"].create(db.engine)
    with pytest.raises(SchemaError, match="some of sengoku's tables"):
        upgrade(db.engine)
    assert status(db.engine).current is None


def test_upgrades_started_at_once_run_one_after_the_other(db: Database) -> None:
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: upgrade(db.engine), range(4)))
    assert sorted(before.current is None for before, _ in results) == [False, False, False, True]
    with db.engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
        assert connection.execute(select(GameRow.id)).all() == []
