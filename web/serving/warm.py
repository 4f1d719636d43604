"""A worker made ready before it takes its first request: its templates compiled, its request path run once.

A worker builds its app after the fork (web/serving/gunicorn.py), and the master laid out the maps before
it (:func:`web.play.mapview.warm_up`); what was left to the first request was Jinja compiling every template
the page includes and Flask, werkzeug and the routes each doing their first-time work. Done here, in the
worker, before gunicorn hands it a connection.
"""

from __future__ import annotations

import gc

from flask import Flask

__all__ = ["warm_worker"]


def warm_worker(app: Flask) -> None:
    """Compile every template and answer one ``/healthz`` in-process (no database, no network); then set what
    the worker holds from its start (maps, boards, templates, routes: over 100,000 objects) aside from the
    garbage collector, whose every full collection would walk them all again (tens of milliseconds each)."""
    for name in app.jinja_env.list_templates(filter_func=lambda name: name.endswith((".html", ".svg", ".txt"))):
        app.jinja_env.get_template(name)
    with app.test_client() as client:
        client.get("/healthz")
    gc.collect()  # what is garbage now is freed, not kept for ever
    gc.freeze()
