"""Where mail goes out: an SMTP server, from flags or ``SENGOKU_SMTP_*`` environment variables."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from email.utils import parseaddr

__all__ = ["ENVIRONMENT", "SettingsError", "SmtpSettings"]

ENVIRONMENT = {
    "host": "SENGOKU_SMTP_HOST",
    "port": "SENGOKU_SMTP_PORT",
    "starttls": "SENGOKU_SMTP_STARTTLS",
    "ssl": "SENGOKU_SMTP_SSL",
    "user": "SENGOKU_SMTP_USER",
    "password": "SENGOKU_SMTP_PASSWORD",
    "sender": "SENGOKU_SMTP_FROM",
}
_YES, _NO = {"1", "yes", "true", "on"}, {"0", "no", "false", "off", ""}


class SettingsError(ValueError):
    """Settings that cannot send mail: no server, no sender, a port that is not a number."""


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int
    sender: str  # the From: address; also the domain of each Message-ID
    starttls: bool = False  # upgrade the connection with STARTTLS (port 587)
    ssl: bool = False  # TLS from the first byte (port 465)
    user: str | None = None
    password: str | None = None
    timeout: float = 30.0
    retries: int = 2  # more tries for a message after a dropped connection or a temporary (4xx) refusal
    pause: float = 1.0  # seconds before the first retry; doubled for each next one

    @classmethod
    def from_sources(cls, flags: Mapping[str, object], env: Mapping[str, str] | None = None) -> SmtpSettings:
        """Flags first, then the environment; says what is missing rather than guessing."""
        env = os.environ if env is None else env

        def given(name: str) -> str | None:
            value = flags.get(name)
            if value is None or value == "":
                value = env.get(ENVIRONMENT[name])
            return None if value is None or value == "" else str(value)

        host = given("host")
        if host is None:
            raise SettingsError("no SMTP server: give --smtp-host or set SENGOKU_SMTP_HOST")
        user = given("user")
        sender = given("sender") or (user if user and "@" in user else None)
        if sender is None:
            raise SettingsError("no sender address: give --from or set SENGOKU_SMTP_FROM (e.g. gm@example.org)")
        if "@" not in parseaddr(sender)[1]:
            raise SettingsError(
                f"the sender '{sender}' is no mail address (e.g. 'GM <gm@example.org>' or gm@example.org)"
            )
        ssl = _flag(flags.get("ssl"), env.get(ENVIRONMENT["ssl"]), False, "ssl")
        starttls = _flag(flags.get("starttls"), env.get(ENVIRONMENT["starttls"]), bool(user) and not ssl, "starttls")
        port_text = given("port") or ("465" if ssl else "587" if starttls else "25")
        if not port_text.isdigit() or not 0 < int(port_text) < 65536:
            raise SettingsError(f"the SMTP port must be a number from 1 to 65535, not '{port_text}'")
        settings = cls(host=host, port=int(port_text), sender=sender, starttls=starttls, ssl=ssl, user=user)
        return replace(settings, password=given("password"))

    @property
    def domain(self) -> str:
        return parseaddr(self.sender)[1].rpartition("@")[2]

    def describe(self) -> str:
        """``smtp.example.org:587 (STARTTLS, as gm)``: where mail went, without the password."""
        how = "TLS" if self.ssl else "STARTTLS" if self.starttls else "no TLS"
        return f"{self.host}:{self.port} ({how}{', as ' + self.user if self.user else ''})"


def _flag(flag: object, env_value: str | None, default: bool, name: str) -> bool:
    if isinstance(flag, bool):
        return flag
    if env_value is None:
        return default
    word = env_value.strip().lower()
    if word in _YES:
        return True
    if word in _NO:
        return False
    raise SettingsError(f"{ENVIRONMENT[name]} must be 1 or 0 (yes or no), not '{env_value}'")
