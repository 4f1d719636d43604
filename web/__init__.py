"""The web site (Flask): a thin shell over the engine, for a GM and players on any device.

``create_app(test_config)`` builds the app: settings (web/config.py), the
database (web/db.py; its schema by web/migrate.py), CSRF protection on every
form, the public address, JSON depth and rate limits (web/guards.py,
web/limits.py), the deadline job (web/deadlines.py), health checks, and one blueprint
per audience (web/views/). The JSON API (web/views/api*.py) is
documented at ``/api/openapi.json``.

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
    from web import assets, config, db, deadlines, errors, guards, hooks, limits

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
    guards.install(app)
    deadlines.init_app(app)
    return app


def _register_views(app: Flask, csrf: Any) -> None:
    from web.views import api, api_gm, api_player, gm, gm_press, health, home, player, player_press, public, sandbox

    assert player_press.bp is player.bp and gm_press.bp is gm.bp  # their routes are on those blueprints

    for blueprint in (home.bp, public.bp, player.bp, gm.bp, sandbox.bp, health.bp):
        app.register_blueprint(blueprint)
    for blueprint in (api.bp, api_player.bp, api_gm.bp):
        csrf.exempt(blueprint)  # the API authenticates with a bearer token, never a cookie
        app.register_blueprint(blueprint)
