"""Every name on the live map readable, in a real browser, at the phone's and the desktop's first view.

Each label's box is measured as Chromium draws it: its text at 11 CSS px or more, no unit mark, arrowhead
or DP tag over it (the player has two moves saved), no other name over it, and on the desktop's whole-map
view no frame edge cutting it. The two views are photographed (set SENGOKU_SCREENSHOTS to keep them: the
README's pictures come from here).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.browsing import desktop, new_game, phone
from tests.web.live import call

pytestmark = pytest.mark.slow  # a real browser: ./run test -m "not slow" leaves it out

expect.set_options(timeout=15_000)

_BOXES = """() => {
  const svg = document.querySelector('#map svg'), scale = svg.getScreenCTM().a;
  const frame = document.querySelector('#map .viewport').getBoundingClientRect();
  const rect = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const labels = [...svg.querySelectorAll('g.labels text.label')].map(t => ({
    key: t.dataset.province, px: parseFloat(t.getAttribute('font-size')) * scale, box: rect(t)}));
  const units = [...svg.querySelectorAll('g.units g.unit')].map(g => ({
    key: g.getAttribute('aria-label'), box: rect(g)}));
  const heads = [...svg.querySelectorAll('g.orders path[fill]:not([fill=none]), g.orders text.dp')].map(e => ({
    key: e.closest('g.order').querySelector('title').textContent, box: rect(e)}));
  units.push(...heads);
  return {frame: [frame.left, frame.top, frame.right, frame.bottom], labels, units};
}"""

_ORDERS = "A Owari - Mino\nF Mikawa - Totomi Sea"
_SLACK = 1.0  # CSS px: antialiasing and the text's halo may touch


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] + _SLACK < b[2] and b[0] + _SLACK < a[2] and a[1] + _SLACK < b[3] and b[1] + _SLACK < a[3]


def seen(box: list[float], frame: list[float]) -> bool:
    return box[2] > frame[0] and box[0] < frame[2] and box[3] > frame[1] and box[1] < frame[3]


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    chosen = os.environ.get("SENGOKU_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("map-names")
    folder.mkdir(parents=True, exist_ok=True)
    yield folder


def opened(page: Page, url: str) -> dict[str, list]:  # type: ignore[type-arg]
    page.goto(url)
    expect(page.locator("#map svg g.labels")).to_be_attached()
    page.wait_for_timeout(300)  # the map's opening view is set by script
    return page.evaluate(_BOXES)  # type: ignore[no-any-return]


@pytest.mark.parametrize("width", [390, 1280])
def test_every_name_in_view_is_11_px_or_more_and_nothing_covers_it(
    browser: Browser, base: str, shots: Path, width: int
) -> None:
    game = new_game(base)
    tokens = game["power_tokens"]
    assert isinstance(tokens, dict)
    saved = call("PUT", f"{base}/api/games/{game['id']}/orders", {"text": _ORDERS}, tokens["Oda"])
    assert saved[0] == 200 and saved[1]["refused"] == 0, saved
    page = phone(browser) if width == 390 else desktop(browser)
    drawn = opened(page, str(game["links"]["Oda"]))
    page.screenshot(path=shots / f"player-{width}.png")
    frame = drawn["frame"]
    labels = [label for label in drawn["labels"] if seen(label["box"], frame)]
    assert len(labels) >= (81 if width == 1280 else 12)  # the desktop shows the whole board, a phone a corner
    for label in labels:
        assert label["px"] >= 11, f"{label['key']} at {label['px']:.1f} px"
        for unit in drawn["units"]:
            assert not overlap(label["box"], unit["box"]), f"{unit['key']} covers the name {label['key']}"
    for i, label in enumerate(labels):
        for other in labels[i + 1 :]:
            assert not overlap(label["box"], other["box"]), f"names {label['key']} and {other['key']} overlap"
    if width == 1280:  # the whole map: no name cut at the frame's edge
        for label in labels:
            box = label["box"]
            assert frame[0] <= box[0] and box[2] <= frame[2] and frame[1] <= box[1] and box[3] <= frame[3], label
    page.context.close()
