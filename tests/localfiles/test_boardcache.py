"""The shells' board cache: built once, read back after, never trusted blindly, never in the way.

Each test gets a cache folder of its own (``SENGOKU_CACHE_DIR``) and counts
how often the board had to be built.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from localfiles import boardcache as board_cache
from localfiles.boardcache import cache_dir, cached_board, entry_path, keep_boards_on_disk
from maps import Board, load_board, parse_board
from maps.loader import keep_boards_in

TINY = Path(__file__).parents[1] / "maps" / "tiny.yaml"
SOURCE = "test map"


class Builds:
    """A build function that counts its calls."""

    def __init__(self, text: str) -> None:
        self.text, self.count = text, 0

    def __call__(self) -> Board:
        self.count += 1
        return parse_board(self.text, SOURCE)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SENGOKU_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.fixture
def text() -> str:
    return TINY.read_text(encoding="utf-8")


def load(text: str) -> tuple[Board, Builds]:
    build = Builds(text)
    return cached_board(text, SOURCE, build), build


def same_board(a: Board, b: Board) -> bool:
    return (a.provinces, a.borders, a.tables, a.powers) == (b.provinces, b.borders, b.tables, b.powers)


def test_a_board_is_built_once_then_read_back(folder: Path, text: str) -> None:
    first, built = load(text)
    again, rebuilt = load(text)
    assert (built.count, rebuilt.count) == (1, 0)
    assert same_board(first, again)
    assert entry_path(folder, SOURCE).exists()


def test_a_changed_map_file_is_built_again(folder: Path, text: str) -> None:
    load(text)
    changed = text.replace("name: Alpha", "name: Alphaville")
    board, build = load(changed)
    assert build.count == 1
    assert board.provinces["ALP"].name == "Alphaville"
    assert load(changed)[1].count == 0


def test_a_new_version_of_the_code_builds_again(folder: Path, text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    load(text)
    monkeypatch.setattr(board_cache, "_code_version", lambda: b"another version of sengoku")
    assert load(text)[1].count == 1


def spoil(folder: Path, how: Callable[[bytes], bytes]) -> None:
    path = entry_path(folder, SOURCE)
    path.write_bytes(how(path.read_bytes()))


@pytest.mark.parametrize(
    "how",
    [
        lambda data: data[: len(data) // 2],  # cut short
        lambda data: data[:-10] + bytes(b ^ 0xFF for b in data[-10:]),  # damaged payload
        lambda data: b"something else entirely",
        lambda data: b"",
    ],
    ids=["truncated", "damaged", "foreign", "empty"],
)
def test_a_damaged_entry_is_ignored_and_rebuilt(folder: Path, text: str, how: Callable[[bytes], bytes]) -> None:
    load(text)
    spoil(folder, how)
    board, build = load(text)
    assert build.count == 1 and same_board(board, parse_board(text))
    assert load(text)[1].count == 0  # and written again, sound


def test_an_entry_that_is_not_a_board_is_ignored(folder: Path, text: str) -> None:
    load(text)
    path = entry_path(folder, SOURCE)
    magic, key, _, _ = path.read_bytes().split(b"\n", 3)
    payload = pickle.dumps({"not": "a board"})
    digest = hashlib.sha256(payload).hexdigest().encode()
    path.write_bytes(b"\n".join((magic, key, digest, payload)))
    assert load(text)[1].count == 1


def test_an_entry_others_could_have_written_is_not_loaded(folder: Path, text: str) -> None:
    """A pickle runs code when loaded: one a stranger could have written is left alone."""
    load(text)
    entry_path(folder, SOURCE).chmod(0o666)
    assert load(text)[1].count == 1


def test_a_cache_that_cannot_be_written_never_breaks_loading(
    tmp_path: Path, text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("")
    monkeypatch.setenv("SENGOKU_CACHE_DIR", str(blocker / "cache"))
    board, build = load(text)
    assert build.count == 1 and same_board(board, parse_board(text))


def test_an_empty_cache_setting_turns_the_cache_off(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setenv("SENGOKU_CACHE_DIR", "")
    assert cache_dir() is None
    assert load(text)[1].count == 1 and load(text)[1].count == 1


def test_the_cache_lives_under_xdg_cache_home_by_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SENGOKU_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_dir() == tmp_path / "sengoku"


def test_no_temporary_file_is_left_behind(folder: Path, text: str) -> None:
    load(text)
    assert [p.name for p in folder.iterdir()] == [entry_path(folder, SOURCE).name]


@pytest.fixture
def kept_on_disk() -> Iterator[None]:
    """The engine's loader asks this cache for boards, as the command line and the web site have it do."""
    keep_boards_on_disk()
    yield
    keep_boards_in(None)


@pytest.mark.usefixtures("kept_on_disk")
def test_load_board_reads_a_map_file_s_board_back_from_the_cache(folder: Path, tmp_path: Path, text: str) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    load_board(path)
    entry = board_cache.entry_path(folder, str(path.resolve()))
    assert entry.exists()
    board_cache._write(folder, entry, board_cache._key(text), parse_board(text.replace("Alpha", "Kept")))
    assert load_board(path).provinces["ALP"].name == "Kept"  # what the cache held: read back, not built


@pytest.mark.usefixtures("kept_on_disk")
def test_an_edited_map_file_is_read_afresh_by_load_board(folder: Path, tmp_path: Path, text: str) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    assert load_board(path).provinces["ALP"].name == "Alpha"
    path.write_text(text.replace("name: Alpha", "name: Alphaville"), encoding="utf-8")
    assert load_board(path).provinces["ALP"].name == "Alphaville"


def test_a_cached_board_draws_the_same_graph(folder: Path, text: str) -> None:
    fresh = parse_board(text)
    load(text)
    cached, build = load(text)
    assert build.count == 0
    assert list(cached.graph.nodes(data=True)) == list(fresh.graph.nodes(data=True))
    assert list(cached.graph.edges(data=True)) == list(fresh.graph.edges(data=True))


def test_the_engine_alone_writes_no_cache(folder: Path, tmp_path: Path, text: str) -> None:
    keep_boards_in(None)  # no shell handed a store in
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    assert load_board(path).provinces["ALP"].name == "Alpha"
    assert not folder.exists()
