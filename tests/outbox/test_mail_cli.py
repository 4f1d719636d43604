"""``sengoku mail``: messages a real SMTP server (aiosmtpd on loopback) accepted, read back; failures said plainly.

Nothing is ever recorded as sent that the server did not accept, and a
second run sends only what did not go.
"""

from __future__ import annotations

import re
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from pathlib import Path

import pytest

from cli.gamefile import load_game
from maps.rules import SENGOKU
from post import build_post, render
from tests.cli.conftest import Cli
from tests.outbox.conftest import smtp
from tests.outbox.smtpd import Mailbox, free_port, smtp_server

Server = tuple[int, Mailbox]
UNADDRESSED = "Not mailed: no address for Asakura, Chosokabe, Mori, Shimazu, Uesugi (sengoku players GAME add POWER"


def _with_map_note(plain: str) -> str:
    """The post as mailed: the map's note under its title (the map is in the HTML part)."""
    title, _, rest = plain.partition("\n")
    note = "(The map is in this message as map-spring-1570-movement.png; a mail program showing text only lists it.)"
    return f"{title}\n{note}\n{rest}"


def body(message: EmailMessage, kind: str) -> str:
    part = message.get_body(preferencelist=(kind,))
    assert part is not None and part.get_content_type() == f"text/{kind}"
    return str(part.get_content()).replace("\r\n", "\n")  # lines end in CRLF on the wire


def mail(cli: Cli, port: int, *args: str, code: int = 0) -> str:
    result = cli("mail", "game.json", *args, *smtp(port), "--retry-pause", "0", code=code)
    return result.stdout + result.stderr


def test_the_results_go_to_every_address_as_plain_text_and_html(cli: Cli, addressed: Path, server: Server) -> None:
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    out = mail(cli, port, "results")
    game = load_game(addressed)
    plain = render(build_post(game.board, game.state, -1))
    assert sorted(str(m["To"]) for m in box.messages) == [
        "Hojo <ujiyasu@example.org>",
        "Oda <nobunaga@example.org>",
        "Takeda <kai@example.net>",
        "Takeda <shingen@example.org>",
    ]
    for message in box.messages:
        assert message["Subject"] == "Game “Kyoto 1570”: Spring 1570 movement results"
        assert message["From"] == "GM <gm@kyoto.example>"
        assert body(message, "plain") == _with_map_note(plain)
        assert "<h2>Kyoto 1570, Sengoku Jidai (6DP): Spring 1570 movement results</h2>" in body(message, "html")
    assert "4 of 4 messages sent." in out and UNADDRESSED in out
    recorded = {(m.power, m.address, m.message_id) for m in game.state.sent}
    assert recorded == {
        (str(m["To"]).split()[0], re.sub(r".*<(.*)>", r"\1", str(m["To"])), m["Message-ID"]) for m in box.messages
    }


def test_a_second_run_sends_nothing_twice(cli: Cli, addressed: Path, server: Server) -> None:
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    mail(cli, port, "results")
    again = mail(cli, port, "results")
    assert len(box.messages) == 4
    assert (
        "already sent  Oda <nobunaga@example.org>" in again
        and "Nothing to send for the Spring 1570 movement results" in again
    )


def test_each_players_messages_form_one_thread(cli: Cli, addressed: Path, server: Server) -> None:
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    mail(cli, port, "results")
    cli("adjudicate", "game.json", "--yes")
    mail(cli, port, "results")
    first, second = box.to("nobunaga@example.org")
    assert second["In-Reply-To"] == first["Message-ID"] and first["In-Reply-To"] is None
    assert second["References"] == first["Message-ID"]
    assert second["Subject"] == "Game “Kyoto 1570”: Fall 1570 movement results"
    assert box.to("kai@example.net")[1]["In-Reply-To"] == box.to("kai@example.net")[0]["Message-ID"]


def test_a_refused_recipient_is_reported_and_sent_alone_on_the_next_run(
    cli: Cli, addressed: Path, server: Server
) -> None:
    port, box = server
    box.refuse.add("kai@example.net")
    cli("adjudicate", "game.json", "--yes")
    out = mail(cli, port, "results", code=6)
    assert (
        "NOT SENT      Takeda <kai@example.net>: the server refused kai@example.net (550 5.1.1 no such user here)"
        in out
    )
    assert "3 of 4 messages sent. 1 not sent: run the same command again to send only those." in out
    assert "kai@example.net" not in {m.address for m in load_game(addressed).state.sent}
    box.refuse.clear()
    again = mail(cli, port, "results")
    assert "  sent          Takeda <kai@example.net>" in again and "1 of 1 message sent." in again
    assert len(box.messages) == 4


def test_a_connection_dropped_mid_message_is_tried_again(cli: Cli, addressed: Path, server: Server) -> None:
    port, box = server
    box.drop["nobunaga@example.org"] = 1
    cli("adjudicate", "game.json", "--yes")
    assert "4 of 4 messages sent." in mail(cli, port, "results")
    assert len(box.to("nobunaga@example.org")) == 1 and box.connections >= 2


def test_a_connection_that_keeps_dropping_is_not_marked_sent(cli: Cli, addressed: Path, server: Server) -> None:
    port, box = server
    box.drop["nobunaga@example.org"] = 5
    cli("adjudicate", "game.json", "--yes")
    out = mail(cli, port, "results", "--retries", "2", code=6)
    assert (
        "NOT SENT      Oda <nobunaga@example.org>: the connection to 127.0.0.1:"
        f"{port} was closed before the message was accepted" in out
    )
    assert "nobunaga@example.org" not in {m.address for m in load_game(addressed).state.sent}
    assert len(box.messages) == 3 and box.drop["nobunaga@example.org"] == 2  # three tries in all


def test_a_busy_server_is_tried_again(cli: Cli, addressed: Path, server: Server) -> None:
    port, box = server
    box.busy["ujiyasu@example.org"] = 1
    cli("adjudicate", "game.json", "--yes")
    assert "4 of 4 messages sent." in mail(cli, port, "results")


def test_an_unreachable_server_sends_and_records_nothing(cli: Cli, addressed: Path) -> None:
    cli("adjudicate", "game.json", "--yes")
    before = addressed.read_bytes()
    port = free_port()  # nothing listens there
    out = mail(cli, port, "results", "--retries", "1", code=6)
    assert f"cannot reach 127.0.0.1:{port}: the connection was refused (is the SMTP server running?)" in out
    assert "not tried (the batch stopped)" in out and "0 of 4 messages sent." in out
    assert addressed.read_bytes() == before


def test_a_wrong_password_stops_the_batch(cli: Cli, addressed: Path) -> None:
    cli("adjudicate", "game.json", "--yes")
    with smtp_server(auth=True) as (port, box):
        args = ["--smtp-user", "gm", "--no-starttls"]
        wrong = mail(cli, port, "results", *args, "--smtp-password", "guess", code=6)
        assert "the server refused the login (535" in wrong and "0 of 4 messages sent." in wrong
        right = mail(cli, port, "results", *args, "--smtp-password", "secret")
        assert "4 of 4 messages sent." in right and len(box.messages) == 4


def test_settings_from_the_environment(
    cli: Cli, addressed: Path, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    port, box = server
    monkeypatch.setenv("SENGOKU_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("SENGOKU_SMTP_PORT", str(port))
    monkeypatch.setenv("SENGOKU_SMTP_FROM", "gm@kyoto.example")
    cli("adjudicate", "game.json", "--yes")
    assert "4 of 4 messages sent." in cli("mail", "game.json", "results").stdout
    assert box.messages[0]["From"] == "gm@kyoto.example"


def test_missing_settings_are_named(cli: Cli, addressed: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HOST", "PORT", "FROM", "USER", "PASSWORD", "STARTTLS", "SSL"):
        monkeypatch.delenv(f"SENGOKU_SMTP_{name}", raising=False)
    cli("adjudicate", "game.json", "--yes")
    assert (
        "no SMTP server: give --smtp-host or set SENGOKU_SMTP_HOST"
        in cli("mail", "game.json", "results", code=1).stderr
    )
    no_sender = cli("mail", "game.json", "results", "--smtp-host", "localhost", code=1).stderr
    assert "no sender address: give --from or set SENGOKU_SMTP_FROM" in no_sender
    wrong = cli("mail", "game.json", "results", "--smtp-host", "localhost", "--from", "not an address", code=1)
    assert "the sender 'not an address' is no mail address" in wrong.stderr
    monkeypatch.setenv("SENGOKU_SMTP_STARTTLS", "maybe")
    bad = cli("mail", "game.json", "results", "--smtp-host", "localhost", "--from", "gm@x.org", code=1).stderr
    assert "SENGOKU_SMTP_STARTTLS must be 1 or 0 (yes or no), not 'maybe'" in bad


@pytest.mark.clock
def test_reminders_go_only_to_powers_that_still_owe_orders_with_the_deadline(
    cli: Cli, addressed: Path, server: Server
) -> None:
    port, box = server
    cli("deadline", "game.json", "2099-12-01 20:00")
    cli("orders", "game.json", input="Takeda:\nA Kai - Suruga\nA South Shinano H\n")  # every unit: owes nothing
    out = mail(cli, port, "reminder")
    assert sorted(re.sub(r".*<(.*)>", r"\1", str(m["To"])) for m in box.messages) == [
        "nobunaga@example.org",
        "ujiyasu@example.org",
    ]
    text = body(box.to("ujiyasu@example.org")[0], "plain")
    assert "The GM has no orders from Hojo for Spring 1570 movement yet (no order for A Sagami, F Izu" in text
    assert "The deadline is Tuesday 1 December 2099, 20:00 UTC." in text
    assert box.messages[0]["Subject"] == "Game “Kyoto 1570”: orders for Spring 1570 movement are due"
    assert "2 of 2 messages sent." in out and "no address for Asakura, Chosokabe, Mori, Shimazu, Uesugi" in out
    assert "Nothing to send" in mail(cli, port, "reminder")  # the same reminder is not sent twice
    second = mail(cli, port, "reminder", "--again")  # ... unless the GM asks: a second reminder
    assert "2 of 2 messages sent." in second and len(box.to("ujiyasu@example.org")) == 2
    first, later = box.to("ujiyasu@example.org")
    assert later["In-Reply-To"] == first["Message-ID"]  # the same thread


def test_links_are_for_web_games(cli: Cli, addressed: Path) -> None:
    refused = cli("mail", "game.json", "links", code=1).stderr
    assert "a command-line game has no web links: its players send their orders to you by mail" in refused


def test_nothing_to_mail_before_the_first_adjudication(cli: Cli, addressed: Path) -> None:
    assert "no phase has been adjudicated yet" in cli("mail", "game.json", "results", code=1).stderr


def test_a_dry_run_writes_eml_files_and_records_nothing(cli: Cli, addressed: Path, tmp_path: Path) -> None:
    from email import message_from_bytes, policy

    cli("adjudicate", "game.json", "--yes")
    before = addressed.read_bytes()
    out = cli("mail", "game.json", "results", "--dry-run", "outgoing", "--from", "gm@kyoto.example").stdout
    files = sorted((cli.folder / "outgoing").glob("*.eml"))
    assert [f.name for f in files] == [
        "01-Hojo-ujiyasu@example.org.eml",
        "02-Oda-nobunaga@example.org.eml",
        "03-Takeda-shingen@example.org.eml",
        "04-Takeda-kai@example.net.eml",
    ]
    message = message_from_bytes(files[1].read_bytes(), policy=policy.default)
    assert message["To"] == "Oda <nobunaga@example.org>" and message["Message-ID"].endswith("@kyoto.example>")
    assert "Dry run: 4 messages for the Spring 1570 movement results" in out
    assert addressed.read_bytes() == before


def test_a_game_name_never_breaks_the_subject_header(cli: Cli, addressed: Path) -> None:
    from email import message_from_bytes, policy

    """'sengoku new' refuses such a name now; a game file written before that rule still mails safely."""
    from cli.gamefile import read_state, write_state

    cli("new", "game.json", "--force")
    old = read_state(addressed).replace(name="Kyoto\n1570\r\nBcc: everyone@example.org")
    write_state(addressed, old, SENGOKU)
    cli("players", "game.json", "set", "Oda", "nobunaga@example.org")
    cli("adjudicate", "game.json", "--yes")
    cli("mail", "game.json", "results", "--dry-run", "out")
    message = message_from_bytes(next((cli.folder / "out").glob("*.eml")).read_bytes(), policy=policy.default)
    assert message["Subject"] == "Game “Kyoto 1570 Bcc: everyone@example.org”: Spring 1570 movement results"
    assert message["Bcc"] is None


def test_results_corrected_after_a_rollback_are_mailed_again(cli: Cli, addressed: Path, server: Server) -> None:
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    mail(cli, port, "results")
    cli("rollback", "game.json")
    cli("orders", "game.json", input="Oda:\nF Mikawa - Totomi Sea\n")
    cli("adjudicate", "game.json", "--yes")
    assert "4 of 4 messages sent." in mail(cli, port, "results")
    oda = box.to("nobunaga@example.org")
    assert "F Mikawa - Totomi Sea: moved" in body(oda[1], "plain") and oda[1]["In-Reply-To"] == oda[0]["Message-ID"]
    assert oda[1]["Subject"].startswith("CORRECTION: ") or "CORRECTION" in oda[1]["Subject"]


def test_mailed_results_are_published_and_only_then_corrected(cli: Cli, addressed: Path, server: Server) -> None:
    """Printed for the GM, then taken back before anyone saw it: no correction. Mailed: a correction."""
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    assert load_game(addressed).state.history[-1].published is False
    cli("rollback", "game.json")
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    cli("adjudicate", "game.json", "--yes")
    mail(cli, port, "results")
    assert "CORRECTION" not in str(box.messages[0]["Subject"])
    assert load_game(addressed).state.history[-1].published is True
    cli("rollback", "game.json")
    cli("orders", "game.json", input="Oda:\nA Owari - Ise\n")
    cli("adjudicate", "game.json", "--yes")
    mail(cli, port, "results")
    assert "CORRECTION" in str(box.messages[-1]["Subject"])


@pytest.mark.clock
def test_a_new_deadline_alone_does_not_send_the_results_again(cli: Cli, addressed: Path, server: Server) -> None:
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    mail(cli, port, "results")
    cli("deadline", "game.json", "+3d")
    assert "Nothing to send for the Spring 1570 movement results." in mail(cli, port, "results")
    assert len(box.messages) == 4


def test_a_second_run_lists_the_players_who_have_it_under_the_heading(
    cli: Cli, addressed: Path, server: Server
) -> None:
    """A run that sends the rest lists everyone under its one heading: those who have it, and those sent now."""
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    box.refuse.add("ujiyasu@example.org")
    mail(cli, port, "results", code=6)
    box.refuse.clear()
    lines = mail(cli, port, "results").splitlines()
    heading = next(i for i, line in enumerate(lines) if line.startswith("Mailing the Spring 1570 movement results"))
    assert heading == 0
    assert lines[1:4] == [
        "  already sent  Oda <nobunaga@example.org>",
        "  already sent  Takeda <shingen@example.org>",
        "  already sent  Takeda <kai@example.net>",
    ]
    assert lines[4] == "  sent          Hojo <ujiyasu@example.org>"


@contextmanager
def closing_listener() -> Iterator[tuple[int, list[int]]]:
    """A port that accepts connections and closes each at once, before any greeting; counts the connections."""
    listener = socket.create_server(("127.0.0.1", 0))
    accepted: list[int] = []

    def serve() -> None:
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            accepted.append(1)
            connection.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1], accepted
    finally:
        listener.shutdown(socket.SHUT_RDWR)  # wakes the accept() that is waiting (close alone would not)
        listener.close()
        thread.join(timeout=5)


def test_a_server_that_hangs_up_before_greeting_stops_the_batch(cli: Cli, addressed: Path) -> None:
    cli("adjudicate", "game.json", "--yes")
    before = addressed.read_bytes()
    with closing_listener() as (port, accepted):
        out = mail(cli, port, "results", "--retries", "2", code=6)
    assert f"cannot reach 127.0.0.1:{port}: it closed the connection before greeting" in out
    assert "not tried (the batch stopped)" in out and "0 of 4 messages sent." in out
    assert len(accepted) == 3  # the first message's three tries, none for the others
    assert addressed.read_bytes() == before


def test_a_host_that_does_not_exist_stops_the_batch(cli: Cli, addressed: Path) -> None:
    cli("adjudicate", "game.json", "--yes")
    result = cli(
        "mail", "game.json", "results", "--smtp-host", "nowhere.invalid", "--from", "gm@kyoto.example",
        "--retries", "1", "--retry-pause", "0", code=6,
    )  # fmt: skip
    out = result.stdout + result.stderr
    assert "cannot reach nowhere.invalid:" in out and ": no such host (" in out
    assert "not tried (the batch stopped)" in out and "0 of 4 messages sent." in out


def test_tls_spoken_to_a_plain_server_stops_at_once_and_says_which_port_wants_what(
    cli: Cli, addressed: Path, server: Server
) -> None:
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    out = mail(cli, port, "results", "--ssl", code=6)
    assert f"TLS with 127.0.0.1:{port} failed: " in out
    assert "port 465 wants --ssl, ports 25 and 587 want STARTTLS" in out
    assert "0 of 4 messages sent." in out and box.messages == []
