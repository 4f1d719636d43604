"""Several worker processes under gunicorn (``sengoku serve --workers N``), configured in code.

Why gunicorn: a pre-fork master that restarts a worker that dies or hangs,
stops them gracefully, and is the usual way to run a WSGI app on Linux. Each
worker builds its own app after the fork (no ``preload``), so connections,
pools and the deadline thread are never shared between processes. The
worker (web/serving/gunicorn_worker.py) is gunicorn's ``gthread`` that reads each
request whole, within a deadline, in its event loop before one of its
``threads`` takes it: idle or trickling sockets cost no thread (else a
handful of them would hold every thread of the site).

Every log line goes through :class:`web.serving.redact.Redactor`: the access log's
request lines and the error log's tracebacks show ``/gm/***``, never a token.

The deadline job runs in a process of its own beside the workers
(:mod:`web.serving.scheduler`, started when the server is ready and stopped with
it); each worker runs it too, every 30 seconds, as a safety net: the same pass,
which with nothing due is one indexed statement (web/storage/due.py).

No keep-alive: each answer closes its connection. A request on a kept-alive
connection waits for the worker that holds the connection, where a new
connection goes to the first free one (bench/LOAD.md has the figures); a
reverse proxy in front talks to the workers without keep-alive anyway.

A worker takes new connections only while one of its threads is free: by
default a gthread worker accepts up to 1000 and queues them for its own
threads, so a request could wait behind a busy worker while another stood
idle. Now the waiting ones stay in the kernel's queue, shared, and go to the
first worker with a free thread (bench/LOAD.md: what it does to the tail of a
saturated site).
"""

from __future__ import annotations

import subprocess
from typing import Any

from gunicorn.app.base import BaseApplication
from gunicorn.glogging import Logger

from maps import known_variants
from web import create_app
from web.play.mapview import warm_up
from web.serving import scheduler
from web.serving.redact import Redactor, install
from web.serving.warm import warm_worker

__all__ = ["options", "serve"]


def _known_settings() -> set[str]:
    from gunicorn.config import KNOWN_SETTINGS

    return {str(setting.name) for setting in KNOWN_SETTINGS}


SAFETY_NET_SECONDS = 30.0
"""How often each worker runs the deadline job itself, in case the scheduler process has died."""


class _Site(BaseApplication):
    def __init__(self, app_config: dict[str, Any], options: dict[str, Any]) -> None:
        self.app_config, self.options = app_config, options
        self.scheduler: subprocess.Popen[bytes] | None = None
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)
        self.cfg.set("when_ready", self._start_scheduler)
        self.cfg.set("on_exit", self._stop_scheduler)

    def _start_scheduler(self, _server: object) -> None:
        self.scheduler = scheduler.start(self.app_config, float(self.app_config["DEADLINE_CHECK_SECONDS"]))

    def _stop_scheduler(self, _server: object) -> None:
        if self.scheduler is not None and self.scheduler.poll() is None:
            self.scheduler.terminate()
            try:
                self.scheduler.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.scheduler.kill()

    def load(self) -> Any:
        """Runs in each worker, after the fork (the master laid out the maps before: see :func:`serve`)."""
        seconds = max(SAFETY_NET_SECONDS, float(self.app_config["DEADLINE_CHECK_SECONDS"]))
        install("gunicorn.error", "gunicorn.access")  # inherited from the master already; made sure of here
        app = create_app({**self.app_config, "DEADLINE_CHECK_SECONDS": seconds})
        warm_worker(app)  # before its first connection: a worker started again answers at once too
        return app


ACCESS_FORMAT = '%(h)s:%({remote_port}e)s %(t)s "%(r)s" %(s)s %(b)s %(D)s'
"""The client and its port, the time, the request line, the status, the bytes sent and the microseconds it took.

The port tells one connection's request from another's (each answer closes
its connection), so a slow answer a client saw can be matched to its line:
bench/load.py splits a request's time into waiting for a worker and inside it.
"""


class RedactingLogger(Logger):
    """gunicorn's logger, with the secret links' tokens masked in the access and error logs."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                handler.addFilter(Redactor())


def serve(
    app_config: dict[str, Any],
    fd: int,
    workers: int,
    threads: int,
    access_log: str | None = None,
    forwarded_allow_ips: str = "127.0.0.1,::1",
) -> None:
    """Serve on the listening socket ``fd`` (bound by web/serving/server.py) until stopped.

    ``forwarded_allow_ips``: the proxies the operator trusts (web/access/proxies.py), told to gunicorn too.
    """
    warm_up(known_variants(), background=False)  # once, here: a worker started again after a crash has it at once
    _Site(app_config, options(fd, workers, threads, access_log, forwarded_allow_ips)).run()


def options(
    fd: int, workers: int, threads: int, access_log: str | None = None, forwarded_allow_ips: str = "127.0.0.1,::1"
) -> dict[str, Any]:
    """gunicorn's settings for the site (bench/floor.py serves the framework's floor with the very same)."""
    chosen = {
        "forwarded_allow_ips": forwarded_allow_ips,
        "bind": [f"fd://{fd}"],
        "workers": workers,
        "worker_class": "web.serving.gunicorn_worker.BufferingWorker",
        "threads": threads,
        "timeout": 60,  # a worker silent this long is killed and replaced
        "graceful_timeout": 15,
        "keepalive": 0,  # no keep-alive (see above)
        "worker_connections": 1000,  # idle ones included; a thread is taken only by a whole request
        "backlog": 1024,
        "limit_request_line": 8190,
        "limit_request_fields": 100,
        "limit_request_field_size": 8190,
        "logger_class": RedactingLogger,
        "proc_name": "sengoku",
        "accesslog": access_log,
        "access_log_format": ACCESS_FORMAT,
        "errorlog": "-",
        "loglevel": "info",
    }
    if "control_socket_disable" in _known_settings():  # newer gunicorn: no control socket in the user's home
        chosen["control_socket_disable"] = True
    return chosen
