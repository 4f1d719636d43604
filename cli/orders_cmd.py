"""``sengoku orders``: pasted orders or mail in, one verdict per line out, the valid orders stored.

A GM pastes what players sent (one power's email, several powers' under
headers, a forum thread, three emails in a row) or points the command at a
mailbox. The mail reader gives every line a verdict (:mod:`orders.mail`),
the engine checks the orders against the position, and each power's message
is stored by the resend rule: replace (default) or ``--merge``
(:mod:`game.resend`). A bad line costs only itself, and a message
whose every line is refused stores nothing. The output ends with what each
power now has stored.
"""

from __future__ import annotations

import stat
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cli.common import game_argument, power_name
from cli.errors import ExitCode, cli_errors, echo_lines
from cli.gamefile import load_game, save_game
from cli.gamelock import game_lock
from cli.gmlog import note
from cli.orders_show import line_report, notices, stored_report
from game.game import Game
from game.resend import SendMode
from inbox.paste import read_paste
from localfiles.reading import FileRefused, open_regular_file, size_text

if TYPE_CHECKING:
    from game.state import GameState
    from inbox.intake import Choices
    from inbox.mail import Mail

__all__ = ["MAX_PASTE_BYTES", "orders"]

MAX_PASTE_BYTES = 1024 * 1024  # a phase's mail, quotes and all, is a few kilobytes


@click.command(short_help="Read pasted orders or mail; store the valid ones.")
@game_argument
@click.argument("sources", metavar="[FILE|-]...", nargs=-1)
@click.option("--power", "default_power", metavar="POWER", help="The power for lines before any header.")
@click.option(
    "--merge",
    is_flag=True,
    help="A power's later orders for a unit replace its earlier ones; its other orders stand "
    "(default: a power's new message replaces all its orders for the phase).",
)
@click.option("--mbox", "kind", flag_value="mbox", help="The FILEs are mbox mailboxes (Thunderbird, mutt, Takeout).")
@click.option("--eml", "kind", flag_value="eml", help="The FILEs are mail messages saved one per file (.eml).")
@click.option("--maildir", "kind", flag_value="maildir", help="The FILEs are Maildir folders.")
@click.option(
    "--dismiss",
    is_flag=True,
    help="Mail: mark the messages not used (unknown sender, another game, a phase that is over) as read, "
    "so they are not listed again; mail kept for a phase still to come stays (--drop ID drops it).",
)
@click.option(
    "--use",
    "use",
    metavar="ID",
    multiple=True,
    help="Mail: use the held message ID (the listing's '[held ID]') for the open phase now, whatever it names.",
)
@click.option(
    "--drop", "drop", metavar="ID", multiple=True, help="Mail: stop listing the held message ID (marks it read)."
)
@click.option(
    "--dkim",
    is_flag=True,
    help="Mail: check its DKIM signatures here (looks the keys up in the DNS); a passing one for the From domain "
    "verifies the sender (docs/security.md).",
)
@cli_errors
def orders(
    game: Path,
    sources: tuple[str, ...],
    default_power: str | None,
    merge: bool,
    kind: str | None,
    dismiss: bool,
    use: tuple[str, ...],
    drop: tuple[str, ...],
    dkim: bool,
) -> None:
    """Read orders pasted on standard input, from FILE, or from mail, and store the valid ones.

    \b
      sengoku orders game.json                  paste, then Ctrl-D
      sengoku orders game.json emails.txt       one power, or several under headers
      sengoku orders game.json --mbox game.mbox
      sengoku orders game.json --eml oda.eml takeda.eml
      sengoku orders game.json --maildir ~/Maildir/.sengoku

    Each line gets a verdict: ok, REFUSED (with the reason), header, or
    ignored (chatter, signature, quoted text, markup: never counted). A
    header ('Oda:', 'Orders for Oda', 'Oda orders for Spring 1570:') names
    the power for the lines below; mail from an address in the game's
    address book ('sengoku players') needs none. A header for no power
    ('Odda:') is refused with the powers it could mean, and so are the
    orders under it. A remark after an order ('<- as agreed', '// feint',
    '# hold', '-- trust me', '(main attack)') is shown beside it. A pasted
    mail whose subject or a header names another phase is not used. Mail from an unknown
    address, dated before the open phase opened, or naming another phase
    in its subject or a header is listed, not used, until --dismiss. Mail
    is read in the mailbox's order; mail already read (by Message-ID) is
    not read again. Each power's message replaces its earlier orders (or, with
    --merge, its orders for the same units); a message whose every line is
    refused stores nothing. Exit code 3 when any line was refused (the valid
    lines are stored all the same).
    """
    from cli.othergames import other_game_names

    mode = SendMode.MERGE if merge else SendMode.REPLACE
    others = other_game_names(game)
    read: Callable[[Game], tuple[list[str], bool]]
    if kind is None:
        if dismiss or dkim or use or drop:
            flag = "dismiss" if dismiss else "dkim" if dkim else "use" if use else "drop"
            raise click.UsageError(f"--{flag} is for mail (--mbox, --eml or --maildir)")
        if len(sources) > 1:
            raise click.UsageError("give one FILE of pasted orders (or --mbox, --eml or --maildir for mail)")
        source = sources[0] if sources else "-"
        if source == "-" and sys.stdin.isatty():  # a bad game file or power should not cost the GM the typing
            _paste_power(load_game(game), default_power)
        read = partial(_paste, text=_text(source), power=default_power, mode=mode, others=others)
    else:
        if not sources:
            raise click.UsageError(f"--{kind} needs at least one FILE")
        if default_power is not None:
            raise click.UsageError("--power is for pasted text; mail speaks for the power of its sender's address")
        mails = _mailbox(kind, [Path(s) for s in sources], _read_before(game) if dkim else None)
        from inbox.intake import Choices

        choices = Choices(use=_ids(use), drop=_ids(drop), other_games=others)
        read = partial(_mail, mails=mails, mode=mode, dismiss=dismiss, game_file=str(game), choices=choices)
    with game_lock(game):  # the input is read: hold the game only from load to save
        loaded = load_game(game)
        before = loaded.state
        report, refused = read(loaded)
        if loaded.state.orders != before.orders or loaded.state.all_refused != before.all_refused:
            note(loaded, "read orders; " + _stored_for(before, loaded.state))
        elif aside := _set_aside(before, loaded.state, dismiss, drop):
            note(loaded, aside)
        elif loaded.state.refused != before.refused:
            note(loaded, "read orders: no stored order changed; " + _refused_kept(loaded.state))
        save_game(game, loaded)
    # printed once saved: a reader that stops early (`| head -1`) costs no order, nor the exit code
    echo_lines(report, ExitCode.LINES_REFUSED if refused else ExitCode.OK)


def _stored_for(before: GameState, after: GameState) -> str:
    """``orders stored: Oda 3, Takeda 2``: what each power has now, for the game's log; and the powers whose
    message this reading refused whole (``every line refused, nothing stored: Uesugi``)."""
    counts = [f"{power} {len(orders)}" for power, orders in after.orders.items() if orders]
    refused = [power for power in after.all_refused if power not in before.all_refused]
    stored = "orders stored: " + (", ".join(counts) or "none")
    return stored + (f"; every line refused, nothing stored: {', '.join(refused)}" if refused else "")


def _refused_kept(after: GameState) -> str:
    """``2 refused lines kept for the reminders (Mori)``: what a reading that stored nothing changed."""
    count = len(after.refused)
    powers = sorted({line.power for line in after.refused if line.power})
    named = f" ({', '.join(powers)})" if powers else ""
    return f"{count} refused line{'' if count == 1 else 's'} kept for the reminders{named}"


def _set_aside(before: GameState, after: GameState, dismiss: bool, drop: tuple[str, ...]) -> str:
    """``read mail: nothing stored; 1 message held, 1 message marked read (--drop e24b55)``, for a reading that stored
    no order but held mail or set it aside; '' when it changed neither."""
    held = len(set(after.held_mail) - set(before.held_mail))
    marked = len(set(after.messages_read) - set(before.messages_read))
    how = [*(["--dismiss"] if dismiss else []), *(f"--drop {held_id}" for held_id in drop)]
    parts = [f"{_messages(held)} held"] if held else []
    parts += [f"{_messages(marked)} marked read" + (f" ({', '.join(how)})" if how else "")] if marked else []
    return "read mail: nothing stored; " + ", ".join(parts) if parts else ""


def _messages(count: int) -> str:
    return f"{count} message{'' if count == 1 else 's'}"


def _paste_power(game: Game, word: str | None) -> str | None:
    return power_name(game.board, word) if word else None


def _ids(given: tuple[str, ...]) -> frozenset[str]:
    """Held messages' ids as the listing shows them (``3f9a2c``, or ``[held 3f9a2c]`` copied whole)."""
    return frozenset(word.strip().strip("[]").removeprefix("held").strip().lower() for word in given)


def _paste(
    game: Game, *, text: str, power: str | None, mode: SendMode, others: frozenset[str]
) -> tuple[list[str], bool]:
    """What reading the paste into ``game`` did, in lines to print; and whether any line was refused."""
    read = read_paste(game, text, power=_paste_power(game, power), mode=mode, other_games=others)
    report = line_report(game, read.lines, read.messages) + stored_report(game, read.sent) + notices(read.lines)
    return report, bool(read.refused)


def _read_before(game: Path) -> frozenset[str]:
    """What the game has read: its signatures are not checked again (each check may cost DNS lookups)."""
    from cli.gamefile import read_state

    return frozenset(read_state(game).messages_read)


def _mailbox(kind: str, paths: list[Path], dkim_skip: frozenset[str] | None = None) -> list[Mail]:
    """The mail in ``paths``; with ``dkim_skip`` (the read keys of mail read before), DKIM checked on the rest."""
    from inbox import sources  # the mail modules load only when mail is read
    from inbox.dkimcheck import dkim_check

    check = dkim_check(read=dkim_skip) if dkim_skip is not None else None
    try:
        if kind == "mbox":
            return [mail for path in paths for mail in sources.read_mbox(path, check)]
        if kind == "eml":
            return sources.read_eml(paths, check)
        return [mail for path in paths for mail in sources.read_maildir(path, check)]
    except sources.MailboxError as error:
        raise click.ClickException(str(error)) from None


def _mail(
    game: Game, *, mails: list[Mail], mode: SendMode, dismiss: bool, game_file: str, choices: Choices
) -> tuple[list[str], bool]:
    from cli.orders_mail import mail_report, unmatched_ids
    from inbox.intake import read_mail

    results = read_mail(game, mails, mode=mode, dismiss=dismiss, choices=choices)
    report, refused = mail_report(game, results, game_file)
    return report + unmatched_ids(results, choices), refused


def _text(source: str) -> str:
    """The pasted text: from a file or standard input, UTF-8, and of a size orders can have.

    A file is read only if it is a regular file (never a device or a named
    pipe, which could be read for ever); standard input is read to at most
    one byte over the limit, so an endless stream is refused, not swallowed.
    """
    if source == "-":
        if sys.stdin.isatty():
            click.echo("Paste the orders, then Ctrl-D:", err=True)
        data = sys.stdin.buffer.read(MAX_PASTE_BYTES + 1)
        name = "standard input"
    else:
        data, name = _file_bytes(Path(source)), source
    if len(data) > MAX_PASTE_BYTES:
        raise click.ClickException(
            f"{name}: more than {size_text(MAX_PASTE_BYTES)}, too long for pasted orders "
            "(for a mailbox use --mbox, --eml or --maildir); nothing was stored"
        )
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise click.ClickException(f"{name}: UTF-16 text; save the orders as UTF-8")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line, column = data.count(b"\n", 0, error.start) + 1, error.start - data.rfind(b"\n", 0, error.start)
        where = f"line {line}, byte {column}"
        raise click.ClickException(
            f"{name}: not UTF-8 text ({where}: {data[error.start : error.end]!r}); save the orders as UTF-8 "
            "(nothing was stored)"
        ) from None
    if "\x00" in text:
        raise click.ClickException(f"{name}: binary data, not text; nothing was stored")
    return text


def _file_bytes(path: Path) -> bytes:
    """A file of pasted orders, refused (exit 1, one line) unless it is a regular file of a paste's size."""
    try:
        with open_regular_file(path, "file of orders") as (handle, _):
            return handle.read(MAX_PASTE_BYTES + 1)
    except FileRefused as refused:
        problem = "is a folder, not a file of orders" if path.is_dir() else refused.problem
        if not refused.missing and stat.S_ISFIFO(path.stat().st_mode):  # `sengoku orders GAME <(...)`, say
            problem += " (send a pipe to standard input instead: ... | sengoku orders GAME)"
        raise click.ClickException(f"{path}: {problem}; nothing was stored") from None
