"""``sengoku mail`` beside other commands: what they save while a slow server takes its time is never lost.

Real processes and a real server (aiosmtpd) that keeps the second message
waiting, as a slow server does for minutes: meanwhile the GM stores Oda's
orders and adjudicates. The mail run records each message into the game as
it is then, so both changes stay, and every message sent is recorded.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from cli.gamefile import read_state
from tests.cli.conftest import Cli
from tests.cli.sengoku_process import run, start
from tests.outbox.conftest import smtp
from tests.outbox.smtpd import smtp_server


def test_orders_and_an_adjudication_saved_while_mail_is_sending_are_kept(cli: Cli, addressed: Path) -> None:
    cli("adjudicate", "game.json", "--yes")
    with smtp_server() as (port, box):
        box.hold_after = 1  # the first message goes at once, the second waits for the gate
        mailer = start(
            cli.folder,
            "mail",
            "game.json",
            "results",
            *smtp(port),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={"SENGOKU_LOCK_WAIT": "5"},
        )
        try:
            box.arrived.wait(timeout=60)  # the first message, sent by the mail run in its own process
            assert len(box.messages) == 1, mailer.communicate(timeout=5)
            # the mail run is talking to the server: the game is not locked, and these save at once
            orders = run(
                cli.folder, "orders", "game.json", input="Oda:\nF Mikawa - Totomi Sea\n", SENGOKU_LOCK_WAIT="5"
            )
            assert orders.returncode == 0, orders.stderr
            adjudicated = run(cli.folder, "adjudicate", "game.json", "--yes", SENGOKU_LOCK_WAIT="5")
            assert adjudicated.returncode == 0, adjudicated.stderr
            assert "Fall 1570 movement results" in adjudicated.stdout
        finally:
            box.gate.set()
        out, errors = mailer.communicate(timeout=60)
    assert mailer.returncode == 0, out + errors
    assert "4 of 4 messages sent." in out and len(box.messages) == 4
    state = read_state(addressed)
    assert [str(entry.report.phase) for entry in state.history] == ["Spring 1570 movement", "Fall 1570 movement"]
    assert [len(orders) for orders in state.history[-1].orders.values()] == [1]  # Oda's order, adjudicated
    assert sorted(m.address for m in state.sent) == sorted(
        ["nobunaga@example.org", "shingen@example.org", "kai@example.net", "ujiyasu@example.org"]
    )
