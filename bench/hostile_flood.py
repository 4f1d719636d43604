"""The flood and socket figures of issue 32, before and after: a press flood from one token, and 1,100 sockets
from one client, each against a real ``sengoku serve`` on loopback.

    .venv/bin/python -m bench.hostile_flood                          # this checkout
    .venv/bin/python -m bench.hostile_flood --before /tmp/main-copy  # and a checkout of the code before, first

``--before ROOT`` runs the same attacks against the server of another checkout (its ``cli`` on PYTHONPATH,
this checkout's virtual environment), so both columns are measured the same way on the same machine.

- **press flood**: one player's token sends :data:`FLOOD` public messages of 4,000 characters from four
  threads as fast as the server answers; meanwhile (the page and ``/pulse``) and after (both, and
  ``press.json``), another player's (Takeda's) are timed (the median of 5) against the same before the flood, and
  ``/healthz`` while 8 of Takeda's pages load at once. Issue 32's figures, before: 8,000 messages accepted in
  100 s; Takeda's page 34.8 MB in 1.6 s; ``press.json`` 33 MB; ``/pulse`` 0.30 s; waitress 718 MB.
- **sockets**: 1,100 connections from 127.0.0.2 (reopened as fast as the server closes them) while
  ``/healthz`` is asked from 127.0.0.1 (the slowest of 5). Before: 10-12 s a request.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from bench.hostile_server import _health_seconds
from tests.hostile.site import KINDS, Site, call, peak_memory_mb, serve

__all__ = ["FLOOD", "main"]

FLOOD = 8000
SOCKETS = 1100


def _timed(action: Callable[[], Any], samples: int = 5) -> tuple[float, Any]:
    """The median seconds of ``samples`` runs, and the last answer."""
    times, answer = [], None
    for _ in range(samples):
        started = time.perf_counter()
        answer = action()
        times.append(time.perf_counter() - started)
    return round(statistics.median(times), 3), answer


def _page(site: Site, path: str) -> tuple[float, int]:
    seconds, (status, body) = _timed(lambda: call(site, "GET", path, timeout=120))
    assert status == 200, (path, status)
    return seconds, len(body.encode() if isinstance(body, str) else json.dumps(body).encode())


def _flood(site: Site, game: dict[str, Any]) -> dict[str, Any]:
    oda, takeda = game["power_tokens"]["Oda"], game["power_tokens"]["Takeda"]
    page, pulse = f"/games/{game['id']}/play/{takeda}", f"/games/{game['id']}/play/{takeda}/pulse"
    out: dict[str, Any] = {}
    _page(site, page)  # warm: the first loads draw the map and fill the site's caches
    out["page_s_normal"], out["page_bytes_normal"] = _page(site, page)
    out["pulse_s_normal"], _ = _page(site, pulse)
    sent = {"accepted": 0, "refused": 0}
    lock = threading.Lock()

    def send(number: int) -> None:
        body = {"to": ["*"], "text": f"{number:05d} " + "x" * 3994}
        status = call(site, "POST", f"/api/games/{game['id']}/press", body, token=oda, timeout=120)[0]
        with lock:
            sent["accepted" if status == 201 else "refused"] += 1

    during: list[float] = []
    pulses: list[float] = []
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            during.append(_page(site, page)[0])
            pulses.append(_page(site, pulse)[0])

    watcher = threading.Thread(target=watch, daemon=True)
    started = time.perf_counter()
    watcher.start()
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(send, range(FLOOD)))
    stop.set()
    watcher.join()
    out["flood_s"] = round(time.perf_counter() - started, 1)
    out.update(sent)
    out["page_s_during"] = round(statistics.median(during), 3) if during else None
    out["pulse_s_during"] = round(statistics.median(pulses), 3) if pulses else None
    out["page_s_after"], out["page_bytes_after"] = _page(site, page)
    out["press_json_bytes"] = _page(site, f"/games/{game['id']}/play/{takeda}/press.json")[1]
    out["pulse_s_after"], _ = _page(site, pulse)
    with ThreadPoolExecutor(8) as pool:
        loads = [pool.submit(call, site, "GET", page, timeout=120) for _ in range(8)]
        out["healthz_s_8_pages"] = _timed(lambda: call(site, "GET", "/healthz", timeout=120), 3)[0]
        for load in loads:
            load.result()
    out["peak_mb"] = round(peak_memory_mb(site), 1)
    return out


def _sockets(site: Site) -> dict[str, Any]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
    stop = threading.Event()
    reopened = [0]

    def connect() -> socket.socket:
        connection = socket.socket()
        connection.settimeout(5)
        connection.bind(("127.0.0.2", 0))
        connection.connect(("127.0.0.1", site.port))
        connection.setblocking(False)
        return connection

    held = [connect() for _ in range(SOCKETS)]

    def reopen() -> None:  # the client reopens what the server closes
        while not stop.wait(0.2):
            for index, connection in enumerate(held):
                try:
                    closed = connection.recv(1) == b""
                except BlockingIOError:
                    closed = False
                except OSError:
                    closed = True
                if closed:
                    connection.close()
                    try:
                        held[index] = connect()
                        reopened[0] += 1
                    except OSError:
                        pass

    keeper = threading.Thread(target=reopen, daemon=True)
    keeper.start()
    try:
        time.sleep(1)
        worst, statuses = _health_seconds(site)
        return {"healthz_worst_s": worst, "healthz": statuses, "reopened": reopened[0]}
    finally:
        stop.set()
        keeper.join()
        for connection in held:
            connection.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def _run(root: Path | None, attack: str, kind: str) -> dict[str, Any]:
    env = {"PYTHONPATH": str(root)} if root else {}
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        site = stack.enter_context(serve(Path(folder), *KINDS[kind], **env))
        if attack == "sockets":
            return _sockets(site)
        status, game = call(site, "POST", "/api/games", {"name": "Flooded"})
        assert status == 201, game
        return _flood(site, game)


ROWS = [("press-flood", "waitress"), ("sockets", "waitress"), ("sockets", "gunicorn")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="a checkout of the code before, measured first")
    parser.add_argument("--one", choices=sorted({f"{a}-{k}" for a, k in ROWS}), help="only this row")
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}, {os.cpu_count()} cores", file=sys.stderr)
    for attack, kind in ROWS:
        if args.one not in (None, f"{attack}-{kind}"):
            continue
        for label, root in ([("before", args.before)] if args.before else []) + [("now", None)]:
            outcome = _run(root, attack, kind)
            print(f"{attack}-{kind:<9} {label:<7} " + ", ".join(f"{k} {v}" for k, v in outcome.items()), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
