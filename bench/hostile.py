"""What each hostile input costs: time and peak memory, attack by attack, as a table.

    .venv/bin/python -m bench.hostile            # every attack, one fresh process each
    .venv/bin/python -m bench.hostile --one NAME --json   # one attack (tests/hostile/ runs these)

Each attack is a row of :data:`ATTACKS`: a name, what it is, and a function
that builds the input in a folder and reads it as the GM would, returning
what came of it (the statuses of the mail read, the orders stored, the game
file's size). Every attack runs in a process of its own, twice: once for the
wall time, once under :mod:`tracemalloc` for the peak of Python's memory
(the time of that run is not used: tracing slows allocation down). The
process's own peak RSS is printed too (the interpreter and the imported
project take about 60 MB of it before any attack).

The promise measured (docs/security.md): no mail of at most 1 MB costs more
than 100 MB or 2 s. Some rows are larger on purpose (the 3.4 MB Subject, the
3.7 MB of MIME parts of issue 20) to show the bound holds there too.

Sections: ``mail`` (the mail reading layer, :mod:`inbox`). ``server`` rows
(the web site's attacks) are added to the same table.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["ATTACKS", "Attack", "good_mail", "mail", "main", "mbox_of", "read_into_game"]

ODA = "nobunaga@owari.example"


@dataclass(frozen=True)
class Attack:
    """One row: ``build`` writes the input in a folder (not measured), ``run`` meets it (measured)."""

    name: str
    section: str
    what: str
    build: Callable[[Path], Path]
    run: Callable[[Path, Path], dict[str, Any]]  # (folder, input) -> what came of it


# --- building mail ---------------------------------------------------------------------------


def mail(headers: bytes, body: bytes, sender: str = ODA, message_id: bytes = b"") -> bytes:
    """One message: From, a Message-ID, the given header lines, a blank line, the body."""
    mid = message_id or b"<" + hashlib.sha256(headers + body).hexdigest()[:16].encode() + b"@owari.example>"
    return b"From: Oda <" + sender.encode() + b">\nMessage-ID: " + mid + b"\n" + headers + b"\n" + body


def good_mail(number: int = 1) -> bytes:
    """An ordinary orders mail from Oda (what must still be read beside an attack)."""
    body = b"Hello GM,\n\nA Owari - Mino\nF Mikawa H\n\nNobunaga\n"
    return mail(b"Subject: Oda orders\n", body, message_id=f"<good{number}@owari.example>".encode())


def mbox_of(path: Path, *messages: bytes) -> Path:
    """An mbox file of the messages, each under a real separator line."""
    with path.open("wb") as out:
        for message in messages:
            out.write(b"From nobunaga@owari.example Tue Mar  3 09:12:00 2026\n" + message.rstrip(b"\n") + b"\n\n")
    return path


def good_box(folder: Path) -> Path:
    return mbox_of(folder / "good.mbox", good_mail())


def read_into_game(folder: Path, box: Path, *, merge: bool = False) -> dict[str, Any]:
    """Read the mbox into a new game whose address book has Oda, save the game; what came of it."""
    from cli.gamefile import save_game
    from game.game import Game
    from game.resend import SendMode
    from inbox.intake import read_mail
    from inbox.sources import read_mbox
    from maps import load_board
    from orders import order_text

    game = Game.new(load_board("sengoku"))
    game.set_addresses("Oda", [ODA])
    results = read_mail(game, read_mbox(box), mode=SendMode.MERGE if merge else SendMode.REPLACE)
    saved = folder / "game.json"
    save_game(saved, game)
    return {
        "mails": [r.status.value for r in results],
        "problems": [r.mail.problem for r in results if r.mail.problem],
        "stored": {p: [order_text(o, game.board) for o in orders] for p, orders in game.state.orders.items()},
        "game_file_bytes": saved.stat().st_size,
        "longest_read_key": max((len(key) for key in game.state.messages_read), default=0),
    }


# --- the mail attacks ----------------------------------------------------------------------


def _between_good(message: Callable[[], bytes]) -> Callable[[Path], Path]:
    """An mbox of the hostile message between two good ones."""
    return lambda folder: mbox_of(folder / "in.mbox", good_mail(1), message(), good_mail(2))


def _long_message_ids(folder: Path) -> Path:
    """Three mails with 16,000-character Message-IDs (within the header bound), each with orders, then a good one."""
    body = b"A Owari - Mino\n"
    messages = [mail(b"Subject: Oda\n", body, message_id=b"<" + bytes([97 + n]) * 16_000 + b"@x>") for n in range(3)]
    return mbox_of(folder / "in.mbox", *messages, good_mail())


def _subject(words: int) -> bytes:
    return mail(b"Subject: " + b" ".join([b"=?utf-8?b?VA==?="] * words) + b"\n", b"A Kai H\n")


def _blockquotes(depth: int) -> bytes:
    html = b"<blockquote>x" * depth + b"A Owari - Mino" + b"</blockquote>" * depth
    return mail(b"Content-Type: text/html\n", html)


def _parts(count: int) -> bytes:
    head = b'Content-Type: multipart/mixed; boundary="b"\n'
    return mail(head, b"".join(b"--b\nContent-Type: text/plain\n\nx\n" for _ in range(count)) + b"--b--\n")


def _nested(depth: int) -> bytes:
    inner = b"Content-Type: text/plain\n\nA Owari - Mino\n"
    for level in reversed(range(depth)):
        boundary = f"b{level}".encode()
        inner = (
            b'Content-Type: multipart/mixed; boundary="'
            + boundary
            + b'"\n\n--'
            + boundary
            + b"\n"
            + inner
            + b"\n--"
            + boundary
            + b"--\n"
        )
    head, _, body = inner.partition(b"\n\n")
    return mail(head + b"\n", body)


def _many_headers(count: int) -> bytes:
    return mail(b"".join(b"X-H%d: v\n" % n for n in range(count)), b"A Kai H\n")


def _orders_text(size: int) -> bytes:
    line = b"A Owari - Mino\n"
    return mail(b"Subject: Oda\n", line * (size // len(line)))


def _html_one_line(size: int) -> bytes:
    return mail(b"Content-Type: text/html\n", b"<p>" + b"x" * size + b"</p>")


def _body_from_lines(folder: Path) -> Path:
    """Body lines that start 'From ' (unescaped) and a Date:/Subject: line: one mail, nothing dropped."""
    body = b"A Owari - Mino\nFrom Kai we march at dawn.\nDate: tomorrow at dawn\nF Mikawa H\n"
    return mbox_of(folder / "in.mbox", mail(b"Subject: Oda\n", body))


def _row(name: str, what: str, build: Callable[[Path], Path]) -> Attack:
    return Attack(name, "mail", what, build, read_into_game)


MAIL_ATTACKS = [
    _row("message-ids", "3 mails with 16 KB Message-IDs, read (issue: 23 MB)", _long_message_ids),
    _row("subject-8k", "Subject of 8,000 encoded words (136 KB)", _between_good(lambda: _subject(8_000))),
    _row("subject-200k", "Subject of 200,000 encoded words (3.4 MB)", _between_good(lambda: _subject(200_000))),
    _row("subject-900", "Subject of 900 encoded words (15 KB, within bounds)", _between_good(lambda: _subject(900))),
    _row("blockquote-20k", "20,000 nested <blockquote> (320 KB)", _between_good(lambda: _blockquotes(20_000))),
    _row("parts-100k", "100,000 tiny MIME parts (3.2 MB)", _between_good(lambda: _parts(100_000))),
    _row("parts-4k", "4,000 tiny MIME parts (128 KB)", _between_good(lambda: _parts(4_000))),
    _row("nesting-1k", "MIME nested 1,000 deep (60 KB)", _between_good(lambda: _nested(1_000))),
    _row("headers-20k", "20,000 header fields (200 KB)", _between_good(lambda: _many_headers(20_000))),
    _row("orders-1mb", "1 MB of order lines (66,000 lines)", _between_good(lambda: _orders_text(990_000))),
    _row("orders-20k", "20,000 order lines (300 KB, within bounds)", _between_good(lambda: _orders_text(299_985))),
    _row("html-1mb", "1 MB of HTML on one line", _between_good(lambda: _html_one_line(1_000_000))),
    _row("body-from-lines", "'From ' and 'Date:' lines in a mail's body", _body_from_lines),
]
ATTACKS: list[Attack] = [*MAIL_ATTACKS]
"""The mail attacks; the web site's (section ``server``) are :data:`bench.hostile_server.SERVER_ATTACKS`, run
after these by :func:`main`."""


# --- measuring ------------------------------------------------------------------------------


def measure(name: str) -> dict[str, Any]:
    """Run one attack here twice: once timed, once traced. What came of it, seconds, peak bytes."""
    attack = next(a for a in ATTACKS if a.name == name)
    with tempfile.TemporaryDirectory() as folder:
        attack.run(Path(folder), good_box(Path(folder)))  # imports and the board cache: not the attack's cost
        built = attack.build(Path(folder))
        started = time.perf_counter()
        outcome = attack.run(Path(folder), built)
        seconds = time.perf_counter() - started
        tracemalloc.start()
        attack.run(Path(folder), built)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return {"name": name, "seconds": seconds, "peak_bytes": peak, "max_rss_bytes": rss, "outcome": outcome}


def measure_apart(name: str, timeout: float = 120) -> dict[str, Any]:
    """:func:`measure` in a fresh process (so one attack's memory is not another's)."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.hostile", "--one", name, "--json"],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--one", help="run this attack only, here")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--section", help="only this section's attacks (mail, server)")
    parser.add_argument("--before", help="server: the flood and socket figures of a checkout of the code before too")
    args = parser.parse_args(argv)
    if args.one:
        result = measure(args.one)
        print(json.dumps(result) if args.json else result)
        return
    print(f"machine: {os.cpu_count()} CPUs, load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'attack':<18} {'section':<7} {'time':>8} {'peak':>9} {'rss':>9}  what, and what came of it")
    for attack in ATTACKS:
        if args.section and attack.section != args.section:
            continue
        result = measure_apart(attack.name)
        outcome = result["outcome"]
        said = "; ".join(outcome.get("problems", [])) or ", ".join(outcome.get("mails", []))
        print(
            f"{attack.name:<18} {attack.section:<7} {result['seconds']:>7.2f}s "
            f"{result['peak_bytes'] / 2**20:>7.1f}MB {result['max_rss_bytes'] / 2**20:>7.0f}MB  "
            f"{attack.what}: {said}"
        )
    if args.section in (None, "server"):  # the web site's attacks: real servers, measured their own way
        from bench import hostile_server

        print("\nThe web site (bench/hostile_server.py):")
        hostile_server.main([])
        from bench import hostile_flood

        print("\nThe press flood and one client's sockets, before and now (bench/hostile_flood.py):")
        hostile_flood.main(["--before", args.before] if args.before else [])


if __name__ == "__main__":
    main()
