"""The player's page and what it loads, compressed (Brotli, as a browser accepts it), against its 60 KB budget.

    .venv/bin/python -m bench.page_weight            # a new game, and the same game with 300 messages

The first load counts: the page (its map inline), its styles and scripts; the press and notification parts'
scripts load when those parts are first opened and are listed apart. The budget is asserted in
tests/web/test_assets.py for a new game; the figures here are the numbers to report.
"""

from __future__ import annotations

import re
import tempfile

from flask.testing import FlaskClient

from web import create_app

BUDGET = 60 * 1024
_ASSET = re.compile(r'(?:src|href)="(/static/[^"]+)"')
_LATER = re.compile(r'data-(?:press|game)="(/static/[^"]+)"')


def weigh(client: FlaskClient, url: str) -> tuple[int, int]:
    """(compressed, plain) bytes of one response."""
    with client.get(url, headers={"Accept-Encoding": "br"}) as squeezed, client.get(url) as plain:
        return len(squeezed.get_data()), len(plain.get_data())


def report(client: FlaskClient, page: str, what: str) -> None:
    html = client.get(page).get_data(as_text=True)
    rows = [("the page (map inline)", *weigh(client, page))]
    rows += [(a.split("?")[0], *weigh(client, a)) for a in _ASSET.findall(html)]
    first = sum(r[1] for r in rows)
    print(f"\n{what}")
    for name, squeezed, plain in rows:
        print(f"  {name:32} {squeezed:8,} {plain:9,}")
    print(f"  {'first load, compressed':32} {first:8,}   budget {BUDGET:,}: {'within' if first <= BUDGET else 'OVER'}")
    for later in _LATER.findall(html):
        print(f"  later, when its part opens: {later.split('?')[0]} {weigh(client, later)[0]:,}")


def main() -> None:
    folder = tempfile.mkdtemp()
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder}/weight.db", "SECRET_KEY": "weight"})
    client = app.test_client()
    game = client.post("/api/games", json={"name": "Weight"}).get_json()
    page = f"/games/{game['id']}/play/{game['power_tokens']['Oda']}"
    report(client, page, "A new game, Oda's page")
    tokens = game["power_tokens"]
    powers = sorted(tokens)
    for n in range(300):
        sender = powers[n % len(powers)]
        to = ["*"] if n % 3 == 0 else [p for p in powers if p != sender][n % 7 : n % 7 + 1 + n % 2]
        body = {"to": to, "text": f"Message {n}: shall we talk about Mino?"}
        client.post(f"/api/games/{game['id']}/press", json=body, headers={"Authorization": f"Bearer {tokens[sender]}"})
    report(client, page, "The same game with 300 messages")
    report(client, page + "?talk=public", "... with the public conversation open (?talk=public)")


if __name__ == "__main__":
    main()
