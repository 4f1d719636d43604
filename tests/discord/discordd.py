"""A stand-in for Discord's REST API on loopback: the interaction webhooks and the application's commands.

It answers as Discord documents: a message over 2,000 characters is refused (400, code 50035), files over the
upload limit (413, code 40005), a bot token other than the application's (401, code 0); a command list is
checked as Discord checks it (names lowercase and at most 32 characters, descriptions 1-100, at most 25
options, the required options before the others, autocomplete never with fixed choices). Everything accepted
is in ``received``, in order.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.outbox.chatd import DISCORD_CONTENT_LIMIT, DISCORD_FILE_LIMIT, discord_message, loopback_allowed, serving

__all__ = ["APPLICATION", "BOT_TOKEN", "Arrived", "Discord", "discord_api"]

APPLICATION = "424242424242424242"
BOT_TOKEN = "bot-t0ken-s3cr3t"
_NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
_WEBHOOK = re.compile(rf"^/api/v10/webhooks/{APPLICATION}/([^/]+)(/messages/@original)?$")
_COMMANDS = re.compile(rf"^/api/v10/applications/{APPLICATION}(/guilds/\d+)?/commands$")


@dataclass
class Arrived:
    method: str
    path: str
    body: Any  # the JSON (a message's: payload_json of a multipart request)
    headers: dict[str, str]
    files: dict[str, bytes] = field(default_factory=dict)

    @property
    def token(self) -> str:
        found = _WEBHOOK.match(self.path)
        return found.group(1) if found else ""


@dataclass
class Discord:
    port: int
    received: list[Arrived] = field(default_factory=list)
    arrived: threading.Condition = field(default_factory=threading.Condition)

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    def wait_for(self, token: str, timeout: float = 30.0) -> Arrived:
        """The first message that came through the interaction ``token``'s webhook (waiting for it)."""
        with self.arrived:
            self.arrived.wait_for(lambda: any(a.token == token for a in self.received), timeout)
        found = [a for a in self.received if a.token == token]
        assert found, f"nothing came through the webhook of interaction {token}"
        return found[0]


def _problem(commands: object) -> str | None:
    if not isinstance(commands, list) or len(commands) > 100:
        return "a list of at most 100 commands"
    for command in commands:
        if not _NAME.match(str(command.get("name", ""))) or not 1 <= len(command.get("description", "")) <= 100:
            return f"command {command.get('name')!r}: name or description"
        options = command.get("options", [])
        if len(options) > 25:
            return "at most 25 options"
        required = [o.get("required", False) for o in options]
        if required != sorted(required, reverse=True):
            return f"command {command['name']!r}: required options come first"
        for option in options:
            if not _NAME.match(option["name"]) or not 1 <= len(option["description"]) <= 100:
                return f"option {option['name']!r}: name or description"
            if option.get("autocomplete") and option.get("choices"):
                return f"option {option['name']!r}: autocomplete and choices"
    return None


def _handler(discord: Discord) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_PATCH(self) -> None:
            self._message()

        def do_POST(self) -> None:
            self._message()

        def do_PUT(self) -> None:
            raw = self._read()
            if not _COMMANDS.match(self.path):
                return self._answer(404, {"message": "404: Not Found", "code": 0})
            if self.headers.get("Authorization") != f"Bot {BOT_TOKEN}":
                return self._answer(401, {"message": "401: Unauthorized", "code": 0})
            commands = json.loads(raw)
            problem = _problem(commands)
            if problem is not None:
                return self._answer(400, {"message": f"Invalid Form Body ({problem})", "code": 50035})
            self._keep(Arrived("PUT", self.path, commands, dict(self.headers)))
            self._answer(
                200, [{**c, "id": str(1000 + i), "application_id": APPLICATION} for i, c in enumerate(commands)]
            )

        def _message(self) -> None:
            raw = self._read()
            if not _WEBHOOK.match(self.path):
                return self._answer(404, {"message": "Unknown Webhook", "code": 10015})
            body, files = discord_message(self.headers.get("Content-Type", ""), raw)
            if len(body.get("content", "")) > DISCORD_CONTENT_LIMIT:
                return self._answer(400, {"message": "Invalid Form Body", "code": 50035})
            if sum(len(f) for f in files.values()) > DISCORD_FILE_LIMIT:
                return self._answer(413, {"message": "Request entity too large", "code": 40005})
            self._keep(Arrived(self.command, self.path, body, dict(self.headers), files))
            self._answer(200, {"id": str(len(discord.received)), **body})

        def _read(self) -> bytes:
            return self.rfile.read(int(self.headers.get("Content-Length", "0")))

        def _keep(self, arrived: Arrived) -> None:
            with discord.arrived:
                discord.received.append(arrived)
                discord.arrived.notify_all()

        def _answer(self, status: int, body: object) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler


@contextmanager
def discord_api() -> Iterator[Discord]:
    """Discord's API on a free loopback port, stopped when the block ends."""
    discord = Discord(port=0)
    with loopback_allowed(), serving(_handler(discord)) as port:
        discord.port = port
        yield discord
