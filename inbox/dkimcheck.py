"""DKIM signatures checked on this computer, when the GM asks (``sengoku orders --dkim``), with dkimpy.

The receiving mail server's ``Authentication-Results`` are the usual
witness (:mod:`inbox.senders`); a GM whose provider writes none, or who
reads an exported mailbox, can have the signatures checked here instead.
That looks up each signer's public key in the DNS (``selector._domainkey.
domain``, by dnspython, 5 s at most a lookup) when the mail is read, so a
key rotated since the mail was sent makes an old signature fail: the
verdict says so. At most :data:`MAX_SIGNATURES` signatures a message are
checked (each costs a lookup).

The verdicts are :class:`~inbox.mail.AuthResult` with the host
:data:`CHECKED_HERE`; a header in the mail claiming that host is dropped when
read (:func:`inbox.senders.auth_results`), as a receiving server drops
headers claiming its own name.
"""

from __future__ import annotations

from collections.abc import Callable

from inbox.mail import AuthResult

__all__ = ["CHECKED_HERE", "MAX_SIGNATURES", "Check", "DnsLookup", "dkim_check"]

CHECKED_HERE = "dkim-checked-by-sengoku"
MAX_SIGNATURES = 3

DnsLookup = Callable[..., bytes | None]
"""A TXT lookup as dkimpy calls it: ``(name: bytes, timeout=5) -> the record's text``, or None."""
Check = Callable[[bytes], tuple[AuthResult, ...]]


def dkim_check(dns: DnsLookup | None = None) -> Check:
    """A check of a message's DKIM signatures, looking keys up with ``dns`` (the real DNS when None)."""

    def check(data: bytes) -> tuple[AuthResult, ...]:
        import dkim  # dkimpy loads only when a GM asks for signatures to be checked

        lookup = dns or dkim.dnsplug.get_txt
        count = sum(1 for line in data.split(b"\n\n", 1)[0].splitlines() if line[:15].lower() == b"dkim-signature:")
        results = []
        for index in range(min(count, MAX_SIGNATURES)):
            signature = dkim.DKIM(data)
            try:
                passed = bool(signature.verify(idx=index, dnsfunc=lookup))
            except dkim.DKIMException:
                passed = False
            except Exception:  # a lookup that failed (no network, a timeout): not verified, never a crash
                passed = False
            domain = signature.domain.decode("ascii", "replace") if isinstance(signature.domain, bytes) else ""
            results.append(AuthResult(CHECKED_HERE, "dkim", "pass" if passed else "fail", domain.casefold()))
        return tuple(results)

    return check
