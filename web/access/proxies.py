"""Who the client is: the peer, or, when the peer is a proxy the operator trusts, the address it forwards for.

Behind a reverse proxy every connection comes from the proxy; a limit per
address would then be one limit for the whole site (issue 32: 21 wrong links
from one client gave every player a 429). The proxy says who it forwards for
in ``X-Forwarded-For``, adding the address it got the request from at the
right. So the client is found by walking that header from the right,
past every address that is itself a trusted proxy (a CDN, then nginx); the
first one that is not is the client. From a peer that is not trusted the
header is ignored: no client can choose the address it is counted as.

The trusted proxies are ``sengoku serve --forwarded-allow-ips`` (gunicorn's
name for the same setting), else ``$SENGOKU_FORWARDED_ALLOW_IPS``, else this
machine (``127.0.0.1,::1``: nginx on the same host); addresses or networks,
comma-separated, ``*`` for any peer (only where nothing but the proxy can
reach the port), '' for none. Both servers (waitress, gunicorn) pass the
header through to the app untouched, and the app decides here.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Sequence

__all__ = ["DEFAULT", "VARIABLE", "Networks", "client_of", "networks", "trusted"]

VARIABLE = "SENGOKU_FORWARDED_ALLOW_IPS"
DEFAULT = "127.0.0.1,::1"
Networks = tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]


def networks(text: str | None = None) -> Networks:
    """The trusted proxies: ``text``, else the environment's, else this machine. ValueError names a bad entry."""
    text = os.environ.get(VARIABLE, DEFAULT) if text is None else text
    out = []
    for word in (part.strip() for part in text.split(",")):
        if not word:
            continue
        if word == "*":
            out += [ipaddress.ip_network("0.0.0.0/0"), ipaddress.ip_network("::/0")]
            continue
        try:
            out.append(ipaddress.ip_network(word, strict=False))
        except ValueError:
            problem = f"forwarded-allow-ips: '{word}' is no address or network (e.g. 127.0.0.1,10.0.0.0/8)"
            raise ValueError(problem) from None
    return tuple(out)


def trusted(address: str, proxies: Networks) -> bool:
    found = _address(address)
    return found is not None and any(found in network for network in proxies if network.version == found.version)


def client_of(peer: str, forwarded: str, proxies: Networks) -> str:
    """The client a request counts as: see the module's docstring."""
    if not trusted(peer, proxies):
        return peer
    hops: Sequence[str] = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    for hop in reversed(hops):
        found = _address(hop)
        if found is None:
            return hop[:64]  # not an address: what the nearest proxy wrote, kept as the client's name
        if not trusted(str(found), proxies):
            return str(found)
    return peer if not hops else str(_address(hops[0]) or hops[0][:64])


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address as proxies write it: ``10.0.0.1``, ``10.0.0.1:5555``, ``[::1]:5555``, ``::1``."""
    text = text.strip()
    if text.startswith("["):
        text = text[1 : text.find("]")] if "]" in text else text
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        return ipaddress.ip_address(text.partition("%")[0])
    except ValueError:
        return None
