"""Server time of the player's page, its map and a save: the figures issues 12 and 19 ask for (under 50 ms each).

    .venv/bin/python -m bench.bench_pages [--runs 60]

A real app on a real SQLite file, driven in-process through Flask's test
client, so each figure is the time the server spends on a request (routing,
the database, the engine, the picture, the template), without a network.
Games are brought to each kind of phase with real orders (tests/web/scenes.py).
A picture is cached per game version and save, so the page is timed twice:
with its map in the cache (a reload), and with the cache emptied before every
request (the first look after any save or adjudication: the worst case).
The board's layout is computed once per process, at start (``serve`` does it
in the background); the very first request is reported apart.

A script, not a test: timings depend on the machine and its load (printed).
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from flask.testing import FlaskClient

from tests.web.conftest import GameLinks, Site
from tests.web.scenes import FALL_1570, RETREATS_1570, SPRING_1570, play
from web import create_app
from web.play import mapview

Request = Callable[[], object]


def timed(request: Request, runs: int, cold: bool = False) -> tuple[list[float], list[float]]:
    """Milliseconds per request, wall clock and CPU; ``cold`` empties the picture cache before each one.

    The CPU time is the work the server did for the request; on a shared machine it barely moves with the
    load, where the wall clock also counts the time other processes held the cores.
    """
    wall, cpu = [], []
    for _ in range(runs):
        if cold:
            mapview.clear_cache()
        gc.disable()
        start, start_cpu = time.perf_counter(), time.process_time()
        request()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
        gc.enable()
    return wall, cpu


def line(name: str, measured: tuple[list[float], list[float]]) -> str:
    wall, cpu = measured
    p90 = sorted(wall)[int(0.9 * (len(wall) - 1))]
    return (
        f"  {name:<40} wall median {statistics.median(wall):5.1f} p90 {p90:5.1f} max {max(wall):6.1f} ms"
        f" | CPU median {statistics.median(cpu):5.1f} max {max(cpu):5.1f} ms"
    )


def get(client: FlaskClient, path: str) -> Request:
    def request() -> object:
        answer = client.get(path)
        assert answer.status_code == 200, (path, answer.status_code)
        return answer

    return request


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=60)
    runs = parser.parse_args(argv).runs
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE_URL": f"sqlite:///{Path(folder) / 'bench.db'}", "SECRET_KEY": "bench"})
        client = app.test_client()
        site = Site(client)
        games = {kind: site.new_game(f"Bench {kind}") for kind in ("movement", "retreats", "adjustments")}
        movement = games["movement"]
        page = movement.player("Oda")
        start = time.perf_counter()
        get(client, page)()  # nothing drawn yet in this process: the board's layout is made now
        first = (time.perf_counter() - start) * 1000
        site.save(movement, "Oda", "A Owari - Ise\nF Mikawa S A Owari - Ise\n2 : A Yamashiro H")
        play(client, site, games["retreats"], SPRING_1570)
        play(client, site, games["retreats"], FALL_1570)
        for phases in (SPRING_1570, FALL_1570, RETREATS_1570):
            play(client, site, games["adjustments"], phases)

        print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} (1, 5, 15 min); "
              f"{runs} runs each, after warm-up")  # fmt: skip
        print(f"  {'first request, board layout made':<40} wall {first:6.1f} ms")
        cases: list[tuple[str, Request, bool]] = [
            ("GET /healthz (the framework's floor here)", get(client, "/healthz"), False),
            ("player page, movement, map cached", get(client, page), False),
            ("player page, movement, map drawn", get(client, page), True),
            ("player page, retreats, map drawn", get(client, games["retreats"].player("Asakura")), True),
            ("player page, adjustments, map drawn", get(client, games["adjustments"].player("Oda")), True),
            ("player map.svg, cached", get(client, page + "/map.svg"), False),
            ("player map.svg, drawn", get(client, page + "/map.svg"), True),
            ("public map.svg, drawn", get(client, f"/games/{movement.id}/map.svg"), True),
            ("choices API (GET .../choices)", choices(client, movement), False),
            ("check and draw as a player types", check(client, site, movement), False),
            ("save, the page's form (phase named)", save_form(site, movement), False),
            ("save, PUT .../orders (phase named)", save_api(client, movement, "Spring 1570 movement", 200), False),
            ("save for a closed phase (409)", save_api(client, games["adjustments"], "Spring 1570", 409), False),
            ("sandbox page (replays 1 phase)", get(client, sandbox_link(client, site)), False),
        ]
        for name, request, cold in cases:
            timed(request, 5, cold)  # warm-up
            print(line(name, timed(request, runs, cold)))
        app.extensions["sengoku_db"].dispose()


def choices(client: FlaskClient, game: GameLinks) -> Request:
    return get_with(client, f"/api/games/{game.id}/choices", game.bearer("Oda"))


def get_with(client: FlaskClient, path: str, headers: dict[str, str]) -> Request:
    def request() -> object:
        answer = client.get(path, headers=headers)
        assert answer.status_code == 200
        return answer

    return request


def check(client: FlaskClient, site: Site, game: GameLinks) -> Request:
    page = game.player("Oda")
    headers = {"X-CSRFToken": site.csrf(page)}

    def request() -> object:
        text = "A Owari - Ise\nF Mikawa S A Owari - Ise\n2 : A Yamashiro H"
        answer = client.post(page + "/check?draw=1", json={"text": text}, headers=headers)
        assert answer.status_code == 200
        return answer

    return request


ORDERS = "A Owari - Ise\nF Mikawa S A Owari - Ise\n2 : A Yamashiro H"


def save_form(site: Site, game: GameLinks) -> Request:
    """A player's Save: the form with the phase and version the page was drawn for."""
    page = game.player("Oda")

    def request() -> object:
        answer = site.post(page + "/orders", {"text": ORDERS, "phase": "Spring 1570 movement", "version": "1"}, page)
        assert answer.status_code == 303, answer.status_code
        return answer

    return request


def save_api(client: FlaskClient, game: GameLinks, phase: str, status: int) -> Request:
    def request() -> object:
        answer = client.put(
            f"/api/games/{game.id}/orders", json={"text": ORDERS, "phase": phase}, headers=game.bearer("Oda")
        )
        assert answer.status_code == status, answer.get_data(as_text=True)
        return answer

    return request


def sandbox_link(client: FlaskClient, site: Site) -> str:
    orders = "Oda:\nA Owari - Ise\nAsakura:\nA Omi - Ise"
    answer = site.post("/sandbox/adjudicate", {"s": "", "text": orders}, "/sandbox")
    return str(answer.location)


if __name__ == "__main__":
    main()
