"""``sengoku orders --mbox / --eml / --maildir``: real mail in, and bad input answered without losing anything.

Big inputs are made inside the tests (a 50 MB mailbox, a message of 10,000
lines), never kept in the repository. Each bad input gets one clear line and
exit code 1, and the game file is left exactly as it was.
"""

from __future__ import annotations

import mailbox
import os
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

import pytest

from maps.rules import SENGOKU
from tests.cli.conftest import Cli
from tests.cli.test_orders import stored

CORPUS = Path(__file__).parent.parent / "inbox" / "corpus"
ODA = "Oda Nobunaga <nobunaga@owari.example>"


def message(sender: str, body: str, *, message_id: str, date: str = "Mon, 02 Mar 2026 09:00:00 +0900") -> EmailMessage:
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"], mail["Date"] = sender, "gm@kyoto.example", "orders", date
    mail["Message-ID"] = message_id
    mail.set_content(body)
    return mail


@pytest.fixture
def game(cli: Cli) -> Path:
    """A new game where Oda and Takeda have addresses, and Takeda has orders stored already."""
    cli("new", "game.json")
    cli("players", "game.json", "set", "Oda", "nobunaga@owari.example")
    cli("players", "game.json", "set", "Takeda", "shingen@kai.example")
    cli("orders", "game.json", input="Takeda:\nA Kai - Suruga\nA South Shinano H\n")
    return cli.folder / "game.json"


def test_eml_files_are_read_and_their_attachments_named(cli: Cli, game: Path) -> None:
    cli("players", "game.json", "set", "Mori", "motonari@aki.example")
    result = cli("orders", "game.json", "--eml", CORPUS / "29-alternative-with-attachment.eml")
    assert result.stdout.splitlines()[:2] == [
        "== mail 1 of 1 (29-alternative-with-attachment.eml): Mori Motonari <motonari@aki.example>, "
        '2026-03-02 04:00 UTC, "Mori S1570": Mori (address book)',
        "  (attachments not read: plans.xlsx)",
    ]
    assert stored(game)["Mori"] == ["A Iwami - Aki", "F Nagato - Iwami Coast"]


def test_a_maildir_is_read_once_and_left_as_it_was(cli: Cli, game: Path) -> None:
    box = mailbox.Maildir(cli.folder / "Maildir", create=True)
    box.add(message("Oda Nobunaga <nobunaga@owari.example>", "A Owari - Mino\nF Mikawa H\n", message_id="<m1@x>"))
    before = sorted(os.listdir(cli.folder / "Maildir" / "new"))
    cli("orders", "game.json", "--maildir", "Maildir")
    assert stored(game)["Oda"] == ["A Owari - Mino", "F Mikawa H"]
    again = cli("orders", "game.json", "--maildir", "Maildir").stdout
    assert again == (
        "Already read before, not read again: 1 message.\n"
        "Nothing changed. Stored for Spring 1570 movement: Oda (2 orders), Takeda (2 orders).\n"
    )
    assert sorted(os.listdir(cli.folder / "Maildir" / "new")) == before  # nothing marked or moved


def test_mail_from_an_unknown_sender_is_listed_and_used_once_its_address_is_added(cli: Cli, game: Path) -> None:
    box = mailbox.mbox(cli.folder / "game.mbox")
    box.add(message("Uesugi Kenshin <kenshin@echigo.example>", "Uesugi:\nA Kozuke - Musashi\n", message_id="<u@x>"))
    box.close()
    first = cli("orders", "game.json", "--mbox", "game.mbox", code=3).stdout
    assert "NOT USED: kenshin@echigo.example is not in the game's address book" in first
    assert "REFUSED line 2: 'A Kozuke - Musashi': not used: the sender is not in the game's address book" in first
    assert "Uesugi" not in stored(game)
    cli("players", "game.json", "set", "Uesugi", "kenshin@echigo.example")
    cli("orders", "game.json", "--mbox", "game.mbox")
    assert stored(game)["Uesugi"] == ["A Kozuke - Musashi"]


def test_status_after_mail_tells_the_three_states_apart(cli: Cli, game: Path) -> None:
    box = mailbox.mbox(cli.folder / "game.mbox")
    box.add(message("nobunaga@owari.example", "A Owari - Xyz\n", message_id="<o@x>"))
    box.close()
    cli("orders", "game.json", "--mbox", "game.mbox", code=3)
    lines = cli.lines("status", "game.json")
    assert "  Oda        sent, but every line refused" in lines
    assert "  Takeda     orders stored (2), 0 of 2 DP bid; every unit ordered" in lines
    assert "  Uesugi     no orders yet" in lines


# --- bad input: a clear line, exit code 1, the game file untouched ----------------------------


@pytest.mark.parametrize(
    ("args", "make", "error"),
    [
        (["--mbox", "nowhere.mbox"], None, "Error: nowhere.mbox: no such file\n"),
        (["--mbox", "folder"], "folder", "Error: folder: is a folder, not an mbox file\n"),
        (["--maildir", "folder"], "folder", "Error: folder: not a Maildir folder: it has no 'cur' and 'new' folders\n"),
        (["--maildir", "file.txt"], "text", "Error: file.txt: not a folder (a Maildir is a folder)\n"),
        (["--eml", "nowhere.eml"], None, "Error: nowhere.eml: no such file\n"),
        (
            ["--mbox", "file.txt"],
            "text",
            "Error: file.txt: not an mbox file: it does not start with a 'From ' line (for messages saved one "
            "per file, use --eml)\n",
        ),
        (
            ["file.txt"],
            "binary",
            "Error: file.txt: not UTF-8 text (line 2, byte 118: b'\\x80'); save the orders as UTF-8 "
            "(nothing was stored)\n",
        ),
        (["file.txt"], "utf16", "Error: file.txt: UTF-16 text; save the orders as UTF-8\n"),
        (["file.txt"], "nul", "Error: file.txt: binary data, not text; nothing was stored\n"),
    ],
)
def test_a_bad_source_is_one_clear_line_and_changes_nothing(
    cli: Cli, game: Path, args: list[str], make: str | None, error: str
) -> None:
    if make == "folder":
        (cli.folder / "folder").mkdir()
    elif make == "text":
        (cli.folder / "file.txt").write_text("Oda:\nA Owari - Mino\n", encoding="utf-8")
    elif make == "binary":
        (cli.folder / "file.txt").write_bytes(bytes(range(256)) * 8)
    elif make == "utf16":
        (cli.folder / "file.txt").write_bytes("Oda:\nA Owari - Mino\n".encode("utf-16"))
    elif make == "nul":
        (cli.folder / "file.txt").write_bytes("Oda:\nA Owari - Mino\n".encode("utf-16-le"))
    before = game.read_bytes()
    result = cli("orders", "game.json", *args, code=1)
    assert result.stderr == error
    assert game.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--mbox"], "--mbox needs at least one FILE"),
        (["a.txt", "b.txt"], "give one FILE of pasted orders"),
        (["--power", "Oda", "--eml", "x.eml"], "--power is for pasted text"),
    ],
)
def test_a_wrong_command_line_is_a_usage_error(cli: Cli, game: Path, args: list[str], fragment: str) -> None:
    assert fragment in cli("orders", "game.json", *args, code=2).stderr


def test_a_paste_over_a_megabyte_is_refused_whole(cli: Cli, game: Path) -> None:
    before = game.read_bytes()
    result = cli("orders", "game.json", input="Oda:\n" + "A Owari - Mino\n" * 80_000, code=1)
    assert result.stderr.startswith("Error: standard input: more than 1 MB, too long for pasted orders")
    assert game.read_bytes() == before


def test_a_message_of_10000_lines_is_read_and_its_runs_of_ignored_lines_shown_briefly(cli: Cli, game: Path) -> None:
    body = "Oda:\nA Owari - Mino\n\n" + "> an old thread, quoted again and again\n" * 9_997
    mail = message("nobunaga@owari.example", body, message_id="<long@x>")
    (cli.folder / "long.eml").write_bytes(bytes(mail))
    result = cli("orders", "game.json", "--eml", "long.eml")
    run = [line for line in result.stdout.splitlines() if line.startswith("ignored lines 4-10000: ")]
    assert len(run) == 1 and run[0].endswith("(quoted text, 9997 lines)")
    assert len(result.stdout.splitlines()) < 15
    assert stored(game)["Oda"] == ["A Owari - Mino"]


@pytest.mark.slow
def test_a_50_mb_mailbox_is_read_and_loses_nothing_already_stored(cli: Cli, game: Path) -> None:
    """400 messages with pictures attached (about 50 MB): Oda's orders are read, Takeda's all-refused resend
    keeps Takeda's orders, and the others (unknown senders) are listed, not used."""
    picture = os.urandom(100_000)
    with (cli.folder / "big.mbox").open("wb") as handle:
        for number in range(400):
            if number == 150:
                mail = message("nobunaga@owari.example", "Oda:\nA Owari - Mino\n", message_id="<oda@x>")
            elif number == 300:
                mail = message("shingen@kai.example", "Takeda:\nA Kai - Xyz\n", message_id="<takeda@x>")
            else:
                mail = message(f"fan{number}@example.org", "Hello!\n", message_id=f"<{number}@x>")
            mail.add_attachment(picture, maintype="image", subtype="png", filename="map.png")
            handle.write(b"From x@example.org Mon Mar  2 09:00:00 2026\n" + bytes(mail).replace(b"\r\n", b"\n") + b"\n")
    assert (cli.folder / "big.mbox").stat().st_size > 50 * 1024 * 1024
    result = cli("orders", "game.json", "--mbox", "big.mbox", code=3)
    assert stored(game) == {"Takeda": ["A Kai - Suruga", "A South Shinano H"], "Oda": ["A Owari - Mino"]}
    assert "  Takeda: NOTHING STORED: every line of its message was refused; its 2 orders from before stand" in (
        result.stdout
    )
    assert result.stdout.count("NOT USED") == 398


def test_an_empty_mailbox_has_no_messages(cli: Cli, game: Path) -> None:
    (cli.folder / "empty.mbox").write_bytes(b"")
    result = cli("orders", "game.json", "--mbox", "empty.mbox")
    assert result.stdout == "No messages in it.\nNothing changed. Stored for Spring 1570 movement: Takeda (2 orders).\n"


def test_a_50_mb_file_that_is_no_mailbox_is_refused_at_once(cli: Cli, game: Path) -> None:
    with (cli.folder / "big.bin").open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # 50 MB of NUL bytes, written sparse
    before = game.read_bytes()
    result = cli("orders", "game.json", "--mbox", "big.bin", code=1)
    assert "big.bin: not an mbox file" in result.stderr
    assert game.read_bytes() == before


# --- mail for another phase, unknown senders, and dismissing what is not used ---------------


def mbox(path: Path, *messages: EmailMessage) -> Path:
    box = mailbox.mbox(path)
    for one in messages:
        box.add(one)
    box.close()
    return path


def dated(moment: datetime) -> str:
    return format_datetime(moment)


@pytest.mark.clock
def test_a_late_spring_correction_read_in_fall_is_held_back_and_listed(cli: Cli, game: Path) -> None:
    """Adjudicated now: a mail dated an hour ago was written for Spring, and Fall's orders stay as they are."""
    cli("adjudicate", "game.json", "--yes")
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    hour_ago = dated(datetime.now(UTC) - timedelta(hours=1))
    late = message(ODA, "Sorry, a correction:\nA Owari - Ise\n", message_id="<late@owari>", date=hour_ago)
    mbox(cli.folder / "in.mbox", late)
    out = cli("orders", "game.json", "--mbox", "in.mbox", code=3).stdout
    heading = out.splitlines()[0]
    assert heading.startswith("== mail 1 of 1 (in.mbox #1): Oda Nobunaga <nobunaga@owari.example>, ")
    assert ": Oda (address book): NOT USED, written for an earlier phase: dated " in heading
    assert ", before Fall 1570 movement opened (" in heading
    assert heading.endswith(" UTC), and names no phase; never used by itself [held 752b4f]")
    assert "REFUSED line 2: 'A Owari - Ise': not used: written for an earlier phase\n" in out
    assert "Held: mail 1 above (id 752b4f), listed again at each reading until it is used as it says: " in out
    assert stored(game)["Oda"] == ["A Owari - Mino"]
    again = cli("orders", "game.json", "--mbox", "in.mbox").stdout  # listed again, not read: no news, exit 0
    assert again.splitlines()[0] == heading + " (listed before)"
    dismissed = cli("orders", "game.json", "--mbox", "in.mbox", "--dismiss").stdout  # seen: exit 0
    assert "; DISMISSED: marked read, not listed again" in dismissed.splitlines()[0]
    assert "Dismissed: 1 message not used (mail 1 above), marked read: not listed again.\n" in dismissed
    assert cli("orders", "game.json", "--mbox", "in.mbox").stdout.startswith("Already read before")
    assert stored(game)["Oda"] == ["A Owari - Mino"]


@pytest.mark.clock
def test_a_subject_naming_another_phase_holds_the_mail_back(cli: Cli, game: Path) -> None:
    spring = message(ODA, "A Owari - Mino\n", message_id="<s@owari>", date=dated(datetime.now(UTC) + timedelta(1)))
    del spring["Subject"]
    spring["Subject"] = "Oda orders for Fall 1570"
    mbox(cli.folder / "in.mbox", spring)
    out = cli("orders", "game.json", "--mbox", "in.mbox", code=3).stdout
    assert "NOT USED, for another phase: the subject names Fall 1570, but Spring 1570 movement is open" in out
    assert "Oda" not in stored(game)


def test_an_unknown_senders_note_is_listed_exit_0_and_dismissed(cli: Cli, game: Path) -> None:
    """The GM's own copy of a note in the folder: no orders in it, so no refusal; --dismiss makes it go."""
    note = message("GM <gm@kyoto.example>", "Reminder: the deadline is Friday.\n", message_id="<note@kyoto>")
    mbox(cli.folder / "in.mbox", note)
    out = cli("orders", "game.json", "--mbox", "in.mbox").stdout
    assert "NOT USED: gm@kyoto.example is not in the game's address book" in out and "refused" not in out
    assert cli("orders", "game.json", "--mbox", "in.mbox").stdout == out  # until dismissed
    cli("orders", "game.json", "--mbox", "in.mbox", "--dismiss")
    assert cli("orders", "game.json", "--mbox", "in.mbox").stdout.startswith("Already read before")


def test_an_unknown_sender_with_orders_counts_as_refused(cli: Cli, game: Path) -> None:
    hojo = message("Hojo <ujiyasu@sagami.example>", "Hojo:\nA Sagami - Musashi\n", message_id="<h@sagami>")
    mbox(cli.folder / "in.mbox", hojo)
    out = cli("orders", "game.json", "--mbox", "in.mbox", code=3).stdout
    assert "REFUSED line 2: 'A Sagami - Musashi': not used: the sender is not in the game's address book" in out


@pytest.mark.clock
def test_the_results_the_game_mailed_are_recognised_and_skipped(cli: Cli, game: Path) -> None:
    from cli.gamefile import read_state, write_state
    from game.sent import SentMessage

    state = read_state(game)
    sent = SentMessage(
        key="results 1 x",
        power="Oda",
        address="nobunaga@owari.example",
        message_id="<r1@kyoto>",
        sent=datetime.now(UTC),
    )
    write_state(game, state.replace(sent=[sent]), SENGOKU)
    results = message("GM <gm@kyoto.example>", "Oda:\n  A Owari - Mino: moved\n", message_id="<r1@kyoto>")
    mbox(cli.folder / "in.mbox", results)
    out = cli("orders", "game.json", "--mbox", "in.mbox").stdout
    assert out.startswith("Sent by this game itself (results, reminders), not orders: 1 message, not read.\n")


def test_notices_say_which_mail_they_are_about(cli: Cli, game: Path) -> None:
    """Line numbers start again in each mail: 'line 3' alone would not say where."""
    first = message(ODA, "A Owari - Mino\n", message_id="<1@owari>")
    second = message(ODA, "Fine.\n\n> A Owari - Ise\n", message_id="<2@owari>")
    mbox(cli.folder / "in.mbox", first, second)
    out = cli("orders", "game.json", "--mbox", "in.mbox").stdout
    assert (
        "Not counted: mail 2 (in.mbox #2, from Oda Nobunaga <nobunaga@owari.example>), line 3 looks like an order "
        "but is quoted; to use it, paste it without the quote.\n"
    ) in out


def test_dismiss_is_for_mail(cli: Cli, game: Path) -> None:
    assert "--dismiss is for mail" in cli("orders", "game.json", "--dismiss", input="Oda:\n", code=2).stderr
