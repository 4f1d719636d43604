"""The GM's outbox: results, reminders and links mailed to the players over SMTP.

A shell package (it does network I/O), used by both the command line
(``sengoku mail``) and the web site (mail after each adjudication).
:mod:`outbox.letters` decides who gets what, :mod:`outbox.message` composes
each message (plain text with an HTML alternative, threaded per player),
:mod:`outbox.smtp` sends them, and :mod:`outbox.deliver` sends a batch,
recording each message only once a server has accepted it.
"""

from outbox.deliver import Delivery, deliver
from outbox.letters import Letter, Plan, links_letters, named, reminder_letters, results_letters
from outbox.settings import SettingsError, SmtpSettings

__all__ = [
    "Delivery",
    "Letter",
    "Plan",
    "SettingsError",
    "SmtpSettings",
    "deliver",
    "links_letters",
    "named",
    "reminder_letters",
    "results_letters",
]
