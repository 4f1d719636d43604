"""A real ``sengoku serve`` (waitress, or gunicorn with --workers) on a free loopback port, and raw sockets to it.

The server is a child process started with ``--port 0``: it prints the port
it got. Every wait is bounded (a hang fails the test, never the suite), and
the process tree is stopped at the end of the block.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.cli.sengoku_process import COMMAND, environment

__all__ = ["KINDS", "Site", "call", "peak_memory_mb", "raw", "serve"]

KINDS = {"waitress": [], "gunicorn": ["--workers", "2", "--threads", "4"]}
"""The two ways ``sengoku serve`` runs: one process (the default), and the deployment guide's (docs/deployment.md)."""

_BANNER = re.compile(r"Sengoku web site: http://127\.0\.0\.1:(\d+)/")


@dataclass
class Site:
    port: int
    folder: Path
    process: subprocess.Popen[str]

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def output(self) -> str:
        return (self.folder / "server.log").read_text(encoding="utf-8", errors="replace")


@contextmanager
def serve(folder: Path, *args: str, **env: str) -> Iterator[Site]:
    """``sengoku serve --port 0 ARGS`` with its database, key and temporary files in ``folder``."""
    (folder / "tmp").mkdir(exist_ok=True)
    log = (folder / "server.log").open("w", encoding="utf-8")
    variables = {
        "DATABASE_URL": f"sqlite:///{folder / 'site.db'}",
        "SENGOKU_SECRET_KEY": "hostile-tests",
        "TMPDIR": str(folder / "tmp"),  # where waitress would spool a body
        **env,
    }
    process = subprocess.Popen(
        [*COMMAND, "serve", "--port", "0", *args],
        cwd=folder,
        text=True,
        env=environment(**variables),
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        site = Site(_port(folder, process), folder, process)
        _ready(site)
        yield site
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        log.close()


def _port(folder: Path, process: subprocess.Popen[str]) -> int:
    for _ in range(600):  # 60 s at most
        found = _BANNER.search((folder / "server.log").read_text(encoding="utf-8", errors="replace"))
        if found:
            return int(found.group(1))
        if process.poll() is not None:
            break
        _pause(0.1)
    raise AssertionError("the server did not start:\n" + (folder / "server.log").read_text(encoding="utf-8"))


def _ready(site: Site) -> None:
    for _ in range(300):  # 60 s at most: gunicorn's workers start after the banner
        try:
            if call(site, "GET", "/healthz", timeout=2)[0] == 200:
                return
        except OSError:
            pass
        _pause(0.2)
    raise AssertionError("the server never answered /healthz:\n" + site.output())


def _pause(seconds: float) -> None:
    time.sleep(seconds)


def call(
    site: Site,
    method: str,
    path: str,
    body: Any = None,
    *,
    token: str | None = None,
    timeout: float = 10,
    **headers: str,
) -> tuple[int, Any]:
    """One request; the status and the answer (decoded JSON when it is JSON, else text)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(site.base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    for name, value in headers.items():
        request.add_header(name.replace("_", "-"), value)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            status, raw_body = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, raw_body = error.code, error.read()
    try:
        return status, json.loads(raw_body)
    except ValueError:
        return status, raw_body.decode("utf-8", "replace")


def raw(site: Site, data: bytes, *, timeout: float = 10) -> tuple[bytes, bool]:
    """Send ``data`` as it is on a new connection; what came back, and whether the server then closed it."""
    with socket.create_connection(("127.0.0.1", site.port), timeout=timeout) as connection:
        connection.sendall(data)
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = connection.recv(65536)
            if not chunk:
                return received, True
            received += chunk
        head, _, rest = received.partition(b"\r\n\r\n")
        length = re.search(rb"(?i)\r\ncontent-length:\s*(\d+)", head)
        wanted = int(length.group(1)) if length else 0
        while len(rest) < wanted:
            chunk = connection.recv(65536)
            if not chunk:
                return head + b"\r\n\r\n" + rest, True
            rest += chunk
        try:
            closed = connection.recv(1) == b""
        except ConnectionResetError:
            closed = True
        except TimeoutError:
            closed = False
        return head + b"\r\n\r\n" + rest, closed


def peak_memory_mb(site: Site) -> float:
    """The largest peak resident size among the server's processes (its process group; Linux /proc)."""
    peaks = []
    for folder in Path("/proc").glob("[0-9]*"):
        try:
            group = (folder / "stat").read_text().rpartition(")")[2].split()[2]
            status = (folder / "status").read_text()
        except (OSError, IndexError):
            continue
        if group == str(site.process.pid):
            peaks += [int(line.split()[1]) / 1024 for line in status.splitlines() if line.startswith("VmHWM:")]
    assert peaks, "no process of the server was found"
    return max(peaks)
