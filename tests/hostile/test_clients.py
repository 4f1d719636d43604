"""The right client is counted, through the real servers: behind a proxy, across routes, and by its sockets.

Each test runs ``sengoku serve`` (waitress, and gunicorn as in production)
on loopback. The proxy is played by the test itself: it connects from
127.0.0.1 (a trusted proxy by default, as nginx on the same machine) and
says whom it forwards for in ``X-Forwarded-For``. A client that holds many
sockets connects from 127.0.0.2 (loopback too: no traffic leaves the
machine), so the test's own requests from 127.0.0.1 are another client.
"""

from __future__ import annotations

import resource
import socket
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from tests.hostile.site import KINDS, Site, call, peak_memory_mb, raw, serve

pytestmark = pytest.mark.slow  # a real server per test

MEMORY_MB = 400
LIMIT = 20  # web/access/limits.py RATES["wrong_link"], a minute


@pytest.fixture
def game(tmp_path: Path) -> Iterator[tuple[Site, dict[str, str]]]:
    with serve(tmp_path) as site:  # waitress: one process, so one count (gunicorn's workers count each their own)
        yield site, created(site)


def created(site: Site) -> dict[str, str]:
    status, answer = call(site, "POST", "/api/games", {"name": "Counted"}, X_Forwarded_For="198.51.100.1")
    assert status == 201, answer
    return {"id": answer["id"], "gm": answer["gm_token"], "oda": answer["power_tokens"]["Oda"]}


def wrong_links(game_id: str) -> list[tuple[str, str, dict[str, str]]]:
    """One wrong link in each group of routes: the GM's page, a player's page, the GM's API, a player's API."""
    bearer = {"Authorization": "Bearer not-a-token"}
    return [
        ("GET", f"/games/{game_id}/gm/not-a-token", {}),
        ("GET", f"/games/{game_id}/play/not-a-token", {}),
        ("GET", f"/api/games/{game_id}/gm", bearer),
        ("GET", f"/api/games/{game_id}/me", bearer),
    ]


def as_client(site: Site, address: str, method: str, path: str, headers: dict[str, str]) -> int:
    extra = {name.replace("-", "_"): value for name, value in headers.items()}
    return call(site, method, path, X_Forwarded_For=f"10.9.9.9, {address}", **extra)[0]


def test_the_wrong_link_limit_counts_one_client_behind_the_proxy_once_across_every_route(
    game: tuple[Site, dict[str, str]],
) -> None:
    """Issue 32: behind a proxy every client was the proxy (21 wrong links locked everyone out), and each
    group of routes counted apart (80 tries a minute)."""
    site, ids = game
    routes = wrong_links(ids["id"])
    statuses = [as_client(site, "203.0.113.7", *routes[n % len(routes)]) for n in range(LIMIT + 1)]
    assert set(statuses[:LIMIT]) <= {401, 403, 404} and statuses[LIMIT] == 429
    assert [as_client(site, "203.0.113.7", *route) for route in routes] == [429] * 4
    # another client behind the same proxy, and the players themselves, are not locked out
    assert as_client(site, "203.0.113.8", *routes[0]) == 403  # a wrong link, said so: not 429
    assert call(site, "GET", f"/games/{ids['id']}/play/{ids['oda']}", X_Forwarded_For="203.0.113.9")[0] == 200
    assert call(site, "GET", f"/api/games/{ids['id']}/gm", token=ids["gm"], X_Forwarded_For="203.0.113.10")[0] == 200


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_x_forwarded_for_from_a_peer_that_is_not_a_trusted_proxy_is_ignored(tmp_path: Path, kind: str) -> None:
    """With no trusted proxy, a client cannot pick the address it is counted as: all of it is one peer."""
    with serve(tmp_path, *KINDS[kind], "--forwarded-allow-ips", "") as site:
        ids = created(site)
        route = wrong_links(ids["id"])[0]
        workers = 2 if kind == "gunicorn" else 1  # each gunicorn worker counts on its own without a shared store
        statuses = [as_client(site, f"203.0.113.{n}", *route) for n in range(LIMIT * workers + 1)]
        assert 429 in statuses  # every "client" was the one peer, 127.0.0.1 (41 over 2 workers: one saw 21)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_one_client_cannot_hold_the_servers_connections(tmp_path: Path, kind: str) -> None:
    """Issue 32: 1,100 sockets from one client made waitress take 10-12 s a request. Now a client holds at most
    SENGOKU_CLIENT_CONNECTIONS (here 16) a process; the rest are closed as they come, and others are served."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
    try:
        with serve(tmp_path, *KINDS[kind], SENGOKU_CLIENT_CONNECTIONS="16") as site, ExitStack() as stack:
            held = []
            for _ in range(300):
                connection = socket.socket()
                stack.enter_context(connection)
                connection.bind(("127.0.0.2", 0))
                connection.settimeout(10)
                connection.connect(("127.0.0.1", site.port))
                held.append(connection)
            assert call(site, "GET", "/healthz", timeout=10)[0] == 200  # another client (127.0.0.1)
            open_ = sum(1 for connection in held if _still_open(connection))
            workers = 2 if kind == "gunicorn" else 1
            assert open_ <= 16 * workers, open_
            assert peak_memory_mb(site) < MEMORY_MB
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def _still_open(connection: socket.socket) -> bool:
    """Whether the server kept the connection (a closed one reads as the end at once)."""
    connection.settimeout(2)
    try:
        return connection.recv(1) != b""
    except TimeoutError:
        return True
    except OSError:
        return False


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_host_with_userinfo_or_an_absolute_target_naming_another_host_gets_400(tmp_path: Path, kind: str) -> None:
    with serve(tmp_path, *KINDS[kind]) as site:
        port = site.port
        for request in (
            f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}@evil.example\r\nConnection: close\r\n\r\n",
            "GET http://evil.example/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
            f"GET http://x@127.0.0.1:{port}/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        ):
            answer, _ = raw(site, request.encode())
            assert answer.startswith(b"HTTP/1.1 400"), (request, answer[:200])
        good = f"GET http://127.0.0.1:{port}/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        assert raw(site, good.encode())[0].startswith(b"HTTP/1.1 200")


def test_a_token_after_a_doubled_slash_is_not_logged(tmp_path: Path) -> None:
    log = tmp_path / "access.log"
    with serve(tmp_path, *KINDS["gunicorn"], "--access-log", str(log)) as site:
        ids = created(site)
        call(site, "GET", f"/games/{ids['id']}/play//{ids['oda']}")
        call(site, "GET", f"/games/{ids['id']}/PLAY/{ids['oda']}")
    written = log.read_text(encoding="utf-8") + site.output()
    assert f"/games/{ids['id']}/play//***" in written and ids["oda"] not in written
