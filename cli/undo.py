"""``sengoku undo``, ``sengoku redo`` and ``sengoku journal``: any write of a game file taken back, or brought back.

Every command that writes a game keeps the version it replaced in the
game's journal (:mod:`cli.journal`). ``undo`` puts the version before the
last write back, ``redo`` the one an undo took away, ``undo --to N`` any
version the journal lists; each is itself undoable, and none removes a
version. The restored file is checked like any game file before it replaces
the current one.
"""

from __future__ import annotations

from datetime import UTC
from pathlib import Path

import click

from cli.common import game_argument
from cli.errors import cli_errors, echo_lines
from cli.gamefile import GameFileError, load_game, replace_file
from cli.gamelock import game_lock
from cli.journal import KEEP, Journal, JournalError, Version
from cli.mailedbefore import unsent_by_undo
from game.state import StateError, state_from_json


@click.command(short_help="Undo the last change to a game file (any command's).")
@game_argument
@click.option("--to", "to", type=int, metavar="N", help="Put back version N of 'sengoku journal GAME' instead.")
@cli_errors
def undo(game: Path, to: int | None) -> None:
    """Put GAME.json back as it was before its last change, whatever command made it.

    Orders read, an adjudication, a rollback, an edit, a mail recorded as
    sent, 'new --force': each is one step. 'sengoku redo GAME' brings the
    change back; 'sengoku journal GAME' lists the versions kept (the last
    50), and --to N puts back any one of them.
    """
    with game_lock(game):
        journal = _journal(game)
        current = _current(journal)
        if to is not None:
            target = journal.version(to)
            if target is None:
                raise click.ClickException(f"no version {to} in the journal ('sengoku journal {game}' lists them)")
        else:
            target = journal.version(current.parent)
            if target is None:
                why = "it is the first version kept" if current.parent is None else f"only the last {KEEP} are kept"
                raise click.ClickException(f"nothing older to go back to: {why} ('sengoku journal {game}')")
        _restore(game, journal, target)
    if to is None:
        said = [f"Undone: #{current.number}, {_described(current)}."]
    else:
        said = [f"Put back #{target.number}; the version it replaces, #{current.number}, stays in the journal."]
    said += [f"{game} is now version #{target.number}: {_state_line(game)}."]
    said += _unsent(game, unsent_by_undo(journal, current, target)) + [_redo_hint(game, journal)]
    echo_lines([line for line in said if line])


@click.command(short_help="Redo the change the last undo took back.")
@game_argument
@cli_errors
def redo(game: Path) -> None:
    """Bring back the change 'sengoku undo GAME' took back (the latest one, if several branch from here)."""
    with game_lock(game):
        journal = _journal(game)
        current = _current(journal)
        children = journal.children(current.number)
        if not children:
            raise click.ClickException(f"nothing to redo: version #{current.number} is the latest of its line")
        target = children[-1]
        _restore(game, journal, target)
    echo_lines([f"Redone: #{target.number}, {_described(target)}.", f"{game} is now: {_state_line(game)}."])


@click.command(short_help="List the versions of a game file kept for undo.")
@game_argument
@cli_errors
def journal(game: Path) -> None:
    """List the versions of GAME.json the journal keeps: when, by whom, through which command, and what each did.

    The line marked '*' is the game file now; 'sengoku undo GAME' goes to
    the version it came from, 'sengoku undo GAME --to N' to any listed.
    """
    kept = Journal(game)
    try:
        versions = kept.versions()
        current = kept.current()
    except JournalError as error:
        raise click.ClickException(str(error)) from None
    if not versions:
        echo_lines([f"{game}: no versions kept yet (every change from now on is)."])
        return
    on_disk = current is not None and kept.file_is(current)
    lines = [f"Versions of {game} kept for undo (the last {KEEP}; '*': the file now):"]
    for version in versions:
        mark = "*" if current is not None and version.number == current.number and on_disk else " "
        parent = "" if version.parent in (None, version.number - 1) else f" (after #{version.parent})"
        when = f"{version.at.astimezone(UTC):%Y-%m-%d %H:%M} UTC"
        lines.append(f"{mark} #{version.number}{parent}  {when}  {version.phase or '-'}: {_described(version)}")
    if current is not None and not on_disk:
        lines.append("  The file now differs from every version kept: the next change keeps it first.")
    lines.append(_redo_hint(game, kept) or f"Undo the last change: sengoku undo {game}")
    echo_lines([line for line in lines if line])


def _journal(game: Path) -> Journal:
    journal = Journal(game)
    try:
        journal.before_write()  # a hand edit since the last command is kept first: undo never loses it
    except JournalError as error:
        raise click.ClickException(str(error)) from None
    return journal


def _current(journal: Journal) -> Version:
    current = journal.current()
    if current is None:
        raise click.ClickException(f"{journal.game}: no versions kept yet, so there is nothing to undo or redo")
    return current


def _restore(game: Path, journal: Journal, target: Version) -> None:
    """Write ``target``'s content as the game file (checked first), and make it the journal's current version."""
    try:
        data = journal.content(target)
    except JournalError as error:
        raise click.ClickException(f"{error}; nothing changed") from None
    try:
        state_from_json(data)
    except (StateError, ValueError) as error:
        problem = f"version #{target.number} is not a valid game file ({error}); nothing changed"
        raise GameFileError(game, problem) from None
    try:
        replace_file(game, data)  # the bytes kept, exactly: the journal knows the file by them
    except BaseException:
        journal.write_failed()
        raise
    journal.move_to(target)


def _unsent(game: Path, mailings: list[Version]) -> list[str]:
    """What the versions taken back had mailed: the game forgets the record, the players still have the mail."""
    lines = []
    for version in reversed(mailings):
        count = len(version.mailed)
        mail = f"{count} message{'' if count == 1 else 's'}"
        lines.append(f"Mail cannot be unsent: #{version.number} {version.what or f'mailed {mail}'}.")
    if lines:
        lines.append(
            f"{game} no longer records {'them' if len(lines) > 1 else 'it'} as sent: 'sengoku mail {game}' asks "
            "before mailing the same to the same address again."
        )
    return lines


def _described(version: Version) -> str:
    """``read orders; orders stored: Oda 3 (sengoku orders game.json --mbox kyoto.mbox; command line (gm))``."""
    what = version.what or ("a change the game's log does not name" if version.command else "")
    source = "; ".join(part for part in (f"sengoku {version.command}" if version.command else "", version.by) if part)
    return f"{what} ({source})" if source else what


def _state_line(game: Path) -> str:
    loaded = load_game(game)
    state = loaded.state
    at = state.result.describe() if state.result.over else loaded.phase
    count = sum(len(orders) for orders in state.orders.values())
    done = len(state.history)
    return f"{at}, {done} phase{'' if done == 1 else 's'} adjudicated, {count} order{'' if count == 1 else 's'} stored"


def _redo_hint(game: Path, journal: Journal) -> str:
    current = journal.current()
    if current is not None and journal.children(current.number):
        return f"To bring the change back: sengoku redo {game}"
    return ""
