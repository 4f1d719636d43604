"""Who sent a mail, as far as the mail itself can tell: what its headers claim, and what a GM may trust.

The ``From:`` header is the sender's own text: anyone can write any address
there. What can be judged:

* **Authentication-Results**, written by the receiving mail server after it
  checked DKIM, SPF and DMARC (RFC 8601). A sender can write one too, so it
  counts only from a host the GM names (the authserv-id the GM's own mail
  provider writes, such as ``mx.google.com``), and only from the topmost
  header naming that host: the host adds its own on top, so any below it
  were written by the sender (RFC 8601 section 5). A message is *verified*
  when that header says ``dmarc=pass`` with ``header.from`` the From domain,
  or ``dkim=pass`` for the From domain (or a parent of it), or ``spf=pass``
  for a mail-from in the From domain.
* **DKIM-Signature** headers name the domains that signed; recorded and
  shown, but a signature nobody checked proves nothing, so it never verifies,
  unless the GM has it checked here (:mod:`inbox.dkimcheck`, ``--dkim``).
* **Disagreements**: a display name holding another address than the one
  sent from (``"shingen@kai.example" <x@evil.example>``), or a ``Sender``,
  ``Reply-To`` or ``Return-Path`` in another domain than the From address.
  Mail programs show the display name; forgers rely on it.

Pure functions of header values; :mod:`inbox.message` reads the headers and
:mod:`inbox.intake` applies the game's choice (verified senders required or not).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from email.utils import getaddresses, parseaddr

from inbox.dkimcheck import CHECKED_HERE
from inbox.mail import AuthResult, Mail

__all__ = ["auth_results", "disagreements", "dkim_signers", "verdict"]

_METHOD = re.compile(r"^\s*([A-Za-z][\w.-]*)\s*=\s*([A-Za-z][\w-]*)")
_PROPERTY = re.compile(r"\b(header\.d|header\.i|header\.from|smtp\.mailfrom)\s*=\s*\"?([^\s;\"()]+)")
_DKIM_DOMAIN = re.compile(r"(?:^|;)\s*d\s*=\s*([^\s;]+)")
_AN_ADDRESS = re.compile(r"[^\s<>\"'@]+@[^\s<>\"'@]+\.[A-Za-z]{2,}")
_MAX_RESULTS = 50  # verdicts kept per message: a real one has 3 or 4 per relay


def auth_results(values: Iterable[str]) -> tuple[AuthResult, ...]:
    """The verdicts of ``Authentication-Results`` header values, topmost first: ``mx.example; dkim=pass header.d=...``.

    A host's verdicts count only from the topmost header naming it (RFC 8601
    section 5): a receiving host adds its own on top, so one below it naming
    the same host was there before, written by the sender. Those are kept,
    marked :attr:`~inbox.mail.AuthResult.below`, to be shown, never counted.
    """
    results: list[AuthResult] = []
    seen: set[str] = set()
    for value in values:
        host, _, rest = _without_comments(value).partition(";")
        host = host.split()[0].casefold() if host.split() else ""
        if not host or host == CHECKED_HERE:  # a header claiming this computer's own checks is the sender's forgery
            continue
        below = host in seen
        seen.add(host)
        for clause in rest.split(";"):
            method = _METHOD.match(clause)
            if method is None:
                continue
            name = method[1].casefold()
            domains = dict((key.casefold(), _domain(found)) for key, found in _PROPERTY.findall(clause))
            results.append(AuthResult(host, name, method[2].casefold(), _vouched(name, domains), below))
    return tuple(results[:_MAX_RESULTS])


def _vouched(method: str, domains: dict[str, str]) -> str:
    """The domain a method's verdict is about: DMARC's ``header.from``, DKIM's ``header.d`` (or ``header.i``),
    SPF's ``smtp.mailfrom``; '' when the header names none (a bare ``dmarc=pass`` vouches for nobody)."""
    if method == "dmarc":
        return domains.get("header.from", "")
    if method == "dkim":
        return domains.get("header.d") or domains.get("header.i", "")
    if method == "spf":
        return domains.get("smtp.mailfrom", "")
    return domains.get("header.d") or domains.get("header.from") or domains.get("smtp.mailfrom", "")


def dkim_signers(values: Iterable[str]) -> tuple[str, ...]:
    """The ``d=`` domains of ``DKIM-Signature`` header values (signed, not checked)."""
    found = (_DKIM_DOMAIN.search(" ".join(value.split())) for value in values)
    return tuple(dict.fromkeys(match[1].casefold() for match in found if match is not None))[:_MAX_RESULTS]


def disagreements(sender: str, others: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """Where the display name, ``Sender``, ``Reply-To`` or ``Return-Path`` disagree with the From address.

    ``others`` are (header name, value) pairs. A Sender or Return-Path in the
    From address's own domain is ordinary (a list server, a bounce address);
    another domain is named.
    """
    name, address = parseaddr(sender)
    address = address.casefold()
    domain = address.rpartition("@")[2]
    out = []
    named = {found.casefold() for found in _AN_ADDRESS.findall(name)}
    if named and named != {address}:
        out.append(f"its display name shows {', '.join(sorted(named))} but it was sent from {address or '(none)'}")
    for header, value in others:
        for _, other in getaddresses([value]):
            other = other.strip("<>").casefold()
            if other and other != address and other.rpartition("@")[2] != domain:
                out.append(f"{header} {other} differs from the From address {address or '(none)'}")
    return tuple(dict.fromkeys(out))


def verdict(mail: Mail, hosts: Sequence[str]) -> tuple[bool, str]:
    """Is ``mail``'s sender verified by a host the GM trusts? And the words that say why (or why not)."""
    trusted = {host.casefold() for host in hosts} | {CHECKED_HERE}
    domain = parseaddr(mail.sender)[1].casefold().rpartition("@")[2]
    counted = [result for result in mail.auth if result.host in trusted and not result.below]
    for result in counted:
        if result.result == "pass" and _vouches(result, domain):
            return True, f"verified: {result.describe()}"
    if counted:
        return False, "not verified: " + "; ".join(result.describe() for result in counted)
    if any(result.host in trusted for result in mail.auth):
        return False, "not verified: the trusted host's own header gives no verdict (those below it are the sender's)"
    if mail.auth:
        hosts_seen = sorted({result.host for result in mail.auth})
        return False, f"not verified: Authentication-Results only from {', '.join(hosts_seen)}, not a trusted host"
    signed = f" (DKIM-signed by {', '.join(mail.signers)}, not checked)" if mail.signers else ""
    return False, f"not verified: no Authentication-Results{signed}"


def _vouches(result: AuthResult, domain: str) -> bool:
    """Does a passing result vouch for the From domain? DMARC is about it by definition; DKIM and SPF if aligned."""
    if result.method == "dmarc":  # about the From domain itself, named as header.from (RFC 7489 section 11.2)
        return bool(domain) and result.domain == domain
    if result.method in ("dkim", "spf"):
        return bool(domain) and (domain == result.domain or domain.endswith("." + result.domain))
    return False


def _domain(value: str) -> str:
    return value.rpartition("@")[2].strip("<>.").casefold()


def _without_comments(value: str) -> str:
    """The header value with (comments) left out, not nested more than it needs."""
    out, depth = [], 0
    for char in value:
        if char == "(":
            depth += 1
        elif char == ")" and depth:
            depth -= 1
        elif not depth:
            out.append(char)
    return "".join(out)
