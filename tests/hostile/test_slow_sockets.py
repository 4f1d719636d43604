"""A few sockets cannot stop the site: idle, trickling, oversized and two-length requests, on both servers.

Each test runs a real ``sengoku serve`` on a loopback port (waitress, and
gunicorn as docs/deployment.md runs it in production), makes a game first, attacks,
and then checks that the site still answers ``/healthz`` within the client's
timeout and that the game is still there. The measured figures (how long
``/healthz`` took, the server's memory) are bench/hostile_server.py's.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from tests.hostile.site import KINDS, Site, call, peak_memory_mb, raw, serve

pytestmark = pytest.mark.slow  # a real server per test, sockets held for seconds: -m "not slow" leaves it out

HEALTH_TIMEOUT = 5.0
"""The client's patience for /healthz under attack (bench/hostile_server.py measures under 1 s)."""
MEMORY_MB = 400
"""The most any one process of the site may have held (its peak resident size) after an attack."""


@pytest.fixture(params=sorted(KINDS))
def site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Site]:
    with serve(tmp_path, *KINDS[request.param], SENGOKU_REQUEST_SECONDS="2") as running:
        yield running


@pytest.fixture
def game(site: Site) -> dict[str, str]:
    status, created = call(site, "POST", "/api/games", {"name": "Kept"})
    assert status == 201, created
    return {"id": created["id"], "gm": created["gm_token"]}


def still_there(site: Site, game: dict[str, str]) -> None:
    status, answer = call(site, "GET", f"/api/games/{game['id']}", timeout=HEALTH_TIMEOUT)
    assert status == 200 and answer["name"] == "Kept"


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


def connections(site: Site, count: int, opening: bytes = b"") -> ExitStack:
    """``count`` connections that send ``opening`` (maybe nothing) and then nothing more."""
    stack = ExitStack()
    for _ in range(count):
        connection = stack.enter_context(socket.create_connection(("127.0.0.1", site.port), timeout=10))
        if opening:
            connection.sendall(opening)
    return stack


def test_200_idle_connections_leave_the_site_answering(site: Site, game: dict[str, str]) -> None:
    with connections(site, 200):
        assert call(site, "GET", "/healthz", timeout=HEALTH_TIMEOUT)[0] == 200
        still_there(site, game)
    assert peak_memory_mb(site) < MEMORY_MB


def test_200_connections_that_sent_only_a_request_line_leave_the_site_answering(
    site: Site, game: dict[str, str]
) -> None:
    with connections(site, 200, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"):
        assert call(site, "GET", "/healthz", timeout=HEALTH_TIMEOUT)[0] == 200
        still_there(site, game)


def test_a_trickled_request_is_cut_off_at_the_deadline(site: Site) -> None:
    """SENGOKU_REQUEST_SECONDS is 2 here: a request that never ends is closed, however it trickles."""
    with socket.create_connection(("127.0.0.1", site.port), timeout=10) as connection:
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        closed = False
        for _ in range(40):  # a byte every 0.25 s for 10 s at most
            try:
                connection.sendall(b"X")
                connection.settimeout(0.25)
                answer = connection.recv(1024)
            except TimeoutError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                answer = b""
            if answer == b"" or answer.startswith(b"HTTP/1.1 408"):
                closed = True
                break
        assert closed, "the server kept reading a request that never ended"


def test_an_800_mb_body_is_refused_before_it_is_read(site: Site, game: dict[str, str]) -> None:
    head = b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    answer, closed = raw(site, head + b"Content-Length: 800000000\r\n\r\n" + b"[" * 4096)
    assert status_of(answer) == 413 and closed
    spooled = sum(file.stat().st_size for file in (site.folder / "tmp").rglob("*") if file.is_file())
    assert spooled < 1024 * 1024
    still_there(site, game)
    assert peak_memory_mb(site) < MEMORY_MB


@pytest.mark.parametrize("fields", [[b"X-Pad: " + b"a" * 20_000], [b"X-P%d: %s" % (n, b"a" * 100) for n in range(200)]])
def test_headers_over_16_kib_are_refused(site: Site, fields: list[bytes]) -> None:
    answer, closed = raw(site, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"\r\n".join(fields) + b"\r\n\r\n")
    assert status_of(answer) == 431 and closed


def test_a_chunked_body_over_the_limit_is_refused(site: Site) -> None:
    head = b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    chunk = b"10000\r\n" + b" " * 0x10000 + b"\r\n"
    answer, closed = raw(site, head + b"Transfer-Encoding: chunked\r\n\r\n" + chunk * 3)
    assert status_of(answer) == 413


def test_transfer_encoding_with_content_length_is_refused_and_the_connection_closed(site: Site) -> None:
    smuggled = (
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    )
    answer, closed = raw(site, smuggled)
    assert status_of(answer) == 400 and closed
    assert answer.count(b"HTTP/1.") == 1  # the request hidden behind it was never answered


def test_a_client_that_expects_100_continue_is_told_to_send_its_body(site: Site) -> None:
    body = b'{"name": "Patient"}'
    head = (
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Expect: 100-continue\r\nContent-Length: %d\r\n\r\n" % len(body)
    )
    with socket.create_connection(("127.0.0.1", site.port), timeout=10) as connection:
        connection.sendall(head)
        assert connection.recv(1024).startswith(b"HTTP/1.1 100 Continue\r\n\r\n")
        connection.sendall(body)
        answer = b""
        while b"201" not in answer and len(answer) < 100_000:
            chunk = connection.recv(65536)
            if not chunk:
                break
            answer += chunk
    assert b"HTTP/1.1 201" in answer
