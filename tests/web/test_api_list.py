"""docs/api.md lists every call of the JSON API with who may make it and the body it needs, as declared.

The rows are what the routes' declarations say (``@operation``: method, path,
auth, body model), so a call added, removed, or given a body shows here until
the list says so too.
"""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask

from tests.web.apitable import api_rows

API = Path(__file__).parent.parent.parent / "docs" / "api.md"


def test_the_list_is_every_declared_call_with_who_and_its_body(app: Flask) -> None:
    listed = [line for line in API.read_text(encoding="utf-8").splitlines() if re.match(r"\| `[A-Z]+ /api/", line)]
    assert listed == api_rows()


def test_the_list_says_which_calls_need_a_body(app: Flask) -> None:
    rows = api_rows()
    assert any("| `PUT /api/games/GAME/orders` | a player | `{text, merge?, phase?, version?}` |" in r for r in rows)
    assert any("| `GET /api/games/GAME/me` | a player | no body |" in r for r in rows)
