"""``sengoku site``: the web site's operator, on its machine: who may create games, invitation codes, every game
with the mail and webhook posts it made, and closing or reopening a game.

The same as the operator's API (``/api/site`` with ``SENGOKU_OPERATOR_TOKEN``), for whoever can reach the
database (docs/security.md, "Running a public site").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import click

if TYPE_CHECKING:
    from web.storage.db import Database

__all__ = ["site"]

T = TypeVar("T")
_DATABASE = click.option(
    "--database", metavar="URL", help="SQLAlchemy URL [default: $DATABASE_URL, else instance/sengoku.db]."
)


@click.group()
def site() -> None:
    """The web site's operator: who may create games, invitations, every game's mail.

    On the site's machine, with its database.

    \b
      sengoku site show                       who may create games; the mail quotas
      sengoku site create-games invited       anyone | invited | operator
      sengoku site invite --uses 3            an invitation code for three games
      sengoku site games                      every game, with its mail and webhook posts
      sengoku site close GAME_ID              its links stop working; reopen gives a new GM link
    """


@site.command()
@_DATABASE
@click.option("--public", is_flag=True, help="As a site serving other machines (--host 0.0.0.0) sees it.")
def show(database: str | None, public: bool) -> None:
    """Who may create games, and the mail quotas."""
    from web.storage import site as settings
    from web.table import outgoing

    chosen = _with(database, lambda db: settings.policy(db, public))
    quotas = outgoing.quotas()
    click.echo(f"Who may create games: {chosen}{'' if public else ' (this machine alone; --public: other machines)'}")
    click.echo(
        f"Mail: at most {quotas.site_per_hour} an hour from the site, {quotas.game_per_hour} an hour from a game, "
        f"{quotas.game_addresses} addresses a game; chat posts: {quotas.webhook_per_hour} an hour a game."
    )


@site.command(name="create-games")
@_DATABASE
@click.argument("who", type=click.Choice(["anyone", "invited", "operator"]))
def create_games(database: str | None, who: Literal["anyone", "invited", "operator"]) -> None:
    """Who may create games: anyone, anyone with an invitation code, or the operator only."""
    from web.storage import site as settings

    _with(database, lambda db: settings.set_policy(db, who))
    click.echo(f"Who may create games: {who}.")


@site.command()
@_DATABASE
@click.option("--uses", default=1, show_default=True, type=click.IntRange(1, 1000), help="Games it may create.")
@click.option("--note", default="", help="Whom it is for (kept beside it).")
def invite(database: str | None, uses: int, note: str) -> None:
    """A new invitation code (shown once: the site keeps only its fingerprint)."""
    from web.storage import site as settings

    code = _with(database, lambda db: settings.invite(db, uses, note))
    click.echo(f"Invitation code (good for {uses} game{'s' if uses != 1 else ''}): {code}")


@site.command()
@_DATABASE
def games(database: str | None) -> None:
    """Every game, newest first, with the mail and chat posts it sent (the last day, and in all)."""
    from web.storage import site as settings

    listed = _with(database, settings.games)
    if not listed:
        click.echo("No games.")
    for game in listed:
        closed = " CLOSED" if game.closed else ""
        click.echo(
            f"{game.id}  {game.created:%Y-%m-%d}  mail {game.mail_day}/{game.mail_total}  "
            f"webhook {game.webhook_day}/{game.webhook_total}{closed}  {game.name}"
        )
    if listed:
        click.echo("(mail and webhook: in the last 24 hours / in all)")


@site.command()
@_DATABASE
@click.argument("game_id")
def close(database: str | None, game_id: str) -> None:
    """Close a game: every link stops working, its deadline is cleared (reopen gives a new GM link)."""
    from web.storage import site as settings

    _with(database, lambda db: settings.close(db, game_id))
    click.echo(f"Game {game_id} closed: its links no longer work.")


@site.command()
@_DATABASE
@click.argument("game_id")
def reopen(database: str | None, game_id: str) -> None:
    """Reopen a closed game: prints its new GM link's path (the GM makes the players' links anew)."""
    from web.storage import site as settings

    token = _with(database, lambda db: settings.reopen(db, game_id))
    click.echo(f"Game {game_id} reopened. Its GM's new link: (the site's address)/games/{game_id}/gm/{token}")


def _with(database: str | None, action: Callable[[Database], T]) -> T:
    """``action`` on the site's database (brought up to date first, as ``sengoku serve`` does on SQLite), or
    exit 1 with one line saying why it could not be used."""
    from sqlalchemy.exc import SQLAlchemyError

    from web.serving.config import database_url
    from web.storage.db import Database
    from web.storage.dburl import DatabaseUnusable, check, describe
    from web.storage.migrate import SchemaError, status
    from web.storage.store import NotFound

    url = database or database_url()
    db: Any = None
    try:
        check(url)
        db = Database(url)
        schema = status(db.engine)
        if not schema.ready:
            raise click.ClickException(f"the database is {schema.describe()}")
        return action(db)
    except (DatabaseUnusable, SQLAlchemyError, ImportError) as error:
        raise click.ClickException(describe(error)) from None
    except (NotFound, ValueError, SchemaError) as error:
        raise click.ClickException(str(error)) from None
    finally:
        if db is not None:
            db.dispose()
