"""The instructions of one save, beside the framework's floor: a figure the machine's load does not move.

    .venv/bin/python -m bench.saveinstr                       # a throwaway PostgreSQL (as bench.savecpu --server)
    .venv/bin/python -m bench.saveinstr --database postgresql+psycopg://...   # its tables are replaced
    .venv/bin/python -m bench.saveinstr --requests 100

On a machine shared with others, CPU time moves by a third from one minute to
the next (a busy neighbour on the same core slows every instruction), so a
change of a tenth cannot be seen in it. Instructions do not move. This runs,
under valgrind's callgrind, the app a gunicorn worker runs, called as a worker
calls it (a WSGI environ as gunicorn's, no HTTP, no test client): ``GET
/healthz`` and the save of bench/savecpu.py (``PUT .../orders`` by bearer
token, every link remembered and every state decoded first), then the same two
requests of the floor (bench/floor.py). Counted between two markers, so the
start-up is not: the instructions a request, in the process. Not counted: the
server's own work around the app (gunicorn's parsing, the socket, the access
log), the same for the site and the floor, and the kernel's (a round trip to
the database is mostly the kernel's and the database's). bench.savecpu
``--server`` measures those, in CPU time.

A script, not a test; about two minutes (valgrind runs Python some 50 times slower).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["main"]

_KINDS = ("site GET /healthz", "site PUT .../orders (a save)", "floor GET /healthz", "floor PUT .../orders (a save)")
_INSIDE = "SENGOKU_BENCH_UNDER_CALLGRIND"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", help="a PostgreSQL URL (its tables are replaced); default: a throwaway one")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--requests", type=int, default=200, help="of each kind")
    args = parser.parse_args(argv)
    if os.environ.get(_INSIDE):
        _count(args.database, args.games, args.requests)
        return
    from bench.loadpg import emptied, throwaway_postgres

    with contextlib.ExitStack() as stack:
        url = emptied(args.database) if args.database else stack.enter_context(throwaway_postgres())
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="sengoku-instr-")))
        command = [
            "valgrind",
            "--tool=callgrind",
            "--zero-before=getppid",  # os.getppid(): the counters zeroed
            "--dump-before=getpgrp",  # os.getpgrp(): the counters written out
            f"--callgrind-out-file={folder / 'out'}",
            sys.executable,
            "-m",
            "bench.saveinstr",
            "--database",
            url,
            "--games",
            str(args.games),
            "--requests",
            str(args.requests),
        ]
        subprocess.run(command, env={**os.environ, _INSIDE: "1"}, check=True, capture_output=True)
        dumps = sorted(folder.glob("out.*"), key=lambda path: int(path.name.rsplit(".", 1)[1]))
        counts = [_total(path) for path in dumps]
    if len(counts) != len(_KINDS):
        raise RuntimeError(f"callgrind wrote {len(counts)} counts, not {len(_KINDS)}")
    for kind, count in zip(_KINDS, counts, strict=True):
        print(f"{kind:<30} {count / args.requests / 1e6:.3f} M instructions a request ({args.requests}, in process)")
    print(f"a save: {counts[1] / counts[3]:.2f}x the floor's (in process; load average {os.getloadavg()[0]:.2f})")


def _total(path: Path) -> int:
    found = re.search(r"^(?:summary|totals): (\d+)", path.read_text(), flags=re.M)
    if found is None:
        raise RuntimeError(f"no total in {path}")
    return int(found[1])


def _count(url: str, games: int, requests: int) -> None:
    """Under callgrind: each kind's requests between the markers, after a warm-up of the same requests."""
    from bench import floor
    from bench.loadgen import floor_run
    from bench.loadpg import emptied
    from bench.savecpu import players
    from web import create_app
    from web.serving.warm import warm_worker

    emptied(url)
    config = {"DATABASE_URL": url, "SECRET_KEY": "bench", "MIGRATE_ON_START": True, "DEADLINE_CHECK_SECONDS": 0}
    config |= {"PUBLIC_URL": "http://127.0.0.1:8000", "RATE_LIMITS": False}  # as bench/loadserver.py serves it
    site = create_app(config)
    warm_worker(site)
    everyone = players(site.test_client(), games)
    turn = iter(range(1 << 62))

    def saving(people: list[Any]) -> Callable[[], dict[str, Any]]:
        def environ() -> dict[str, Any]:
            player = people[next(turn) % len(people)]
            body = {"text": "\n".join(player.next_orders())}
            return _environ("PUT", f"/api/games/{player.game}/orders", player.token, body)

        return environ

    def healthz() -> dict[str, Any]:
        return _environ("GET", "/healthz")

    for app, save in ((site, saving(everyone)), (floor.app, saving(floor_run(games).players))):
        for environ in (healthz, save):
            for _ in range(2 * len(everyone)):  # every link remembered, every state decoded, every statement prepared
                _call(app, environ())
            made = [environ() for _ in range(requests)]  # made before the count
            os.getppid()
            for each in made:
                _call(app, each)
            os.getpgrp()


def _environ(method: str, path: str, token: str | None = None, body: dict[str, str] | None = None) -> dict[str, Any]:
    """What gunicorn hands the app for such a request (gunicorn.http.wsgi.create)."""
    data = json.dumps(body).encode() if body is not None else b""
    environ: dict[str, Any] = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "RAW_URI": path,
        "QUERY_STRING": "",
        "SCRIPT_NAME": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "REMOTE_PORT": "40000",
        "HTTP_HOST": "127.0.0.1:8000",
        "HTTP_CONNECTION": "close",
        "wsgi.url_scheme": "http",
        "wsgi.version": (1, 0),
        "wsgi.input": io.BytesIO(data),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if body is not None:
        environ |= {"CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(data))}
    if token is not None:
        environ["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return environ


def _call(app: Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]], environ: dict[str, Any]) -> None:
    status: list[str] = []
    answer = app(environ, lambda line, _headers, _error=None: status.append(line))
    b"".join(answer)
    close = getattr(answer, "close", None)
    if close is not None:
        close()
    assert status and status[0].startswith("200"), (status, environ["PATH_INFO"])


if __name__ == "__main__":
    main()
