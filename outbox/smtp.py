"""Talking to the SMTP server: connect (STARTTLS or TLS, log in), send one message, and say plainly what went wrong.

Each failure is sorted into one of three kinds, because each asks for a
different answer: a *passing* one (the connection dropped, a 4xx reply) is
tried again on a new connection; a *refusal* (a 5xx for one recipient) fails
that message only; a *fatal* one (bad login, the sender refused, no TLS)
stops the batch, since every other message would fail the same way.
"""

from __future__ import annotations

import smtplib
import socket
import ssl
from email.message import EmailMessage
from enum import Enum

from outbox.settings import SmtpSettings

__all__ = ["Failure", "Kind", "Postman"]


class Kind(Enum):
    PASSING = "passing"
    REFUSED = "refused"
    FATAL = "fatal"


class Failure(Exception):
    def __init__(self, kind: Kind, reason: str) -> None:
        super().__init__(reason)
        self.kind, self.reason = kind, reason


class Postman:
    """One connection at a time to the server in ``settings``; reconnects after a failure."""

    def __init__(self, settings: SmtpSettings) -> None:
        self.settings = settings
        self._client: smtplib.SMTP | None = None

    def send(self, message: EmailMessage, recipient: str) -> None:
        """Hand one message to the server for one recipient; raises :class:`Failure` if it was not accepted."""
        try:
            client = self._connect()
            refused = client.send_message(message, from_addr=self.settings.sender, to_addrs=[recipient])
        except Failure:
            raise
        except smtplib.SMTPRecipientsRefused as error:
            code, text = next(iter(error.recipients.values()))
            raise self._reply_failure(code, text, f"the server refused {recipient}") from None
        except smtplib.SMTPAuthenticationError as error:
            self.close()
            raise Failure(
                Kind.FATAL, f"the server refused the login ({_reply(error.smtp_code, error.smtp_error)})"
            ) from None
        except smtplib.SMTPSenderRefused as error:
            raise self._reply_failure(
                error.smtp_code, error.smtp_error, f"the server refused the sender {error.sender}"
            ) from None
        except smtplib.SMTPNotSupportedError as error:
            self.close()
            raise Failure(Kind.FATAL, f"the server does not support it: {error}") from None
        except smtplib.SMTPResponseException as error:
            raise self._reply_failure(error.smtp_code, error.smtp_error, "the server refused the message") from None
        except (smtplib.SMTPException, OSError) as error:
            self.close()
            raise Failure(Kind.PASSING, _connection_problem(self.settings, error)) from None
        if refused:
            code, text = refused[recipient]
            raise self._reply_failure(code, text, f"the server refused {recipient}")

    def close(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            try:
                client.quit()
            except (smtplib.SMTPException, OSError):
                client.close()

    def _connect(self) -> smtplib.SMTP:
        if self._client is not None:
            return self._client
        s = self.settings
        context = ssl.create_default_context()
        client: smtplib.SMTP
        try:
            if s.ssl:
                client = smtplib.SMTP_SSL(s.host, s.port, timeout=s.timeout, context=context)
            else:
                client = smtplib.SMTP(s.host, s.port, timeout=s.timeout)
        except (smtplib.SMTPException, OSError) as error:  # no server greeted us: no message can go either
            raise _unreached(s, error) from None
        try:
            if s.starttls:
                client.starttls(context=context)
            if s.user:
                client.login(s.user, s.password or "")
        except BaseException:
            client.close()
            raise
        self._client = client
        return client

    def _reply_failure(self, code: int, text: bytes | str, what: str) -> Failure:
        """4xx: try again later (passing); 5xx: refused for good. The sender refused for good stops the batch."""
        reason = f"{what} ({_reply(code, text)})"
        if 400 <= code < 500:
            self.close()
            return Failure(Kind.PASSING, reason)
        return Failure(Kind.FATAL if "sender" in what else Kind.REFUSED, reason)


def _reply(code: int, text: bytes | str) -> str:
    words = text.decode("utf-8", "replace") if isinstance(text, bytes) else str(text)
    return f"{code} {words}".strip()


def _unreached(settings: SmtpSettings, error: Exception) -> Failure:
    """No greeting from the server. TLS spoken to a plain port (or the reverse) will never work: that stops at once;
    anything else is tried again, then stops the batch (``cannot reach``: see :func:`outbox.deliver.deliver`)."""
    where = f"{settings.host}:{settings.port}"
    if isinstance(error, ssl.SSLError):
        hint = "; port 465 wants --ssl, ports 25 and 587 want STARTTLS" if settings.ssl else ""
        return Failure(Kind.FATAL, f"TLS with {where} failed: {error.reason or error}{hint}")
    if isinstance(error, socket.gaierror):
        return Failure(Kind.PASSING, f"cannot reach {where}: no such host ({error.strerror or error})")
    if isinstance(error, smtplib.SMTPServerDisconnected):
        return Failure(Kind.PASSING, f"cannot reach {where}: it closed the connection before greeting")
    problem = _connection_problem(settings, error)
    if not problem.startswith("cannot reach"):
        problem = f"cannot reach {where}: {error.strerror if isinstance(error, OSError) and error.strerror else error}"
    return Failure(Kind.PASSING, problem)


def _connection_problem(settings: SmtpSettings, error: Exception) -> str:
    where = f"{settings.host}:{settings.port}"
    if isinstance(error, smtplib.SMTPServerDisconnected):
        return f"the connection to {where} was closed before the message was accepted"
    if isinstance(error, ConnectionRefusedError):
        return f"cannot reach {where}: the connection was refused (is the SMTP server running?)"
    if isinstance(error, TimeoutError):
        return f"cannot reach {where}: no answer within {settings.timeout:g} s"
    if isinstance(error, ssl.SSLError):
        return f"TLS with {where} failed: {error.reason or error}"
    return f"cannot send through {where}: {error.strerror if isinstance(error, OSError) and error.strerror else error}"
