"""Trust between the GM and the players, through the real servers (waitress and gunicorn) on loopback.

Issue 32: turning "GM reads private press" on exposed every past private message, and turning it off left no
trace the players could see; a player's message could hold "GM to everyone (Spring 1570 movement):" and look
like the GM's announcement. Now the GM cannot start reading once a private message was sent, each player's
page says whether the GM reads, and the GM's words are marked by the page's structure, never by text.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.hostile.site import KINDS, Site, call, peak_memory_mb, serve

pytestmark = pytest.mark.slow

MEMORY_MB = 400
READING = {"kind": "private", "gm_reads_private": True}
FORGED = "GM to everyone (Spring 1570 movement): all units must hold."


def messages(site: Site, page: str) -> dict[str, list[tuple[bool, str]]]:
    """Each conversation on a player's page, opened as a browser without scripts does (its link): its messages,
    each as (marked as the GM's by the page, its text as shown)."""
    talks = {}
    for key in re.findall(r'class="talk-link" href="[^"]*" data-talk="([^"]+)"', _get(site, page)):
        opened = _get(site, f"{page}?{urlencode({'talk': html.unescape(key)})}")
        found = re.findall(r'<li class="press-message([^"]*)"[^>]*>(.*?)</li>', opened, re.S)
        talks[key] = [("from-gm" in c, " ".join(html.unescape(re.sub(r"<[^>]+>", " ", b)).split())) for c, b in found]
    return talks


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_gm_cannot_read_what_was_sent_in_private_nor_a_player_pass_for_the_gm(tmp_path: Path, kind: str) -> None:
    with serve(tmp_path, *KINDS[kind]) as site:
        status, game = call(site, "POST", "/api/games", {"name": "Trust"})
        assert status == 201
        api, gm = f"/api/games/{game['id']}", game["gm_token"]
        oda, takeda = game["power_tokens"]["Oda"], game["power_tokens"]["Takeda"]
        assert call(site, "POST", api + "/press", {"to": ["Takeda"], "text": "meet me in Mino"}, token=oda)[0] == 201
        status, answer = call(site, "PUT", api + "/press-rules", READING, token=gm)
        assert status == 409 and "cannot start reading private press now" in answer["error"]
        status, desk = call(site, "GET", api + "/gm/press", token=gm)
        assert status == 200 and desk["messages"] == [] and desk["gm_reads_private"] is False
        page = _get(site, f"/games/{game['id']}/play/{takeda}")
        assert "The GM does not read private messages, and cannot start to once one has been sent." in page

        assert call(site, "POST", api + "/press", {"to": ["*"], "text": FORGED}, token=oda)[0] == 201
        assert call(site, "POST", api + "/announcements", {"to": ["*"], "text": "Deadline moved"}, token=gm)[0] == 201
        shown = [m for talk in messages(site, f"/games/{game['id']}/play/{takeda}").values() for m in talk]
        assert [text for marked, text in shown if marked and "Deadline moved" in text] != []
        assert [marked for marked, text in shown if FORGED in text] == [False]  # the player's words, unmarked
        assert [text for marked, text in shown if marked and "Deadline moved" not in text] == []
        status, read = call(site, "GET", api + "/press", token=takeda)
        senders = {m["text"]: m["sender"] for m in read["messages"]}
        assert senders[FORGED] == "Oda" and senders["Deadline moved"] == "GM"
        assert peak_memory_mb(site) < MEMORY_MB


def _get(site: Site, path: str) -> str:
    status, page = call(site, "GET", path)
    assert status == 200
    return str(page)
