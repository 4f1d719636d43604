"""Each markup as its destination's renderer shows it: no line broken mid-sentence, no table wider than a phone,
nothing lost.

* BBCode as phpBB renders it: every newline a line break (its formatter's automatic line breaks), lists
  without the newlines between their items; ``bbcode`` (a BBCode parser) with those rules. The post was
  hard-wrapped at 80 columns, so a heading or the deadline broke mid-sentence on the page.
* Markdown as CommonMark renders it (``markdown-it-py``, tables on): for Discourse, where a newline is a line
  break too, and for Reddit, where it is not.
* Discord: its limits (2,000 characters a message, no tables); the messages put together are the post.
* The HTML part of the results mail, in Chromium at a phone's 390 px: no sideways scrolling.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from html.parser import HTMLParser

import bbcode
import pytest
from markdown_it import MarkdownIt

from game.game import Game
from post import Post, build_post, render
from post.chat import LIMITS, Flavour, chat_messages, render_chat
from post.document import Post as Document
from post.tables import tables, trailer
from post.words import notices
from tests.cli.conftest import Cli

PHONE = 390


def posts(kyoto: Game, victory: Game, kanto: Game, corrected: Game) -> Iterator[Post]:
    for game in (kyoto, victory, kanto, corrected):
        for index in range(len(game.state.history)):
            yield build_post(game.board, game.state, index, deadline=game.state.deadline)


@pytest.fixture(scope="module")
def corrected(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """A Spring 1570 posted to the forum, rolled back and adjudicated anew: a correction, its long headings."""
    from cli.gamefile import load_game

    folder = tmp_path_factory.mktemp("corrected")
    run = Cli(folder)
    path = folder / "game.json"
    run("new", path, "--name", "Kyoto 1570")
    run("orders", path, input="Oda:\nA Owari - Mino\nTakeda:\nA Kai - Suruga\n")
    run("adjudicate", path, "--for", "phpbb", "--deadline", "2099-03-01 20:00 UTC")
    run("rollback", path)
    run("orders", path, input="Oda:\nA Owari - Ise\n")
    run("adjudicate", path, "--yes", "--deadline", "2099-03-01 20:00 UTC")
    return load_game(path)


@pytest.fixture(scope="module")
def every_post(kyoto: Game, victory: Game, kanto: Game, corrected: Game) -> list[Post]:
    made = list(posts(kyoto, victory, kanto, corrected))
    assert any(p.correction for p in made) and any(p.result for p in made)
    return made


# --- what a renderer shows ----------------------------------------------------------


class _Blocks(HTMLParser):
    """The text a page shows, cut where the page breaks it: at every block's edge and every ``<br>``."""

    _BREAKS = frozenset("p br li ul ol h1 h2 h3 h4 tr td th table thead tbody div article".split())

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self.current: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._BREAKS:
            self._cut()

    def handle_endtag(self, tag: str) -> None:
        if tag in self._BREAKS:
            self._cut()

    def handle_data(self, data: str) -> None:
        self.current.append(data)

    def _cut(self) -> None:
        text = " ".join("".join(self.current).split())
        if text:
            self.blocks.append(text)
        self.current = []


def shown(page: str) -> list[str]:
    reader = _Blocks()
    reader.feed(page)
    reader.close()
    reader._cut()
    return reader.blocks


def phpbb(text: str) -> str:
    """BBCode as phpBB's formatter renders it: a newline is a line break; no typographic replacements."""
    parser = bbcode.Parser(replace_cosmetic=False)
    return str(parser.format(text))


def commonmark(text: str, *, breaks: bool) -> str:
    """Markdown as CommonMark renders it, with tables (Discourse and Reddit draw them); ``breaks``: a newline
    is a line break (Discourse's default)."""
    return str(MarkdownIt("commonmark", {"breaks": breaks}).enable("table").render(text))


def lines_of(post: Post) -> set[str]:
    """Every line of the post's plain text, as a reader sees it (a heading's colon aside)."""
    return {line.strip().rstrip(":") for line in render(post, "plain").splitlines() if line.strip()}


def cells_of(post: Document) -> list[str]:
    """Every piece of text the post's tables, notes and closing lines hold, in order."""
    found = [post.title]
    for heading, items in notices(post):
        found += [heading, *items]
    for table in tables(post):
        found += [table.title, *table.header, *(cell for row in table.shown_rows() for cell in row if cell)]
    return found + list(trailer(post))


# --- phpBB --------------------------------------------------------------------------


def test_the_bbcode_post_as_phpbb_shows_it_breaks_no_line_and_loses_none(every_post: list[Post]) -> None:
    for post in every_post:
        page = phpbb(render(post, "bbcode"))
        seen = [block.rstrip(":") for block in shown(page)]
        expected = lines_of(post)
        broken = [block for block in seen if block not in expected]
        assert not broken, f"{post.title}: lines broken on the page: {broken[:3]}"
        assert expected <= set(seen), f"{post.title}: lost {sorted(expected - set(seen))[:3]}"


def test_the_bbcode_of_the_finding_shows_its_long_lines_whole(corrected: Game) -> None:
    """The correction's heading and the deadline line are over 80 characters: each shows as one line."""
    post = build_post(corrected.board, corrected.state, 0, deadline=corrected.state.deadline)
    blocks = shown(phpbb(render(post, "bbcode")))
    heading = "CORRECTION: these results replace the Spring 1570 movement results published before; what changed"
    assert heading in blocks and len(heading) > 80
    assert any(b.startswith("Next phase: Fall 1570 movement. Deadline:") and len(b) > 70 for b in blocks)


# --- Discourse and Reddit -----------------------------------------------------------


@pytest.mark.parametrize("breaks", [True, False], ids=["discourse", "reddit"])
def test_the_markdown_post_as_commonmark_shows_it_keeps_every_cell_and_line_whole(
    every_post: list[Post], breaks: bool
) -> None:
    for post in every_post:
        page = commonmark(render(post, "markdown"), breaks=breaks)
        assert "<br" not in page, f"{post.title}: a line broken inside a paragraph or cell"
        assert shown(page) == cells_of(post), post.title


def test_a_name_full_of_markdown_reads_as_itself(kyoto: Game) -> None:
    state = kyoto.state.replace(name="*Kyoto* | _1570_ <b>[x](y)</b>")
    post = build_post(kyoto.board, state, 0)
    assert shown(commonmark(render(post, "markdown"), breaks=True))[0] == html.unescape(post.title)


# --- Discord ------------------------------------------------------------------------


def test_the_discord_messages_keep_its_limits_and_put_together_are_the_post(every_post: list[Post]) -> None:
    for post in every_post:
        whole = render_chat(post, Flavour.DISCORD)
        messages = chat_messages(post, Flavour.DISCORD)
        assert all(len(m) <= LIMITS[Flavour.DISCORD] for m in messages)
        assert "\n\n".join(messages) == whole.strip("\n"), f"{post.title}: a message cut a line"
        assert not any(re.match(r"\s*\|", line) for line in whole.splitlines()), "Discord draws no table"


# --- the results mail, in Chromium --------------------------------------------------


@pytest.mark.slow  # a real browser
def test_the_results_mail_fits_a_phone_and_shows_every_cell(every_post: list[Post], kyoto: Game) -> None:
    from outbox.letters import _page
    from tests.web.browsing import launch, phone

    with launch() as browser:
        page = phone(browser)
        for post in every_post:
            mail = _page(post.title, render(post, "html"))
            page.set_content(mail)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE, f"{post.title}: {width} px wide on a {PHONE} px phone"
            assert shown(page.inner_html("body")) == cells_of(post)
        for breaks in (True, False):
            page.set_content(commonmark(render(every_post[0], "markdown"), breaks=breaks))
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
