"""The web site (Flask): a thin shell over the engine, for a GM and players on any device.

``create_app(test_config)`` builds the app: settings (web/serving/config.py), the
database (web/storage/db.py; its schema by web/storage/migrate.py), CSRF protection on every
form, the public address, JSON depth and rate limits (web/access/guards.py,
web/access/limits.py), the deadline job (web/table/deadlines.py), health checks, and the
blueprints: the pages people read (web/pages/) and the JSON API (web/api/), documented at
``/api/openapi.json``.

The package is laid out by job, each part importing only those below it (import-linter checks it):

- ``serving/``: running the site (waitress or gunicorn, the scheduler process, settings, errors, logs);
- ``api/``: the JSON API, declared once per endpoint (``api/openapi.py``) and documented from it;
- ``discord/``: the Discord application's endpoint (slash commands, signed by Discord), beside the API;
- ``pages/``: the HTML pages (home, public, player, GM, sandbox) and what they show;
- ``table/``: what happens at the table between moves: press, ready, the GM's clock, reminders, deadlines,
  mail and the chat channel;
- ``play/``: what a GM or player does to a game (actions), their orders, choices, posts and map pictures;
- ``access/``: who is asking (callers from secret links), rate limits, the public address, request guards;
- ``storage/`` and ``schemas/``: the database (tables, migrations, games, tokens) and the JSON bodies.

Imports happen inside :func:`create_app`, so that importing ``web`` costs
nothing until an app is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

__all__ = ["create_app"]


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    from flask import Flask
    from flask_wtf.csrf import CSRFProtect

    from localfiles.boardcache import keep_boards_on_disk
    from web.access import guards, hooks, limits
    from web.serving import assets, config, errors
    from web.storage import db
    from web.table import deadlines, push

    keep_boards_on_disk()  # built boards read back from the disk cache, as the command line does
    instance = (test_config or {}).get("INSTANCE_PATH")  # where the key, the SQLite file and demo links live
    app = Flask(__name__, instance_path=instance, instance_relative_config=True)
    app.json = guards.DepthLimitedJSON(app)
    app.config.from_mapping(config.defaults(app.instance_path))
    if test_config is not None:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = config.secret_key(app.instance_path)
    db.init_app(app)
    csrf = CSRFProtect(app)
    errors.register(app)
    _register_views(app, csrf)
    hooks.register(app)
    assets.init_app(app)
    limits.install(app)
    from web.api import quicksave  # after the views: the API's routes are declared (and listed) in their order

    quicksave.install(app)  # a player's save by a known link, before Flask (web/api/quicksave.py)
    guards.install(app)
    push.init_app(app)  # before the deadline job, which pushes
    deadlines.init_app(app)
    return app


def _register_views(app: Flask, csrf: Any) -> None:
    from web.api import gm as api_gm
    from web.api import health
    from web.api import player as api_player
    from web.api import public as api
    from web.api import site as api_site
    from web.discord import endpoint as discord
    from web.pages import (
        consent,
        gm,
        gm_discord,
        gm_press,
        home,
        player,
        player_press,
        player_push,
        public,
        sandbox,
        story,
    )

    assert player_press.bp is player.bp and gm_press.bp is gm.bp is gm_discord.bp  # their routes are on those
    assert player_push.bp is player.bp
    app.add_url_rule("/push-sw.js", "push_worker", player_push.service_worker)

    for blueprint in (home.bp, public.bp, story.bp, player.bp, gm.bp, sandbox.bp, health.bp, consent.bp):
        app.register_blueprint(blueprint)
    for blueprint in (api.bp, api_gm.bp, api_player.bp, discord.bp, api_site.bp):  # docs/api.md's order
        csrf.exempt(blueprint)  # the API authenticates with a bearer token, Discord with its signature: no cookie
        app.register_blueprint(blueprint)
