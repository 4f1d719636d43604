"""The installed package used as a GM would, from an empty folder: run by scripts/smoke.sh (CI) after the wheel
is installed, not editable, into a venv of its own.

The command line makes a game, reads orders, adjudicates and draws the map as PNG; then the web site
(`sengoku serve --port 0`, SQLite) makes a game through the API, takes orders, adjudicates, draws the
map and serves the public page with its stylesheet. Each step is one line of output; the first that
fails stops the run with what it got. Standard library only: it runs in the installed venv's Python.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

BIN = Path(sys.executable).parent
PNG = b"\x89PNG\r\n\x1a\n"


def step(what: str, ok: bool, got: object = "") -> None:
    if not ok:
        sys.exit(f"smoke: FAILED: {what}\n{got}")
    print(f"smoke: ok: {what}", flush=True)


def sengoku(folder: Path, *args: str, stdin: str = "") -> str:
    done = subprocess.run(
        [str(BIN / "sengoku"), *args], cwd=folder, input=stdin, capture_output=True, text=True, timeout=120
    )
    step(f"sengoku {' '.join(args)}", done.returncode == 0, done.stdout + done.stderr)
    return done.stdout


def installed_not_editable(folder: Path) -> None:
    where = subprocess.run(
        [sys.executable, "-c", "import cli, maps, web; print(cli.__file__, maps.__file__, web.__file__)"],
        cwd=folder, capture_output=True, text=True, timeout=60,
    ).stdout.split()
    step("the package is the installed wheel's", bool(where) and all("site-packages" in w for w in where), where)


def command_line(folder: Path) -> None:
    made = sengoku(folder, "new", "g.json", "--name", "Smoke")
    step("a new Sengoku game", "new Sengoku Jidai (6DP) game 'Smoke' at Spring 1570 movement" in made, made)
    read = sengoku(folder, "orders", "g.json", stdin="Oda:\nA Owari - Ise\n2 : A Yamashiro H\n")
    step("orders read", "ok      line 2: Oda: A Owari - Ise" in read, read)
    post = sengoku(folder, "adjudicate", "g.json", "--yes")
    step("adjudicated, with the DP bid carried out", "A Owari - Ise: moved" in post and "(2 DP from Oda)" in post, post)
    sengoku(folder, "map", "g.json", "--phase", "last", "-o", "board.png")
    step("the map drawn as PNG", (folder / "board.png").read_bytes()[:8] == PNG)


def call(base: str, method: str, path: str, body: object = None, token: str = "") -> tuple[int, bytes]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def start_site(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'site.db'}", "SENGOKU_SECRET_KEY": "smoke"}
    log = (folder / "server.log").open("wb")
    server = subprocess.Popen(
        [str(BIN / "sengoku"), "serve", "--port", "0"], cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    for _ in range(600):  # 60 s at most
        banner = re.search(r"Sengoku web site: (http://127\.0\.0\.1:\d+)/", (folder / "server.log").read_text())
        if banner or server.poll() is not None:
            break
        time.sleep(0.1)
    step("the site started", banner is not None, (folder / "server.log").read_text())
    assert banner is not None
    return server, banner.group(1)


def web_site(folder: Path) -> None:
    server, base = start_site(folder)
    try:
        status, _ = call(base, "GET", "/healthz")
        step("GET /healthz", status == 200, status)
        status, body = call(base, "POST", "/api/games", {"name": "Smoke", "variant": "sengoku"})
        step("POST /api/games", status == 201, body)
        game = json.loads(body)
        gm, oda = game["gm_token"], game["power_tokens"]["Oda"]
        status, body = call(base, "PUT", f"/api/games/{game['id']}/orders", {"text": "A Owari - Ise"}, oda)
        step("PUT orders (Oda)", status == 200 and json.loads(body)["saved"] == ["A Owari - Ise"], body)
        status, body = call(base, "POST", f"/api/games/{game['id']}/adjudicate", {}, gm)
        step("POST adjudicate (GM)", status == 200, body)
        status, body = call(base, "GET", f"/api/games/{game['id']}/history/1?format=plain")
        step("the results post", status == 200 and b"A Owari - Ise: moved" in body, body[:400])
        status, body = call(base, "GET", f"/api/games/{game['id']}/map.png")
        step("GET map.png", status == 200 and body[:8] == PNG, (status, body[:200]))
        status, page = call(base, "GET", f"/games/{game['id']}")
        step("the public page", status == 200 and b"Smoke" in page, (status, page[:400]))
        sheet = re.search(rb'href="(/static/[^"?]+\.css)[^"]*"', page)
        step("the page links its stylesheet", sheet is not None, page[:2000])
        assert sheet is not None
        status, _ = call(base, "GET", sheet.group(1).decode())
        step(f"GET {sheet.group(1).decode()}", status == 200, status)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="sengoku-smoke-") as empty:
        folder = Path(empty)
        installed_not_editable(folder)
        command_line(folder)
        web_site(folder)
    print("smoke: the installed wheel starts the site, makes a game, adjudicates and draws the map")


if __name__ == "__main__":
    main()
