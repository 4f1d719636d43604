"""A game file as a user's own tools leave it: behind a symbolic link, or with an editor's byte order mark."""

from __future__ import annotations

import codecs
import json

from tests.hostile.conftest import Cli


def test_a_game_file_that_is_a_symbolic_link_is_written_through_it_and_the_link_stays(cli: Cli) -> None:
    (cli.folder / "games").mkdir()
    cli("new", "games/kyoto.json")
    (cli.folder / "game.json").symlink_to(cli.folder / "games" / "kyoto.json")
    cli("orders", "game.json", "-", input="Oda:\nA Owari - Mino\n")
    link = cli.folder / "game.json"
    assert link.is_symlink() and link.resolve() == cli.folder / "games" / "kyoto.json"
    assert "Oda" in json.loads((cli.folder / "games" / "kyoto.json").read_text())["orders"]
    assert not list(cli.folder.glob(".game.json*")) and not list(cli.folder.glob("games/.*.tmp"))
    assert (cli.folder / "games" / ".kyoto.json.journal").is_dir()  # the journal is the file's, by either name


def test_a_game_file_with_a_byte_order_mark_is_read_as_the_game(cli: Cli) -> None:
    cli("new", "game.json")
    path = cli.folder / "game.json"
    path.write_bytes(codecs.BOM_UTF8 + path.read_bytes())  # saved again by Notepad
    assert cli.lines("status", "game.json")[0] == "Sengoku Jidai (6DP): Spring 1570 movement"
    cli("orders", "game.json", "-", input="Oda:\nA Owari - Mino\n")
    assert not path.read_bytes().startswith(codecs.BOM_UTF8)


def test_a_change_made_through_the_link_is_undone_through_the_files_own_name(cli: Cli) -> None:
    """One game, one journal (as one lock): the journal is beside the file the link names. Beside the link, a
    change made through it was, to the file's own name, a change "made outside sengoku"."""
    (cli.folder / "games").mkdir()
    cli("new", "games/kyoto.json")
    (cli.folder / "game.json").symlink_to(cli.folder / "games" / "kyoto.json")
    cli("orders", "game.json", "-", input="Oda:\nA Owari - Mino\n")
    undone = cli.lines("undo", "games/kyoto.json")[0]
    assert undone.startswith("Undone: #2, read orders; orders stored: Oda 1 (sengoku orders game.json -;"), undone
    assert not list(cli.folder.glob(".game.json*"))  # no second journal beside the link
    assert "Oda" not in json.loads((cli.folder / "games" / "kyoto.json").read_text())["orders"]
