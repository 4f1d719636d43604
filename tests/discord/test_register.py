"""``sengoku discord register`` against a loopback server standing in for Discord's REST API: the JSON it sends,
where, with which token; and a clear message when the application's settings are missing or refused."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cli import main
from tests.discord.discordd import APPLICATION, BOT_TOKEN, Discord, discord_api
from web.discord.definitions import COMMANDS, names
from web.discord.dispatch import COMMANDS as ANSWERED


@pytest.fixture
def api(monkeypatch: pytest.MonkeyPatch) -> Discord:
    with discord_api() as running:
        monkeypatch.setenv("SENGOKU_DISCORD_API_URL", running.api)
        monkeypatch.setenv("SENGOKU_DISCORD_APPLICATION_ID", APPLICATION)
        monkeypatch.setenv("SENGOKU_DISCORD_BOT_TOKEN", BOT_TOKEN)
        yield running


def register(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["discord", "register", *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_register_puts_every_command_definition_into_discord(api: Discord) -> None:
    code, out, err = register()
    assert (code, err) == (0, "")
    [sent] = api.received
    assert sent.method == "PUT" and sent.path == f"/api/v10/applications/{APPLICATION}/commands"
    assert sent.headers["Authorization"] == f"Bot {BOT_TOKEN}"
    assert sent.body == COMMANDS
    assert [c["name"] for c in sent.body] == [
        "link", "unlink", "join", "unbind", "orders", "order", "myorders", "bid", "ready", "map", "status", "press",
        "messages", "mentions",
    ]  # fmt: skip
    assert all(c["contexts"] == [0] for c in sent.body)  # in a server's channels only
    assert out == (
        f"Registered 14 commands for application {APPLICATION} in every server the application is in "
        "(Discord may take up to an hour):\n"
        "  /link /unlink /join /unbind /orders /order /myorders /bid /ready /map /status /press /messages /mentions\n"
    )
    assert BOT_TOKEN not in out


def test_register_in_one_server_at_once(api: Discord) -> None:
    code, out, _ = register("--guild", "800000000000000001")
    assert code == 0 and out.startswith(f"Registered 14 commands for application {APPLICATION} in server 8000")
    assert api.received[0].path == f"/api/v10/applications/{APPLICATION}/guilds/800000000000000001/commands"


def test_missing_settings_are_named_and_nothing_is_sent(api: Discord, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SENGOKU_DISCORD_BOT_TOKEN")
    code, out, err = register()
    assert code == 1 and out == ""
    assert err.startswith("Error: set SENGOKU_DISCORD_BOT_TOKEN (the bot's token (Bot, Reset Token)), from the")
    assert api.received == []


def test_a_refused_token_is_said_without_the_token(api: Discord, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENGOKU_DISCORD_BOT_TOKEN", "wrong-s3cret")
    code, out, err = register()
    assert code == 1
    assert err == (
        "Error: the commands were not registered: Discord refused the bot token (401): copy it again from the "
        "developer portal\n"
    )
    assert "wrong-s3cret" not in out + err


def test_every_command_defined_is_answered_and_no_other() -> None:
    assert sorted(names()) == sorted(ANSWERED)
