"""The worker CPU of the player's page beside ``/healthz``, through the real server, in the same minutes.

    .venv/bin/python -m bench.pagecpu                  # a throwaway PostgreSQL (fsync on), 3 rounds
    .venv/bin/python -m bench.pagecpu --rounds 5 --requests 300 --database postgresql+psycopg://...

The production setup of bench/load.py (``sengoku serve --workers 4 --threads 2``, rate limits off) with
10 games x 8 powers, each power's orders saved once (so each page draws its orders on the map). Then, in
turn for each round: ``GET /healthz`` one at a time, and each player's page one at a time (by its secret
link, its map and frame kept: every page is read 8 times, and 8 times compressed, before the first round,
so that each of the 4 workers has drawn it), and the workers' CPU time (Linux /proc) divided by the
requests. Issue 31 asks the page to cost at most 5x ``/healthz``.

Four kinds of page read: a first look (no cookie: the site opens a session, its CSRF token and the
Set-Cookie), a reload (the cookie the first look set, as a browser sends it), and the same reload asking
for a compressed answer as a browser over HTTPS does (``gzip, deflate, br``: the site compresses the whole
page with Brotli) and as a client that takes gzip alone does (the page put together from pieces compressed
once: web/pages/deflated.py). The first two are the figures issue 31 was measured with. Last, the first page a new
server (on the same games) answers, wall time (issue 31: within 0.5 s).

A script, not a test: the figures depend on the machine (the load average is printed with each line).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import statistics
import time
from collections.abc import Callable, Sequence

from bench.loadcpu import cpu_seconds
from bench.loadgen import Client, Player, set_up_games


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", help="a PostgreSQL URL (its tables are replaced); default: a throwaway one")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--requests", type=int, default=200, help="of each kind, each round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    from bench.loadpg import emptied, throwaway_postgres
    from bench.loadserver import Server

    with contextlib.ExitStack() as stack:
        url = emptied(args.database) if args.database else stack.enter_context(throwaway_postgres())
        server = Server(url, workers=4, threads=2, deadline_check=60)
        server.upgrade()
        with server:
            players = set_up_games(server.port, args.games).players
            _save_once(server.port, players)
            ratios = _rounds(server.port, server.worker_pids(), players, args.requests, args.rounds)
        with Server(url, workers=4, threads=2, deadline_check=60) as fresh:  # the same games, a new server
            start = time.perf_counter()
            _get(fresh.port, f"/games/{players[0].game}/play/{players[0].token}")
            print(f"the first page of a server just started: {time.perf_counter() - start:.3f} s")
    for kind, found in ratios.items():
        print(f"page / healthz, {kind}: {' '.join(f'{r:.1f}x' for r in found)}")


def _save_once(port: int, players: list[Player]) -> None:
    client = Client(port)
    try:
        for player in players:
            status, _ = client.call("PUT", f"/api/games/{player.game}/orders", player.token,
                                    {"text": "\n".join(player.next_orders())})  # fmt: skip
            assert status == 200, status
    finally:
        client.close()


def _get(port: int, path: str, cookie: str | None = None, encodings: str = "") -> str | None:
    """One GET on a new connection (the server closes each: keepalive 0); returns the Set-Cookie it got.

    ``encodings``: the compressions the client takes (``Accept-Encoding``), if any."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Cookie": cookie} if cookie else {}
    if encodings:
        headers["Accept-Encoding"] = encodings
    try:
        connection.request("GET", path, headers=headers)
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 200, (path, answer.status)
        got = answer.getheader("Set-Cookie")
        return got.split(";", 1)[0] if got else None
    finally:
        connection.close()


_WARM_UP = 8
_BROWSER = "gzip, deflate, br"  # what a browser takes over HTTPS: the site answers with Brotli
_GZIP = "gzip, deflate"  # a client that takes gzip alone (a browser over plain HTTP): the page's kept pieces


def _rounds(port: int, workers: list[int], players: list[Player], requests: int, rounds: int) -> dict[str, list[float]]:
    pages = [f"/games/{p.game}/play/{p.token}" for p in players]
    cookies = {page: _get(port, page) for page in pages}  # each link's session, as a browser keeps it
    for _ in range(_WARM_UP):  # each worker (4, whichever takes the connection) has read each page by now, mostly
        for page in pages:
            _get(port, page, cookies[page])
            _get(port, page, cookies[page], _BROWSER)
            _get(port, page, cookies[page], _GZIP)
    turn = iter(range(1 << 62))

    def healthz() -> None:
        _get(port, "/healthz")

    def first_look() -> None:
        _get(port, pages[next(turn) % len(pages)])

    def reload() -> None:
        page = pages[next(turn) % len(pages)]
        _get(port, page, cookies[page])

    def browser() -> None:
        page = pages[next(turn) % len(pages)]
        _get(port, page, cookies[page], _BROWSER)

    def gzip_only() -> None:
        page = pages[next(turn) % len(pages)]
        _get(port, page, cookies[page], _GZIP)

    ratios: dict[str, list[float]] = {"first": [], "reload": [], "brotli": [], "gzip": []}
    for number in range(rounds):
        floor = _measure(workers, healthz, requests, f"round {number + 1}: GET /healthz")
        ratios["first"].append(_measure(workers, first_look, requests, "  the player's page, first look") / floor)
        ratios["reload"].append(_measure(workers, reload, requests, "  the player's page, reload") / floor)
        ratios["brotli"].append(_measure(workers, browser, requests, "  the same, as a browser (Brotli)") / floor)
        ratios["gzip"].append(_measure(workers, gzip_only, requests, "  the same, gzip but not Brotli") / floor)
    return ratios


def _measure(workers: list[int], call: Callable[[], None], requests: int, what: str) -> float:
    used, start = cpu_seconds(workers), time.perf_counter()
    walls = []
    for _ in range(requests):
        begin = time.perf_counter()
        call()
        walls.append(time.perf_counter() - begin)
    cpu, wall = cpu_seconds(workers) - used, time.perf_counter() - start
    print(
        f"{what:<40} worker CPU {1000 * cpu / requests:6.2f} ms a request, wall median "
        f"{1000 * statistics.median(walls):6.2f} ms ({requests} one at a time; load average "
        f"{' '.join(f'{v:.2f}' for v in os.getloadavg())})"
    )
    del wall
    return cpu / requests


if __name__ == "__main__":
    main()
