"""The GM's guide's turn (docs/gm-guide.md) is real output: every command of it run in order, with mail on loopback.

The section "A GM's turn" is one story in console blocks: a game started, its
address book and deadline, three emails pasted, the game's mailbox read, the
status and a reminder, the preview, the adjudication, the forum post and its
PNG map, the results mailed, a rollback and a draw vote. The story's mail is
shipped where the guide says (``docs/walkthrough/``: ``spring.txt``, whose
``cat`` must show it as it is, and ``kyoto1570.mbox``), and each
``$ sengoku ...`` line is run as shown, in a folder holding a copy of it, one
after the other. A command shown with a ``...`` line is shown in part: its
shown lines must appear in its output in that order (``...`` inside a line
stands for any text), and unless the part shown ends with ``...`` its last line
is the output's last (blank lines aside); any other is shown whole and must be exactly its output.
The clock is frozen (the ``clock`` marker): the status line's countdown must
read as shown at any hour.
The guide's mail server is smtp.example.org; the test's is on loopback, so
that part of the "Mailing ... through" line is the one thing put back.
"""

from __future__ import annotations

import re
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.outbox.smtpd import Mailbox, smtp_server
from tests.pictures import check_map_png

GUIDE = Path(__file__).parent.parent.parent / "docs" / "gm-guide.md"
WALKTHROUGH = GUIDE.parent / "walkthrough"
SECTION = "## A GM's turn"
SHOWN_SERVER = "smtp.example.org:587 (STARTTLS, as gm)"

# The commands that end with another exit code than 0 (every other one must end with 0).
EXIT_CODES = {
    "sengoku orders game.json spring.txt": 3,  # two lines refused
    "sengoku orders game.json --merge --mbox kyoto1570.mbox": 3,
    "sengoku mail game.json results": 6,  # the server refuses Mori's address
    "sengoku orders game.json --mbox kyoto1570.mbox fall.mbox": 3,  # the mail for another game, held
    "sengoku orders game.json --merge --mbox kyoto1570.mbox fall.mbox": 3,  # the same, after the undo
}


def steps() -> list[tuple[str, str]]:
    """Every ``$`` line of the section's console blocks, in order, with the text shown under it."""
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index(SECTION)
    section = text[start : text.index("\n## ", start)]
    found = []
    for block in re.findall(r"```console\n(.*?)\n```\n", section, flags=re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, printed = chunk.partition("\n")
            found.append((command.split("  #")[0].strip(), printed.rstrip("\n") + "\n" if printed.strip() else ""))
    return found


def matches(shown: str, printed: str) -> bool:
    """The whole output, or (shown with '...') its shown lines in order, '...' in a line standing for any text."""
    if all(line.strip() != "..." for line in shown.splitlines()):
        return shown == printed
    lines = iter(printed.splitlines())
    for line in shown.splitlines():
        if line.strip() == "...":
            continue
        if not any(_pattern(line).match(candidate) for candidate in lines):
            return False
    last, printed_last = shown.splitlines()[-1], [line for line in printed.splitlines() if line.strip()][-1:]
    return last.strip() == "..." or bool(printed_last and _pattern(last).match(printed_last[0]))


def _pattern(line: str) -> re.Pattern[str]:
    """A shown line as a pattern: ``...`` in it stands for any text."""
    return re.compile(".*".join(re.escape(part) for part in line.split("...")) + r"\Z")


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[Mailbox]:
    with smtp_server() as (port, box):
        for name, value in {"HOST": "127.0.0.1", "PORT": str(port), "FROM": "GM Kyoto <gm@kyoto1570.example>"}.items():
            monkeypatch.setenv(f"SENGOKU_SMTP_{name}", value)
        yield box


@pytest.mark.clock
def test_the_gm_turn_prints_what_the_readme_shows(cli: Cli, server: Mailbox) -> None:
    for shipped in WALKTHROUGH.iterdir():
        shutil.copy(shipped, cli.folder / shipped.name)
    story = steps()
    assert [command.split()[:2] for command, _ in story][:2] == [["sengoku", "new"], ["sengoku", "players"]]
    ran = []
    for command, shown in story:
        if command.startswith("cat "):
            assert (cli.folder / command.split()[1]).read_text(encoding="utf-8") == shown, command
            continue
        if command.startswith("export "):
            continue  # the test's server stands in for the guide's
        assert command.startswith("sengoku "), command
        server.refuse = {"motonari@aki.example"} if command == "sengoku mail game.json results" else set()
        result = cli(*shlex.split(command)[1:], code=EXIT_CODES.get(command, 0))
        printed = re.sub(r"through 127\.0\.0\.1:\d+ \(no TLS\)", f"through {SHOWN_SERVER}", result.output)
        assert matches(shown, printed), f"{command}\n--- the guide shows:\n{shown}--- it prints:\n{printed}"
        ran.append(command.split()[1])
        if ran[-1] == "map" and "spring1570.png" in command:  # the forum's picture: a real PNG of the phase's map
            check_map_png(
                (cli.folder / "spring1570.png").read_bytes(), cli("map", "game.json", "--phase", "last").stdout
            )
    assert ran.count("orders") == 6 and "adjudicate" in ran and "mail" in ran and "map" in ran and "undo" in ran
    assert [m["To"] for m in server.messages][:1] == ["Mori <motonari@aki.example>"]  # the reminder went first


@pytest.mark.parametrize(
    ("shown", "printed", "same"),
    [
        ("a\nb\n", "a\nb\n", True),
        ("a\nb\n", "a\nb\nc\n", False),  # shown whole: nothing more, nothing less
        ("a\n...\nc\n", "a\nb\nc\n", True),
        ("c\n...\na\n", "a\nb\nc\n", False),  # in order
        ("a\n...\nb\n", "a\nb\nc\n", False),  # the last line shown is the last printed...
        ("a\n...\n", "a\nb\nc\n", True),  # ...unless the part shown ends with "..."
        ("...\nDeadline: ... (in ... days)\n", "x\nDeadline: Tuesday (in 3 days)\n", True),
        ("...\nDeadline: ... (in ... days)\n", "x\nDeadline: Tuesday (passed)\n", False),
    ],
)
def test_how_shown_output_is_compared(shown: str, printed: str, same: bool) -> None:
    assert matches(shown, printed) is same
