"""``sengoku channel``: results and notices posted to a real webhook receiver on loopback, read back.

The receiver enforces what Discord and Slack document (2,000 characters a
Discord message, the upload limit, an unknown webhook), so a post that went
is one the real services would take.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.gamefile import load_game
from game.chat_channel import ChannelError, parse_channel
from outbox.webhook import ChannelPost, post_to_channel
from post import build_post
from post.chat import Flavour, render_chat, split_messages
from tests.cli.conftest import Cli
from tests.outbox.chatd import DISCORD_CONTENT_LIMIT, DISCORD_PATH, SLACK_PATH, Receiver, webhook_receiver

SECRET = "s3cr3t-t0ken"


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with webhook_receiver() as running:
        yield running


@pytest.fixture
def adjudicated(cli: Cli, addressed: Path) -> Path:
    """Kyoto 1570 after its first adjudication (every power in civil disorder: a long post)."""
    cli("orders", "game.json", "-", input="Oda:\nA Owari - Mino\nF Mikawa - Totomi Sea\n")
    cli("adjudicate", "game.json", "--deadline", "2099-12-01 20:00 UTC")
    return addressed


def discord(cli: Cli, receiver: Receiver) -> None:
    cli("channel", "set", "game.json", receiver.url(DISCORD_PATH), "--flavour", "discord")


def test_the_results_arrive_as_messages_within_discords_limit_with_the_map_on_the_last(
    cli: Cli, adjudicated: Path, receiver: Receiver
) -> None:
    discord(cli, receiver)
    out = cli("channel", "results", "game.json").stdout
    arrived = receiver.received
    game = load_game(adjudicated)
    whole = render_chat(build_post(game.board, game.state, -1, deadline=game.state.deadline), Flavour.DISCORD)
    assert all(len(a.text) <= DISCORD_CONTENT_LIMIT for a in arrived)
    owing = "Orders for Fall 1570 movement still due from Asakura, Chosokabe, Hojo, Mori, Oda, Shimazu, Takeda, Uesugi."
    assert "".join(a.text for a in arrived).split() == f"{whole}\n\n{owing}".split()
    assert list(arrived[-1].files) == ["map.png"] and arrived[-1].files["map.png"].startswith(b"\x89PNG")
    assert all(not a.files for a in arrived[:-1])
    assert all(a.body["allowed_mentions"] == {"parse": []} for a in arrived)
    assert all(a.query == {"wait": ["true"]} for a in arrived)
    assert f"Posted the Spring 1570 movement results to the Discord webhook on 127.0.0.1:{receiver.port}" in out
    assert "with the map" in out and SECRET not in out


def test_a_post_longer_than_a_message_arrives_in_order_in_several(receiver: Receiver) -> None:
    text = "\n\n".join(f"**Power {n}**\n" + "\n".join(f"- A Province{m} H: held" for m in range(30)) for n in range(9))
    messages = split_messages(text, DISCORD_CONTENT_LIMIT)
    posted = post_to_channel(parse_channel(receiver.url(DISCORD_PATH), "discord"), ChannelPost(messages))
    assert posted.complete and posted.sent == len(messages) >= 3
    assert [a.text for a in receiver.received] == messages
    assert "\n\n".join(messages) == text


def test_the_webhook_address_is_never_printed_again(cli: Cli, adjudicated: Path, receiver: Receiver) -> None:
    set_out = cli("channel", "game.json", "set", receiver.url(DISCORD_PATH), "--flavour", "discord").stdout
    show_out = cli("channel", "game.json", "show").stdout
    status_out = cli("status", "game.json").stdout
    assert SECRET not in set_out + show_out + status_out
    assert show_out == f"Channel: Discord webhook on 127.0.0.1:{receiver.port}.\n"


def test_a_deleted_webhook_is_said_in_words_with_exit_code_6(cli: Cli, adjudicated: Path, receiver: Receiver) -> None:
    cli("channel", "set", "game.json", receiver.url("/api/webhooks/1/deleted-token"), "--flavour", "discord")
    result = cli("channel", "game.json", "results", "--no-map", code=6)
    assert "NOT POSTED" in result.stdout and "the webhook no longer exists" in result.stdout
    assert "deleted-token" not in result.stdout + result.stderr
    assert receiver.received == []


def test_a_rate_limit_is_waited_out_as_the_channel_asks(receiver: Receiver) -> None:
    receiver.fail = [(429, {"message": "You are being rate limited.", "retry_after": 0.25, "global": False})]
    waits: list[float] = []
    channel = parse_channel(receiver.url(DISCORD_PATH), "discord")
    posted = post_to_channel(channel, ChannelPost(["one", "two"]), sleep=waits.append)
    assert posted.complete and posted.sent == 2
    assert waits == [0.25]
    assert [a.text for a in receiver.received] == ["one", "two"]


def test_a_failing_server_is_retried_then_the_post_stops_in_order(receiver: Receiver) -> None:
    receiver.fail = [(500, {"message": "oops"})] * 3
    waits: list[float] = []
    channel = parse_channel(receiver.url(DISCORD_PATH), "discord")
    posted = post_to_channel(channel, ChannelPost(["one", "two"]), retries=2, pause=0.5, sleep=waits.append)
    assert not posted.complete and posted.sent == 0
    assert posted.failure == "127.0.0.1 failed (HTTP 500)"
    assert waits == [0.5, 1.0]  # doubled each time
    assert receiver.received == [], "the second message never goes before the first"


def test_a_map_over_the_upload_limit_is_left_out_and_said(receiver: Receiver) -> None:
    channel = parse_channel(receiver.url(DISCORD_PATH), "discord")
    posted = post_to_channel(channel, ChannelPost(["results"], picture=b"\x89PNG" + bytes(11 * 1024 * 1024)))
    assert posted.complete
    assert posted.notes == ["the map (11,534,340 bytes) is over Discord's 10,485,760: not posted"]
    assert receiver.received[0].files == {}


def test_slack_gets_its_own_markup_and_no_picture(cli: Cli, adjudicated: Path, receiver: Receiver) -> None:
    cli("channel", "set", "game.json", receiver.url(SLACK_PATH), "--flavour", "slack")
    result = cli("channel", "results", "game.json")
    texts = [a.text for a in receiver.received]
    assert texts and all(len(t) <= 3000 for t in texts)
    assert texts[0].startswith("*Kyoto 1570, Sengoku Jidai (6DP): Spring 1570 movement results*")
    assert "• F Mikawa - Totomi Sea: moved" in "\n".join(texts)
    assert "Slack webhooks take no pictures" in result.stderr


def test_a_name_that_would_ping_or_format_reads_as_itself(cli: Cli, receiver: Receiver) -> None:
    cli("new", "game.json", "--name", "<!channel> *Kyoto*")
    cli("adjudicate", "game.json", "--yes")
    cli("channel", "set", "game.json", receiver.url(SLACK_PATH), "--flavour", "slack")
    cli("channel", "results", "game.json")
    assert receiver.received[0].text.startswith("*&lt;!channel&gt; *Kyoto*, Sengoku Jidai (6DP)")


def test_the_notice_says_the_phase_its_deadline_and_who_owes_orders(
    cli: Cli, adjudicated: Path, receiver: Receiver
) -> None:
    discord(cli, receiver)
    out = cli("channel", "game.json", "notice").stdout
    assert [a.text for a in receiver.received] == [
        "**Kyoto 1570: Fall 1570 movement is open for orders.**\nDeadline: Tuesday 1 December 2099, 20:00 UTC.\n"
        "Orders for Fall 1570 movement still due from Asakura, Chosokabe, Hojo, Mori, Oda, Shimazu, Takeda, Uesugi."
    ]
    assert "Posted the Fall 1570 movement notice" in out


def test_a_power_owes_orders_until_each_of_its_units_has_one(cli: Cli, adjudicated: Path, receiver: Receiver) -> None:
    """As the site's posts and the GM page count (game/owed.py): one order of Oda's two is not "done"."""
    discord(cli, receiver)
    oda = _all_hold(adjudicated, "Oda").splitlines()[0]
    given = "Takeda:\n" + _all_hold(adjudicated, "Takeda") + f"Oda:\n{oda}\n"
    cli("orders", "game.json", "-", input=given)
    cli("channel", "game.json", "notice")
    assert receiver.received[-1].text.endswith(
        "Orders for Fall 1570 movement still due from Asakura, Chosokabe, Hojo, Mori, Oda, Shimazu, Uesugi."
    )


def _all_hold(path: Path, power: str) -> str:
    game = load_game(path)
    return "".join(f"{u.type.value} {u.location} H\n" for u in game.state.position.units_of(power))


def test_a_dry_run_prints_the_messages_and_posts_nothing(cli: Cli, adjudicated: Path, receiver: Receiver) -> None:
    discord(cli, receiver)
    out = cli("channel", "results", "game.json", "--dry-run").stdout
    assert "--- message 1 of" in out and "nothing posted" in out
    assert receiver.received == []


def test_a_game_without_a_channel_says_how_to_set_one(cli: Cli, adjudicated: Path) -> None:
    result = cli("channel", "results", "game.json", code=1)
    assert "this game has no channel: sengoku channel GAME set URL" in result.output


@pytest.mark.parametrize(
    ("url", "flavour", "problem"),
    [
        ("http://discord.com/api/webhooks/1/x", None, "starts https://"),
        ("https://user:pw@discord.com/api/webhooks/1/x", None, "no user name or password"),
        ("https://chat.example.org/hooks/abc", None, "neither Discord's nor Slack's"),
        ("https://hooks.slack.com/services/T/B/x", "discord", "is Slack's, not Discord's"),
        ("https://discord.com/api/webhooks/1/x\r\nX: y", None, "one line"),
        ("not a url", None, "one line"),
    ],
)
def test_a_webhook_address_that_cannot_be_used_is_refused(url: str, flavour: str | None, problem: str) -> None:
    with pytest.raises(ChannelError, match=problem):
        parse_channel(url, flavour)


def test_the_known_hosts_name_their_own_format() -> None:
    assert parse_channel("https://discord.com/api/webhooks/1/x").flavour == "discord"
    assert parse_channel("https://hooks.slack.com/services/T/B/x").flavour == "slack"
    assert parse_channel("https://chat.example.org/hooks/abc", "slack").shown() == "Slack webhook on chat.example.org"
