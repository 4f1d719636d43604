"""Posting to a chat channel by its webhook (Discord's or Slack's format), with retries, never leaking the address.

One post is a few messages in order (the results, cut to the channel's
limit; :mod:`post.chat`) and, for Discord, the map as a PNG on the last one.
Messages go one at a time and in order, so the first failure stops the
post: a channel never shows the Fall results before the Spring ones. A
passing failure (a dropped connection, a server error, a rate limit that
says how long to wait) is retried; a refusal is final and said in words.

Every request goes through :mod:`outbox.outbound` (allowed hosts only, the
resolved address checked and pinned, no redirects). No message or error
ever repeats the webhook address (it is a password: :meth:`~game.chat_channel.
ChatChannel.shown` names only its host), nor the other server's words: a
failure is its status and its host.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import KW_ONLY, dataclass, field

import httpx

from game.chat_channel import ChannelError, ChatChannel, parse_channel
from outbox.outbound import Outbound, OutboundRefused

__all__ = ["MAX_PICTURE_BYTES", "ChannelPost", "Posted", "channel_for", "post_to_channel"]

MAX_PICTURE_BYTES = 10 * 1024 * 1024
"""Discord takes files up to 10 MiB from a webhook on a server without boosts; a Sengoku map is about 300 KB."""
_MAX_WAIT = 60.0  # a rate limit that asks for longer than this fails the post instead of holding the GM


@dataclass(frozen=True)
class ChannelPost:
    messages: Sequence[str]
    picture: bytes | None = None  # a picture, sent with the last message where the channel takes files
    _: KW_ONLY  # the rest by name: several are strings, easily swapped
    picture_name: str = "map.png"
    mentions: Sequence[str] = ()  # Discord user ids the post may ping (the GM turned mentions on); nobody else
    picture_type: str = "image/png"
    picture_words: str = "the map"  # what the notes call it


@dataclass
class Posted:
    sent: int = 0
    total: int = 0
    failure: str | None = None  # why the post stopped, in words (never the address)
    notes: list[str] = field(default_factory=list)  # e.g. a picture the channel cannot take

    @property
    def complete(self) -> bool:
        return self.failure is None and self.sent == self.total


class _Refused(Exception):
    """A final answer: retrying the same message cannot help."""


class _Passing(Exception):
    """A passing failure: worth another try after ``wait`` seconds (None: the usual pause)."""

    def __init__(self, reason: str, wait: float | None = None) -> None:
        super().__init__(reason)
        self.wait = wait


def channel_for(url: str, flavour: str | None = None, outbound: Outbound | None = None) -> ChatChannel:
    """The channel a GM gave, if this site may post there (:meth:`Outbound.check`: no DNS); else ChannelError."""
    chosen = parse_channel(url, flavour)
    try:
        (outbound or Outbound.from_environment()).check(chosen.url)
    except OutboundRefused as refused:
        raise ChannelError(str(refused)) from None
    return chosen


def post_to_channel(
    channel: ChatChannel,
    post: ChannelPost,
    *,
    retries: int = 3,
    pause: float = 1.0,
    timeout: float = 20.0,
    sleep: Callable[[float], None] = time.sleep,
    outbound: Outbound | None = None,
    transport: httpx.BaseTransport | None = None,
) -> Posted:
    """Send ``post``'s messages in order; stop at the first that cannot go, and say why."""
    posted = Posted(total=len(post.messages))
    picture = post.picture
    if picture is not None and channel.flavour == "slack":
        posted.notes.append(f"Slack webhooks take no pictures: {post.picture_words} was not posted (attach it by hand)")
        picture = None
    elif picture is not None and len(picture) > MAX_PICTURE_BYTES:
        words = post.picture_words
        posted.notes.append(f"{words} ({len(picture):,} bytes) is over Discord's {MAX_PICTURE_BYTES:,}: not posted")
        picture = None
    try:
        guard = outbound or Outbound.from_environment()
    except OutboundRefused as refused:
        posted.failure = str(refused)
        return posted
    with guard.client(timeout=timeout, transport=transport) as client:
        for index, text in enumerate(post.messages):
            attached = picture if index == len(post.messages) - 1 else None
            request = _request(client, channel, text, attached, post)
            try:
                _send(client, request, channel, retries, pause, sleep)
            except (_Refused, _Passing) as failure:
                posted.failure = str(failure)
                return posted
            posted.sent += 1
    return posted


def _request(
    client: httpx.Client, channel: ChatChannel, text: str, picture: bytes | None, post: ChannelPost
) -> httpx.Request:
    if channel.flavour == "slack":
        return client.build_request("POST", channel.url, json={"text": text, "mrkdwn": True})
    # allowed_mentions: nobody is pinged by a name in the post (a game called "@everyone"), only the users named
    allowed: dict[str, object] = {"parse": []}
    if post.mentions:
        allowed["users"] = list(post.mentions)[:100]
    payload: dict[str, object] = {"content": text, "allowed_mentions": allowed}
    url = httpx.URL(channel.url).copy_merge_params({"wait": "true"})
    if picture is None:
        return client.build_request("POST", url, json=payload)
    payload["attachments"] = [{"id": 0, "filename": post.picture_name}]
    files = {"files[0]": (post.picture_name, picture, post.picture_type)}
    return client.build_request("POST", url, data={"payload_json": json.dumps(payload)}, files=files)


def _send(
    client: httpx.Client,
    request: httpx.Request,
    channel: ChatChannel,
    retries: int,
    pause: float,
    sleep: Callable[[float], None],
) -> None:
    for attempt in range(retries + 1):
        try:
            _answer(_exchange(client, request), channel)
            return
        except _Passing as failure:
            if attempt == retries:
                raise
            wait = failure.wait if failure.wait is not None else pause * 2**attempt
            if wait > _MAX_WAIT:
                raise _Refused(f"{failure} (asked to wait {wait:.0f} s)") from None
            sleep(wait)


def _exchange(client: httpx.Client, request: httpx.Request) -> httpx.Response:
    host = request.url.host
    try:
        return client.send(request)
    except OutboundRefused as refused:
        raise _Refused(str(refused)) from None
    except httpx.TimeoutException:
        raise _Passing(f"{host} did not answer in time") from None
    except httpx.TransportError as error:  # its text never holds the address; its type says enough
        raise _Passing(f"could not reach {host} ({type(error).__name__})") from None


def _answer(response: httpx.Response, channel: ChatChannel) -> None:
    """Nothing if the message went; else why not, in the status and the host alone (never the answer's words)."""
    status, host = response.status_code, response.request.url.host
    if 200 <= status < 300:
        return
    if status == 429:
        raise _Passing(f"{host} asks to slow down (HTTP 429)", _retry_after(response))
    if status >= 500:
        raise _Passing(f"{host} failed (HTTP {status})")
    if 300 <= status < 400:
        raise _Refused(f"{host} answered with a redirect (HTTP {status}), which is not followed: set the address again")
    if channel.flavour == "discord" and status == 404:
        raise _Refused(f"the webhook no longer exists on {host} (HTTP 404; deleted in Discord?): set a new one")
    if status in (401, 403):
        raise _Refused(f"{host} refused the webhook's key (HTTP {status}): set the address again")
    if status in (404, 410):
        raise _Refused(f"the webhook is gone from {host} (HTTP {status}): set a new one")
    raise _Refused(f"{host} refused the message (HTTP {status})")


def _retry_after(response: httpx.Response) -> float | None:
    """Seconds to wait: Discord's JSON ``retry_after``, else the ``Retry-After`` header (seconds)."""
    try:
        body = response.json()
        if isinstance(body, dict) and isinstance(body.get("retry_after"), int | float):
            return max(0.0, float(body["retry_after"]))
    except ValueError:
        pass
    header = response.headers.get("retry-after", "")
    try:
        return max(0.0, float(header))
    except ValueError:
        return None
