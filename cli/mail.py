"""``sengoku mail``: the results post, a reminder or the web links, mailed to each player's addresses (SMTP)."""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from email.utils import parseaddr
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cli.common import game_argument, power_name
from cli.errors import ExitCode, cli_errors
from cli.gamefile import check_phases, load_game, read_state, save_game, write_state
from cli.gamelock import game_lock
from maps.errors import SengokuError

if TYPE_CHECKING:
    from game.game import Game
    from game.sent import SentMessage
    from game.state import GameState
    from outbox import Plan, SmtpSettings
    from outbox.letters import MailPicture


@click.command(short_help="Mail the players the results post, a reminder, or their links.")
@game_argument
@click.argument("what", type=click.Choice(["results", "reminder", "links"], case_sensitive=False))
@click.argument("phase", required=False, nargs=-1)
@click.option(
    "--dry-run",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="Write the messages as .eml files in DIR; send and record nothing.",
)
@click.option("--smtp-host", help="The SMTP server (or SENGOKU_SMTP_HOST).")
@click.option(
    "--smtp-port", type=int, help="Its port (or SENGOKU_SMTP_PORT; default 587 with STARTTLS, 465 with --ssl, else 25)."
)
@click.option(
    "--starttls/--no-starttls",
    default=None,
    help="Upgrade with STARTTLS (or SENGOKU_SMTP_STARTTLS; default: on when logging in).",
)
@click.option(
    "--ssl", "use_ssl", is_flag=True, default=None, help="TLS from the start, port 465 (or SENGOKU_SMTP_SSL=1)."
)
@click.option("--smtp-user", help="Log in as this user (or SENGOKU_SMTP_USER).")
@click.option("--smtp-password", help="The password (better: SENGOKU_SMTP_PASSWORD, which no process list shows).")
@click.option(
    "--from", "sender", metavar="ADDRESS", help="The sender, e.g. 'GM <gm@example.org>' (or SENGOKU_SMTP_FROM)."
)
@click.option(
    "--retries",
    type=click.IntRange(0, 10),
    default=2,
    show_default=True,
    help="More tries for a message after a dropped connection or a temporary refusal.",
)
@click.option(
    "--retry-pause",
    type=click.FloatRange(0, 60),
    default=1.0,
    show_default=True,
    help="Seconds before the first retry (doubled for each next one).",
)
@click.option(
    "--power",
    "only",
    metavar="POWER",
    help="Mail this power's addresses only (a player who lost the message, or joined late).",
)
@click.option(
    "--map/--no-map",
    "with_map",
    default=True,
    show_default=True,
    help="Results: show the phase's map in the message (its HTML part; the plain text says it is there).",
)
@click.option(
    "--max-bytes",
    "max_bytes",
    metavar="SIZE",
    default="300k",
    show_default=True,
    help="Results: the map's byte budget (a 256-colour PNG, then smaller, then JPEG).",
)
@click.option(
    "--again",
    is_flag=True,
    help="Send it also to the addresses that have it already (a second reminder as the deadline nears).",
)
@cli_errors
def mail(
    game: Path,
    what: str,
    phase: tuple[str, ...],
    only: str | None,
    with_map: bool,
    max_bytes: str,
    again: bool,
    dry_run: Path | None,
    smtp_host: str | None,
    smtp_port: int | None,
    starttls: bool | None,
    use_ssl: bool | None,
    smtp_user: str | None,
    smtp_password: str | None,
    sender: str | None,
    retries: int,
    retry_pause: float,
) -> None:
    """Mail each player of GAME.json, one message per address in its address book ('sengoku players').

    \b
    results   the results post of the last adjudicated phase (or PHASE, as
              'sengoku history' takes it), as plain text with an HTML part
              and the map inline (--no-map: without it)
    reminder  to every power that still owes an order (a unit without
              one, a build or removal), naming it, its unbid DP and the
              lines refused from its last message, with the deadline
    links     web games only: a command-line game has no web links (its
              players send orders to you by mail); the web site's GM page
              mails each player a new link

    Each message is recorded in GAME.json once the server accepts it, so
    running the command again sends only what did not go (--again sends it
    to everyone once more); each player's messages form one thread. Exit
    code 6 if some messages were not sent.
    """
    from outbox import SettingsError, SmtpSettings

    loaded = load_game(game)
    plan, title = _plan(game, loaded, what, phase, _budget(max_bytes) if with_map else None)
    if only is not None:
        plan, title = _only(plan, power_name(loaded.board, only)), f"{title} to {power_name(loaded.board, only)}"
    if again:
        plan.letters, plan.already = [*plan.already, *plan.letters], []
    elif dry_run is None:
        plan = _asked_again(game, loaded, plan, title)
    if not plan.letters:
        _show_already(plan)
        click.echo(f"Nothing to send for {title}.")
        _warn_unaddressed(plan)
        return
    flags = {"host": smtp_host, "port": smtp_port, "starttls": starttls, "ssl": use_ssl}
    flags |= {"user": smtp_user, "password": smtp_password, "sender": sender}
    if dry_run is not None:
        _dry_run(loaded, plan, title, dry_run, sender)
        return
    try:
        settings = replace(SmtpSettings.from_sources(flags), retries=retries, pause=retry_pause)
    except SettingsError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"Mailing {title} through {settings.describe()}:")
    _show_already(plan)
    _send(game, loaded, plan, settings)


def _only(plan: Plan, power: str) -> Plan:
    """The plan cut down to one power's letters."""
    from outbox import Plan

    return Plan(
        letters=[letter for letter in plan.letters if letter.power == power],
        unaddressed=[name for name in plan.unaddressed if name == power],
        already=[letter for letter in plan.already if letter.power == power],
    )


def _asked_again(game: Path, loaded: Game, plan: Plan, title: str) -> Plan:
    """The plan without the letters an undone version had mailed already, unless the GM, asked, wants them again.

    An undo takes back the game's record of mail sent, never the mail: the
    journal still names it (:mod:`cli.mailedbefore`). On a terminal the GM is
    asked; elsewhere (a script, cron) they are not sent, and ``--again`` sends them.
    """
    from cli.journal import Journal, JournalError
    from cli.mailedbefore import mailed_before

    try:
        earlier = mailed_before(Journal(game), ((m.key, m.address) for m in loaded.state.sent))
    except JournalError:
        return plan  # no journal to ask: the game's own record is all there is
    again = [letter for letter in plan.letters if (letter.key, letter.address) in earlier]
    if not again:
        return plan
    versions = sorted({earlier[(letter.key, letter.address)].number for letter in again})
    where = ", ".join(f"#{number}" for number in versions)
    count = f"{len(again)} address{'es' if len(again) != 1 else ''}"
    said = f"{title[0].upper()}{title[1:]} went to {count} before, as the journal's {where} recorded (undone since):"
    click.echo(said)
    for letter in again:
        click.echo(f"  sent before   {letter.power} <{letter.address}>")
    if sys.stdin.isatty() and click.confirm("Mail them the same again?", default=False, err=True):
        return plan
    if not sys.stdin.isatty():
        click.echo("Not mailed again ('--again' mails them all the same).")
    return replace(plan, letters=[letter for letter in plan.letters if letter not in again])


def _show_already(plan: Plan) -> None:
    """The players who have this message already (it is never sent twice), listed with the others."""
    for letter in plan.already:
        click.echo(f"  already sent  {letter.power} <{letter.address}>")


def _budget(text: str) -> int:
    from cli.map import size_option

    budget = size_option(text)
    assert budget is not None
    return budget


def _plan(
    game: Path, loaded: Game, what: str, phase: tuple[str, ...], map_bytes: int | None = None
) -> tuple[Plan, str]:
    """The letters to send, and what they are, in words (results: with the map, within ``map_bytes``)."""
    from outbox import reminder_letters, results_letters

    state = loaded.state
    if what == "links":
        raise click.ClickException(
            "a command-line game has no web links: its players send their orders to you by mail. "
            "For a game on the web site, use its GM page ('Mail the players their links')."
        )
    try:
        if what == "results":
            from cli.common import find_phase

            index = find_phase(state, " ".join(phase) if phase else "last")
            check_phases(game, loaded, [index, index + 1])  # the post reads the next phase's start and deadline
            picture = _map(loaded, index, map_bytes) if map_bytes is not None else None
            title = f"the {state.history[index].report.phase} results"
            return results_letters(loaded.board, state, index, picture=picture), title
        return reminder_letters(loaded.board, state, rules=loaded.rules), f"a reminder for {loaded.phase}"
    except ValueError as error:
        raise click.ClickException(str(error)) from None


def _map(loaded: Game, index: int, budget: int) -> MailPicture:
    """The phase's map, with its orders and results, for the message (a PNG or a JPEG within ``budget``)."""
    from cli.map import draw, picture
    from outbox.letters import MailPicture

    svg, position = draw(loaded, index)
    made = picture(svg, budget, ("png", "jpeg"))
    phase = str(position.phase)
    name = f"map-{phase.lower().replace(' ', '-')}.{made.suffix}"
    return MailPicture(made.data, made.media_type, name, f"The map: {phase} with its orders and results")


def _dry_run(loaded: Game, plan: Plan, title: str, folder: Path, sender: str | None) -> None:
    from outbox.deliver import write_eml
    from outbox.settings import ENVIRONMENT

    origin = sender or os.environ.get(ENVIRONMENT["sender"]) or "gm@localhost"
    domain = parseaddr(origin)[1].rpartition("@")[2] or "localhost"
    written = write_eml(plan.letters, folder, origin, domain, loaded.state.sent)
    _show_already(plan)
    for path in written:
        click.echo(f"  wrote  {path}")
    count = f"{len(written)} message{'s' if len(written) != 1 else ''}"
    click.echo(f"Dry run: {count} for {title} in {folder}; nothing sent, nothing recorded.")
    _warn_unaddressed(plan)


def _send(game: Path, loaded: Game, plan: Plan, settings: SmtpSettings) -> None:
    """Send, recording each accepted message in the game file at once; exit code 6 unless every message went.

    The game is not locked while the server talks (that can take minutes):
    each record is added to the game file as it is now, read again under
    its lock, so what another command saved meanwhile (orders, an
    adjudication) stays.
    """
    from outbox.deliver import deliver

    unrecorded: list[SentMessage] = []

    def record(message: SentMessage) -> None:
        try:
            with game_lock(game):
                state = read_state(game)
                write_state(game, _published(state.replace(sent=[*state.sent, message]), message.key), loaded.rules)
        except SengokuError as error:  # it went all the same: say so, loudly, and go on
            unrecorded.append(message)
            click.echo(f"  sent          {message.power} <{message.address}>, but NOT RECORDED: {error}")
            return
        click.echo(f"  sent          {message.power} <{message.address}>")

    delivery = deliver(plan.letters, settings, loaded.state.sent, record)
    if delivery.sent:
        _log_sent(game, delivery.sent)
    for letter, reason in delivery.failed:
        click.echo(f"  NOT SENT      {letter.power} <{letter.address}>: {reason}")
    for letter in delivery.not_tried:
        click.echo(f"  NOT SENT      {letter.power} <{letter.address}>: not tried (the batch stopped)")
    total = len(plan.letters)
    summary = f"{len(delivery.sent)} of {total} message{'s' if total != 1 else ''} sent."
    if unrecorded:
        click.echo(summary)
        _warn_unaddressed(plan)
        raise click.ClickException(
            f"{len(unrecorded)} message{'s' if len(unrecorded) != 1 else ''} went but could not be recorded in "
            f"{game}: running the command again would send {'them' if len(unrecorded) != 1 else 'it'} again"
        )
    if not delivery.complete:
        click.echo(f"{summary} {total - len(delivery.sent)} not sent: run the same command again to send only those.")
        _warn_unaddressed(plan)
        raise SystemExit(ExitCode.MAIL_NOT_SENT)
    click.echo(summary)
    _warn_unaddressed(plan)


def _published(state: GameState, key: str) -> GameState:
    """The state with the phase whose results ``key`` carried seen by the players (``results 3 5f2c1a9e``)."""
    what, _, rest = key.partition(" ")
    number = rest.split(" ", 1)[0]
    if what != "results" or not number.isdigit() or not 0 < int(number) <= len(state.history):
        return state
    return state.replace(history=state.history.published_at(int(number) - 1))


def _log_sent(game: Path, sent: list[SentMessage]) -> None:
    """One line in the game's log for the batch (each message itself is in the game's sent mail)."""
    from cli.gmlog import note

    what, count = sent[0].key.split()[0], len(sent)
    powers = sorted({message.power for message in sent})
    try:
        with game_lock(game):
            loaded = load_game(game)
            note(loaded, f"mailed the {what} to {count} address{'es' if count != 1 else ''} ({', '.join(powers)})")
            save_game(game, loaded)
    except SengokuError as error:  # the mail went and is recorded: a missing log line is no reason to fail
        click.echo(f"(not noted in the game's log: {error})", err=True)


def _warn_unaddressed(plan: Plan) -> None:
    note = plan.describe_unaddressed()
    if note:
        click.echo(note[0].upper() + note[1:] + ".", err=True)
