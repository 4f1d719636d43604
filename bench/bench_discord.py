"""Discord's 3-second limit: how long the site takes to answer each slash command, and to send the map after it.

    .venv/bin/python -m bench.bench_discord [--runs 40]

A real app on a real SQLite file; every interaction is signed with a test key pair as Discord signs it and
sent through Flask's test client, so each figure is the server's time from the signed body to its answer
(signature, the Discord table's lookup, the action, the answer), without a network. Discord waits 3 seconds
for an answer; /map answers at once ("thinking...") and its picture follows through the interaction's
webhook, here a loopback server standing in for Discord's API (tests/discord/discordd.py): that figure is
from the command to the picture's arrival, drawn (the picture cache emptied first) and cached.

A script, not a test: timings depend on the machine and its load (printed).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from bench.bench_pages import Request, line, timed
from tests.discord.conftest import GM_USER, USERS, Channel
from tests.discord.discordd import Discord, discord_api
from tests.web.conftest import Site
from web import create_app
from web.play import mapview

ODA = USERS["Oda"]


def command(channel: Channel, user: str, name: str, **options: object) -> Request:
    return lambda: channel.command(user, name, **options)


def box(channel: Channel, text: str) -> Request:
    return lambda: channel.box(ODA, "orders|replace|Spring 1570 movement", text)


def suggest(channel: Channel, name: str, typed: str) -> Request:
    return lambda: channel.autocomplete(ODA, name, "order", typed)


def picture(channel: Channel, discord: Discord, **options: object) -> Request:
    def request() -> object:
        answer = channel.command(ODA, "map", **options)
        assert answer["type"] == 5
        arrived = discord.wait_for(channel.last_token, timeout=60)
        assert arrived.files, arrived.body
        return arrived

    return request


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=40)
    runs = parser.parse_args(argv).runs
    key = Ed25519PrivateKey.generate()
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    with tempfile.TemporaryDirectory() as folder, discord_api() as discord:
        app = create_app(
            {
                "DATABASE_URL": f"sqlite:///{Path(folder) / 'bench.db'}",
                "SECRET_KEY": "bench",
                "DISCORD_PUBLIC_KEY": public,
                "DISCORD_API_URL": discord.api,
            }  # fmt: skip
        )
        client = app.test_client()
        game = Site(client).new_game("Bench")
        channel = Channel(client, key)
        channel.link(game)
        channel.join(game, "Oda")
        channel.join(game, "Takeda")
        orders = "A Owari - Ise\nF Mikawa S A Owari - Ise\n2 : A Yamashiro H"
        box(channel, orders)()
        start = time.perf_counter()
        picture(channel, discord, share=True)()
        first = (time.perf_counter() - start) * 1000
        load = os.getloadavg()
        print(f"load: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (1, 5, 15 min); {runs} runs each, after warm-up")
        print(f"  {'first /map in the process (layout made)':<40} wall {first:7.1f} ms")
        cases: list[tuple[str, Request, bool]] = [
            ("PING", lambda: channel.send({"id": "1", "application_id": "2", "type": 1, "token": "t"}), False),
            ("/status", command(channel, GM_USER, "status"), False),
            ("/myorders", command(channel, ODA, "myorders"), False),
            ("/orders (opens the box)", command(channel, ODA, "orders"), False),
            ("/orders box sent (3 lines, one refused)", box(channel, orders + "\nA Owrai H"), False),
            ("/order A Owari - Ise", command(channel, ODA, "order", order="A Owari - Ise"), False),
            ("/bid (a DP order)", command(channel, ODA, "bid", order="A Musashi H", dp=1), False),
            ("/ready", command(channel, ODA, "ready"), False),
            ("/press to Takeda", command(channel, ODA, "press", to="Takeda", text="hello"), False),
            ("/messages (Takeda)", command(channel, USERS["Takeda"], "messages"), False),
            ("autocomplete /order 'owa'", suggest(channel, "order", "owa"), False),
            ("autocomplete /bid 'mus'", suggest(channel, "bid", "mus"), False),
            ("/map shared, drawn: answer to picture", picture(channel, discord, share=True), True),
            ("/map shared, cached: answer to picture", picture(channel, discord, share=True), False),
            ("/map with Oda's orders: answer to picture", picture(channel, discord), False),
        ]
        for name, request, cold in cases:
            timed(request, 3, cold)
            print(line(name, timed(request, runs if not name.startswith("/map") else max(runs // 4, 5), cold)))
        mapview.clear_cache()
        app.extensions["sengoku_db"].dispose()


if __name__ == "__main__":
    main()
