"""Running the site for real (``sengoku serve``): one process (waitress) or several (gunicorn), and the demo links.

One process (the default, what ``./run start`` does) is waitress: threads in
one process, on any system, with limits on connections, request size and
time (web/serving/waitress_site.py). ``--workers N`` (N > 1) is gunicorn, pre-fork:
its master process takes the port bound here, starts N worker processes (each with
threads: web/serving/gunicorn_worker.py, which reads each request whole before a
thread takes it), restarts a worker that dies (even by kill -9) or hangs
past the timeout, and reloads them one by one on SIGHUP. Each worker builds
its own app, so each has its own connection pool (nothing is shared across
fork) and its own deadline thread; the job's lock lets one pass run at a time
(web/table/deadlines.py).

The schema is checked before any worker starts: SQLite is brought up to
date (the file is the site's own), any other database must be at the newest
revision already (``sengoku db upgrade``), or nothing starts.

The port is bound here, first (``--port 0``: any free one, printed), and the
bound socket handed to waitress or to gunicorn's master (``fd://``); the
links are built from the public address (web/access/public_url.py): ``--public-url``,
else ``$SENGOKU_PUBLIC_URL``, else the address served on, which must then be
a loopback one.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from typing import Any

from flask import Flask

from game.addresses import is_loopback_host
from maps import known_variants
from web import create_app
from web.access import proxies
from web.access.public_url import PublicUrlError, parse
from web.pages.home import links
from web.play.mapview import warm_up
from web.serving.demo import demo_game
from web.storage.migrate import SchemaError, status, upgrade

__all__ = ["PublicUrlError", "Settings", "run"]

DEADLINE_CHECK_SECONDS = 2.0


class Settings:
    """What ``sengoku serve`` was asked for."""

    def __init__(
        self,
        host: str,
        port: int,
        *,
        database: str | None = None,
        demo: bool = False,
        threads: int = 8,
        workers: int = 1,
        deadline_seconds: float = DEADLINE_CHECK_SECONDS,
        access_log: str | None = None,
        public_url: str | None = None,
        forwarded_allow_ips: str | None = None,
    ) -> None:
        self.host, self.port, self.database, self.demo = host, port, database, demo
        self.threads, self.workers, self.deadline_seconds = threads, workers, deadline_seconds
        self.access_log, self.public_url = access_log, public_url
        self.forwarded_allow_ips = proxies.DEFAULT if forwarded_allow_ips is None else forwarded_allow_ips

    def app_config(self) -> dict[str, Any]:
        config: dict[str, Any] = {
            "DEADLINE_CHECK_SECONDS": self.deadline_seconds,
            "MIGRATE_ON_START": False,  # done once, before any worker starts (below)
            # each request thread may hold a connection, and the deadline job one more
            "DATABASE_POOL_SIZE": self.threads + 1,
            "DATABASE_MAX_OVERFLOW": self.threads,
            "PUBLIC_URL": self.public_url or self.base,
            "RATE_LIMITS": os.environ.get("SENGOKU_RATE_LIMITS", "on").lower() != "off",
            "FORWARDED_ALLOW_IPS": self.forwarded_allow_ips,
            "PUBLIC_SITE": not is_loopback_host(self.host),  # then only invited GMs create games, by default
        }
        if self.database:
            config["DATABASE_URL"] = self.database
        return config

    @property
    def base(self) -> str:
        """Where the site can be reached on this machine (the port is known once bound: see :func:`run`)."""
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::", "") else self.host
        return f"http://{f'[{host}]' if ':' in host else host}:{self.port}"

    def check_public_url(self) -> None:
        """PublicUrlError unless links can be built: a valid public URL, or a site on loopback only."""
        if self.public_url:
            parse(self.public_url)
            return
        if not is_loopback_host(self.host):
            raise PublicUrlError(
                f"--host {self.host} serves other machines: give the address players use, "
                "--public-url https://... (or $SENGOKU_PUBLIC_URL); links are never built from a request's Host"
            )


def run(settings: Settings, echo: Callable[[str], None]) -> None:
    """Serve until stopped; raises OSError when the port cannot be had, SchemaError when the database is not ready."""
    settings.check_public_url()
    proxies.networks(settings.forwarded_allow_ips)  # a bad entry is said (ValueError) before anything starts
    listener = _listen(settings.host, settings.port)
    settings.port = listener.getsockname()[1]
    try:
        _serve(settings, listener, echo)
    finally:
        listener.close()


def _serve(settings: Settings, listener: socket.socket, echo: Callable[[str], None]) -> None:
    from web.serving.redact import install
    from web.serving.waitress_site import LIMITS, raise_open_files

    raise_open_files(int(LIMITS["connection_limit"]) * max(1, settings.workers) + 64)
    one_process = settings.workers == 1  # with several, the workers run the deadline job, never the master
    install("waitress")
    app = create_app({**settings.app_config(), "DEADLINE_CHECK_SECONDS": 0})  # the job starts below, once ready
    db = app.extensions["sengoku_db"]
    try:
        _check_schema(app, echo)
    except BaseException:
        db.dispose()  # not served: its connections are closed now, not left to the garbage collector
        raise
    echo(f"Sengoku web site: {settings.base}/   (database: {_without_password(app.config['DATABASE_URL'])})")
    if settings.public_url:
        echo(f"Links are built for {app.config['PUBLIC_URL']} (other hosts get 400).")
    if settings.demo:
        _show_demo(app, settings.base, echo)
    if one_process:
        from web.serving import waitress_site
        from web.serving.warm import warm_worker
        from web.table import deadlines, mailer

        warm_up(known_variants())  # the maps' layout in the background; the templates now (web/serving/warm.py)
        warm_worker(app)
        timer = deadlines.start_timer(db, settings.deadline_seconds, mailer.smtp_settings(app.config))
        try:
            waitress_site.serve(app, listener, settings.threads, proxies.networks(settings.forwarded_allow_ips))
        finally:
            timer.stop()  # no pass outlives the serving (a test's database is dropped after it)
        return
    db.dispose()  # the workers open their own connections; none may be inherited across fork
    echo(f"{settings.workers} worker processes x {settings.threads} threads (gunicorn); Ctrl-C stops them all")
    from web.serving.gunicorn import serve

    listener.set_inheritable(True)
    serve(
        settings.app_config(),
        listener.detach(),
        settings.workers,
        settings.threads,
        settings.access_log,
        settings.forwarded_allow_ips,
    )


def _check_schema(app: Flask, echo: Callable[[str], None]) -> None:
    engine = app.extensions["sengoku_db"].engine
    if engine.dialect.name == "sqlite":
        before, _ = upgrade(engine)
        if before.legacy:
            echo(f"Database made before migrations: recognised and brought up to revision {before.head}.")
        elif before.current is None:
            echo(f"New database: tables made (revision {before.head}).")
        elif not before.ready:
            echo(f"Database schema brought up to date (revision {before.current} -> {before.head}).")
        return
    schema = status(engine)
    if not schema.ready:
        raise SchemaError(f"the database is {schema.describe()}")


def _show_demo(app: Flask, base: str, echo: Callable[[str], None]) -> None:
    game_id, issued = demo_game(app)
    with app.test_request_context(base_url=app.config["PUBLIC_URL"] or base):
        shown = links(game_id, issued)
    echo(f"\nDemo game {game_id} (the same links at every start; instance/demo-game.json keeps them):")
    echo(f"  public page   {shown.pop('public')}")
    echo(f"  GM            {shown.pop('gm')}")
    for role, link in shown.items():
        echo(f"  {role:<13} {link}")
    echo("")


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket (a clear OSError now if the port cannot be had, never gunicorn's five retries)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(1024)
    except OSError:
        listener.close()
        raise
    return listener


def _without_password(url: str) -> str:
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, credentials = head.partition("://")
    return f"{scheme}://{credentials.split(':')[0]}:***@{tail}"
