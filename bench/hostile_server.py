"""What the web site's attacks cost it: each against a real ``sengoku serve`` on loopback, waitress and gunicorn.

    .venv/bin/python -m bench.hostile_server             # every attack, a table
    .venv/bin/python -m bench.hostile_server --one idle-200 --json

Each row starts the site (``sengoku serve --port 0``; ``--workers 2
--threads 4`` for gunicorn, as docs/deployment.md runs it in production), makes a
game, attacks, and reports what came of it: how long ``/healthz`` took
meanwhile (the slowest of five), the statuses answered, the bytes spooled,
the largest peak resident size among the server's processes, and whether
the game made first is still there. The promise measured
(docs/security.md, "The web site"): with 200 idle or trickling connections
``/healthz`` answers within 1 s; an 800 MB body is refused with 413 before
it is read.

:data:`SERVER_ATTACKS` has the same shape as bench/hostile.py's rows (name,
section, what, run(folder) -> dict), for that table to import.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.hostile.site import KINDS, Site, call, peak_memory_mb, raw, serve

__all__ = ["SERVER_ATTACKS", "ServerAttack", "main"]


@dataclass(frozen=True)
class ServerAttack:
    name: str
    section: str
    what: str
    run: Callable[[Path], dict[str, Any]]


def _health_seconds(site: Site, samples: int = 5) -> tuple[float, list[int]]:
    worst, statuses = 0.0, []
    for _ in range(samples):
        started = time.perf_counter()
        try:
            statuses.append(call(site, "GET", "/healthz", timeout=30)[0])
        except OSError:
            statuses.append(0)
        worst = max(worst, time.perf_counter() - started)
    return round(worst, 3), statuses


@contextmanager
def _site(folder: Path, kind: str) -> Iterator[tuple[Site, dict[str, str]]]:
    with serve(folder, *KINDS[kind]) as site:
        status, created = call(site, "POST", "/api/games", {"name": "Kept"})
        assert status == 201, created
        yield site, {"id": created["id"]}


def _after(site: Site, game: dict[str, str]) -> dict[str, Any]:
    """Whether the game made first is still there, and the server's peak memory."""
    return {"kept": call(site, "GET", f"/api/games/{game['id']}")[0] == 200, "peak_mb": round(peak_memory_mb(site), 1)}


def _drip(sockets: list[socket.socket], stop: threading.Event) -> None:
    """A byte on every connection every half second, until stopped."""
    while not stop.wait(0.5):
        for connection in sockets:
            try:
                connection.send(b"X")
            except OSError:
                pass


def _held(kind: str, count: int, opening: bytes, trickle: bool = False) -> Callable[[Path], dict[str, Any]]:
    def run(folder: Path) -> dict[str, Any]:
        with _site(folder, kind) as (site, game), ExitStack() as stack:
            sockets = [
                stack.enter_context(socket.create_connection(("127.0.0.1", site.port), timeout=30))
                for _ in range(count)
            ]
            for connection in sockets:
                if opening:
                    connection.sendall(opening)
            stop = threading.Event()
            if trickle:
                threading.Thread(target=_drip, args=(sockets, stop), daemon=True).start()
            seconds, statuses = _health_seconds(site)
            stop.set()
            return {
                "healthz_worst_s": seconds,
                "healthz": statuses,
                **_after(site, game),
            }

    return run


def _body(kind: str) -> Callable[[Path], dict[str, Any]]:
    def run(folder: Path) -> dict[str, Any]:
        with _site(folder, kind) as (site, game):
            head = b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            started = time.perf_counter()
            answer, closed = raw(site, head + b"Content-Length: 800000000\r\n\r\n" + b"[" * 65536)
            seconds = time.perf_counter() - started
            spooled = sum(f.stat().st_size for f in (folder / "tmp").rglob("*") if f.is_file())
            return {
                "status": int(answer.split(b" ", 2)[1]),
                "closed": closed,
                "answer_s": round(seconds, 3),
                "spooled_bytes": spooled,
                **_after(site, game),
            }

    return run


def _smuggle(kind: str) -> Callable[[Path], dict[str, Any]]:
    def run(folder: Path) -> dict[str, Any]:
        with _site(folder, kind) as (site, game):
            answer, closed = raw(
                site,
                b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\n"
                b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            )
            return {"status": int(answer.split(b" ", 2)[1]), "closed": closed, "answers": answer.count(b"HTTP/1.")}

    return run


def _request(kind: str, method: str, path: str, body: bytes | None = None, **headers: str) -> Callable[..., Any]:
    def run(folder: Path) -> dict[str, Any]:
        with _site(folder, kind) as (site, game):
            import urllib.error
            import urllib.request

            request = urllib.request.Request(site.base + path, data=body, method=method, headers=headers)
            started = time.perf_counter()
            try:
                with urllib.request.urlopen(request, timeout=60) as answer:
                    status = answer.status
            except urllib.error.HTTPError as error:
                status = error.code
            seconds = time.perf_counter() - started
            return {
                "status": status,
                "answer_s": round(seconds, 3),
                **_after(site, game),
            }

    return run


def _sandbox_link(lines: int) -> str:
    from web.play.sandbox import SandboxState, encode

    line = "Oda: A Owari - Mino\n"
    return encode(SandboxState(steps=[(line * lines)[:20_000].rstrip("\n")] * 40))


def _attacks() -> list[ServerAttack]:
    rows = []
    for kind in sorted(KINDS):
        rows += [
            ServerAttack(f"idle-200-{kind}", "server", f"{kind}: 200 idle connections", _held(kind, 200, b"")),
            ServerAttack(
                f"line-200-{kind}",
                "server",
                f"{kind}: 200 connections that sent a request line only",
                _held(kind, 200, b"GET / HTTP/1.1\r\n"),
            ),
            ServerAttack(
                f"trickle-200-{kind}",
                "server",
                f"{kind}: 200 connections trickling a byte every 0.5 s",
                _held(kind, 200, b"GET / HTTP/1.1\r\nX-A: ", trickle=True),
            ),
            ServerAttack(f"body-800mb-{kind}", "server", f"{kind}: an 800 MB Content-Length", _body(kind)),
            ServerAttack(f"te-cl-{kind}", "server", f"{kind}: Transfer-Encoding with Content-Length", _smuggle(kind)),
        ]
    deep = b"[" * 5000 + b"]" * 5000
    rows += [
        ServerAttack(
            "json-5000",
            "server",
            "5,000 nested JSON arrays",
            _request("waitress", "POST", "/api/games", deep, **{"Content-Type": "application/json"}),
        ),
        ServerAttack(
            "sandbox-link",
            "server",
            "a sandbox link of 40 steps x 1,000 order lines",
            _request("waitress", "GET", f"/sandbox?s={_sandbox_link(1000)}"),
        ),
        ServerAttack(
            "sandbox-within",
            "server",
            "a sandbox link of 40 steps x 200 order lines (the most)",
            _request("waitress", "GET", f"/sandbox?s={_sandbox_link(200)}"),
        ),
        ServerAttack(
            "host", "server", "Host: evil.example", _request("waitress", "GET", "/healthz", Host="evil.example")
        ),
    ]
    return rows


SERVER_ATTACKS = _attacks()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--one", help="only this attack")
    parser.add_argument("--json", action="store_true", help="one JSON object per attack")
    args = parser.parse_args(argv)
    chosen = [a for a in SERVER_ATTACKS if args.one in (None, a.name)]
    if not chosen:
        parser.error(f"no attack {args.one!r}: {', '.join(a.name for a in SERVER_ATTACKS)}")
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}, {os.cpu_count()} cores", file=sys.stderr)
    for attack in chosen:
        with tempfile.TemporaryDirectory() as folder:
            started = time.perf_counter()
            outcome = attack.run(Path(folder))
            seconds = time.perf_counter() - started
        if args.json:
            print(json.dumps({"name": attack.name, "seconds": round(seconds, 2), **outcome}))
        else:
            shown = ", ".join(f"{key} {value}" for key, value in outcome.items())
            print(f"{attack.name:<22} {attack.what:<58} {shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
