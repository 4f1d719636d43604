"""The game's chat channel on the web site: the GM sets a webhook; results and notices go there.

The same posts as ``sengoku channel`` (:mod:`post.chat`, :mod:`outbox.webhook`):
the results post cut to the channel's limits, the map as a PNG on Discord,
a "the phase is open" notice; each names the powers that still owe orders
for the open phase, and on Discord mentions their players where the GM
turned mentions on (web/table/discordtable.py). After the results that close
a year, the chart of the centres follows; when the game is over, its summary
(with the chart) and the whole game as an animation (:mod:`outbox.storyposts`).
Those are made by the story's worker process (:mod:`web.play.storybook`) and
posted from a thread of their own, so the GM's adjudication never waits for
them. The address is kept in the game's state and only ever shown as its host.
Posting never fails an adjudication: what did not go is said to the GM (and
logged when no one is there to read it).
"""

from __future__ import annotations

import logging
import threading
from urllib.parse import urlsplit

from flask import current_app, has_app_context

from game.chat_channel import ChannelError, ChatChannel
from game.game import GameError
from game.owed import owing as still_owing
from outbox.storyposts import end_posts, year_post
from outbox.webhook import ChannelPost, Posted, channel_for, post_to_channel
from post import build_post
from post.chat import Flavour, chat_messages, owing_line, phase_notice, with_line
from story.summary import summarise
from story.years import ends_year
from web.play import mapview, storybook
from web.play.actions import GM_PAGE, log_action
from web.schemas.table import ChannelIn, ChannelPostOut
from web.storage import store
from web.storage.db import Database
from web.storage.store import Handle
from web.table import outgoing
from web.table.discordtable import mentions_for

__all__ = ["after_adjudication", "in_background", "post", "posted_counted", "set_channel"]

log = logging.getLogger(__name__)

_CHART_WAIT = 120.0  # seconds the story's thread waits for the chart, then posts without it
_ANIMATION_WAIT = 900.0  # and for the animation (240 frames at most: minutes on a busy 2-core machine)


def set_channel(db: Database, game_id: str, request: ChannelIn, by: str = GM_PAGE) -> None:
    """Keep, change or forget the webhook; an empty ``url`` keeps the one set (its address is never sent back)."""

    def act(handle: Handle) -> None:
        state = handle.game.state
        chosen: ChatChannel | None = state.channel
        if request.forget:
            chosen = None
        elif request.url:
            try:
                chosen = channel_for(request.url, request.flavour)  # the outbound guard's hosts: no DNS yet
            except ChannelError as error:
                raise GameError(str(error)) from None
        if chosen is not None:
            chosen = chosen.replace(post_results=request.post_results)
        elif request.post_results:
            raise GameError("give the channel's webhook address first")
        handle.game.state = state.replace(channel=chosen)
        if chosen is None:
            log_action(handle, by, "chat channel forgotten")
        else:
            after = ", results after each adjudication" if chosen.post_results else ""
            log_action(handle, by, f"chat channel: the {chosen.shown()}{after}")

    store.change(db, game_id, act)


def post(db: Database, game_id: str, what: str) -> ChannelPostOut:
    """Post the last results (with the map) or a notice of the open phase, now; either names the powers that
    still owe orders for the open phase (their Discord players mentioned where the GM turned that on)."""
    snapshot = store.load(db, game_id)
    state = snapshot.state
    chosen = state.channel
    if chosen is None:
        raise GameError("this game has no chat channel: set its webhook first")
    flavour = Flavour(chosen.flavour)
    owing = _owing(snapshot)
    mentions = mentions_for(db, game_id) if flavour is Flavour.DISCORD else {}
    line = owing_line(str(state.position.phase), owing, flavour, mentions)
    pinged = [mentions[p] for p in owing if p in mentions]
    if what == "results":
        if not state.history:
            raise GameError("no phase has been adjudicated yet")
        report = build_post(snapshot.board, state, -1, deadline=snapshot.deadline)
        picture = _picture(snapshot) if chosen.flavour == "discord" else None
        messages = chat_messages(report, flavour)
        sent = ChannelPost(messages if state.result.over else with_line(messages, line, flavour), picture,
                           mentions=[] if state.result.over else pinged)  # fmt: skip
        posted = posted_counted(db, game_id, chosen, sent)
        if posted.complete:
            _story_later(db, snapshot, chosen, flavour)
        return _out(chosen, posted, f"the {report.phase} results")
    if state.result.over:
        raise GameError(f"the game is over: {state.result.describe()}")
    text = phase_notice(snapshot.name or snapshot.board.title, str(state.position.phase), snapshot.deadline, flavour)
    sent = ChannelPost([f"{text}\n{line}"], mentions=pinged)
    return _out(chosen, posted_counted(db, game_id, chosen, sent), f"the {state.position.phase} notice")


def posted_counted(db: Database, game_id: str, chosen: ChatChannel, sent: ChannelPost) -> Posted:
    """Post within the game's hourly quota of channel posts, each message that went counted (the operator sees
    it: web/storage/site.py)."""
    now = store.utcnow()
    over = outgoing.webhook_allowed(db, game_id, outgoing.quotas(), now)
    if over is not None:
        return Posted(total=len(sent.messages), failure=over)
    posted = post_to_channel(chosen, sent)
    outgoing.record(db, game_id, "webhook", [urlsplit(chosen.url).hostname or ""] * posted.sent, now)
    return posted


def _owing(snapshot: store.Snapshot) -> list[str]:
    """The powers that still owe an order in the open phase: a unit without one, a build or removal not ordered
    (game/owed.py, as the reminders and the GM page say; none once the game is over)."""
    state = snapshot.state
    if state.result.over:
        return []
    return still_owing(snapshot.board, state.position, snapshot.board.rules, state.orders)


def after_adjudication(db: Database, game_id: str) -> ChannelPostOut | None:
    """Post the results if the GM turned it on; None if not. Never raises: the adjudication stands."""
    try:
        chosen = store.load(db, game_id).state.channel
        if chosen is None or not chosen.post_results:
            return None
        out = post(db, game_id, "results")
        if out.failure:
            log.warning("posting the results of game %s to its channel: %s", game_id, out.failure)
        return out
    except Exception:  # the channel must not undo or hide an adjudication: log it, the GM can post again
        log.exception("posting the results of game %s to its channel failed", game_id)
        return None


def in_background(db: Database, game_id: str) -> threading.Thread:
    """:func:`after_adjudication` in a thread of its own, for the deadline job (a slow chat server must not
    hold up its next pass)."""
    thread = threading.Thread(target=after_adjudication, args=(db, game_id), name=f"sengoku-chat-{game_id}")
    thread.daemon = True
    thread.start()
    return thread


def _picture(snapshot: store.Snapshot) -> bytes | None:
    """The last phase's map with its orders and results, as PNG; None (and said in the log) on a server
    without fonts, so the results still go."""
    entry = snapshot.state.history[-1]
    try:
        svg = mapview.position_svg(snapshot.board, entry.before, outcomes=entry.report.outcomes, title=snapshot.name)
        return mapview.png(svg)
    except Exception:
        log.exception("drawing the map for game %s's channel failed", snapshot.id)
        return None


def _out(chosen: ChatChannel, posted: Posted, what: str) -> ChannelPostOut:
    return ChannelPostOut(
        channel=chosen.shown(),
        what=what,
        sent=posted.sent,
        total=posted.total,
        failure=posted.failure,
        notes=posted.notes,
    )


def _story_later(
    db: Database, snapshot: store.Snapshot, chosen: ChatChannel, flavour: Flavour
) -> threading.Thread | None:
    """The year's chart, or (the game over) the summary and the animation, posted from a thread of their own."""
    state = snapshot.state
    if not state.result.over and not ends_year(state.history[-1].report):
        return None
    thread = threading.Thread(
        target=_post_story, args=(db, snapshot, chosen, flavour, _budget()), name=f"sengoku-story-{snapshot.id}"
    )
    thread.daemon = True
    thread.start()
    return thread


def _post_story(db: Database, snapshot: store.Snapshot, chosen: ChatChannel, flavour: Flavour, budget: int) -> None:
    state, title = snapshot.state, snapshot.board.title
    try:
        if chosen.flavour != "discord":  # Slack's webhooks take no pictures: the summary's words alone, at the end
            over = state.result.over
            summary = summarise(snapshot.board, state, snapshot.board.rules) if over else None
            posts = end_posts(state, title, summary, None, None, flavour)[:1] if summary is not None else []
        elif state.result.over:
            chart = storybook.artefact(snapshot.id, state, "chart.png", _CHART_WAIT, budget)
            summary = summarise(snapshot.board, state, snapshot.board.rules)
            gif = storybook.artefact(snapshot.id, state, "story.gif", _ANIMATION_WAIT, budget)
            posts = end_posts(state, title, summary, chart, gif, flavour)
        else:
            chart = storybook.artefact(snapshot.id, state, "chart.png", _CHART_WAIT, budget)
            if chart is None:  # still being made after the wait: no caption without its picture
                log.warning("game %s's chart was not made in %s s: not posted", snapshot.id, _CHART_WAIT)
                return
            posts = [year_post(state, title, state.history[-1].report.phase.year, chart, flavour)]
        for post in posts:
            posted = posted_counted(db, snapshot.id, chosen, post)
            if not posted.complete:
                log.warning("posting game %s's story to its channel: %s", snapshot.id, posted.failure)
                return
    except Exception:  # the story is a bonus: the results went; log it, the GM can post again
        log.exception("posting game %s's story to its channel failed", snapshot.id)


def _budget() -> int:
    """The animation's byte budget: the site's setting where there is an app, else the default."""
    if has_app_context():
        return int(current_app.config.get("STORY_MAX_BYTES", storybook.MAX_BYTES))
    return storybook.MAX_BYTES
