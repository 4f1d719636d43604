"""docs/api.md lists every call of the JSON API with who may make it and the body it needs, as declared.

The rows are what the routes' declarations say (``@operation``: method, path,
auth, body model), so a call added, removed, or given a body shows here until
the list says so too.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from flask import Flask

from tests.web.apitable import api_rows

API = Path(__file__).parent.parent.parent / "docs" / "api.md"


def test_the_list_is_every_declared_call_with_who_and_its_body(app: Flask) -> None:
    listed = [line for line in API.read_text(encoding="utf-8").splitlines() if re.match(r"\| `[A-Z]+ /api/", line)]
    assert listed == api_rows(app)


def test_the_list_says_which_calls_need_a_body(app: Flask) -> None:
    rows = api_rows(app)
    assert any("| `PUT /api/games/GAME/orders` | a player | `{text, merge?, phase?, version?}` |" in r for r in rows)
    assert any("| `GET /api/games/GAME/me` | a player | no body |" in r for r in rows)


def test_the_order_does_not_depend_on_which_module_was_imported_first(app: Flask, tmp_path: Path) -> None:
    """A tool or a test that imports an API module early (the quick save imports the player's) lists the same."""
    script = (
        "import sys, web.api.site, web.api.player, web.api.quicksave\n"
        "from web import create_app\n"
        "from tests.web.apitable import api_rows\n"
        f"app = create_app({{'DATABASE_URL': 'sqlite:///{tmp_path / 'other.db'}', 'SECRET_KEY': 'k'}})\n"
        "sys.stdout.write('\\n'.join(api_rows(app)))\n"
    )
    root = Path(__file__).parent.parent.parent
    done = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == api_rows(app)
