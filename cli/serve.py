"""``sengoku serve``: the web site, on SQLite by default (PostgreSQL with a ``postgresql://`` URL).

One process by default (``./run start``); ``--workers N`` runs N processes
under gunicorn, the production setup (README, "Running it in production").
Every link the site gives is built from ``--public-url`` (or
``$SENGOKU_PUBLIC_URL``), never from a request's ``Host``; without one the
site must listen on a loopback address. A database that cannot be used, a
bad public URL or a port that cannot be had is one line and exit 1.
"""

from __future__ import annotations

import click

__all__ = ["serve"]


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on (0.0.0.0: every one; then give --public-url).",
)
@click.option(
    "--port", default=5000, show_default=True, type=click.IntRange(0, 65535), help="0: any free port (printed)."
)
@click.option(
    "--public-url",
    envvar="SENGOKU_PUBLIC_URL",
    metavar="URL",
    help="The address players use, e.g. https://diplomacy.example: every link is built from it "
    "[default: $SENGOKU_PUBLIC_URL, else the address served on, which must then be loopback].",
)
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
    help="With --workers: log each request (and its time in microseconds) to FILE, - for stdout; "
    "the links' tokens show as ***.",
)
@click.option(
    "--forwarded-allow-ips",
    envvar="SENGOKU_FORWARDED_ALLOW_IPS",
    metavar="IPS",
    help="Proxies trusted to say who the client is (X-Forwarded-For): addresses or networks, comma-separated, "
    "'*' for any peer, '' for none [default: 127.0.0.1,::1, a proxy on this machine].",
)
def serve(
    host: str,
    port: int,
    public_url: str | None,
    database: str | None,
    demo: bool,
    workers: int,
    threads: int,
    deadline_seconds: float,
    access_log: str | None,
    forwarded_allow_ips: str | None,
) -> None:
    """Start the web site for GMs and players (Ctrl-C stops it)."""
    from sqlalchemy.exc import SQLAlchemyError  # the web stack loads only for this command

    from web.serving.server import PublicUrlError, Settings, run
    from web.storage.dburl import DatabaseUnusable, describe
    from web.storage.migrate import SchemaError

    settings = Settings(
        host,
        port,
        database=database,
        demo=demo,
        threads=threads,
        workers=workers,
        deadline_seconds=deadline_seconds,
        access_log=access_log,
        public_url=public_url,
        forwarded_allow_ips=forwarded_allow_ips,
    )
    try:
        run(settings, echo=click.echo)
    except SchemaError as error:
        raise click.ClickException(f"{error}; the site was not started") from None
    except PublicUrlError as error:
        raise click.ClickException(f"{error}; the site was not started") from None
    except (DatabaseUnusable, SQLAlchemyError, ImportError) as error:
        raise click.ClickException(f"{describe(error)}; the site was not started") from None
    except ValueError as error:  # --forwarded-allow-ips that names no address
        raise click.ClickException(f"{error}; the site was not started") from None
    except OSError as error:
        raise click.ClickException(f"cannot listen on {host}:{port} ({error}); try another --port") from None
