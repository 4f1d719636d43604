"""Nothing lost: every write of a game file keeps the version it replaced, and ``sengoku undo`` puts it back.

Each command that writes a game is run once, then undone (the file is byte
for byte what it was), then redone (byte for byte what the command made);
the journal lists who did what through which command, keeps the last 50
versions, keeps a hand edit before the next command replaces it, and is one
version per command however often the command writes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.gamefile import load_game
from cli.journal import DEPTH, KEEP, Journal, journal_path
from tests.cli.conftest import Cli
from tests.cli.test_orders import stored

_MBOX = (
    "From nobunaga@owari.example Mon Mar  2 09:00:00 2026\n"
    "From: Oda Nobunaga <nobunaga@owari.example>\nTo: gm@kyoto.example\nSubject: orders\n"
    "Date: Mon, 02 Mar 2026 09:00:00 +0900\nMessage-ID: <one@owari>\n\nA Owari - Mino\n"
)

# Each command that writes a game, from a game with an address book, orders and one adjudicated phase.
WRITERS: dict[str, tuple[str, ...]] = {
    "new --force": ("new", "game.json", "--force", "--name", "Again"),
    "players add": ("players", "game.json", "add", "Hojo", "ujiyasu@sagami.example"),
    "players set": ("players", "game.json", "set", "Oda", "other@owari.example"),
    "players remove": ("players", "game.json", "remove", "Oda", "nobunaga@owari.example"),
    "players clear": ("players", "game.json", "clear", "Oda"),
    "players verify": ("players", "game.json", "verify", "mx.example.org"),
    "orders (paste)": ("orders", "game.json", "paste.txt"),
    "orders --mbox": ("orders", "game.json", "--mbox", "in.mbox"),
    "clear": ("clear", "game.json", "Takeda"),
    "deadline": ("deadline", "game.json", "2099-12-01 20:00 JST"),
    "deadline --zone": ("deadline", "game.json", "--zone", "Asia/Tokyo"),
    "adjudicate": ("adjudicate", "game.json", "--yes"),
    "rollback": ("rollback", "game.json"),
    "draw": ("draw", "game.json", "Oda"),
    "concede": ("concede", "game.json", "Oda", "--to", "Takeda"),
    "edit add": ("edit", "game.json", "add", "Takeda", "A Suruga"),
    "edit owner": ("edit", "game.json", "owner", "Mino", "Oda"),
    "edit dp": ("edit", "game.json", "dp", "Oda", "3"),
    "edit name": ("edit", "game.json", "name", "Azuchi"),
    "channel set": ("channel", "set", "game.json", "https://discord.com/api/webhooks/1/abc"),
}


@pytest.fixture
def played(cli: Cli) -> Path:
    cli("new", "game.json", "--name", "Kyoto 1570")
    cli("players", "game.json", "set", "Oda", "nobunaga@owari.example")
    cli("orders", "game.json", input="Oda:\nA Owari - Ise\n")
    cli("adjudicate", "game.json", "--yes")
    cli("orders", "game.json", input="Takeda:\nA Kai - Suruga\n")
    (cli.folder / "paste.txt").write_text("Oda:\nA Ise - Omi\n", encoding="utf-8")
    (cli.folder / "in.mbox").write_text(_MBOX, encoding="utf-8")
    return cli.folder / "game.json"


@pytest.mark.parametrize("name", list(WRITERS))
def test_every_command_that_writes_is_one_undo_away_and_one_redo_back(cli: Cli, played: Path, name: str) -> None:
    before = played.read_bytes()
    cli(*WRITERS[name], code=None)
    after = played.read_bytes()
    assert after != before, f"{name} changed nothing"
    undone = cli("undo", "game.json").stdout
    assert undone.startswith("Undone: #") and played.read_bytes() == before
    assert "To bring the change back: sengoku redo game.json" in undone
    cli("redo", "game.json")
    assert played.read_bytes() == after


def test_the_journal_says_what_each_write_did_who_did_it_and_through_which_command(cli: Cli, played: Path) -> None:
    lines = cli.lines("journal", "game.json")
    assert lines[0] == "Versions of game.json kept for undo (the last 50; '*': the file now):"
    assert (
        'Spring 1570 movement: started the game (sengoku new game.json --name "Kyoto 1570"; command line ('
        in (lines[1])
    )
    assert (
        "Fall 1570 movement: adjudicated Spring 1570 movement (sengoku adjudicate game.json --yes; command"
        in (lines[4])
    )
    assert (
        lines[5].startswith("* #5 ") and "read orders; orders stored: Takeda 1 (sengoku orders game.json;" in lines[5]
    )
    assert lines[-1] == "Undo the last change: sengoku undo game.json"


def test_a_password_or_a_webhook_address_never_reaches_the_journal(cli: Cli, played: Path) -> None:
    cli("channel", "set", "game.json", "https://discord.com/api/webhooks/1/secret-token")
    listed = cli("journal", "game.json").stdout
    assert "secret-token" not in listed and "sengoku channel set game.json https://***" in listed
    index = (journal_path(played) / "index.json").read_text(encoding="utf-8")
    assert "secret-token" not in index


def test_a_replace_that_drops_orders_names_them_and_is_one_undo_away(cli: Cli, played: Path) -> None:
    """The mail said 'change only this one, keep the rest', and replace mode dropped the rest: undo, then --merge."""
    cli("orders", "game.json", input="Oda:\nA Ise - Omi\nF Mikawa - Totomi Sea\n1 : A Yamashiro H\n")
    out = cli("orders", "game.json", input="Oda:\nF Mikawa H\n").stdout
    assert "    DROPPED (given before, not in this message): A Ise - Omi; 1 : A Yamashiro H\n" in out
    assert "    (to keep them: 'sengoku undo', then read the message again with --merge)\n" in out
    cli("undo", "game.json")
    cli("orders", "game.json", "--merge", input="Oda:\nF Mikawa H\n")
    assert stored(played)["Oda"] == ["A Ise - Omi", "1 : A Yamashiro H", "F Mikawa H"]


def test_undo_goes_back_step_by_step_and_a_new_write_after_it_keeps_the_old_branch(cli: Cli, played: Path) -> None:
    first = played.read_bytes()
    cli("orders", "game.json", input="Oda:\nA Ise H\n")
    second = played.read_bytes()
    cli("undo", "game.json")
    assert played.read_bytes() == first
    cli("deadline", "game.json", "+48h")  # a new write after an undo: a branch of its own
    assert "nothing to redo" in cli("redo", "game.json", code=1).stderr
    listed = cli.lines("journal", "game.json")
    number = next(line.split()[0].lstrip("#") for line in listed if "orders stored: Takeda 1, Oda 1" in line)
    assert cli("undo", "game.json", "--to", number).stdout.startswith(f"Put back #{number};")
    assert played.read_bytes() == second  # the undone branch is still there, by its number


def test_a_hand_edit_is_kept_before_the_next_command_replaces_it(cli: Cli, played: Path) -> None:
    data = json.loads(played.read_text(encoding="utf-8"))
    data["name"] = "Edited by hand"
    played.write_text(json.dumps(data), encoding="utf-8")
    edited = played.read_bytes()
    cli("deadline", "game.json", "+48h")
    assert "changed outside sengoku ((not a sengoku command))" in cli("journal", "game.json").stdout
    cli("undo", "game.json")
    assert played.read_bytes() == edited


def test_a_game_from_before_the_journal_is_kept_at_its_first_change(cli: Cli, played: Path) -> None:
    original = played.read_bytes()
    for path in journal_path(played).iterdir():
        path.unlink()
    journal_path(played).rmdir()
    cli("deadline", "game.json", "+48h")
    assert "the game file as it was before the journal began" in cli("journal", "game.json").stdout
    cli("undo", "game.json")
    assert played.read_bytes() == original


def test_the_journal_keeps_the_last_50_versions(cli: Cli, played: Path) -> None:
    for hours in range(60):
        cli("deadline", "game.json", f"+{hours + 1}h")
    kept = Journal(played).versions()
    assert len(kept) == KEEP
    stored = [p for p in journal_path(played).iterdir() if p.name != "index.json"]
    assert KEEP <= len(stored) < KEEP + DEPTH  # and the few older ones the listed deltas are kept against
    for _ in range(KEEP - 1):
        cli("undo", "game.json")
    refused = cli("undo", "game.json", code=1).stderr
    assert "nothing older to go back to: only the last 50 are kept" in refused


def test_nothing_to_undo_in_a_game_whose_journal_was_removed(cli: Cli, played: Path) -> None:
    for path in journal_path(played).iterdir():
        path.unlink()
    assert "nothing older to go back to: it is the first version kept" in cli("undo", "game.json", code=1).stderr


def test_a_journal_that_cannot_be_written_refuses_the_write_and_changes_nothing(
    cli: Cli, played: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played.write_text(played.read_text(encoding="utf-8").replace("Kyoto 1570", "Kyoto by hand"), encoding="utf-8")
    before = played.read_bytes()
    monkeypatch.setattr("cli.journal._atomic_write", lambda path, data: _raise(path))
    result = cli("deadline", "game.json", "+48h", code=1)
    assert "cannot keep the version it replaces" in result.stderr and "the game is unchanged" in result.stderr
    assert played.read_bytes() == before


def _raise(path: Path) -> None:
    from cli.journal import JournalError

    raise JournalError(f"{path}: cannot write it (No space left on device)")


def test_a_command_that_writes_many_times_is_one_version(cli: Cli, played: Path) -> None:
    """``mail`` records each message as the server takes it: one version for the run, not one per message."""
    from tests.outbox.smtpd import smtp_server

    cli("players", "game.json", "set", "Takeda", "shingen@kai.example", "kai@kai.example")
    count = len(Journal(played).versions())
    with smtp_server() as (port, box):
        cli(
            "mail",
            "game.json",
            "results",
            "--smtp-host",
            "127.0.0.1",
            "--smtp-port",
            str(port),
            "--from",
            "gm@x.example",
        )
    assert len(box.messages) == 3
    versions = Journal(played).versions()
    assert len(versions) == count + 1 and "mailed the results to 3 addresses" in versions[-1].what
    cli("undo", "game.json")
    assert load_game(played).state.sent == []  # undone: the next run would send them again


def test_a_reading_that_stored_nothing_new_says_what_it_changed(cli: Cli, played: Path) -> None:
    """Mori's order stands as it was; only the refused line the reminders name is new: the journal says so."""
    cli("orders", "game.json", input="Mori:\nF Nagato H\nA Iwami - Xyzzy\n", code=3)
    cli("orders", "game.json", input="Mori:\nF Nagato H\nA Iwami - Plugh\n", code=3)
    last = cli.lines("journal", "game.json")[-2]
    assert "a change the game's log does not name" not in last
    assert ": read orders: no stored order changed; 1 refused line kept for the reminders (Mori) (sengoku" in last


def test_a_message_refused_whole_is_named_in_the_journal(cli: Cli, played: Path) -> None:
    cli("orders", "game.json", input="Uesugi:\nA Kozuke - Nowhere\n", code=3)
    assert "every line refused, nothing stored: Uesugi" in cli.lines("journal", "game.json")[-2]
