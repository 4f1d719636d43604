"""``sengoku mail`` and the GM's other steps: one power's mail alone; no second reminder after a rollback."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import Cli
from tests.outbox.conftest import smtp
from tests.outbox.smtpd import Mailbox

Server = tuple[int, Mailbox]


def mail(cli: Cli, port: int, *args: str, code: int = 0) -> str:
    result = cli("mail", "game.json", *args, *smtp(port), "--retry-pause", "0", code=code)
    return result.stdout + result.stderr


def test_the_results_go_to_one_power_alone(cli: Cli, addressed: Path, server: Server) -> None:
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    out = mail(cli, port, "results", "--power", "takeda")
    assert sorted(str(m["To"]) for m in box.messages) == ["Takeda <kai@example.net>", "Takeda <shingen@example.org>"]
    assert "Mailing the Spring 1570 movement results to Takeda through" in out and "2 of 2 messages sent." in out
    rest = mail(cli, port, "results")  # the others still get theirs; Takeda's are not sent twice
    assert "already sent  Takeda <kai@example.net>" in rest and "2 of 2 messages sent." in rest


def test_one_power_without_an_address_is_named(cli: Cli, addressed: Path, server: Server) -> None:
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    out = mail(cli, port, "results", "--power", "Mori")
    assert "Nothing to send for the Spring 1570 movement results to Mori." in out
    assert "Not mailed: no address for Mori" in out and box.messages == []


def test_an_unknown_power_is_refused(cli: Cli, addressed: Path, server: Server) -> None:
    port, _ = server
    assert "unknown power 'Odda'" in mail(cli, port, "reminder", "--power", "Odda", code=1)


def test_a_rollback_does_not_bring_a_second_reminder(cli: Cli, addressed: Path, server: Server) -> None:
    """The phase rolled back to gets its own deadline back: its reminder, sent before, is recognised as sent."""
    port, box = server
    cli("deadline", "game.json", "2099-12-01 20:00")
    mail(cli, port, "reminder")
    reminded = len(box.messages)
    cli("adjudicate", "game.json", "--yes", "--deadline", "2099-12-08 20:00")
    cli("rollback", "game.json")
    assert "Nothing to send for a reminder for Spring 1570 movement." in mail(cli, port, "reminder")
    assert len(box.messages) == reminded == 4


def test_mail_sent_is_in_the_gms_log(cli: Cli, addressed: Path, server: Server) -> None:
    port, _ = server
    cli("adjudicate", "game.json", "--yes")
    mail(cli, port, "results")
    log = json.loads(cli("history", "game.json", "--log", "--json").stdout)
    assert log[-1]["action"] == "mailed the results to 4 addresses (Hojo, Oda, Takeda)"
