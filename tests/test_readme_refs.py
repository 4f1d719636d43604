"""Everything the README and the guides point at exists: their files and folders, the site's pages and API
calls, their commands.

The GM's turn (docs/gm-guide.md) is run for real in ``tests/cli/test_readme.py``,
the API example (docs/api.md) in ``tests/web/test_readme_api.py``, the
deployment guide's database, backups and proxies in
``tests/web/test_deployment_guide.py``; here the rest is checked: every path in
backticks (from the repository's root) or in a link (from the document's
folder) is in the repository, every page and API call they name is a route of
the site, and every ``sengoku`` command line in their code blocks (a systemd
unit's ``ExecStart`` too) is one the command line accepts (its options and
arguments parse).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from flask import Flask
from werkzeug.exceptions import MethodNotAllowed, NotFound

from cli import main
from web import create_app

ROOT = Path(__file__).parent.parent
DOCUMENTS = ["README.md", "docs/gm-guide.md", "docs/deployment.md", "docs/api.md", "docs/figures.md"]
TEXTS = {name: (ROOT / name).read_text(encoding="utf-8") for name in DOCUMENTS}
TEXT = "\n".join(TEXTS.values())
PROSE = re.sub(r"```.*?```", "", TEXT, flags=re.S)
TICKED = sorted(set(re.findall(r"`([^`\n]+)`", PROSE)))
MADE_AT_RUN_TIME = {"instance/", "map.png", "instance/sengoku.db"}  # the site's folder and files; a URL's last part
AT_THE_OPERATORS = ("/etc/", "/srv/", "/var/")  # the deployment guide's files on the operator's machine


def _paths() -> list[str]:
    """Each path as the repository names it: a link resolved from its document's folder, a ticked path as is."""
    linked = []
    for name, text in TEXTS.items():
        folder = Path(name).parent
        for target in re.findall(r"\]\(([^)#]+)\)", text) + re.findall(r'src="([^"]+)"', text):
            if not target.startswith(("-", "http")):
                linked.append((folder / target).as_posix().replace("docs/../", ""))
    ticked = [t for t in TICKED if re.fullmatch(r"[\w.*-]+(/[\w.*-]*)+|[\w-]+\.(md|py|yaml|sh|png|toml)", t)]
    found = {p for p in linked + ticked if p not in MADE_AT_RUN_TIME and not p.startswith(AT_THE_OPERATORS + ("-",))}
    return sorted(found)


@pytest.mark.parametrize("path", _paths())
def test_every_path_the_readme_names_exists(path: str) -> None:
    assert list(ROOT.glob(path.rstrip("/"))), f"the README or a guide names {path}, which is not in the repository"


def test_the_paths_were_found() -> None:
    """The list above is not empty by accident (a change in the README's style would leave nothing checked)."""
    found = set(_paths())
    assert {"docs/mail-intake.md", "scripts/test-services.sh", "bench/LOAD.md", "localfiles/"} <= found
    assert {"docs/security.md", "bench/README.md", "docs/player-phone.png"} <= found  # links from docs/, resolved there


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    folder = tmp_path_factory.mktemp("readme-site")
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder / 'site.db'}", "SECRET_KEY": "readme"})
    yield app
    app.extensions["sengoku_db"].dispose()


def _site_calls() -> list[tuple[str, str]]:
    pages = [("GET", t) for t in TICKED if t.startswith("/") and not t.startswith(AT_THE_OPERATORS)]
    calls = re.findall(r"`(GET|POST|PUT|DELETE) (/[^`\s?]+)", TEXT)
    return sorted(set(pages + calls))


@pytest.mark.parametrize(("method", "path"), _site_calls())
def test_every_page_and_api_call_the_readme_names_is_a_route(app: Flask, method: str, path: str) -> None:
    concrete = re.sub(r"<id>|GAME", "abcdefghij", path).replace("<n>", "0").replace("/N", "/0")
    try:
        app.url_map.bind("localhost").match(concrete, method=method)
    except (NotFound, MethodNotAllowed):
        pytest.fail(f"README names {method} {path}, which the site does not answer")


def test_the_site_calls_were_found() -> None:
    assert ("GET", "/games/<id>/map.png") in _site_calls() and ("POST", "/api/games/GAME/inbox") in _site_calls()


def _command_lines() -> list[str]:
    lines = []
    for block in re.findall(r"```(?:console|sh|ini)\n(.*?)\n```", TEXT, flags=re.S):
        for line in block.splitlines():
            line = re.sub(r"^(\$ |Exec\w*=\S*/bin/)", "", line)  # a prompt, or a systemd unit's full path
            if line.startswith("sengoku "):
                lines.append(line.split("  #")[0].strip())
    return lines


@pytest.mark.parametrize("line", _command_lines())
def test_every_command_line_in_the_readme_parses(line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command exists and takes these options and arguments: parsed by click all the way down (groups'
    own arguments too, as in `sengoku channel game.json set URL`), with no command's body run."""
    monkeypatch.setattr(click.Command, "invoke", lambda self, ctx: None)  # groups still dispatch; nothing runs
    try:
        main.main(shlex.split(line)[1:], prog_name="sengoku", standalone_mode=False)
    except click.UsageError as error:
        pytest.fail(f"README runs a command the command line refuses: {line}\n{error.format_message()}")


def test_the_command_lines_were_found() -> None:
    lines = _command_lines()
    assert len(lines) > 20 and "sengoku db upgrade" in lines
    assert "sengoku serve --workers 4 --threads 4 --host 127.0.0.1 --port 8000" in lines  # the systemd unit's
