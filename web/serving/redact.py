"""Secret links stay out of the logs: every line the site writes has the links' tokens replaced by ``***``.

A GM's or player's link is ``/games/<id>/gm/<token>`` or ``.../play/<token>`` (and a chat webhook's address,
or the webhook of a Discord interaction the site answers later, ``/webhooks/<id>/<token>``):
the token is the whole secret, and the access log (``--access-log``, often a
world-readable file) or an error's traceback (``unexpected error on GET
/games/.../gm/<token>/...``) printed it in full. :class:`Redactor` is a
logging filter put on every handler the site writes through (the root
logger's, gunicorn's error and access logs, waitress's), so a message, its
arguments and its traceback are cleaned before any handler formats them.
"""

from __future__ import annotations

import logging
import re
import sys

__all__ = ["Redactor", "install", "redact"]

_LINK = re.compile(r"(/(?:gm|play|agree)/+)[^/\s?#\"'<>]+", re.IGNORECASE)  # /play//TOKEN: a router may fold slashes
_WEBHOOK = re.compile(r"(/webhooks/\d+/)[^/\s?#\"'<>]+")  # a chat webhook's key, a Discord interaction's token
_BEARER = re.compile(r"(?i)(bearer\s+)[\w.~+/=-]+")
MASK = "***"


def redact(text: str) -> str:
    """``text`` with every link's token (and any ``Bearer`` token, any webhook's key) replaced by ``***``."""
    text = _WEBHOOK.sub(rf"\g<1>{MASK}", _LINK.sub(rf"\g<1>{MASK}", text))
    return _BEARER.sub(rf"\g<1>{MASK}", text)


class Redactor(logging.Filter):
    """Rewrites a record in place: its message (arguments merged in), its traceback and stack."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):
            message = str(record.msg)
        record.msg, record.args = redact(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


def install(*loggers: str) -> None:
    """Put the filter on every handler of the root logger and of ``loggers`` (giving root one if it has none)."""
    root = logging.getLogger()
    if not root.handlers:
        handler: logging.Handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root.addHandler(handler)
        root.setLevel(logging.WARNING)
    for logger in (root, *(logging.getLogger(name) for name in loggers)):
        for handler in logger.handlers:
            if not any(isinstance(f, Redactor) for f in handler.filters):
                handler.addFilter(Redactor())
