"""The server reaches only the hosts the operator allows, never its own network, and repeats nothing it saw.

No request here leaves 127.0.0.0/8: private, link-local and metadata
addresses are refused when written as digits (no lookup is made), and a
name is made to resolve to one by a stub resolver, the request then
handed to a transport that records it (it must never be called).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import httpx
import pytest

from game.chat_channel import ChannelError, parse_channel
from outbox.outbound import NETWORKS_VARIABLE, Outbound, OutboundRefused
from outbox.webhook import ChannelPost, channel_for, post_to_channel
from tests.hostile.conftest import Cli
from tests.hostile.site import KINDS, call, serve
from tests.outbox.chatd import DISCORD_PATH, Receiver, webhook_receiver

SECRET = "s3cr3t-t0ken"
LITERALS = [
    "http://127.0.0.1:8623/admin/secret",
    "https://127.0.0.1/api/webhooks/1/" + SECRET,
    "https://10.0.0.5/hook",
    "https://192.168.1.1/hook",
    "https://169.254.169.254/latest/meta-data/iam/security-credentials/",
    "https://100.100.100.200/latest/meta-data/",
    "https://[::1]/hook",
    "https://[fd00:ec2::254]/latest/meta-data/",
    "https://[::ffff:10.0.0.5]/hook",
    "https://[fe80::1]/hook",
    "https://0.0.0.0/hook",
]
NOT_LISTED = [
    "https://2130706433/hook",  # 127.0.0.1 as one number: a name to urlsplit, an address to the resolver
    "https://0x7f.1/hook",
    "https://127.1/hook",
    "https://localhost/hook",
    "https://metadata.google.internal/computeMetadata/v1/",
    "https://evil.example/api/webhooks/1/" + SECRET,
    "https://discord.com.evil.example/api/webhooks/1/x",
]


@pytest.fixture(autouse=True)
def no_operator_networks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(NETWORKS_VARIABLE, raising=False)


@pytest.mark.parametrize("url", LITERALS + NOT_LISTED)
def test_an_address_or_an_unlisted_host_is_refused_when_it_is_set_and_its_path_is_never_repeated(url: str) -> None:
    with pytest.raises(ChannelError) as refused:
        channel_for(url, "discord")
    assert "/hook" not in str(refused.value) and SECRET not in str(refused.value)
    assert "meta-data" not in str(refused.value) and "admin" not in str(refused.value)


def test_the_command_refuses_an_internal_address_in_one_line(cli: Cli) -> None:
    cli("new", "game.json")
    result = cli("channel", "set", "game.json", "http://127.0.0.1:8623/admin/secret", "--flavour", "discord", code=1)
    assert result.stderr == (
        "Error: 127.0.0.1 is an address, not a host name: give the service's name (such as discord.com)\n"
    )


def test_discords_and_slacks_hosts_and_the_operators_own_are_allowed() -> None:
    outbound = Outbound.from_environment({"SENGOKU_OUTBOUND_HOSTS": "chat.example.org, Hooks.Example.NET."})
    for url in (
        "https://discord.com/api/webhooks/1/x",
        "https://hooks.slack.com/services/T/B/x",
        "https://chat.example.org/hooks/x",
        "https://hooks.example.net/x",
    ):
        assert outbound.check(url).host in url.lower()
    with pytest.raises(OutboundRefused, match="starts https://"):
        outbound.check("http://discord.com/api/webhooks/1/x")
    with pytest.raises(OutboundRefused, match=r"discord.com is reached on its own port \(443\), not 22"):
        outbound.check("https://discord.com:22/api/webhooks/1/x")  # found attacking the site: any port was taken
    assert outbound.check("https://discord.com:443/api/webhooks/1/x").port is None  # 443 said aloud: the default
    assert outbound.check("https://chat.example.org:8443/hooks/x").port == 8443  # the operator's own: its port


class Recorded(httpx.BaseTransport):
    """A transport that only records: no test request is ever sent by it."""

    def __init__(self) -> None:
        self.requests: list[httpx.Request] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return httpx.Response(204)


def stub(*answers: str) -> tuple[list[str], Outbound]:
    """An Outbound whose resolver answers ``answers`` for hooks.example.org (listed by the operator)."""
    asked: list[str] = []

    def resolve(host: str, port: int) -> Sequence[str]:
        asked.append(host)
        return answers

    return asked, Outbound.from_environment({"SENGOKU_OUTBOUND_HOSTS": "hooks.example.org"}, resolve=resolve)


@pytest.mark.parametrize(
    ("answers", "kind"),
    [
        (["10.0.0.5"], "a private address"),
        (["93.184.215.14", "10.0.0.5"], "a private address"),  # one bad answer of several is enough
        (["127.0.0.1"], "a loopback address (this machine)"),
        (["169.254.169.254"], "a cloud metadata service"),
        (["fd00:ec2::254"], "a cloud metadata service"),
        (["169.254.10.1"], "a link-local address"),
        (["100.64.0.1"], "a private address"),
        (["::ffff:192.168.0.1"], "a private address"),
        (["64:ff9b::a9fe:a9fe"], "a cloud metadata service"),  # NAT64 of 169.254.169.254
        (["fe80::1%eth0"], "a link-local address"),
        (["224.0.0.1"], "an address outside the public internet"),
    ],
)
def test_a_name_that_resolves_inside_is_refused_at_send_time_before_any_connection(
    answers: list[str], kind: str
) -> None:
    asked, outbound = stub(*answers)
    recorded = Recorded()
    channel = parse_channel("https://hooks.example.org/api/webhooks/1/" + SECRET, "discord")
    posted = post_to_channel(channel, ChannelPost(["results"]), outbound=outbound, transport=recorded, retries=0)
    assert posted.failure == f"hooks.example.org resolves to {kind}: not used"
    assert recorded.requests == [] and asked == ["hooks.example.org"]


def test_a_public_answer_is_pinned_the_name_kept_for_tls_and_host() -> None:
    asked, outbound = stub("93.184.215.14")
    recorded = Recorded()
    with outbound.client(transport=recorded) as client:
        client.post("https://hooks.example.org/api/webhooks/1/x", json={"content": "hi"})
    [sent] = recorded.requests
    assert sent.url.host == "93.184.215.14" and sent.headers["host"] == "hooks.example.org"
    assert sent.extensions["sni_hostname"] == "hooks.example.org" and asked == ["hooks.example.org"]


@pytest.fixture
def receiver(monkeypatch: pytest.MonkeyPatch) -> Iterator[Receiver]:
    with webhook_receiver() as running:
        yield running


def loopback_name(receiver: Receiver, *later: str) -> tuple[list[str], Outbound]:
    """hooks.example.org resolving to the receiver on loopback (allowed by the operator), then to ``later``."""
    asked: list[str] = []

    def resolve(host: str, port: int) -> Sequence[str]:
        asked.append(host)
        return [later[len(asked) - 2]] if later and len(asked) > 1 else ["127.0.0.1"]

    env = {"SENGOKU_OUTBOUND_HOSTS": "hooks.example.org", NETWORKS_VARIABLE: "127.0.0.1/32"}
    return asked, Outbound.from_environment(env, resolve=resolve)


def test_each_request_resolves_once_and_a_rebinding_answer_is_refused(receiver: Receiver) -> None:
    """DNS rebinding: the name answers loopback for the check, then a private address: the second post stops."""
    asked, outbound = loopback_name(receiver, "10.0.0.5")
    channel = parse_channel(f"http://127.0.0.1:{receiver.port}{DISCORD_PATH}", "discord")
    channel = channel.replace(url=f"https://hooks.example.org:{receiver.port}{DISCORD_PATH}")
    transport = httpx.HTTPTransport(retries=0)
    http = _Plain(transport)  # the receiver speaks plain HTTP: the pinned request is sent as http
    posted = post_to_channel(channel, ChannelPost(["one", "two"]), outbound=outbound, transport=http, retries=0)
    assert posted.sent == 1 and posted.failure == "hooks.example.org resolves to a private address: not used"
    assert [a.text for a in receiver.received] == ["one"] and asked == ["hooks.example.org"] * 2


class _Plain(httpx.BaseTransport):
    """The pinned request sent over plain HTTP to the loopback receiver (it has no TLS)."""

    def __init__(self, inner: httpx.BaseTransport) -> None:
        self.inner = inner

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        assert request.url.host == "127.0.0.1"  # the pinned, checked address: nowhere else
        request.url = request.url.copy_with(scheme="http")
        return self.inner.handle_request(request)


def test_a_redirect_is_not_followed(receiver: Receiver) -> None:
    receiver.fail = [(302, {"to": "http://169.254.169.254/latest/meta-data/"})]
    channel = parse_channel(receiver.url(DISCORD_PATH), "discord")
    posted = post_to_channel(channel, ChannelPost(["one"]), retries=0)
    assert posted.failure == (
        "127.0.0.1 answered with a redirect (HTTP 302), which is not followed: set the address again"
    )
    assert receiver.received == [] and receiver.fail == []


def test_a_failed_post_says_the_status_and_the_host_never_the_answer_or_the_path(receiver: Receiver) -> None:
    """Issue 32: a 4xx body of an internal service (its secrets) came back in the GM's error."""
    receiver.fail = [(400, {"message": "aws_secret_access_key=AKIA-SECRET db_password=hunter2"})]
    channel = parse_channel(receiver.url(DISCORD_PATH), "discord")
    posted = post_to_channel(channel, ChannelPost(["one"]), retries=0)
    assert posted.failure == "127.0.0.1 refused the message (HTTP 400)"


def test_without_the_operators_network_the_loopback_receiver_is_not_reached(
    receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(NETWORKS_VARIABLE)
    channel = parse_channel(receiver.url(DISCORD_PATH), "discord")
    posted = post_to_channel(channel, ChannelPost(["one"]), retries=0)
    assert posted.failure == "127.0.0.1 is an address, not a host name: give the service's name (such as discord.com)"
    assert receiver.received == []


# --- through the real servers ---------------------------------------------------------------------------


class InternalService:
    """A fake internal service on loopback (an admin page with secrets): it must never be reached."""

    def __init__(self) -> None:
        import socket
        import threading

        self.hits = 0
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.listener.settimeout(0.2)
        self.port = int(self.listener.getsockname()[1])
        self.running = True
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while self.running:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                continue
            self.hits += 1
            with connection:
                body = b"aws_secret_access_key=AKIA-SECRET db_password=hunter2"
                connection.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))

    def close(self) -> None:
        self.running = False
        self.thread.join(timeout=5)
        self.listener.close()


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_visitor_turned_gm_cannot_make_the_site_reach_its_own_network(tmp_path: Path, kind: str) -> None:
    """Issue 32's SSRF, through the real server: refused when set (digits), or at send time (a name resolving
    to loopback, on the operator's list): the internal service is never reached, its secrets never shown."""
    internal = InternalService()
    try:
        with serve(tmp_path, *KINDS[kind], SENGOKU_OUTBOUND_HOSTS="localhost") as site:
            status, created = call(site, "POST", "/api/games", {"name": "Curious"})
            assert status == 201
            token, channel = created["gm_token"], f"/api/games/{created['id']}/channel"
            for url in (
                f"http://127.0.0.1:{internal.port}/admin/secret",
                "https://169.254.169.254/latest/meta-data/",
                f"https://[::ffff:127.0.0.1]:{internal.port}/admin",
                f"https://evil.example:{internal.port}/admin",
            ):
                status, answer = call(site, "PUT", channel, {"url": url, "flavour": "discord"}, token=token)
                assert status == 409 and "admin" not in str(answer) and "meta-data" not in str(answer), answer
            url = f"https://localhost:{internal.port}/admin/secret"
            assert call(site, "PUT", channel, {"url": url, "flavour": "discord"}, token=token)[0] == 200
            status, posted = call(site, "POST", channel + "/post", {"what": "notice"}, token=token)
            assert status == 502
            assert posted["failure"] == "localhost resolves to a loopback address (this machine): not used"
    finally:
        internal.close()
    assert internal.hits == 0
