"""Running the site for real (``sengoku serve``): waitress, the deadline timer, the demo game's links."""

from __future__ import annotations

from collections.abc import Callable

import waitress

from maps import available_maps
from web import create_app
from web.demo import demo_game
from web.mapview import warm_up
from web.views.home import links

__all__ = ["run"]


def run(host: str, port: int, *, database: str | None, demo: bool, threads: int, echo: Callable[[str], None]) -> None:
    """Serve until stopped; raises OSError when the port cannot be had."""
    config: dict[str, object] = {"DEADLINE_CHECK_SECONDS": 30}
    if database:
        config["DATABASE_URL"] = database
    app = create_app(config)
    warm_up(available_maps())
    base = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::', '') else host}:{port}"
    echo(f"Sengoku web site: {base}/   (database: {_without_password(app.config['DATABASE_URL'])})")
    if demo:
        game_id, issued = demo_game(app)
        with app.test_request_context(base_url=base):
            shown = links(game_id, issued)
        echo(f"\nDemo game {game_id} (the same links at every start; instance/demo-game.json keeps them):")
        echo(f"  public page   {shown.pop('public')}")
        echo(f"  GM            {shown.pop('gm')}")
        for role, link in shown.items():
            echo(f"  {role:<13} {link}")
        echo("")
    waitress.serve(app, host=host, port=port, threads=threads, ident="sengoku")


def _without_password(url: str) -> str:
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, credentials = head.partition("://")
    return f"{scheme}://{credentials.split(':')[0]}:***@{tail}"
