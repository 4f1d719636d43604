"""The README's outbox example is real output: each command run against a mail server on loopback."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.outbox.smtpd import Mailbox

README = Path(__file__).parent.parent.parent / "README.md"


def example() -> list[tuple[str, list[str]]]:
    """The section's console block as (command, the lines it shows), exports left out."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## The GM's outbox") :]
    block = section[section.index("```console\n") + len("```console\n") : section.index("\n```\n")]
    steps = []
    for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
        command, _, printed = chunk.partition("\n")
        if command.startswith("sengoku"):
            steps.append((command.split("  #")[0].strip(), [line for line in printed.splitlines() if line.strip()]))
    return steps


def test_the_outbox_example_prints_what_the_readme_shows(
    cli: Cli, server: tuple[int, Mailbox], monkeypatch: pytest.MonkeyPatch
) -> None:
    port, box = server
    for name, value in {"HOST": "127.0.0.1", "PORT": str(port), "FROM": "GM Kyoto <gm@example.org>"}.items():
        monkeypatch.setenv(f"SENGOKU_SMTP_{name}", value)
    cli("new", "kyoto.json", "--name", "Kyoto 1570")
    cli("orders", "kyoto.json", input="Oda:\nA Owari - Mino\nF Mikawa - Totomi Sea\n")  # Oda's mail came in
    box.refuse.add("shingen@example.org")  # for the last step: the server refuses Takeda's address
    steps = example()
    assert [c.split()[1] for c, _ in steps] == [
        "players",
        "players",
        "deadline",
        "mail",
        "adjudicate",
        "adjudicate",
        "history",
        "mail",
    ]
    for command, shown in steps:
        if command == "sengoku mail kyoto.json reminder":
            box.refuse.clear()
        elif command == "sengoku mail kyoto.json results":
            box.refuse.add("shingen@example.org")
        result = cli(*shlex.split(command)[1:], code=None)
        printed = (result.stdout + result.stderr).splitlines()
        for line in shown:
            if line.strip() == "...":
                continue
            if " through " in line:  # the README's server is smtp.example.org, the test's is on loopback
                assert any(p.startswith(line.split(" through ")[0] + " through ") for p in printed), line
            else:
                assert line in printed, (command, line)
