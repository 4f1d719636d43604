"""A real SMTP server on loopback for the tests (aiosmtpd), with the failures a GM meets in practice.

``refuse`` answers 550 to a recipient; ``drop`` closes the connection in the
middle of a message (after its data arrived, before the server's answer) the
given number of times; ``busy`` answers 451 (try later) to a recipient that
many times. ``hold_after`` makes the server slow: once it has accepted
that many messages, it keeps the next one waiting (data received, no
answer yet) until ``gate`` is set, as a slow server does for minutes.
Every message the server accepted is in ``messages``.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


@dataclass
class Mailbox:
    messages: list[EmailMessage] = field(default_factory=list)
    refuse: set[str] = field(default_factory=set)
    drop: dict[str, int] = field(default_factory=dict)
    busy: dict[str, int] = field(default_factory=dict)
    hold_after: int | None = None
    gate: threading.Event = field(default_factory=threading.Event)
    arrived: threading.Event = field(default_factory=threading.Event)  # set by each message accepted
    connections: int = 0

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if address in str(m["To"])]


class _Handler:
    def __init__(self, box: Mailbox) -> None:
        self.box = box

    async def handle_EHLO(
        self, server: Any, session: Any, envelope: Any, hostname: str, responses: list[str]
    ) -> list[str]:
        self.box.connections += 1
        session.host_name = hostname
        return responses

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: list[str]) -> str:
        if address in self.box.refuse:
            return "550 5.1.1 no such user here"
        if self.box.busy.get(address, 0) > 0:
            self.box.busy[address] -= 1
            return "451 4.3.0 busy, try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        address = envelope.rcpt_tos[0]
        if self.box.hold_after is not None and len(self.box.messages) >= self.box.hold_after:
            while not self.box.gate.is_set():
                await asyncio.sleep(0.01)
        if self.box.drop.get(address, 0) > 0:
            self.box.drop[address] -= 1
            server.transport.close()  # the connection drops mid-message: the client never hears "250"
            return "250 never heard"
        message = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(message, EmailMessage)
        self.box.messages.append(message)
        self.box.arrived.set()
        return "250 Message accepted for delivery"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _authenticate(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
    ok = isinstance(data, LoginPassword) and (data.login, data.password) == (b"gm", b"secret")
    return AuthResult(success=ok, handled=False)


@contextmanager
def smtp_server(auth: bool = False) -> Iterator[tuple[int, Mailbox]]:
    """Start the server on a free loopback port; yields the port and the mailbox; stops it afterwards."""
    box = Mailbox()
    options: dict[str, Any] = {}
    if auth:
        # AUTH offered without TLS on loopback (requiring it would make aiosmtpd warn on every connection)
        options = {"authenticator": _authenticate, "auth_require_tls": False}
    controller = Controller(_Handler(box), hostname="127.0.0.1", port=free_port(), **options)
    controller.start()
    try:
        yield controller.port, box
    finally:
        box.gate.set()  # a held message must not keep the server from stopping
        controller.stop()
