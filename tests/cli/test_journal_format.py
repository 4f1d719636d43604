"""The journal keeps what a write changed, not the whole file, and copies no version it can link.

A version is kept as a delta against its parent; every :data:`DEPTH`
versions in a row one is kept whole, by a hard link to the game file being
replaced (the same inode: no byte copied); a hand edit is kept so too. A
version is read back byte for byte, a damaged one is refused, a journal of
format 1 (every version compressed whole) is read and carried on, and the
folder holds a bounded number of files.
"""

from __future__ import annotations

import errno
import gzip
import hashlib
import json
import os
import random
from pathlib import Path

import msgspec
import pytest

from cli import gamefile
from cli.journal import DEPTH, KEEP, Journal, journal_path
from cli.journaldelta import diff, patch
from tests.cli.conftest import Cli


def _edited(rnd: random.Random, data: bytes) -> bytes:
    """Bytes cut, bytes added, stretches moved (and so found again where they no longer belong)."""
    changed = bytearray(data)
    for _ in range(rnd.randrange(0, 6)):
        at, kind = rnd.randrange(0, len(changed) + 1), rnd.random()
        if kind < 0.3:
            del changed[at : at + rnd.randrange(0, 400)]
        elif kind < 0.6:
            moved = changed[at : at + rnd.randrange(0, 3000)]
            del changed[at : at + len(moved)]
            place = rnd.randrange(0, len(changed) + 1)
            changed[place:place] = moved * rnd.randrange(1, 3)
        else:
            changed[at:at] = bytes(rnd.choice(b'ab{}[]",: \n') for _ in range(rnd.randrange(0, 2500)))
    return bytes(changed)


@pytest.mark.parametrize("seed", range(4))
def test_a_delta_gives_back_the_new_bytes_exactly_whatever_changed(seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(150):
        old = bytes(rnd.choice(b'ab{}[]",: \n') for _ in range(rnd.randrange(0, 6000)))
        old = old * rnd.choice((1, 1, 3))  # whole stretches that come again
        new = _edited(rnd, old)
        ops, literal = diff(old, new)
        assert patch(old, ops, literal) == new


def _phase(number: int) -> bytes:
    """A phase of a made-up history: most of it a unit list that other phases share, byte for byte."""
    units = b"".join(b'    {"type": "A", "location": "P%02d"},\n' % (i % 7) for i in range(60))
    return b'  {"phase": "Spring %d",\n' % (1570 + number) + units + b"  },\n"


def test_a_phase_added_to_a_long_history_is_kept_as_about_its_own_size() -> None:
    """Repeated stretches (unit lists two phases share) do not mislead the matching into storing the history."""
    history = b"".join(_phase(n) for n in range(400))
    old = b'{"position": "Spring 1970",\n' + history + b'"log": ["started"]}\n'
    added = _phase(400)
    new = b'{"position": "Fall 1970",\n' + history + added + b'"log": ["started", "adjudicated"]}\n'
    ops, literal = diff(old, new)
    assert patch(old, ops, literal) == new
    assert len(old) > 900_000 and len(literal) < len(added) + 100 and len(ops) < 12


def test_a_delta_that_does_not_fit_its_version_is_refused() -> None:
    ops, literal = diff(b"abcdef" * 300, b"abcdXf" * 300)
    with pytest.raises(ValueError):
        patch(b"abc", ops, literal)


@pytest.fixture
def played(cli: Cli) -> Path:
    cli("new", "game.json", "--name", "Kyoto 1570")
    cli("orders", "game.json", input="Oda:\nA Owari - Ise\n")
    cli("adjudicate", "game.json", "--yes")
    return cli.folder / "game.json"


def _file(game: Path, number: int) -> Path:
    return next(journal_path(game).glob(f"{number:06d}.*"))


def test_a_write_keeps_what_it_changed_not_the_whole_file(cli: Cli, played: Path) -> None:
    cli("deadline", "game.json", "+48h")
    version = Journal(played).current()
    assert version is not None and version.stored == "delta"
    assert _file(played, version.number).stat().st_size < played.stat().st_size // 10


def test_every_depth_th_version_is_the_replaced_file_itself_linked_not_copied(cli: Cli, played: Path) -> None:
    inodes = {}
    for hours in range(2 * DEPTH):
        number = Journal(played).current().number  # type: ignore[union-attr]
        inodes[number] = played.stat().st_ino  # the file that holds this version, before the write replaces it
        cli("deadline", "game.json", f"+{hours + 1}h")
    journal = Journal(played)
    whole = [v for v in journal.versions() if v.stored == "full"]
    assert whole and all(v.stored in ("full", "delta") for v in journal.versions())
    for version in whole[1:]:  # the first was written by 'new' (no file to link before it)
        assert _file(played, version.number).stat().st_ino == inodes[version.number]
    assert all(journal._depth(v) < DEPTH for v in journal.versions())


def test_every_version_comes_back_byte_for_byte(cli: Cli, played: Path) -> None:
    seen = [played.read_bytes()]
    for hours in range(DEPTH + 3):
        cli("deadline", "game.json", f"+{hours + 1}h")
        seen.append(played.read_bytes())
    for before in reversed(seen[:-1]):
        cli("undo", "game.json")
        assert played.read_bytes() == before
    for after in seen[1:]:
        cli("redo", "game.json")
        assert played.read_bytes() == after


def test_a_hand_edit_is_kept_by_a_link_and_an_edit_in_place_later_changes_no_version(cli: Cli, played: Path) -> None:
    edited = played.read_bytes().replace(b"Kyoto 1570", b"Kyoto by hand")
    played.write_bytes(edited)
    inode = played.stat().st_ino
    cli("deadline", "game.json", "+48h")
    kept = next(v for v in Journal(played).versions() if v.what == "changed outside sengoku")
    assert kept.stored == "full" and _file(played, kept.number).stat().st_ino == inode
    with open(played, "r+b") as handle:  # an editor that writes the file in place
        handle.write(b"{ broken")
    cli("undo", "game.json")  # the hand edit in place is kept first, then the version before it comes back
    cli("undo", "game.json")
    assert played.read_bytes() == edited


def test_a_game_file_with_another_name_is_copied_not_linked(cli: Cli, played: Path) -> None:
    """A GM's own hard link to the game (a backup): an edit through it must not change a version kept."""
    edited = played.read_bytes().replace(b"Kyoto 1570", b"Kyoto by hand")
    played.write_bytes(edited)
    os.link(played, cli.folder / "backup.json")
    cli("deadline", "game.json", "+48h")
    kept = next(v for v in Journal(played).versions() if v.what == "changed outside sengoku")
    assert not os.path.samefile(_file(played, kept.number), cli.folder / "backup.json")
    (cli.folder / "backup.json").write_bytes(b"{}")  # in place, through the other name
    cli("undo", "game.json")
    assert played.read_bytes() == edited


def test_a_write_that_fails_leaves_no_version_sharing_the_game_file(
    cli: Cli, played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played.write_bytes(played.read_bytes().replace(b"Kyoto 1570", b"Kyoto by hand"))
    before = played.read_bytes()

    def full(handle: object, chunk: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(gamefile, "_write_chunk", full)
    cli("deadline", "game.json", "+48h", code=1)
    assert played.read_bytes() == before
    for path in journal_path(played).iterdir():
        assert not os.path.samefile(path, played), f"{path.name} is the game file itself"


def test_a_damaged_version_is_refused_and_the_game_left_as_it_is(cli: Cli, played: Path) -> None:
    cli("deadline", "game.json", "+48h")
    previous = Journal(played).current().parent  # type: ignore[union-attr]
    cli("deadline", "game.json", "+72h")
    path = _file(played, previous)  # type: ignore[arg-type]
    data = bytearray(path.read_bytes())
    data[-2] ^= 1
    path.write_bytes(bytes(data))
    before = played.read_bytes()
    refused = cli("undo", "game.json", code=1).stderr
    assert f"version {previous}" in refused and "nothing changed" in refused
    assert played.read_bytes() == before


def test_the_folder_holds_a_bounded_number_of_files_and_few_whole_ones(cli: Cli, played: Path) -> None:
    for hours in range(KEEP + 2 * DEPTH):
        cli("deadline", "game.json", f"+{hours + 1}h")
    files = [p for p in journal_path(played).iterdir() if p.name != "index.json"]
    whole = [p for p in files if p.suffix == ".json"]
    assert KEEP <= len(files) < KEEP + DEPTH and len(whole) <= len(files) // DEPTH + 2
    assert {p.name.split(".")[0] for p in files} == {f"{v.number:06d}" for v in Journal(played).index.versions}


def test_a_journal_of_format_1_is_read_and_carried_on(cli: Cli, played: Path) -> None:
    """Format 1 (main before deltas): every version compressed whole, known by its SHA-256."""
    folder = journal_path(played)
    for path in folder.iterdir():
        path.unlink()
    old = played.read_bytes()
    (folder / "000001.json.gz").write_bytes(gzip.compress(old))
    version = {
        "number": 1,
        "parent": None,
        "at": "2026-03-01T09:00:00Z",
        "by": "command line (gm)",
        "command": "adjudicate game.json --yes",
        "what": "adjudicated Spring 1570 movement",
        "digest": hashlib.sha256(old).hexdigest(),
        "size": len(old),
        "phase": "Fall 1570 movement",
        "log_count": len(json.loads(old)["log"]),
        "run": "",
    }
    index = {"format": 1, "current": 1, "next": 2, "versions": [version]}
    (folder / "index.json").write_bytes(msgspec.json.encode(index))
    cli("deadline", "game.json", "+48h")
    assert json.loads((folder / "index.json").read_bytes())["format"] == 2
    assert "adjudicated Spring 1570 movement" in cli("journal", "game.json").stdout
    cli("undo", "game.json")
    assert played.read_bytes() == old
    cli("redo", "game.json")
    cli("undo", "game.json")
    assert played.read_bytes() == old


def _lines(rnd: random.Random, count: int) -> bytes:
    return b"".join(
        b'    {"type": "%s", "location": "%s%d"},\n'
        % (rnd.choice([b"A", b"F"]), rnd.choice([b"OWA", b"KAI"]), rnd.randrange(99))
        for _ in range(count)
    )


@pytest.mark.parametrize("seed", range(3))
def test_a_file_cut_in_blocks_and_shuffled_comes_back_exactly(seed: int) -> None:
    """Stretches found far from where they were, before and after the place each is looked for."""
    rnd = random.Random(seed)
    old = _lines(rnd, 20000)
    blocks = [old[at : at + 5000] for at in range(0, len(old), 5000)]
    rnd.shuffle(blocks)
    new = b"".join(blocks[:30] + blocks[40:])
    ops, literal = diff(old, new)
    assert patch(old, ops, literal) == new


def test_new_bytes_then_a_copy_from_where_they_end_stay_apart() -> None:
    """3,072 new bytes, then old byte 3,071: the copy's start is the literal's length less one (not one op)."""
    old = bytes(range(256)) * 12
    new = b"Z" * 3072 + old[-1:]
    ops, literal = diff(old, new)
    assert ops == [(-1, 3072), (3071, 1)] and patch(old, ops, literal) == new
