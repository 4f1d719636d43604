"""A press flood through the real servers: one token sends as fast as it can, the bounds hold, the others' pages
stay as they were. The figures (page and /pulse times during and after 8,000 tries) are bench/hostile_server.py's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.site import KINDS, call, peak_memory_mb, serve
from web.table.pressbounds import PER_MINUTE

pytestmark = pytest.mark.slow

MEMORY_MB = 400
TRIES = 300


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_one_token_flooding_press_stores_its_minutes_worth_and_leaves_the_others_pages_alone(
    tmp_path: Path, kind: str
) -> None:
    with serve(tmp_path, *KINDS[kind]) as site:
        status, game = call(site, "POST", "/api/games", {"name": "Flooded"})
        assert status == 201
        oda, takeda = game["power_tokens"]["Oda"], game["power_tokens"]["Takeda"]
        page = f"/games/{game['id']}/play/{takeda}"
        before = call(site, "GET", page)[1]
        press = f"/api/games/{game['id']}/press"
        too_long = call(site, "POST", press, {"to": ["*"], "text": "x" * 4001}, token=takeda)
        assert too_long[0] == 400 and "at most 4000 characters" in too_long[1]["error"]
        statuses = [
            call(site, "POST", press, {"to": ["*"], "text": f"{n:04d}" + "x" * 3996}, token=oda)[0]
            for n in range(TRIES)
        ]
        assert statuses == [201] * PER_MINUTE + [429] * (TRIES - PER_MINUTE)  # the counts are the database's
        assert call(site, "POST", press, {"to": ["*"], "text": "hello"}, token=takeda)[0] == 201  # not Takeda's limit
        status, read = call(site, "GET", press, token=takeda)
        assert status == 200 and len(read["messages"]) == PER_MINUTE + 1
        status, after = call(site, "GET", page)
        assert status == 200 and len(after) < len(before) + (PER_MINUTE + 1) * 4500  # 4,000 characters and markup
        assert call(site, "GET", f"/games/{game['id']}/play/{takeda}/pulse")[0] == 200
        assert peak_memory_mb(site) < MEMORY_MB
