"""Storage: transactions, separate submission rows, locks; on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import select, update

from game.game import Game
from maps import load_board
from web.play import actions
from web.schemas.bodies import NewGameIn
from web.storage import saving, store
from web.storage.db import Database
from web.storage.migrate import upgrade
from web.storage.models import SubmissionRow, TokenRow
from web.storage.tokens import GM, digest

MOVES = {
    "Oda": "A Owari - Mino",
    "Takeda": "A Kai - Suruga",
    "Hojo": "A Sagami - Musashi",
    "Uesugi": "A Kozuke - Shimotsuke",
    "Asakura": "A Omi - Yamashiro",
    "Mori": "A Iwami - Izumo",
    "Shimazu": "A Satsuma - Higo",
    "Chosokabe": "F Tosa H",
}


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = Database(db_url)
    upgrade(database.engine)
    yield database
    database.dispose()


@pytest.fixture
def game_id(db: Database) -> str:
    game_id, _ = actions.create_game(db, NewGameIn(name="Stored"))
    return game_id


@pytest.mark.clock
def test_a_game_round_trips(db: Database) -> None:
    game_id, issued = actions.create_game(db, NewGameIn(name="Round trip", movement_hours=24))
    snapshot = store.load(db, game_id)
    assert snapshot.name == "Round trip" and snapshot.version == 1
    assert snapshot.state.replace(log=[]) == Game.new(load_board("sengoku"), "Round trip").state
    assert [(entry.by, entry.action) for entry in snapshot.state.log] == [("web site", "started the game")]
    assert snapshot.deadline is not None and snapshot.movement_hours == 24
    assert set(issued) == {GM, *load_board("sengoku").power_names}


def test_tokens_are_stored_as_digests_only(db: Database) -> None:
    game_id, issued = actions.create_game(db, NewGameIn(name="Secrets"))
    with db.read() as session:
        stored = dict(session.execute(select(TokenRow.role, TokenRow.digest)).all())
    assert stored == {role: digest(token) for role, token in issued.items()}
    assert not set(issued.values()) & set(stored.values())
    assert store.role_of(db, game_id, issued["Oda"]) == "Oda"
    assert store.role_of(db, game_id, issued["Oda"] + "x") is None


def test_each_power_saves_its_own_row(db: Database, game_id: str) -> None:
    actions.save_orders(db, game_id, "Oda", MOVES["Oda"])
    actions.save_orders(db, game_id, "Takeda", MOVES["Takeda"])
    actions.save_orders(db, game_id, "Oda", "A Owari H")  # Oda changes its mind; Takeda's orders stay
    with db.read() as session:
        rows = session.scalars(select(SubmissionRow).where(SubmissionRow.game_id == game_id)).all()
    assert sorted(r.power for r in rows) == ["Oda", "Takeda"]
    orders = store.load(db, game_id).state.orders
    assert [o.kind for o in orders["Oda"]] == ["hold"] and [o.kind for o in orders["Takeda"]] == ["move"]


def test_eight_powers_saving_at_once_all_keep_their_orders(db: Database, game_id: str) -> None:
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda p: actions.save_orders(db, game_id, p, MOVES[p]), MOVES))
    assert all(r.accepted == 1 for r in results)
    assert set(store.load(db, game_id).state.orders) == set(MOVES)


def test_adjudication_takes_every_submission_and_clears_them(db: Database, game_id: str) -> None:
    for power, text in MOVES.items():
        actions.save_orders(db, game_id, power, text)
    index = actions.adjudicate(db, game_id)
    snapshot = store.load(db, game_id)
    assert index == 0 and snapshot.version == 2
    assert set(snapshot.state.history[0].orders) == set(MOVES)
    assert snapshot.state.orders == {} and snapshot.submitted == {}
    assert str(snapshot.state.position.phase) == "Fall 1570 movement"
    with db.read() as session:
        assert session.scalars(select(SubmissionRow)).all() == []


def test_rollback_brings_the_orders_back(db: Database, game_id: str) -> None:
    actions.save_orders(db, game_id, "Oda", MOVES["Oda"])
    actions.adjudicate(db, game_id)
    assert actions.rollback(db, game_id) == "Spring 1570 movement"
    snapshot = store.load(db, game_id)
    assert snapshot.state.history == [] and [o.kind for o in snapshot.state.orders["Oda"]] == ["move"]


@pytest.mark.clock
def test_a_crash_mid_adjudication_leaves_the_game_as_it_was(db: Database, game_id: str) -> None:
    actions.save_orders(db, game_id, "Oda", MOVES["Oda"])
    before = store.load(db, game_id)

    def crash(handle: store.Handle) -> None:
        handle.game.adjudicate()
        handle.row.deadline = store.utcnow()
        raise RuntimeError("power cut")

    with pytest.raises(RuntimeError):
        store.change(db, game_id, crash)
    assert store.load(db, game_id) == before


def test_a_crash_mid_save_keeps_the_earlier_orders(db: Database, game_id: str) -> None:
    actions.save_orders(db, game_id, "Oda", MOVES["Oda"])

    def crash(game: Game) -> None:
        game.submit("Oda", [])
        raise RuntimeError("power cut")

    with pytest.raises(RuntimeError):
        saving.submit(db, game_id, "Oda", crash)
    assert [o.kind for o in store.load(db, game_id).state.orders["Oda"]] == ["move"]


def test_inside_a_request_a_write_after_the_token_check_is_still_all_or_nothing(db: Database, game_id: str) -> None:
    """A request's reads commit statement by statement (PostgreSQL: web/storage/db.py); its writes stay transactions."""

    def crash(game: Game) -> None:
        game.submit("Oda", [])
        raise RuntimeError("power cut")

    actions.save_orders(db, game_id, "Oda", MOVES["Oda"])
    with db.one_connection():
        assert store.role_of(db, game_id, "not a link") is None
        with pytest.raises(RuntimeError), db.write() as session:
            now = store.utcnow()
            session.add(SubmissionRow(game_id=game_id, phase_index=0, power="Mori", orders="[]", updated=now))
            session.flush()
            raise RuntimeError("power cut")
        assert store.role_of(db, game_id, "not a link") is None
        with pytest.raises(RuntimeError):
            saving.submit(db, game_id, "Oda", crash)
    stored = store.load(db, game_id).state.orders
    assert sorted(stored) == ["Oda"] and [o.kind for o in stored["Oda"]] == ["move"]


def test_inside_a_request_a_read_may_come_in_the_middle_of_a_write(db: Database, game_id: str) -> None:
    with db.one_connection():
        with db.write() as session:
            session.execute(update(TokenRow).where(TokenRow.role == "Mori").values(digest=digest("second link")))
            store.role_of(db, game_id, "second link")  # on PostgreSQL the same connection, in the write's transaction
            with db.read() as reading:
                reading.scalars(select(TokenRow.role)).all()
        assert store.role_of(db, game_id, "second link") == "Mori"


def test_a_write_is_never_started_inside_a_read(db: Database, game_id: str) -> None:
    """A request's read may run in autocommit (PostgreSQL), where a write's statements would each commit alone."""
    with db.one_connection(), db.read():
        with pytest.raises(RuntimeError, match="inside a read"), db.write():
            pass
        with pytest.raises(RuntimeError, match="inside a read"), db.transaction():
            pass
    with db.write():  # after the read, as before
        store.role_of(db, game_id, "not a link")


def test_a_stale_version_is_refused(db: Database, game_id: str) -> None:
    actions.adjudicate(db, game_id, version=1)
    with pytest.raises(store.Conflict):
        actions.adjudicate(db, game_id, version=1)  # the GM's second click on the same page
    assert len(store.load(db, game_id).state.history) == 1


def test_an_unknown_game(db: Database) -> None:
    with pytest.raises(store.NotFound):
        store.load(db, "nosuchgame")
    with pytest.raises(store.NotFound):
        actions.save_orders(db, "nosuchgame", "Oda", "A Owari H")


def test_saves_during_adjudications_land_in_the_phase_they_name(db: Database, game_id: str) -> None:
    """Saves racing with adjudication: each one lands whole in the phase its answer names.

    Once the unit has moved, the same order is refused, and a save whose every line is refused stores
    nothing (its answer says so): those saves land nowhere, by the resend rule.
    """

    def player(power: str) -> list[tuple[str, int]]:
        saved = []
        for i in range(4):
            out = actions.save_orders(db, game_id, power, MOVES[power])
            if not out.kept_earlier:
                saved.append((out.phase, i))
        return saved

    with ThreadPoolExecutor(max_workers=9) as pool:
        saves = [pool.submit(player, p) for p in ("Oda", "Takeda", "Hojo", "Uesugi")]
        adjudications = [pool.submit(actions.adjudicate, db, game_id) for _ in range(2)]
        answered = {p for f in saves for p, _ in f.result()}
        assert sorted(f.result() for f in adjudications) == [0, 1]
    snapshot = store.load(db, game_id)
    by_phase = {str(e.report.phase): e.orders for e in snapshot.state.history}
    by_phase[str(snapshot.state.position.phase)] = snapshot.state.orders
    for phase in answered:
        assert phase in by_phase
    for future, power in zip(saves, ("Oda", "Takeda", "Hojo", "Uesugi"), strict=True):
        for phase, _ in future.result():
            assert power in by_phase[phase], f"{power}'s save for {phase} is missing"


def test_a_save_whose_every_line_is_refused_writes_a_mark_and_no_orders(db: Database, game_id: str) -> None:
    """Nothing stored (no submission row), the mark kept in its own row, both gone once accepted or adjudicated."""
    assert actions.save_orders(db, game_id, "Oda", "A Owari - Xyz").kept_earlier
    with db.read() as session:
        assert session.scalars(select(SubmissionRow).where(SubmissionRow.game_id == game_id)).all() == []
    state = store.load(db, game_id).state
    assert state.all_refused == ["Oda"] and "Oda" not in state.orders
    actions.save_orders(db, game_id, "Oda", "A Owari - Mino")
    assert store.load(db, game_id).state.all_refused == []
    actions.save_orders(db, game_id, "Oda", "A Owari - Xyz")
    state = store.load(db, game_id).state
    assert state.all_refused == ["Oda"] and [o.kind for o in state.orders["Oda"]] == ["move"]
    actions.vote_draw(db, game_id, "Takeda", ["Oda", "Takeda"])  # a change to the game keeps the marks
    assert store.load(db, game_id).state.all_refused == ["Oda"]
    actions.adjudicate(db, game_id)
    assert store.load(db, game_id).state.all_refused == []


def test_a_read_sends_the_state_text_only_for_a_version_this_process_has_not_decoded(
    db: Database, game_id: str
) -> None:
    """A long game's state is megabytes: a page reads its row without it once the version is decoded here."""
    from sqlalchemy import event

    sent: list[str] = []
    event.listen(db.engine, "before_cursor_execute", lambda _c, _k, statement, *_: sent.append(statement))
    store._STATES.clear()
    first = store.load(db, game_id)
    selecting = [s.split("FROM")[0] for s in sent if s.lstrip().startswith("SELECT")]
    assert ["games.state" in s for s in selecting[:2]] == [False, True]  # the row without it, then the text
    sent.clear()
    assert store.load(db, game_id) == first
    assert not any("games.state" in s.split("FROM")[0] for s in sent)


def test_a_game_that_moved_on_between_its_row_and_its_state_text_is_read_again_whole(
    db: Database, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store._STATES.clear()
    real, calls = store._text_of, []

    def moved_once(row: object) -> str:
        calls.append(row)
        if len(calls) == 1:
            raise store._Moved
        return real(row)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "_text_of", moved_once)
    snapshot = store.load(db, game_id)
    assert len(calls) == 2 and snapshot.state.position.phase.year == 1570
