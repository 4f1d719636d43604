"""Mail held back, one message at a time: for another phase, another game, or older than the open phase.

The listing says when each held mail will be used (a mail written in
advance for Fall is used once Fall is open); the GM may use one now
(``--use ID``) or drop it (``--drop ID``); a held mail listed before is no
news, so the run's exit code is 0; and mail naming another game the GM runs
(its file beside this one) is held and listed, never applied, in a mailbox
and in a paste alike.
"""

from __future__ import annotations

import mailbox
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.cli.test_orders import stored

ODA = "Oda Nobunaga <nobunaga@owari.example>"


def message(body: str, *, subject: str, message_id: str, date: str = "Mon, 02 Mar 2026 09:00:00 +0900") -> EmailMessage:
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"], mail["Date"] = ODA, "gm@kyoto.example", subject, date
    mail["Message-ID"] = message_id
    mail.set_content(body)
    return mail


def mbox(path: Path, *messages: EmailMessage) -> None:
    box = mailbox.mbox(path)
    for item in messages:
        box.add(item)
    box.close()


@pytest.fixture
def azuchi(cli: Cli) -> Path:
    """The Azuchi game, with Oda's address; the Kyoto 1570 game's file beside it (the GM runs both)."""
    cli("new", "kyoto.json", "--name", "Kyoto 1570")
    cli("new", "game.json", "--name", "Azuchi")
    cli("players", "game.json", "set", "Oda", "nobunaga@owari.example")
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\nF Mikawa H\n")
    return cli.folder / "game.json"


def test_mail_written_in_advance_for_the_next_phase_is_held_until_that_phase_opens(cli: Cli, azuchi: Path) -> None:
    mbox(cli.folder / "in.mbox", message("A Owari - Ise\n", subject="Oda F1570 orders", message_id="<early@owari>"))
    out = cli("orders", "game.json", "--mbox", "in.mbox", code=3).stdout
    heading = out.splitlines()[0]
    assert "NOT USED, for another phase: the subject names Fall 1570, but Spring 1570 movement is open" in heading
    assert "; kept for Fall 1570: used when that phase is open and the mail is read again [held " in heading
    again = cli("orders", "game.json", "--mbox", "in.mbox")  # listed before: no news, exit 0
    assert again.stdout.splitlines()[0].endswith("(listed before)")
    cli("adjudicate", "game.json", "--yes")
    cli("orders", "game.json", "--mbox", "in.mbox")  # Fall is open: the mail is used, though written before
    assert stored(azuchi) == {"Oda": ["A Owari - Ise"]}  # A Owari bounced from Mino in Spring


def test_dismiss_leaves_mail_kept_for_a_phase_still_to_come(cli: Cli, azuchi: Path) -> None:
    """--dismiss, to clear a stranger's note, marked early Fall orders read for good: now they stay for Fall."""
    early = message("A Owari - Ise\n", subject="Oda F1570", message_id="<early@owari>")
    late = message("F Mikawa - Totomi Sea\n", subject="Oda S1569", message_id="<late@owari>")
    mbox(cli.folder / "in.mbox", early, late)
    out = cli("orders", "game.json", "--mbox", "in.mbox", "--dismiss", code=3).stdout
    first, second = (line for line in out.splitlines() if line.startswith("== mail"))
    assert "kept for Fall 1570: used when that phase is open" in first and "DISMISSED" not in first
    held = first.rsplit("[held ", 1)[1].split("]")[0]
    assert f"  (kept for its phase: --dismiss leaves it (--drop {held} drops it))\n" in out
    assert "DISMISSED: marked read, not listed again" in second
    cli("adjudicate", "game.json", "--yes")
    cli("orders", "game.json", "--mbox", "in.mbox")
    assert stored(azuchi) == {"Oda": ["A Owari - Ise"]}


def test_the_gm_uses_one_held_mail_now_and_drops_another(cli: Cli, azuchi: Path) -> None:
    early = message("A Owari - Ise\n", subject="Oda F1570", message_id="<early@owari>")
    late = message("F Mikawa - Totomi Sea\n", subject="Oda S1569", message_id="<late@owari>")
    mbox(cli.folder / "in.mbox", early, late)
    out = cli("orders", "game.json", "--mbox", "in.mbox", code=3).stdout
    ids = [line.rsplit("[held ", 1)[1].split("]")[0] for line in out.splitlines() if "[held " in line]
    assert len(ids) == 2 and "never used by itself (Spring 1569 is over)" in out
    assert f"ids: {ids[0]} (mail 1), {ids[1]} (mail 2)." in out
    used = cli("orders", "game.json", "--mbox", "in.mbox", "--use", ids[0], "--drop", f"[held {ids[1]}]").stdout
    assert f"(used for Spring 1570 movement at the GM's word (--use {ids[0]}))" in used
    assert "DISMISSED: marked read, not listed again" in used
    assert stored(azuchi)["Oda"] == ["A Owari - Ise"]  # replace: the message used is Oda's orders now
    assert cli("orders", "game.json", "--mbox", "in.mbox").stdout.startswith("Already read before")


def test_reading_the_same_mail_again_is_no_version_and_a_drop_is_named(cli: Cli, azuchi: Path) -> None:
    """The journal lists changes: a reading that changed nothing was a version 'the game's log does not name'."""
    mbox(cli.folder / "in.mbox", message("A Owari - Ise\n", subject="Oda F1570", message_id="<early@owari>"))
    out = cli("orders", "game.json", "--mbox", "in.mbox", code=3).stdout
    held = out.rsplit("[held ", 1)[1].split("]")[0]
    versions = cli.lines("journal", "game.json")
    assert "read mail: nothing stored; 1 message held (sengoku orders game.json --mbox in.mbox;" in versions[-2]
    cli("orders", "game.json", "--mbox", "in.mbox")  # listed before: nothing in the game changes
    assert cli.lines("journal", "game.json") == versions
    cli("orders", "game.json", "--mbox", "in.mbox", "--drop", held)
    dropped = f"read mail: nothing stored; 1 message marked read (--drop {held})"
    assert dropped in cli("journal", "game.json").stdout and dropped in cli("history", "game.json", "--log").stdout
    assert "does not name" not in cli("journal", "game.json").stdout


def test_an_id_that_names_no_held_mail_is_said(cli: Cli, azuchi: Path) -> None:
    mbox(cli.folder / "in.mbox", message("A Owari - Ise\n", subject="Oda F1570", message_id="<early@owari>"))
    out = cli("orders", "game.json", "--mbox", "in.mbox", "--use", "abcdef", code=3).stdout
    assert "No held message has the id abcdef in this mail (nothing done for it)." in out


def test_use_and_drop_are_for_mail(cli: Cli, azuchi: Path) -> None:
    assert "--use is for mail" in cli("orders", "game.json", "--use", "abc", input="x", code=2).stderr


@pytest.mark.parametrize(
    ("subject", "body", "where"),
    [
        ("Re: [Kyoto 1570] Oda S1570 orders", "A Owari - Ise\n", "the subject names the game 'Kyoto 1570'"),
        ("Re: Kyoto 1570: Spring 1570 movement results", "A Owari - Ise\n", "the subject names the game 'Kyoto 1570'"),
        ("orders", "Orders for Kyoto 1570:\nA Owari - Ise\n", "line 1 names the game 'Kyoto 1570'"),
    ],
)
def test_mail_for_another_game_is_held_and_listed_never_applied(
    cli: Cli, azuchi: Path, subject: str, body: str, where: str
) -> None:
    mbox(cli.folder / "in.mbox", message(body, subject=subject, message_id="<other@owari>"))
    out = cli("orders", "game.json", "--mbox", "in.mbox", code=3).stdout
    assert f"NOT USED, for another game: {where}, and this game is 'Azuchi'; never used by itself" in out
    assert stored(azuchi)["Oda"] == ["A Owari - Mino", "F Mikawa H"]


def test_a_reply_to_another_games_own_mail_is_held_even_when_its_file_is_elsewhere(cli: Cli, azuchi: Path) -> None:
    (cli.folder / "kyoto.json").unlink()
    subject = "Re: Nagashino: orders for Spring 1570 movement are due"
    mbox(cli.folder / "in.mbox", message("A Owari - Ise\n", subject=subject, message_id="<n@owari>"))
    out = cli("orders", "game.json", "--mbox", "in.mbox", code=3).stdout
    assert "the subject answers mail of the game 'Nagashino', and this game is 'Azuchi'" in out
    assert stored(azuchi)["Oda"] == ["A Owari - Mino", "F Mikawa H"]


def test_a_tag_naming_no_game_says_nothing(cli: Cli, azuchi: Path) -> None:
    mbox(cli.folder / "in.mbox", message("A Owari - Ise\n", subject="[EXTERNAL] orders", message_id="<x@owari>"))
    cli("orders", "game.json", "--mbox", "in.mbox")
    assert stored(azuchi)["Oda"] == ["A Owari - Ise"]


def test_a_pasted_mail_for_another_game_is_refused_line_by_line(cli: Cli, azuchi: Path) -> None:
    paste = "From: Oda Nobunaga <nobunaga@owari.example>\nSubject: Re: [Kyoto 1570] Oda S1572 orders\n\nA Owari - Ise\n"
    out = cli("orders", "game.json", input=paste, code=3).stdout
    assert (
        "REFUSED line 4: 'A Owari - Ise': not used: the subject names the game 'Kyoto 1570', and this game is 'Azuchi'"
    ) in out
    assert stored(azuchi)["Oda"] == ["A Owari - Mino", "F Mikawa H"]
