"""The player's page and the sandbox in a real browser: taps make orders, each phase shows what it asks.

A player taps a unit and a destination and reads the stored order back; another plays a retreat and a
build by taps; a keyboard picks an order without a pointer; the map zooms. The page is photographed at
390 and 1280 px in each kind of phase: the folder is printed at the end of the run (set
SENGOKU_SCREENSHOTS to choose it).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from maps import load_board
from render import layout
from tests.web.browsing import desktop, new_game, phone, play_through
from tests.web.live import call
from tests.web.scenes import FALL_1570, SPRING_1570

pytestmark = pytest.mark.slow  # a real browser: ./run test -m "not slow" leaves it out

expect.set_options(timeout=15_000)  # a loaded CI machine may take a few seconds for a check to come back

_INSIDE = """(key) => {
  const path = document.querySelector(`path.province[data-province="${key}"]`);
  const svg = path.ownerSVGElement, box = path.getBBox(), matrix = path.getScreenCTM(), p = svg.createSVGPoint();
  for (let i = 1; i < 12; i++) for (let j = 1; j < 12; j++) {
    p.x = box.x + box.width * i / 12; p.y = box.y + box.height * j / 12;
    if (!path.isPointInFill(p)) continue;
    const s = p.matrixTransform(matrix), hit = document.elementFromPoint(s.x, s.y);
    if (hit === path || (hit && hit.matches('rect.hit') && hit.dataset.province === key)) return {x: s.x, y: s.y};
  }
  return null;
}"""


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[Path]:
    chosen = os.environ.get("SENGOKU_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("player-pages")
    folder.mkdir(parents=True, exist_ok=True)
    yield folder
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():  # shown in every run, not only a failing one
            reporter.write_line(f"\nScreenshots of the player's page (390 and 1280 px, each phase): {folder}")


def photograph(browser: Browser, url: str, folder: Path, name: str) -> None:
    """The page at both sizes: the first screen, and the whole page."""
    for width, page in ((390, phone(browser)), (1280, desktop(browser))):
        page.goto(url)
        expect(page.locator("#phase")).to_be_visible()
        page.wait_for_timeout(400)  # the orders' verdicts and the map's drawing arrive
        page.screenshot(path=folder / f"{name}-{width}.png")
        page.screenshot(path=folder / f"{name}-{width}-full.png", full_page=True)
        page.context.close()


def tap(page: Page, x: float, y: float) -> None:
    if page.context.browser and page.viewport_size and page.viewport_size["width"] < 600:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def tap_unit(page: Page, location: str, dislodged: bool = False) -> None:
    glyph = page.locator(
        f'g.units g.unit{".dislodged" if dislodged else ":not(.dislodged)"}[data-location="{location}"]'
    )
    box = glyph.bounding_box()
    assert box, f"no unit in {location} on screen"
    tap(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def tap_province(page: Page, key: str) -> None:
    spot = page.evaluate(_INSIDE, key)
    if spot is None:  # zoomed away from it: see the whole map
        page.click("button[data-zoom=fit]")
        spot = page.evaluate(_INSIDE, key)
    assert spot, f"{key} cannot be tapped"
    tap(page, spot["x"], spot["y"])


def box_lines(page: Page) -> list[str]:
    return [line for line in page.input_value("#orders").splitlines() if line.strip()]


def stored(base: str, game: dict, power: str) -> list[str]:  # type: ignore[type-arg]
    status, me = call("GET", f"{base}/api/games/{game['id']}/me", token=game["power_tokens"][power])
    assert status == 200
    return list(me["orders"])


def test_a_tap_on_a_unit_then_a_place_makes_the_order(browser: Browser, base: str, shots: Path) -> None:
    game = new_game(base)
    page = phone(browser)
    page.goto(game["links"]["Oda"])
    tap_unit(page, "OWA")
    expect(page.locator(".picker-prompt")).to_contain_text("Tap where A Owari moves")
    expect(page.locator("#map .marks path.target")).to_have_count(3)  # Ise, Mikawa and Mino: nothing more
    tap_unit(page, "MIN")  # the neutral army's place: a move there
    expect(page.locator("#verdicts li")).to_have_count(1)
    assert box_lines(page) == ["A Owari - Mino"]
    expect(page.locator("#verdicts li").first).to_have_class("ok")
    expect(page.locator("#map g.orders g.order.move")).to_have_count(1)  # drawn as soon as it is made
    expect(page.locator('[data-order-for="OWA"]')).to_have_text("A Owari - Mino")

    tap_unit(page, "MIK")
    page.locator("#picker").get_by_role("button", name="Support").click()
    tap_unit(page, "OWA")
    tap_unit(page, "OWA")  # the supported unit again: support it holding
    expect(page.locator("#verdicts li")).to_have_count(2)
    assert box_lines(page) == ["A Owari - Mino", "F Mikawa S A Owari"]

    tap_unit(page, "YAS")  # a neutral army: a DP order
    expect(page.locator(".picker-prompt")).to_contain_text("DP order for the neutral")
    page.locator(".picker .points select").select_option("2")
    page.locator("#picker").get_by_role("button", name="Hold").click()
    expect(page.locator("#verdicts li")).to_have_count(3)
    assert box_lines(page)[-1] == "2 : A Yamashiro H"

    tap_unit(page, "OWA")
    tap_province(page, "ISE")  # changing one's mind replaces the unit's line
    expect(page.locator("#verdicts li").first).to_contain_text("A Owari - Ise")
    assert box_lines(page) == ["A Owari - Ise", "F Mikawa S A Owari", "2 : A Yamashiro H"]
    page.click("#save")
    expect(page.locator(".flash.ok")).to_have_text("Saved 3 orders.")
    assert stored(base, game, "Oda") == ["A Owari - Ise", "F Mikawa S A Owari", "2 : A Yamashiro H"]
    page.context.close()
    photograph(browser, str(game["links"]["Oda"]), shots, "movement")


def points_offered(page: Page, unit: str) -> list[str]:
    """The DP the panel's form for a neutral unit still offers."""
    form = page.locator(f'#bids li[data-unit="{unit}"] select[name=points]')
    return list(form.evaluate("s => [...s.options].filter(o => !o.disabled && !o.hidden).map(o => o.value)"))


def test_the_dp_panel_offers_only_what_the_bids_in_the_order_box_leave(browser: Browser, base: str) -> None:
    """Oda has 2 DP: a 2 DP bid in the box, saved or not, leaves none; cut to 1 DP, it leaves 1 for another unit."""
    game = new_game(base)
    page = desktop(browser)
    page.goto(game["links"]["Oda"])
    expect(page.locator("#dp-left")).to_have_text("2")
    assert points_offered(page, "MIN") == ["1", "2"]
    yamashiro = page.locator('#bids li[data-unit="YAS"]')
    yamashiro.locator("select[name=choice]").select_option(label="A Yamashiro H")
    yamashiro.locator("select[name=points]").select_option("2")
    yamashiro.get_by_role("button", name="Bid").click()
    expect(page.locator("#verdicts li.ok")).to_have_count(1)
    assert box_lines(page) == ["2 : A Yamashiro H"]  # in the box, not saved
    expect(page.locator("#dp")).to_contain_text("2 bid, 0 left")
    expect(page.locator("#dp-offer")).to_be_hidden()  # no form offers a DP order now
    expect(page.locator("#dp-none")).to_contain_text("You have no DP left this phase")
    tap_unit(page, "MIN")  # nor does the map
    expect(page.locator("#map-info")).to_contain_text("no DP left this phase, so no DP order for A Mino")
    expect(page.locator("#picker")).to_be_hidden()

    page.fill("#orders", "1 : A Yamashiro H")  # typed down to 1 DP: 1 DP is left for another unit
    expect(page.locator("#dp")).to_contain_text("1 bid, 1 left")
    expect(page.locator('#bids li[data-unit="MIN"]')).to_be_visible()
    expect(yamashiro).to_be_hidden()  # its bid is in the box, changed there
    assert points_offered(page, "MIN") == ["1"]
    tap_unit(page, "MIN")
    picker_points = page.locator(".picker .points select option")
    expect(picker_points).to_have_count(1)
    page.locator("#picker").get_by_role("button", name="Hold").click()
    expect(page.locator("#verdicts li.ok")).to_have_count(2)
    assert box_lines(page) == ["1 : A Yamashiro H", "1 : A Mino H"]
    expect(page.locator("#dp")).to_contain_text("2 bid, 0 left")
    expect(page.locator("#verdicts li.bad")).to_have_count(0)
    page.context.close()


def test_a_keyboard_orders_without_a_pointer(browser: Browser, base: str) -> None:
    game = new_game(base)
    page = desktop(browser)
    page.goto(game["links"]["Oda"])
    page.locator('g.units g.unit[data-location="OWA"]').focus()
    page.keyboard.press("Enter")
    target = page.locator('path.province[data-province="MIN"][tabindex="0"]')
    expect(target).to_have_attribute("aria-label", "Mino")
    target.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#verdicts li")).to_have_count(1)
    page.locator('select.choose[data-unit="MIK"]').select_option("F Mikawa - Totomi Sea")  # or from the list
    expect(page.locator("#verdicts li")).to_have_count(2)
    assert box_lines(page) == ["A Owari - Mino", "F Mikawa - Totomi Sea"]
    page.context.close()


def test_the_keyboard_reaches_a_units_targets_next_and_walks_its_order_list(browser: Browser, base: str) -> None:
    game = new_game(base)
    page = desktop(browser)
    page.goto(game["links"]["Oda"])
    page.locator('g.units g.unit[data-location="OWA"]').focus()
    page.keyboard.press("Enter")
    focused = page.evaluate("document.activeElement.matches('path.province[tabindex=\"0\"]')")
    assert focused, "after choosing a unit by keyboard, the next focus is one of its targets"
    page.keyboard.press("Escape")
    options = page.locator('select.choose[data-unit="MIK"] option').all_inner_texts()
    page.locator('select.choose[data-unit="MIK"]').focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    # each arrow key walks on to the next order, not back to the first (waited for: each key's check is async)
    expect(page.locator("#orders")).to_have_value(re.compile(rf"^{re.escape(options[2])}\s*$"))
    page.context.close()


def test_a_retreat_and_a_build_by_taps(browser: Browser, base: str, shots: Path) -> None:
    game = new_game(base)
    play_through(base, game, [SPRING_1570, FALL_1570])
    photograph(browser, str(game["links"]["Asakura"]), shots, "retreats")
    page = phone(browser)
    page.goto(game["links"]["Asakura"])
    expect(page.locator("#retreats-panel")).to_contain_text("A Ise (dislodged)")
    tap_unit(page, "ISE", dislodged=True)
    expect(page.locator(".picker-prompt")).to_contain_text("Tap where A Ise retreats")
    tap_province(page, "OMI")
    expect(page.locator("#verdicts li")).to_have_count(1)
    page.click("#save")
    expect(page.locator(".flash.ok")).to_have_text("Saved 1 order.")
    assert stored(base, game, "Asakura") == ["A Ise R Omi"]
    page.context.close()

    play_through(base, game, [{}])  # the GM adjudicates the retreats: Winter 1570
    photograph(browser, str(game["links"]["Oda"]), shots, "adjustments")
    page = desktop(browser)
    page.goto(game["links"]["Oda"])
    expect(page.locator("#due")).to_have_text("You may build 1 unit.")
    tap_province(page, "OWA")  # a free centre: army or fleet?
    expect(page.locator(".picker-prompt")).to_have_text("Which one?")
    page.locator("#picker").get_by_role("button", name="Build A Owari").click()
    expect(page.locator("#verdicts li")).to_have_count(1)
    page.click("#save")
    expect(page.locator(".flash.ok")).to_have_text("Saved 1 order.")
    assert stored(base, game, "Oda") == ["Build A Owari"]
    page.context.close()


def test_the_map_zooms_and_names_what_is_tapped(browser: Browser, base: str) -> None:
    game = new_game(base)
    page = desktop(browser)
    page.goto(game["links"]["Takeda"])
    svg = page.locator("#map svg")

    def width() -> float:
        return float(svg.get_attribute("viewBox").split()[2])  # type: ignore[union-attr]

    whole = width()
    page.click("button[data-zoom=in]")
    assert width() < whole / 1.4
    box = svg.bounding_box()
    assert box
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -200)
    zoomed = width()
    assert zoomed < whole / 1.8
    page.click("button[data-zoom=fit]")
    assert width() == pytest.approx(whole, rel=0.01)
    tap_province(page, "KII")
    expect(page.locator("#map-info")).to_have_text("Kii (KII) · unowned supply centre")
    page.context.close()


_NAME_SIZES = """() => {
  const svg = document.querySelector('#map svg'), scale = svg.getScreenCTM().a;
  return [...svg.querySelectorAll('g.labels text.label')].map(t => parseFloat(t.getAttribute('font-size')) * scale);
}"""


def test_a_phone_opens_the_map_where_names_can_be_read(browser: Browser, base: str, shots: Path) -> None:
    """The sandbox on the board's heart, a player on its corner: names of 10 px or more, the rest a tap away."""
    game = new_game(base)
    for name, url in (("sandbox", base + "/sandbox"), ("player", str(game["links"]["Oda"]))):
        page = phone(browser)
        page.goto(url)
        expect(page.locator("#map")).to_have_class("map live zoomed")
        assert min(page.evaluate(_NAME_SIZES)) >= 10, name
        page.locator("#map").screenshot(path=shots / f"{name}-map-opening-390.png")
        page.click("button[data-zoom=fit]")
        assert max(page.evaluate(_NAME_SIZES)) < 6  # the whole map is a tap away (and too small to read)
        page.context.close()


def test_a_phone_pinches_and_drags_the_map(browser: Browser, base: str) -> None:
    """Two fingers spread zoom in about their middle; one finger then pans (touches sent as the screen sends them)."""
    game = new_game(base)
    page = phone(browser)
    page.goto(game["links"]["Oda"])
    svg = page.locator("#map svg")

    def view() -> list[float]:
        return [float(n) for n in (svg.get_attribute("viewBox") or "").split()]

    opened = view()
    box = svg.bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    screen = page.context.new_cdp_session(page)

    def touch(kind: str, *points: tuple[float, float]) -> None:
        spots = [{"x": px, "y": py, "id": i} for i, (px, py) in enumerate(points)]
        screen.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": spots})

    touch("touchStart", (x - 30, y), (x + 30, y))
    for step in range(1, 11):
        touch("touchMove", (x - 30 - 6 * step, y), (x + 30 + 6 * step, y))
    touch("touchEnd")
    pinched = view()
    # The fingers went from 60 to 180 px apart: three times closer, or as close as the map goes (a 7th of it).
    assert pinched[2] == pytest.approx(max(opened[2] / 3, layout(load_board("sengoku")).width / 7), rel=0.05)
    expect(page.locator("#map")).to_have_class("map live zoomed")
    touch("touchStart", (x, y))
    for step in range(1, 11):
        touch("touchMove", (x + 8 * step, y + 5 * step))
    touch("touchEnd")
    dragged = view()
    assert dragged[2] == pinched[2] and dragged[0] < pinched[0] and dragged[1] < pinched[1]
    page.context.close()


def test_the_deadline_is_in_the_readers_time_with_a_countdown(browser: Browser, base: str) -> None:
    game = new_game(base)
    status, _ = call("PUT", f"{base}/api/games/{game['id']}/deadline", {"hours_from_now": 5}, game["gm_token"])
    assert status == 200
    page = desktop(browser, timezone_id="Asia/Tokyo", locale="en-GB")
    page.goto(game["links"]["Oda"])
    expect(page.locator("p.deadline time")).to_contain_text("GMT+9")
    expect(page.locator("p.deadline .countdown")).to_have_text(re.compile(r"\(4 h 5\d min left\)"))
    page.context.close()


def test_the_sandbox_plays_by_taps_and_steps_back(browser: Browser, base: str, shots: Path) -> None:
    page = desktop(browser)
    page.goto(base + "/sandbox")
    tap_unit(page, "OWA")
    tap_province(page, "ISE")
    tap_unit(page, "OMI")
    tap_province(page, "ISE")
    expect(page.locator("#verdicts li")).to_have_count(2)
    assert box_lines(page) == ["Oda: A Owari - Ise", "Asakura: A Omi - Ise"]
    page.click("#adjudicate")
    expect(page.locator("#phase")).to_have_text("Fall 1570 movement")
    expect(page.locator("#report")).to_contain_text("A Owari - Ise")
    page.screenshot(path=shots / "sandbox-1280.png")
    page.click("#step-back")
    expect(page.locator("#phase")).to_have_text("Spring 1570 movement")
    assert box_lines(page) == ["Oda: A Owari - Ise", "Asakura: A Omi - Ise"]
    page.context.close()


def test_a_refused_dp_order_is_not_shown_in_the_colour_of_a_good_one(browser: Browser, base: str) -> None:
    game = new_game(base)
    page = desktop(browser)
    page.goto(game["links"]["Takeda"])
    page.fill("#orders", "5 : A Musashi H")  # over the DP a power has: read as an order, refused by the rules
    page.click("#check")
    line = page.locator("#verdicts li").first
    expect(line).to_have_class("bad")
    assert line.locator(".canon").count() == 0
    page.context.close()
