"""``sengoku serve``: the web site, on SQLite by default (PostgreSQL with a ``postgresql://`` URL)."""

from __future__ import annotations

import click

__all__ = ["serve"]


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0: every one).")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--database", metavar="URL", help="SQLAlchemy URL [default: $DATABASE_URL, else instance/sengoku.db].")
@click.option("--demo", is_flag=True, help="Open with a demo Sengoku game and print its links.")
@click.option("--threads", default=8, show_default=True, type=click.IntRange(1, 64), help="Requests served at once.")
def serve(host: str, port: int, database: str | None, demo: bool, threads: int) -> None:
    """Start the web site for GMs and players (Ctrl-C stops it)."""
    from web.server import run  # the web stack loads only for this command

    try:
        run(host, port, database=database, demo=demo, threads=threads, echo=click.echo)
    except OSError as error:
        raise click.ClickException(f"cannot listen on {host}:{port} ({error}); try another --port") from None
