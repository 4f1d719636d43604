"""Who still owes what: ``status --orders`` and the reminders name the units without orders and the refused lines.

Oda ordering one unit of two was "orders stored (1)"; a reminder skipped
any power with one order; the refused lines of a reading showed nowhere
once it was read (DiplomacyGM's ``.view_orders missing``, ``.ping_players``).
"""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from game.game import Game
from game.owed import owed
from tests.cli.conftest import Cli
from tests.game.conftest import custom, units
from tests.outbox.smtpd import smtp_server


def test_status_orders_names_each_powers_units_without_orders_and_the_refused_lines(cli: Cli, game: Path) -> None:
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\nA Tosa H\nMusahi - Kai\n", code=3)
    out = cli("status", "game.json", "--orders").stdout
    assert "  Oda        orders stored (1), 0 of 2 DP bid; still: no order for F Mikawa; 2 DP not bid\n" in out
    assert "Still to order in Spring 1570 movement:\n  Asakura: no order for A Omi, F Echizen; 2 DP not bid\n" in out
    assert "  Oda: no order for F Mikawa; 2 DP not bid\n" in out
    assert (
        "Refused at the last reading (not stored):\n"
        "  Oda: 'A Tosa H': the unit in Tosa belongs to Chosokabe (pasted, line 3)\n"
        "  Oda: 'Musahi - Kai': unknown province 'Musahi'; did you mean Musashi (MUS)? (pasted, line 4)\n"
    ) in out


def test_a_new_message_from_a_power_replaces_its_refused_lines_and_adjudication_clears_them(
    cli: Cli, game: Path
) -> None:
    cli("orders", "game.json", input="Oda:\nA Tosa H\nTakeda:\nA Kia H\n", code=3)
    cli("orders", "game.json", input="Oda:\nA Owari H\nF Mikawa H\n")
    refused = cli("status", "game.json", "--orders").stdout.split("Refused at the last reading (not stored):\n")[1]
    assert refused.startswith("  Takeda: 'A Kia H'") and "Oda:" not in refused
    cli("adjudicate", "game.json", "--yes")
    assert "Refused at the last reading" not in cli("status", "game.json", "--orders").stdout


def test_retreats_and_adjustments_owe_their_units_and_their_builds(cli: Cli) -> None:
    table = custom(
        _board(cli),
        "winter 1570 adjustments",
        [*units("Oda", "A OWA"), *units("Takeda", "A KAI", "A SSH", "A SUR")],
        {"Oda": ["OWA", "MIK", "ISE"], "Takeda": ["KAI", "SSH"]},
    )
    game = table.game
    owing = {o.power: o for o in owed(game.board, game.state.position, game.rules, {})}
    assert owing["Oda"].describe() == "2 builds to order or waive (vacant owned centres: Ise, Mikawa)"
    assert owing["Takeda"].describe() == "1 removal to order"
    table.orders("Oda:\nBuild A Ise\n")
    owing = {o.power: o for o in owed(game.board, game.state.position, game.rules, game.state.orders)}
    assert owing["Oda"].describe() == "1 build to order or waive (vacant owned centres: Mikawa)"


def _board(cli: Cli):  # type: ignore[no-untyped-def]
    from maps import load_board

    return load_board("sengoku")


def test_a_reminder_goes_to_every_power_that_owes_an_order_and_names_what(cli: Cli, game: Path) -> None:
    cli("players", "game.json", "set", "Oda", "nobunaga@owari.example")
    cli("players", "game.json", "set", "Takeda", "shingen@kai.example")
    cli("deadline", "game.json", "2099-12-01 20:00 UTC")
    cli("orders", "game.json", input="Oda:\nA Owari - Mino\nA Tosa H\nTakeda:\nA Kai H\nA South Shinano H\n", code=3)
    with smtp_server() as (port, box):
        smtp = ("--smtp-host", "127.0.0.1", "--smtp-port", str(port), "--from", "gm@kyoto.example")
        out = cli("mail", "game.json", "reminder", *smtp).stdout
    assert [str(m["To"]) for m in box.messages] == ["Oda <nobunaga@owari.example>"]  # Takeda owes nothing
    text = _plain(box.messages[0])
    assert "The GM has 1 order from Oda for Spring 1570 movement; still to order: no order for F Mikawa;" in text
    assert "Refused from your last message: 'A Tosa H': the unit in Tosa belongs to Chosokabe\n" in text
    assert "1 of 1 message sent." in out


def _plain(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


def test_owed_is_what_the_game_says_for_each_phase(cli: Cli, game: Path) -> None:
    from cli.gamefile import load_game

    loaded: Game = load_game(game)
    owing = owed(loaded.board, loaded.state.position, loaded.rules, loaded.state.orders)
    assert [o.power for o in owing] == list(loaded.board.power_names)
    assert all(o.owes and o.dp_unspent == 2 for o in owing)
