"""Exit codes and the one place where errors become one-line messages.

A GM pastes a command's output into a forum post, so a mistake must read as
one plain line (``game.json: not a sengoku game file (...)``), never as a
Python traceback, and a script must be able to tell the outcomes apart by
the exit code.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from enum import IntEnum
from typing import Any, TypeVar

import click

__all__ = ["EXIT_CODES_HELP", "INTERRUPTED", "ExitCode", "cli_errors", "echo_lines", "interrupted"]

F = TypeVar("F", bound=Callable[..., Any])


class ExitCode(IntEnum):
    OK = 0
    ERROR = 1  # refused input: a missing, corrupt or foreign file, an unknown power, a finished game...
    USAGE = 2  # a wrong command line (click's own code)
    LINES_REFUSED = 3  # `orders`: some lines were refused; the valid ones were stored
    REPLAY_DIFFERS = 4  # `replay`: a phase re-adjudicates differently from its stored report
    INTERNAL = 5  # a bug in sengoku: please report it (SENGOKU_DEBUG=1 shows the traceback)
    MAIL_NOT_SENT = 6  # `mail`, `channel`: some messages were not sent or posted (the ones sent are recorded)
    INTERRUPTED = 130  # Ctrl-C (128 + SIGINT, as shells report it)


EXIT_CODES_HELP = """\b
Exit codes:
  0  done
  1  refused input (missing, corrupt or foreign file; unknown power; game over...)
  2  wrong command line
  3  orders: some lines were refused (the valid ones were stored)
  4  replay: a phase re-adjudicates differently from its stored report
  5  internal error (a bug: please report it; SENGOKU_DEBUG=1 shows the traceback)
  6  mail, channel: some messages were not sent (mail: those sent are recorded; run it again)
  130  interrupted (Ctrl-C): the game file holds what was saved whole before"""

INTERRUPTED = "Interrupted (Ctrl-C): stopped; the game file holds only what was saved whole before it."


def interrupted() -> SystemExit:
    """One line on standard error, and the exit a shell expects after Ctrl-C (130), never a traceback."""
    try:
        click.echo(f"\n{INTERRUPTED}", err=True)
    except (OSError, ValueError):  # no terminal left to say it on
        pass
    return SystemExit(ExitCode.INTERRUPTED)


class InternalError(click.ClickException):
    exit_code = ExitCode.INTERNAL


def cli_errors(command: F) -> F:
    """Run a command, turning every error a user can cause into a one-line message and exit code 1.

    Anything else is a bug in sengoku: it is still one line (exit code 5), so
    a GM's terminal is not flooded, and ``SENGOKU_DEBUG=1`` brings the
    traceback back for whoever fixes it.
    """

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        # the engine's errors are named here, when a command runs: `sengoku --help` loads no engine
        from game.errors import GameError
        from maps.errors import SengokuError

        try:
            done = command(*args, **kwargs)
            sys.stdout.flush()  # here, not at the interpreter's exit: a closed pipe is then met where it is judged
            return done
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except BrokenPipeError:  # `sengoku status game.json | head -3`: the reader has seen enough
            _silence_stdout()
            raise SystemExit(ExitCode.OK if _only_reads() else ExitCode.ERROR) from None
        except (SengokuError, GameError) as error:
            raise click.ClickException(str(error)) from None
        except OSError as error:
            raise click.ClickException(os_message(error)) from None
        except Exception as error:
            if os.environ.get("SENGOKU_DEBUG"):
                raise
            raise InternalError(f"internal error, please report it: {type(error).__name__}: {error}") from None

    return wrapper  # type: ignore[return-value]


_READERS = frozenset({"status", "history", "map", "names", "journal", "replay", "demo"})
"""The commands that only read: a reader that stops early (a closed pipe) is no failure of theirs (exit 0).
A command that writes may have been cut short by it (a mail batch): that stays exit 1."""


def _only_reads() -> bool:
    context = click.get_current_context(silent=True)
    return context is not None and context.info_name in _READERS


def echo_lines(lines: list[str], code: int = ExitCode.OK) -> None:
    """Print a report, then exit with ``code``, even when the reader stopped early (``| head -2``).

    A closed pipe is no failure of the command: what it did is done (saved),
    so the exit code is the run's own (3 when lines were refused), not 1.
    """
    try:
        for line in lines:
            click.echo(line)
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
    if code:
        raise SystemExit(code)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so Python's exit-time flush does not fail on the closed pipe again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file behind stdout (a test runner): nothing will flush to a pipe
        pass


def os_message(error: OSError) -> str:
    """``game.json: Permission denied`` rather than ``[Errno 13] Permission denied: 'game.json'``."""
    # a failed rename names the temporary file first and the game file second: show the game file
    where = error.filename2 if error.filename2 is not None else error.filename
    where = where if where is not None else "(file)"
    return f"{where}: {error.strerror or error}"
