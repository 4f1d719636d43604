"""Every request this program makes to another server goes through here: only to hosts the operator allows,
never into the network the server stands in.

On a public site any visitor can make a game and set its webhook, so the
address is the visitor's choice; unchecked, the server would post to its
own network for them (a database's port, a cloud's metadata service at
169.254.169.254) and tell them what came back. So, for every URL:

* **when it is set** (no DNS needed): ``https`` to a host name on the list
  (Discord's and Slack's webhook hosts, on port 443 only: the site is no
  scanner of their other ports; and those the operator adds in
  ``SENGOKU_OUTBOUND_HOSTS``, on any port); an address written as digits (``10.0.0.5``,
  ``[::1]``) is refused, unless it is in a network the operator allows
  (``SENGOKU_OUTBOUND_NETWORKS``: a relay on this machine, the tests'
  receiver), where ``http`` may be used too;
* **when it is sent**: the same check, then the name resolved once, every
  address it resolves to checked (no loopback, private, link-local, shared,
  reserved or multicast address, metadata services included; IPv4 inside
  IPv6 unwrapped), and the connection made to the checked address with the
  name kept for TLS and ``Host`` (the answer is pinned: a second lookup that
  answers otherwise is never made). Redirects are not followed, proxies in
  the environment are not used, and at most :data:`MAX_ANSWER_BYTES` of an
  answer are read.

A refusal says the host and why, never the address's path (a webhook's
path is its password) nor the other server's words. :meth:`Outbound.client`
is the one way to make a request: ``outbox.webhook`` and any later caller
(Discord's REST API) use it.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import httpx

__all__ = [
    "DEFAULT_HOSTS",
    "HOSTS_VARIABLE",
    "MAX_ANSWER_BYTES",
    "NETWORKS_VARIABLE",
    "Outbound",
    "OutboundRefused",
    "Resolver",
    "system_resolver",
]

HOSTS_VARIABLE = "SENGOKU_OUTBOUND_HOSTS"
NETWORKS_VARIABLE = "SENGOKU_OUTBOUND_NETWORKS"
DEFAULT_HOSTS = frozenset({"discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com", "hooks.slack.com"})
"""Where Discord's and Slack's webhooks (and Discord's REST API) are."""
MAX_ANSWER_BYTES = 64 * 1024
_METADATA = {
    ipaddress.ip_address("169.254.169.254"): "a cloud metadata service",
    ipaddress.ip_address("fd00:ec2::254"): "a cloud metadata service",
    ipaddress.ip_address("100.100.100.200"): "a cloud metadata service",
}
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_Address = ipaddress.IPv4Address | ipaddress.IPv6Address
_Network = ipaddress.IPv4Network | ipaddress.IPv6Network

Resolver = Callable[[str, int], Sequence[str]]
"""A name and port to the addresses it resolves to (``getaddrinfo``; a stub in the tests)."""


class OutboundRefused(ValueError):
    """A request this program will not make; the message names the host, never the rest of the address."""


def system_resolver(host: str, port: int) -> list[str]:
    return [str(info[4][0]) for info in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)]


@dataclass(frozen=True)
class Outbound:
    """Where requests may go: host names, and networks outside the public internet the operator allows."""

    hosts: frozenset[str] = DEFAULT_HOSTS
    networks: tuple[_Network, ...] = ()
    resolve: Resolver = field(default=system_resolver, compare=False)

    @classmethod
    def from_environment(cls, env: Mapping[str, str] | None = None, resolve: Resolver | None = None) -> Outbound:
        """The default hosts plus ``SENGOKU_OUTBOUND_HOSTS``, and ``SENGOKU_OUTBOUND_NETWORKS`` (comma-separated)."""
        env = os.environ if env is None else env
        added = {_name(word) for word in _words(env.get(HOSTS_VARIABLE, ""))}
        networks = []
        for word in _words(env.get(NETWORKS_VARIABLE, "")):
            try:
                networks.append(ipaddress.ip_network(word, strict=False))
            except ValueError:
                raise OutboundRefused(f"{NETWORKS_VARIABLE}: '{word}' is no network (e.g. 127.0.0.1/32)") from None
        return cls(DEFAULT_HOSTS | added, tuple(networks), resolve or system_resolver)

    def check(self, url: str | httpx.URL) -> httpx.URL:
        """The URL if it may be used, without any DNS lookup; else :class:`OutboundRefused`."""
        try:
            parsed = httpx.URL(url)
        except (httpx.InvalidURL, TypeError, ValueError):
            raise OutboundRefused("that is no web address") from None
        host = _name(parsed.host)
        if not host:
            raise OutboundRefused("that is no web address: it names no host")
        if parsed.userinfo:
            raise OutboundRefused(f"an address on {host} holding a user name or password is not used")
        literal = _literal(host)
        if literal is not None:
            if not self._allowed_network(literal):
                raise OutboundRefused(
                    f"{parsed.host} is an address, not a host name: give the service's name (such as discord.com)"
                )
            if parsed.scheme not in ("https", "http"):
                raise OutboundRefused(f"only https:// (or http:// in an allowed network) is used, not {parsed.scheme}")
        elif host not in self.hosts:
            raise OutboundRefused(
                f"{host} is not a host this site posts to: Discord's and Slack's, and those the site's operator "
                f"adds ({HOSTS_VARIABLE})"
            )
        elif parsed.scheme != "https":
            raise OutboundRefused(f"an address on {host} starts https://")
        elif host in DEFAULT_HOSTS and parsed.port not in (None, 443):
            raise OutboundRefused(f"{host} is reached on its own port (443), not {parsed.port}")
        return parsed

    def address(self, host: str, port: int) -> str:
        """The one address a request to ``host`` connects to: resolved once, every answer checked."""
        literal = _literal(_name(host))
        if literal is not None:
            return str(literal)
        try:
            answers = [_literal(answer.partition("%")[0]) for answer in self.resolve(host, port)]
        except (OSError, UnicodeError):
            raise OutboundRefused(f"{host} could not be found (DNS)") from None
        found = [answer for answer in answers if answer is not None]
        if not found:
            raise OutboundRefused(f"{host} could not be found (DNS)")
        for answer in found:
            why = self.outside(answer)
            if why is not None:
                raise OutboundRefused(f"{host} resolves to {why}: not used")
        return str(found[0])

    def outside(self, address: _Address) -> str | None:
        """Why ``address`` may not be reached (its kind, in words), or None where it may."""
        if self._allowed_network(address):
            return None
        inner = _unwrapped(address)
        if inner in _METADATA:
            return _METADATA[inner]
        if inner.is_loopback:
            return "a loopback address (this machine)"
        if inner.is_link_local:
            return "a link-local address"
        if inner.is_private or inner in ipaddress.ip_network("100.64.0.0/10"):
            return "a private address"
        if inner.is_multicast or inner.is_unspecified or inner.is_reserved or not inner.is_global:
            return "an address outside the public internet"
        return None

    def client(self, *, timeout: float = 20.0, transport: httpx.BaseTransport | None = None) -> httpx.Client:
        """An HTTP client whose every request is checked, resolved once and pinned, and bounded (see above).

        ``transport``: what sends the checked request (a test's loopback or mock transport); real HTTP if None.
        """
        inner = transport or httpx.HTTPTransport(retries=0, trust_env=False)
        return httpx.Client(
            transport=_Pinned(self, inner),
            timeout=timeout,
            follow_redirects=False,
            trust_env=False,
            headers={"Accept-Encoding": "identity", "User-Agent": "sengoku"},
        )

    def _allowed_network(self, address: _Address) -> bool:
        return any(address in network for network in self.networks if network.version == address.version)


class _Pinned(httpx.BaseTransport):
    """Checks each request again, connects to the one address checked, and reads a bounded answer."""

    def __init__(self, outbound: Outbound, inner: httpx.BaseTransport) -> None:
        self.outbound, self.inner = outbound, inner

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        url = self.outbound.check(request.url)
        port = url.port or (443 if url.scheme == "https" else 80)
        address = self.outbound.address(url.host, port)
        pinned = httpx.Request(  # the Host header keeps the name; TLS is told it (sni_hostname)
            request.method,
            url.copy_with(host=address),
            headers=request.headers,
            stream=request.stream,
            extensions={**request.extensions, "sni_hostname": url.host},
        )
        response = self.inner.handle_request(pinned)
        try:
            body = _bounded(response)
        finally:
            response.close()
        headers = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in _FRAMING]
        return httpx.Response(response.status_code, headers=headers, content=body, extensions=response.extensions)

    def close(self) -> None:
        self.inner.close()


_FRAMING = {"content-encoding", "content-length", "transfer-encoding"}


def _bounded(response: httpx.Response) -> bytes:
    """At most MAX_ANSWER_BYTES of the answer as sent; none of an encoded (compressed) one, never unpacked."""
    if response.headers.get("content-encoding", "identity").lower() not in ("identity", ""):
        return b""
    kept = bytearray()
    for chunk in response.stream:  # type: ignore[union-attr]
        kept += chunk[: MAX_ANSWER_BYTES - len(kept)]
        if len(kept) >= MAX_ANSWER_BYTES:
            break
    return bytes(kept)


def _words(value: str) -> Iterable[str]:
    return (word.strip() for word in value.replace(" ", ",").split(",") if word.strip())


def _name(host: str) -> str:
    return host.strip().lower().removesuffix(".").strip("[]")


def _literal(host: str) -> _Address | None:
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


def _unwrapped(address: _Address) -> _Address:
    """An IPv4 address written inside an IPv6 one (``::ffff:10.0.0.1``, NAT64's ``64:ff9b::a9fe:a9fe``, 6to4)."""
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return address.ipv4_mapped
        if address.sixtofour is not None:
            return address.sixtofour
        if address in _NAT64:
            return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return address
