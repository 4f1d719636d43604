"""Discord's REST API, for the site's Discord application: the answers it finishes later (an interaction's
webhook) and the slash commands it puts into Discord (``sengoku discord register``).

Every request goes through :func:`send`, the one place this module reaches the network, and :func:`send`
through the outbound guard (:mod:`outbox.outbound`: Discord's hosts and the operator's, the resolved address
checked and pinned, no redirects): the API's base address is a setting (``SENGOKU_DISCORD_API_URL``; the tests
point it at a server on loopback, a network they allow), and no error or log line repeats a token (an
interaction's token is in its webhook's path, the bot's in a header).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import httpx

from outbox.outbound import Outbound, OutboundRefused

__all__ = [
    "DEFAULT_API",
    "EPHEMERAL",
    "DiscordApiError",
    "Reply",
    "edit_original",
    "follow_up",
    "payload",
    "put_commands",
    "send",
]

DEFAULT_API = "https://discord.com/api/v10"
EPHEMERAL = 64
"""The message flag of an answer only its user sees."""
_TIMEOUT = 10.0


class DiscordApiError(RuntimeError):
    """Discord refused a request or could not be reached; said in words, without a token."""


@dataclass(frozen=True)
class Reply:
    """A message as Discord takes it: its text, whether only the user sees it, a PNG attached."""

    content: str
    private: bool = True
    picture: bytes | None = None
    picture_name: str = "map.png"


def payload(reply: Reply) -> dict[str, Any]:
    """The message's JSON; nobody is ever pinged by a name in it (a power or game called "@everyone")."""
    data: dict[str, Any] = {"content": reply.content, "allowed_mentions": {"parse": []}}
    if reply.private:
        data["flags"] = EPHEMERAL
    if reply.picture is not None:
        data["attachments"] = [{"id": 0, "filename": reply.picture_name}]
    return data


def send(
    method: str,
    url: str,
    *,
    json_body: object = None,
    reply: Reply | None = None,
    headers: Mapping[str, str] | None = None,
    timeout: float = _TIMEOUT,
) -> httpx.Response:
    """One request to Discord's API: JSON, or a message with its picture as multipart; never a redirect."""
    try:
        client = Outbound.from_environment().client(timeout=timeout)
    except OutboundRefused as refused:
        raise DiscordApiError(str(refused)) from None
    with client:
        try:
            if reply is not None and reply.picture is not None:
                files = {"files[0]": (reply.picture_name, reply.picture, "image/png")}
                form = {"payload_json": json.dumps(payload(reply))}
                return client.request(method, url, data=form, files=files, headers=headers)
            body = payload(reply) if reply is not None else json_body
            return client.request(method, url, json=body, headers=headers)
        except OutboundRefused as refused:
            raise DiscordApiError(str(refused)) from None
        except httpx.TimeoutException:
            raise DiscordApiError("Discord did not answer in time") from None
        except httpx.TransportError as error:  # its text may hold the address, and so a token: its type only
            raise DiscordApiError(f"could not reach Discord ({type(error).__name__})") from None


def _webhook(api: str, application_id: str, token: str) -> str:
    if not application_id.isdigit():
        raise DiscordApiError("an application id is a number")
    return f"{api.rstrip('/')}/webhooks/{application_id}/{token}"


def edit_original(api: str, application_id: str, token: str, reply: Reply) -> None:
    """Finish a deferred answer: the message the user saw "thinking..." becomes ``reply``."""
    _check(send("PATCH", _webhook(api, application_id, token) + "/messages/@original", reply=reply))


def follow_up(api: str, application_id: str, token: str, reply: Reply) -> None:
    """Another message after the answer (an answer too long for one message goes on in these)."""
    _check(send("POST", _webhook(api, application_id, token), reply=reply))


def put_commands(
    api: str, application_id: str, bot_token: str, commands: Sequence[Mapping[str, Any]], guild: str | None = None
) -> list[str]:
    """Make the application's slash commands exactly ``commands`` (everywhere, or in one server: at once);
    the names Discord now has."""
    if not application_id.isdigit() or (guild is not None and not guild.isdigit()):
        raise DiscordApiError("an application id and a server id are numbers")
    where = f"/guilds/{guild}" if guild else ""
    url = f"{api.rstrip('/')}/applications/{application_id}{where}/commands"
    answer = send("PUT", url, json_body=list(commands), headers={"Authorization": f"Bot {bot_token}"})
    _check(answer)
    body = answer.json()
    return [str(c.get("name")) for c in body] if isinstance(body, list) else []


def _check(answer: httpx.Response) -> None:
    if 200 <= answer.status_code < 300:
        return
    if answer.status_code == 401:
        raise DiscordApiError("Discord refused the bot token (401): copy it again from the developer portal")
    raise DiscordApiError(f"Discord refused the request (HTTP {answer.status_code}: {_said(answer)})")


def _said(answer: httpx.Response) -> str:
    """Discord's own words (its JSON ``message`` and the first field error), short and on one line."""
    try:
        body = answer.json()
    except ValueError:
        body = None
    text = body.get("message") if isinstance(body, dict) else None
    if not isinstance(text, str):
        text = answer.text
    words = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    return (words[:200] + "…") if len(words) > 200 else words or "no reason given"
