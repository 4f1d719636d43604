"""Sending a batch of letters: each message recorded the moment a server accepts it, never before.

``on_sent`` is called once per accepted message (the CLI saves the game file
there, so a crash later loses nothing that went). A passing failure is
retried on a new connection after a pause; a refusal fails that message and
the batch goes on; a fatal failure stops the batch, and the messages not
tried are reported as such.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

from game.sent import SentMessage
from outbox.letters import Letter
from outbox.message import compose, thread_of
from outbox.settings import SmtpSettings
from outbox.smtp import Failure, Kind, Postman

__all__ = ["Delivery", "deliver", "write_eml"]


@dataclass
class Delivery:
    sent: list[SentMessage] = field(default_factory=list)
    failed: list[tuple[Letter, str]] = field(default_factory=list)
    not_tried: list[Letter] = field(default_factory=list)
    stopped: str | None = None  # why the batch stopped early

    @property
    def complete(self) -> bool:
        return not self.failed and not self.not_tried


def deliver(
    letters: Sequence[Letter],
    settings: SmtpSettings,
    sent_before: Sequence[SentMessage],
    on_sent: Callable[[SentMessage], None],
    postman: Postman | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> Delivery:
    postman = postman or Postman(settings)
    delivery = Delivery()
    history = list(sent_before)
    try:
        for position, letter in enumerate(letters):
            message = compose(letter, settings.sender, settings.domain, thread_of(history, letter.address))
            try:
                _send_with_retries(postman, message, letter.address, settings, sleep)
            except Failure as failure:
                delivery.failed.append((letter, failure.reason))
                if failure.kind is Kind.FATAL or _unreachable(failure):
                    delivery.stopped = failure.reason
                    delivery.not_tried = list(letters[position + 1 :])
                    break
                continue
            record = SentMessage(
                key=letter.key,
                power=letter.power,
                address=letter.address,
                message_id=str(message["Message-ID"]),
                sent=datetime.now(UTC),
            )
            history.append(record)
            delivery.sent.append(record)
            on_sent(record)
    finally:
        postman.close()
    return delivery


def _send_with_retries(
    postman: Postman, message: EmailMessage, address: str, settings: SmtpSettings, sleep: Callable[[float], None]
) -> None:
    pause = settings.pause
    for attempt in range(settings.retries + 1):
        try:
            postman.send(message, address)
            return
        except Failure as failure:
            if failure.kind is not Kind.PASSING or attempt == settings.retries:
                raise
            sleep(pause)
            pause *= 2


def _unreachable(failure: Failure) -> bool:
    """A server that cannot be reached after the retries will not be reached for the next message either."""
    return failure.kind is Kind.PASSING and failure.reason.startswith("cannot reach")


def write_eml(
    letters: Sequence[Letter], folder: Path, sender: str, domain: str, sent_before: Sequence[SentMessage]
) -> list[Path]:
    """The messages as .eml files in ``folder`` (a dry run): nothing is sent and nothing is recorded."""
    folder.mkdir(parents=True, exist_ok=True)
    history = list(sent_before)
    written = []
    for number, letter in enumerate(letters, start=1):
        message = compose(letter, sender, domain, thread_of(history, letter.address))
        safe = "".join(c if c.isalnum() or c in "@.-_" else "_" for c in letter.address)
        path = folder / f"{number:02d}-{letter.power}-{safe}.eml"
        path.write_bytes(message.as_bytes())
        written.append(path)
    return written
