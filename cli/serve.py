"""``sengoku serve``: the web site, on SQLite by default (PostgreSQL with a ``postgresql://`` URL).

One process by default (``./run start``); ``--workers N`` runs N processes
under gunicorn, the production setup (README, "Running it in production").
"""

from __future__ import annotations

import click

__all__ = ["serve"]


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0: every one).")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--database", metavar="URL", help="SQLAlchemy URL [default: $DATABASE_URL, else instance/sengoku.db].")
@click.option("--demo", is_flag=True, help="Open with a demo Sengoku game and print its links.")
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Processes; more than 1 runs gunicorn (about 2 per core, on PostgreSQL).",
)
@click.option(
    "--threads", default=8, show_default=True, type=click.IntRange(1, 64), help="Requests served at once, each."
)
@click.option(
    "--deadline-check",
    "deadline_seconds",
    default=2.0,
    show_default=True,
    type=click.FloatRange(0.1, 3600),
    metavar="SECONDS",
    help="How often the deadline job looks for passed deadlines.",
)
@click.option(
    "--access-log",
    metavar="FILE",
    help="With --workers: log each request (and its time in microseconds) to FILE, - for stdout.",
)
def serve(
    host: str,
    port: int,
    database: str | None,
    demo: bool,
    workers: int,
    threads: int,
    deadline_seconds: float,
    access_log: str | None,
) -> None:
    """Start the web site for GMs and players (Ctrl-C stops it)."""
    from web.migrate import SchemaError  # the web stack loads only for this command
    from web.server import Settings, run

    settings = Settings(
        host,
        port,
        database=database,
        demo=demo,
        threads=threads,
        workers=workers,
        deadline_seconds=deadline_seconds,
        access_log=access_log,
    )
    try:
        run(settings, echo=click.echo)
    except SchemaError as error:
        raise click.ClickException(f"{error}; the site was not started") from None
    except OSError as error:
        raise click.ClickException(f"cannot listen on {host}:{port} ({error}); try another --port") from None
