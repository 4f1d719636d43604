"""``sengoku deadline``: when the open phase is due, kept in the game file and shown in posts and reminders."""

from __future__ import annotations

from pathlib import Path

import click

from cli.common import game_argument
from cli.errors import cli_errors
from cli.gamefile import load_game, save_game
from cli.gamelock import game_lock
from cli.gmlog import note
from cli.when import parse_when
from post.words import deadline_text


@click.command(short_help="Show or set the open phase's deadline.")
@game_argument
@click.argument("when", required=False, nargs=-1)
@click.option("--clear", is_flag=True, help="Remove the deadline.")
@click.option(
    "--zone",
    metavar="ZONE",
    help="The game's time zone, for showing its deadlines (and reading a time typed without one): "
    "Asia/Tokyo, Europe/London, JST; UTC for none.",
)
@cli_errors
def deadline(game: Path, when: tuple[str, ...], clear: bool, zone: str | None) -> None:
    """Show, set or clear the deadline of the open phase of GAME.json.

    WHEN is a time such as '2026-12-01 20:00 UTC', '2026-12-01 20:00 JST',
    '2026-12-01 20:00 Europe/London', '2026-12-01T20:00+01:00', or from now:
    '+48h', '+2d'; a time without a zone is in the game's zone (UTC unless
    --zone set one). Posts, reminders and 'status' show the deadline in the
    game's zone with UTC beside it. Adjudicating clears it (give the next
    one with 'adjudicate --deadline WHEN', or set it here).
    """
    if when and clear:
        raise click.UsageError("give a time or --clear, not both")
    if not (when or clear or zone is not None):
        loaded = load_game(game)
    else:
        named = _zone(zone) if zone is not None else None
        with game_lock(game):
            loaded = load_game(game)
            if named is not None:
                loaded.state = loaded.state.replace(zone=named)
                note(loaded, f"set the game's time zone: {named or 'UTC'}")
            if when or clear:
                if loaded.state.result.over:
                    raise click.ClickException(f"the game is over: {loaded.state.result.describe()}")
                moment = None if clear else parse_when(" ".join(when), zone=loaded.state.zone)
                loaded.state = loaded.state.replace(deadline=moment)
                shown = deadline_text(moment, loaded.state.zone) if moment else ""
                note(loaded, f"set the deadline: {shown}" if moment else "cleared the deadline")
            save_game(game, loaded)
    current, zone_now = loaded.state.deadline, loaded.state.zone
    shown = deadline_text(current, zone_now) if current else "none (set one with 'sengoku deadline GAME WHEN')"
    click.echo(f"Deadline for {loaded.phase}: {shown}")
    if zone is not None:
        click.echo(f"Deadlines are shown in {zone_now or 'UTC'}" + (", with UTC beside." if zone_now else "."))


def _zone(word: str) -> str:
    from post.zones import ZoneProblem, game_zone

    try:
        return game_zone(word)
    except ZoneProblem as problem:
        raise click.BadParameter(str(problem), param_hint="'--zone'") from None
