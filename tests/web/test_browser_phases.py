"""Every phase readable, and a map you can tap and read, in a real browser at 390 and 1280 px.

Past phases and the public page open where the phase's action was, with names at 11 px or more, no sideways
scroll and step controls 44 px tall; the Fall's results stay on the player's page (summary and map layer,
each saying which phase) once its retreats follow; no arrow is drawn over a name (measured: every name whose
box meets an arrow's is painted after it, on its halo); every province's tap target holds a square of 24 px
or more in each power's opening phone view (measured as Chromium hit-tests it, tests/web/taps.py); the Last
results / Now toggle is on the map itself.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.browsing import desktop, new_game, phone, play_through
from tests.web.scenes import FALL_1570, RETREATS_1570, SPRING_1570
from tests.web.taps import TAP_SIZES, smallest

pytestmark = pytest.mark.slow  # a real browser: ./run test -m "not slow" leaves it out

expect.set_options(timeout=15_000)

_NAMES = """() => {
  const svg = document.querySelector('#map svg'), scale = svg.getScreenCTM().a;
  const frame = document.querySelector('#map .viewport').getBoundingClientRect();
  return [...svg.querySelectorAll('g.labels text.label')].map(t => {
    const r = t.getBoundingClientRect();
    const seen = r.right > frame.left && r.left < frame.right && r.bottom > frame.top && r.top < frame.bottom;
    return {key: t.dataset.province, px: parseFloat(t.getAttribute('font-size')) * scale, seen};
  }).filter(n => n.seen);
}"""

_UNDER = """() => {
  const svg = document.querySelector('#map svg');
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const meets = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
  const names = [...svg.querySelectorAll('g.labels text.label')];
  const marks = [...svg.querySelectorAll('g.orders g.order *, g.results g.order *')]
    .filter(e => e.tagName !== 'title' && e.getBoundingClientRect().width > 0);
  let met = 0;
  const over = [];
  for (const n of names) for (const m of marks) {
    if (!meets(box(n), box(m))) continue;
    met += 1;
    if (n.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING) over.push(n.dataset.province);
  }
  return {met, over, bowed: svg.querySelectorAll('path.bowed').length};
}"""


def sized(browser: Browser, width: int) -> Page:
    return phone(browser) if width == 390 else desktop(browser)


def played(base: str) -> dict[str, Any]:
    game = new_game(base)
    play_through(base, game, [SPRING_1570, FALL_1570])  # Fall 1570 retreats: Asakura's army in Ise dislodged
    return game


def test_a_past_phase_on_a_phone_opens_where_the_orders_were_and_reads_without_sideways_scroll(
    base: str, browser: Browser
) -> None:
    game = played(base)
    play_through(base, game, [RETREATS_1570])  # the retreat phase's own page (its post's table was 414 px wide)
    page = phone(browser)
    for number in (1, 2, 3):
        page.goto(f"{base}/games/{game['id']}/history/{number}")
        expect(page.locator("#map svg g.labels")).to_be_attached()
        page.wait_for_timeout(300)  # the opening view is set by script
        names = page.evaluate(_NAMES)
        assert 8 <= len(names) < 81, "a corner of the board, not the whole of it"
        assert min(n["px"] for n in names) >= 11, sorted(names, key=lambda n: n["px"])[:3]
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        steps = page.locator("#pager a.step")
        assert steps.count() >= 1
        for i in range(steps.count()):
            box = steps.nth(i).bounding_box()
            assert box is not None and box["height"] >= 44
    page.goto(f"{base}/games/{game['id']}")  # the public page too
    page.wait_for_timeout(300)
    names = page.evaluate(_NAMES)
    assert len(names) < 81 and min(n["px"] for n in names) >= 11
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_falls_results_stay_on_the_players_page_once_its_retreats_follow(
    base: str, browser: Browser, width: int
) -> None:
    game = played(base)
    page = sized(browser, width)
    page.goto(str(game["links"]["Asakura"]))
    expect(page.locator("#last-phase h2")).to_have_text("Fall 1570 movement: what happened to Asakura")
    toggle = page.locator("#map #view-toggle")  # on the map itself
    expect(toggle.locator("button[data-view=results-2]")).to_have_text("Fall 1570 movement")
    box, screen = toggle.bounding_box(), page.viewport_size
    assert box is not None and screen is not None and box["y"] + box["height"] <= screen["height"]
    expect(page.locator('#map g.results[data-phase="2"]')).to_be_visible()
    toggle.locator("button[data-view=now]").click()
    expect(page.locator('#map g.results[data-phase="2"]')).to_be_hidden()
    page.context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_no_arrow_is_drawn_over_a_name_and_a_short_move_is_an_arrow(base: str, browser: Browser, width: int) -> None:
    game = new_game(base)
    play_through(base, game, [SPRING_1570])
    page = sized(browser, width)
    page.goto(f"{base}/games/{game['id']}/history/1")
    expect(page.locator("#map svg g.orders")).to_be_attached()
    page.wait_for_timeout(300)
    found = page.evaluate(_UNDER)
    assert found["met"] > 0, "some arrow crosses some name's box (else this measures nothing)"
    assert found["over"] == [], f"arrows drawn over the names {sorted(set(found['over']))}"
    page.context.close()


@pytest.mark.parametrize("power", ["Oda", "Mori", "Hojo", "Chosokabe"])
def test_every_tap_target_in_a_phones_opening_view_is_24_px_or_more(base: str, browser: Browser, power: str) -> None:
    game = new_game(base)
    page = phone(browser)
    page.goto(str(game["links"][power]))
    expect(page.locator("#map svg g.labels")).to_be_attached()
    page.wait_for_timeout(300)
    sizes = page.evaluate(TAP_SIZES, 1)
    least = smallest(sizes, 3)
    assert len([k for k, v in sizes.items() if v["whole"]]) >= 8
    assert least[0][1] >= 24, least
    page.context.close()


def test_tap_targets_on_the_desktops_whole_board(base: str, browser: Browser) -> None:
    """The whole board at 1280 x 900 (0.76 px a unit), the smallest scale a page opens the map at: every
    province 24 px or more, and zoomed in once (+) too."""
    game = new_game(base)
    page = desktop(browser)
    page.goto(str(game["links"]["Oda"]))
    expect(page.locator("#map svg g.labels")).to_be_attached()
    page.wait_for_timeout(300)
    page.evaluate("window.scrollTo(0, document.querySelector('#map').getBoundingClientRect().top + scrollY - 4)")
    sizes = page.evaluate(TAP_SIZES, 1)
    whole = [v["px"] for v in sizes.values() if v["whole"]]
    assert len(whole) >= 70 and min(whole) >= 24, smallest(sizes, 5)
    page.click("[data-zoom=in]")
    page.wait_for_timeout(200)
    zoomed = page.evaluate(TAP_SIZES, 1)
    assert smallest(zoomed, 1)[0][1] >= 24, smallest(zoomed, 3)
    page.context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_a_tap_on_a_name_counts_for_its_province(base: str, browser: Browser, width: int) -> None:
    game = new_game(base)
    page = sized(browser, width)
    page.goto(str(game["links"]["Oda"]))
    expect(page.locator("#map svg g.labels")).to_be_attached()
    page.wait_for_timeout(300)
    page.evaluate("window.taps = []")
    page.evaluate("document.querySelector('#map').addEventListener('map:tap', e => taps.push(e.detail.province))")
    for key in ("MIN", "ISE", "SHM", "MIK"):  # names that lie partly outside their province, by the crowded middle
        page.locator(f'#map g.labels text.label[data-province="{key}"]').click()
        page.keyboard.press("Escape")  # whatever the tap began (a unit chosen) is put aside
    assert page.evaluate("window.taps") == ["MIN", "ISE", "SHM", "MIK"]
    page.context.close()
