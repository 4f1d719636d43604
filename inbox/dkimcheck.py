"""DKIM signatures checked on this computer, when the GM asks (``sengoku orders --dkim``), with dkimpy.

The receiving mail server's ``Authentication-Results`` are the usual
witness (:mod:`inbox.senders`); a GM whose provider writes none, or who
reads an exported mailbox, can have the signatures checked here instead.
That looks up each signer's public key in the DNS (``selector._domainkey.
domain``, by dnspython, 5 s at most a lookup) when the mail is read, so a
key rotated since the mail was sent makes an old signature fail: the
verdict says so.

What one run may cost is bounded: at most :data:`MAX_SIGNATURES`
signatures a message; each key looked up once a run (the answer, or its
failure, is kept for the next signature that names it); at most
:data:`RUN_BUDGET_SECONDS` of lookups a run, after which a signature is
not checked (``temperror``: read the mail again later); and a message the
game has read already is not checked again (the intake would not use it).

The verdicts are :class:`~inbox.mail.AuthResult` with the host
:data:`CHECKED_HERE`; a header in the mail claiming that host is dropped when
read (:func:`inbox.senders.auth_results`), as a receiving server drops
headers claiming its own name.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection

from inbox.mail import AuthResult, Mail

__all__ = ["CHECKED_HERE", "LOOKUP_SECONDS", "MAX_SIGNATURES", "RUN_BUDGET_SECONDS", "Check", "DnsLookup", "dkim_check"]

CHECKED_HERE = "dkim-checked-by-sengoku"
MAX_SIGNATURES = 3
LOOKUP_SECONDS = 5.0
RUN_BUDGET_SECONDS = 15.0
"""DNS time one run may spend on keys: three slow domains, not a mailbox's worth of them."""

DnsLookup = Callable[..., bytes | None]
"""A TXT lookup as dkimpy calls it: ``(name: bytes, timeout=5) -> the record's text``, or None."""
Check = Callable[[bytes, Mail], tuple[AuthResult, ...]]
"""The verdicts on a message's signatures: its bytes, and the mail read from them (who it is, for the cache)."""


class _NotLookedUp(Exception):
    """The run's DNS budget is spent, or this key's lookup failed earlier in the run."""


class _Keys:
    """The signers' keys of one run: each name looked up once, within the run's time budget."""

    def __init__(self, dns: DnsLookup, budget: float, clock: Callable[[], float]) -> None:
        self.dns, self.left, self.clock = dns, budget, clock
        self.answers: dict[bytes, bytes | None] = {}
        self.failed: set[bytes] = set()
        self.unanswered = False  # the last signature's key could not be had (budget, timeout, no network)

    def lookup(self, name: bytes, timeout: float = LOOKUP_SECONDS) -> bytes | None:
        if name in self.answers:
            return self.answers[name]
        if name in self.failed or self.left <= 0:
            self.unanswered = True
            raise _NotLookedUp()
        started = self.clock()
        try:
            answer = self.dns(name, timeout=min(timeout, LOOKUP_SECONDS, self.left))
        except Exception:
            self.failed.add(name)
            self.unanswered = True
            raise
        finally:
            self.left -= self.clock() - started
        self.answers[name] = answer
        return answer


def dkim_check(
    dns: DnsLookup | None = None,
    *,
    read: Collection[str] = (),
    budget: float = RUN_BUDGET_SECONDS,
    clock: Callable[[], float] = time.monotonic,
) -> Check:
    """A check of messages' DKIM signatures for one run, looking keys up with ``dns`` (the real DNS when None).

    ``read``: what the game keeps of the mail it has read (read keys, or older Message-IDs): not checked again.
    """
    keys: _Keys | None = None
    done: dict[str, tuple[AuthResult, ...]] = {}  # by read key: a message given twice (an mbox and a Maildir)

    def check(data: bytes, mail: Mail) -> tuple[AuthResult, ...]:
        nonlocal keys
        if mail.read_key in read or mail.message_id in read:
            return ()
        if mail.read_key in done:
            return done[mail.read_key]
        import dkim  # dkimpy loads only when a GM asks for signatures to be checked

        keys = keys or _Keys(dns or dkim.dnsplug.get_txt, budget, clock)
        count = sum(1 for line in data.split(b"\n\n", 1)[0].splitlines() if line[:15].lower() == b"dkim-signature:")
        results = []
        for index in range(min(count, MAX_SIGNATURES)):
            signature = dkim.DKIM(data, timeout=int(LOOKUP_SECONDS))
            keys.unanswered = False
            try:
                passed = bool(signature.verify(idx=index, dnsfunc=keys.lookup))
            except Exception:  # a bad signature, a failed lookup (no network, a timeout): never a crash
                passed = False
            verdict = "pass" if passed else "temperror" if keys.unanswered else "fail"
            domain = signature.domain.decode("ascii", "replace") if isinstance(signature.domain, bytes) else ""
            results.append(AuthResult(CHECKED_HERE, "dkim", verdict, domain.casefold()))
        done[mail.read_key] = tuple(results)
        return done[mail.read_key]

    return check
