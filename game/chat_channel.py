"""The game's chat channel: a webhook address that results and notices are posted to (Discord or Slack).

A webhook address is a password: whoever has it can post to the channel as
the GM. So it is checked once here (https, or http on this machine only;
one line; no user name or password in it) and never shown again in full:
:meth:`ChatChannel.shown` is what every command and page prints.
"""

from __future__ import annotations

from typing import Literal
from urllib.parse import urlsplit

from game.addresses import is_loopback_host
from orders.structs import Struct

__all__ = ["ChannelError", "ChatChannel", "parse_channel"]

Flavour = Literal["discord", "slack"]
_MAX_URL = 2048
_DISCORD_HOSTS = {"discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"}
_SLACK_HOSTS = {"hooks.slack.com"}
_TITLES = {"discord": "Discord", "slack": "Slack"}


class ChannelError(ValueError):
    """A webhook address that cannot be used, said without repeating the address."""


class ChatChannel(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    url: str
    flavour: Flavour
    post_results: bool = False
    """The web site posts each adjudication's results here by itself."""

    def shown(self) -> str:
        """``Discord webhook on discord.com``: where posts go, without the secret part of the address."""
        return f"{_TITLES[self.flavour]} webhook on {urlsplit(self.url).netloc}"


def parse_channel(url: str, flavour: str | None = None) -> ChatChannel:
    """A channel from the address a GM pasted; the flavour from the host when it is Discord's or Slack's."""
    url = url.strip()
    if not url or len(url) > _MAX_URL or any(c.isspace() or ord(c) < 32 for c in url):
        raise ChannelError(f"a webhook address is one line of at most {_MAX_URL} characters, with no spaces")
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if not host:
        raise ChannelError("that is no web address: a webhook address starts https://")
    if parts.username or parts.password:
        raise ChannelError("a webhook address holds no user name or password")
    if parts.scheme != "https" and not (parts.scheme == "http" and is_loopback_host(host)):
        raise ChannelError("a webhook address starts https:// (http:// only for a server on this machine)")
    known: Flavour | None = "discord" if host in _DISCORD_HOSTS else "slack" if host in _SLACK_HOSTS else None
    if flavour is None:
        if known is None:
            raise ChannelError(f"'{host}' is neither Discord's nor Slack's: say which format it takes (--flavour)")
        return ChatChannel(url=url, flavour=known)
    if flavour not in _TITLES:
        raise ChannelError(f"unknown webhook format '{flavour}': discord or slack")
    if known is not None and known != flavour:
        raise ChannelError(f"'{host}' is {_TITLES[known]}'s, not {_TITLES[flavour]}'s")
    return ChatChannel(url=url, flavour="discord" if flavour == "discord" else "slack")
