"""The game's story in a chat channel: the chart with a year's last results, the summary and animation at the end.

The pictures are made by the shells (the command line here and now, the
web site in its story worker); this says what goes with them, in the
channel's markup, as :class:`~outbox.webhook.ChannelPost` values that
:func:`~outbox.webhook.post_to_channel` sends within the channel's limits
(2,000 characters a message on Discord; a picture up to its
:data:`~outbox.webhook.MAX_PICTURE_BYTES`).
"""

from __future__ import annotations

from game.state import GameState
from outbox.webhook import ChannelPost
from post.chat import Flavour
from story.markup import chat_caption, chat_summary
from story.summary import Summary

__all__ = ["end_posts", "year_post"]


def year_post(state: GameState, title: str, year: int, chart: bytes | None, flavour: Flavour) -> ChannelPost:
    """The chart of the centres, after the results that close ``year``."""
    text = chat_caption(f"{state.name or title}: supply centres at the end of {year}", flavour)
    return ChannelPost([text], chart, picture_name="centres.png", picture_words="the chart")


def end_posts(
    state: GameState, title: str, summary: Summary, chart: bytes | None, animation: bytes | None, flavour: Flavour
) -> list[ChannelPost]:
    """The summary (with the chart), then the whole game as an animation."""
    caption = chat_caption(f"{state.name or title}: the whole game, phase by phase", flavour)
    return [
        ChannelPost(chat_summary(summary, flavour), chart, picture_name="centres.png", picture_words="the chart"),
        ChannelPost(
            [caption], animation, picture_name="story.gif", picture_type="image/gif", picture_words="the animation"
        ),
    ]
