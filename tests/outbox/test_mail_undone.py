"""Mail cannot be unsent: an undo past a mailing says what went, and the same mail is not sent again unasked.

The sink got 16 messages for 8 players: results mailed, the mailing undone,
the same results mailed again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.cli.test_gm_undo import on_terminal
from tests.outbox.conftest import smtp
from tests.outbox.smtpd import Mailbox

Server = tuple[int, Mailbox]


def mail(cli: Cli, port: int, *args: str) -> str:
    result = cli("mail", "game.json", "results", "--no-map", *args, *smtp(port), "--retry-pause", "0")
    return result.stdout + result.stderr


def test_an_undo_past_a_mailing_says_the_mail_went_all_the_same(cli: Cli, addressed: Path, server: Server) -> None:
    port, _ = server
    cli("adjudicate", "game.json", "--yes")
    mail(cli, port)
    said = cli("undo", "game.json").stdout
    assert "Mail cannot be unsent: #" in said and "mailed the results to 4 addresses (Hojo, Oda, Takeda)." in said
    assert "game.json no longer records it as sent: 'sengoku mail game.json' asks before mailing the same" in said


def test_the_same_results_after_an_undo_are_not_mailed_again_unasked(cli: Cli, addressed: Path, server: Server) -> None:
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    mail(cli, port)
    cli("undo", "game.json")
    again = mail(cli, port)
    assert len(box.messages) == 4, "none of the 4 sent twice"
    assert "The Spring 1570 movement results went to 4 addresses before" in again
    assert "  sent before   Oda <nobunaga@example.org>" in again
    assert "Not mailed again ('--again' mails them all the same)." in again
    mail(cli, port, "--again")
    assert len(box.messages) == 8


def test_results_undone_and_adjudicated_the_same_again_are_not_mailed_again(
    cli: Cli, addressed: Path, server: Server
) -> None:
    port, box = server
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\n")
    cli("adjudicate", "game.json")
    mail(cli, port)
    cli("undo", "game.json")
    cli("undo", "game.json")  # the adjudication too: the same orders, adjudicated again, give the same results
    cli("adjudicate", "game.json")
    assert "sent before" in mail(cli, port) and len(box.messages) == 4


@pytest.mark.slow  # a real process on a terminal
@pytest.mark.parametrize("answer, sent", [("y", 8), ("n", 4)])
def test_on_a_terminal_the_gm_is_asked(cli: Cli, addressed: Path, server: Server, answer: str, sent: int) -> None:
    port, box = server
    cli("adjudicate", "game.json", "--yes")
    mail(cli, port)
    cli("undo", "game.json")
    code, screen = on_terminal(cli.folder, "mail", "game.json", "results", "--no-map", *smtp(port), answer=answer)
    assert code == 0 and "Mail them the same again? [y/N]" in screen
    assert len(box.messages) == sent
