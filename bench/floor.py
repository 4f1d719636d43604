"""The framework's floor: the smallest Flask app, served exactly as the site is, so a figure has its anchor.

    .venv/bin/python -m bench.floor --port 8000 --workers 4 --threads 2 [--access-log FILE]

What a save costs the site is read beside what the same request costs when
nothing but gunicorn and Flask handle it: the same worker class
(web/serving/gunicorn_worker.py's BufferingWorker), workers, threads, no
keep-alive, access log format (web.serving.gunicorn.options), and the same
request: ``PUT /api/games/<game>/orders`` with a bearer token and a JSON body,
answered with a small JSON body; ``GET /healthz`` too. bench/load.py and
bench/scale.py run it in the same minutes as the site (``--floor``), one
after the other, so both see the same machine.
"""

from __future__ import annotations

import argparse
import socket
from typing import Any

from flask import Flask, Response, jsonify, request

__all__ = ["app", "main"]

app = Flask("floor")


@app.put("/api/games/<game_id>/orders")
def save(game_id: str) -> Response:
    """A save's shape with none of its work: the token read, the body parsed, an answer written."""
    token = request.headers.get("Authorization", "").removeprefix("Bearer ")
    lines = str((request.get_json(silent=True) or {}).get("text", "")).splitlines()
    return jsonify(game=game_id, power=token[:4], phase="Spring 1570 movement", saved=lines, refused=False, lines=[])


@app.get("/healthz")
@app.get("/readyz")
def healthz() -> Response:
    return jsonify(ok=True)


def main(argv: list[str] | None = None) -> None:
    from gunicorn.app.base import BaseApplication

    from web.serving.gunicorn import options

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--access-log")
    args = parser.parse_args(argv)
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", args.port))
    listener.listen(1024)
    listener.set_inheritable(True)
    chosen = options(listener.detach(), args.workers, args.threads, args.access_log)

    class Floor(BaseApplication):
        def load_config(self) -> None:
            for key, value in chosen.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return app

    Floor().run()


if __name__ == "__main__":
    main()
