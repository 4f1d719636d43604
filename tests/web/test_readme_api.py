"""docs/api.md's example is a request the site answers as the page says: sent as shown, to a real game."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from tests.web.conftest import GameLinks

API_DOC = Path(__file__).parent.parent.parent / "docs" / "api.md"


def _curl() -> list[str]:
    text = API_DOC.read_text(encoding="utf-8")
    block = re.search(r"```sh\n(curl .*?)\n```", text, flags=re.S)
    assert block, "no curl example in docs/api.md"
    return shlex.split(block.group(1).replace("\\\n", " "))


def test_the_curl_example_saves_odas_orders(client, game: GameLinks) -> None:
    words = _curl()
    method = words[words.index("-X") + 1]
    url = next(word for word in words if word.startswith("http://"))
    headers = dict(words[i + 1].split(": ", 1) for i, word in enumerate(words) if word == "-H")
    body = words[words.index("-d") + 1]
    path = url.removeprefix("http://127.0.0.1:5000").replace("GAME", game.id)
    headers["Authorization"] = headers["Authorization"].replace("ODA_TOKEN", game.tokens["Oda"])
    answer = client.open(path, method=method, headers=headers, data=body)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.get_json()["saved"] == ["A Owari - Mino", "F Mikawa H"]
