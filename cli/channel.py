"""``sengoku channel``: the game's chat channel (a Discord or Slack webhook), and posting results to it.

For a GM whose players meet in a chat server rather than by mail: the
results post, cut into the messages the channel takes, with the map as a
PNG (Discord), or a short "the phase is open" notice. The webhook address
is kept in the game file and never printed again: whoever has it can post
to the channel.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from cli.common import game_argument
from cli.errors import ExitCode, cli_errors
from cli.gamefile import load_game, save_game
from cli.gamelock import game_lock
from cli.gmlog import note

if TYPE_CHECKING:
    from game.chat_channel import ChatChannel
    from game.game import Game
    from outbox.webhook import ChannelPost
    from post.chat import Flavour

_RETRIES = click.option(
    "--retries",
    type=click.IntRange(0, 10),
    default=3,
    show_default=True,
    help="More tries for a message that failed in passing.",
)


class _GameFirst(click.Group):
    """``sengoku channel GAME VERB ...``, GAME first as in every command; ``channel VERB GAME ...`` is still read."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if len(args) >= 2 and args[0] in self.commands and args[1] not in self.commands and args[1][:1] != "-":
            args = [args[1], args[0], *args[2:]]  # the order before GAME came first
        return super().parse_args(ctx, args)


@click.group(
    cls=_GameFirst,
    short_help="Post results and notices to a chat channel (Discord, Slack).",
    subcommand_metavar="set URL | clear | show | results [PHASE] | notice",
)
@game_argument
@click.pass_context
def channel(ctx: click.Context, game: Path) -> None:
    """The game's chat channel: a Discord or Slack webhook that results and notices are posted to.

    \b
      sengoku channel game.json set https://discord.com/api/webhooks/...
      sengoku channel game.json results          the last results and the map, then who owes orders
      sengoku channel game.json notice           "Fall 1570 is open", the deadline and who owes orders
    """
    ctx.obj = game


@channel.command(name="set")
@click.argument("url")
@click.option("--flavour", type=click.Choice(["discord", "slack"]), help="The webhook's format, for another host.")
@cli_errors
@click.pass_obj
def set_channel(game: Path, url: str, flavour: str | None) -> None:
    """Post this game's results to the webhook at URL (Discord's or Slack's; others: --flavour)."""
    from game.chat_channel import ChannelError
    from outbox.webhook import channel_for

    try:
        chosen = channel_for(url, flavour)
    except ChannelError as error:
        raise click.ClickException(str(error)) from None
    with game_lock(game):
        loaded = load_game(game)
        loaded.state = loaded.state.replace(channel=chosen)
        note(loaded, f"set the chat channel: {chosen.shown()}")
        save_game(game, loaded)
    click.echo(f"Channel: {chosen.shown()} (the address is kept in {game.name} and never shown again).")


@channel.command(name="clear")
@cli_errors
@click.pass_obj
def clear_channel(game: Path) -> None:
    """Forget the game's webhook."""
    with game_lock(game):
        loaded = load_game(game)
        loaded.state = loaded.state.replace(channel=None)
        note(loaded, "cleared the chat channel")
        save_game(game, loaded)
    click.echo("Channel: none.")


@channel.command(name="show")
@cli_errors
@click.pass_obj
def show_channel(game: Path) -> None:
    """Where the game's posts go (the host only: the address is a secret)."""
    chosen = load_game(game).state.channel
    click.echo(f"Channel: {chosen.shown() if chosen else 'none (sengoku channel GAME set URL)'}.")


@channel.command(name="results")
@click.argument("phase", required=False, nargs=-1)
@click.option("--map/--no-map", "with_map", default=True, show_default=True, help="Attach the map (Discord).")
@click.option(
    "--story/--no-story",
    "with_story",
    default=True,
    show_default=True,
    help="After a year's last results, the chart of the centres; at the game's end, the summary and the animation.",
)
@click.option(
    "--max-bytes",
    "max_bytes",
    metavar="SIZE",
    help="The map's byte budget (e.g. 250k): a 256-colour PNG, then a smaller scale.",
)
@click.option("--dry-run", is_flag=True, help="Print the messages; post nothing.")
@_RETRIES
@cli_errors
@click.pass_obj
def channel_results(
    game: Path,
    phase: tuple[str, ...],
    with_map: bool,
    with_story: bool,
    max_bytes: str | None,
    dry_run: bool,
    retries: int,
) -> None:
    """Post the results of the last adjudicated phase (or PHASE, as 'sengoku history' takes it), with the
    next phase's deadline.

    After the results that close a year, the chart of the centres follows; when
    the game is over, its summary (with the chart) and the whole game as an
    animation (Discord; fitted to its 10 MB). --no-story leaves them out.
    """
    from cli.common import find_phase
    from cli.map import size_option
    from outbox.webhook import ChannelPost
    from post import build_post
    from post.chat import Flavour, chat_messages, with_line

    loaded = load_game(game)
    chosen = _channel(loaded, dry_run)
    index = find_phase(loaded.state, " ".join(phase) if phase else "last")
    post = build_post(loaded.board, loaded.state, index, deadline=loaded.state.deadline)
    flavour = Flavour(chosen.flavour if chosen else "discord")
    messages = chat_messages(post, flavour)
    if index == len(loaded.state.history) - 1 and not loaded.state.result.over:
        messages = with_line(messages, _owing_line(loaded, flavour), flavour)
    budget = size_option(max_bytes)
    picture = _picture(loaded, index, budget) if with_map and not dry_run else None
    what = f"the {post.phase} results" + (" (a correction)" if post.correction is not None else "")
    if _post(None if dry_run else chosen, ChannelPost(messages, picture), what, retries):
        _log(game, f"posted {what} to the chat channel", published=(index, post.phase))
    if with_story:
        for told, story in _story(loaded, index, flavour, dry_run):
            _post(None if dry_run else chosen, story, told, retries)


@channel.command(name="notice")
@click.option("--dry-run", is_flag=True, help="Print the message; post nothing.")
@_RETRIES
@cli_errors
@click.pass_obj
def channel_notice(game: Path, dry_run: bool, retries: int) -> None:
    """Post that the open phase takes orders now, with its deadline and the powers that still owe orders."""
    from outbox.webhook import ChannelPost
    from post.chat import Flavour, phase_notice

    loaded = load_game(game)
    state = loaded.state
    if state.result.over:
        raise click.ClickException(f"the game is over: {state.result.describe()}")
    chosen = _channel(loaded, dry_run)
    name = state.name or loaded.board.title
    flavour = Flavour(chosen.flavour if chosen else "discord")
    text = phase_notice(name, str(loaded.phase), state.deadline, flavour, state.zone)
    text += "\n" + _owing_line(loaded, flavour)
    if _post(None if dry_run else chosen, ChannelPost([text]), f"the {loaded.phase} notice", retries):
        _log(game, f"posted the {loaded.phase} notice to the chat channel")


def _owing_line(loaded: Game, flavour: Flavour) -> str:
    """Who still owes orders for the open phase (game/owed.py), as the site's posts end: by power, nobody
    mentioned (the Discord users bound to powers are the site's, not the game file's)."""
    from game.owed import owing
    from post.chat import owing_line

    state = loaded.state
    return owing_line(str(loaded.phase), owing(loaded.board, state.position, loaded.rules, state.orders), flavour)


def _channel(loaded: Game, dry_run: bool) -> ChatChannel | None:
    chosen = loaded.state.channel
    if chosen is None and not dry_run:
        raise click.ClickException("this game has no channel: sengoku channel GAME set URL")
    return chosen


def _story(loaded: Game, index: int, flavour: Flavour, dry_run: bool) -> list[tuple[str, ChannelPost]]:
    """What follows the results: the year's chart, or (the game over, at its last phase) the summary and animation.

    Nothing is drawn for a dry run (its messages are printed, not its pictures).
    """
    from cli.story import animation_of, chart_of
    from outbox.storyposts import end_posts, year_post
    from outbox.webhook import MAX_PICTURE_BYTES
    from raster.animation import OverBudget
    from story.frames import frames
    from story.summary import summarise
    from story.years import ends_year

    state, title = loaded.state, loaded.board.title
    report = state.history[index].report
    last = index == len(state.history) - 1
    if last and state.result.over:
        summary = summarise(loaded.board, state, loaded.rules)
        chart = None if dry_run else chart_of(loaded)
        try:
            gif = None if dry_run else animation_of(loaded, frames(state), max_bytes=MAX_PICTURE_BYTES).data
        except OverBudget as error:
            click.echo(f"Note: the animation is not posted: {error}.", err=True)
            gif = None
        summary_post, animation_post = end_posts(state, title, summary, chart, gif, flavour)
        return [("the game's summary and chart", summary_post), ("the game's animation", animation_post)]
    if ends_year(report):
        post = year_post(state, title, report.phase.year, None if dry_run else chart_of(loaded), flavour)
        return [(f"the chart of {report.phase.year}", post)]
    return []


def _picture(loaded: Game, index: int, budget: int | None) -> bytes:
    from cli.map import draw, picture

    svg, _ = draw(loaded, index)
    return picture(svg, budget, ("png",)).data


def _log(game: Path, action: str, published: tuple[int, str] | None = None) -> None:
    """A post that went, in the game's log (the post itself is the channel's); ``published``: the results
    it carried, (history index, phase), now seen by the players."""
    from maps.errors import SengokuError

    try:
        with game_lock(game):
            loaded = load_game(game)
            note(loaded, action)
            history = loaded.state.history
            if published is not None and published[0] < len(history):
                if str(history[published[0]].report.phase) == published[1]:
                    loaded.publish(published[0])
            save_game(game, loaded)
    except SengokuError as error:  # it was posted all the same: a missing log line is no reason to fail
        click.echo(f"(not noted in the game's log: {error})", err=True)


def _post(chosen: ChatChannel | None, post: ChannelPost, what: str, retries: int) -> bool:
    """Send the messages (or, for a dry run, ``chosen`` None: print them); exit code 6 unless all of them went.

    True when something was posted (the caller notes it in the game's log)."""
    from outbox.webhook import post_to_channel

    if chosen is None:
        for number, text in enumerate(post.messages, 1):
            click.echo(f"--- message {number} of {len(post.messages)} ({len(text)} characters) ---\n{text}")
        click.echo(f"Dry run: {what} in {len(post.messages)} message(s); nothing posted.")
        return False
    posted = post_to_channel(chosen, post, retries=retries)
    for said in posted.notes:
        click.echo(f"Note: {said}.", err=True)
    count = f"{posted.sent} of {posted.total} message{'s' if posted.total != 1 else ''}"
    if posted.complete:
        extra = " with the map" if post.picture is not None and not posted.notes else ""
        click.echo(f"Posted {what} to the {chosen.shown()}: {count}{extra}.")
        return True
    click.echo(f"NOT POSTED: {what}: {count} went; then {posted.failure}.")
    raise SystemExit(ExitCode.MAIL_NOT_SENT)
