"""Who may talk to ``scorer serve``: the ``Host`` and ``Origin`` checks that keep other web
pages out (DNS rebinding, cross-site posts).

A request is answered only when its ``Host`` names an address the server serves, at the port
it listens on (:class:`Served`), and when its ``Origin``, if it has one, is that same origin
(``http://`` and the request's ``Host``): a page of another site cannot read from or post to
the app even when its name resolves to this machine. Otherwise :func:`refusal` gives the
finding the app answers with status 403.

The addresses served:

* bound to loopback (``127.0.0.1``, ``localhost``, ``::1``): ``localhost``, ``127.0.0.1``
  and ``[::1]``;
* bound to a wildcard (``0.0.0.0``, ``::``): those, and any IP address (a request naming an
  IP address reached this machine at that address: no other site can be behind it); a host
  *name* (``mybox.local``) needs ``--allow-host``;
* bound to another address or name: that address or name;
* and every ``--allow-host NAME`` (at the served port) or ``NAME:PORT``.

Starlette's ``TrustedHostMiddleware`` is not used: it answers 400 in plain text, ignores the
port and has no ``Origin`` check, where the app answers 403 with a JSON finding.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass

from scorer.core.findings import Finding

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARDS = frozenset({"0.0.0.0", "::", ""})

#: The rules of a refused request (statements as the catalogue would print them).

Authority = tuple[str, int]


def split_authority(text: str, default_port: int = 80) -> Authority | None:
    """``host[:port]`` (IPv6 in brackets) as (lower-case host, port); None if malformed."""
    text = text.strip().lower()
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port_text = rest[1:] if rest else ""
    else:
        host, colon, port_text = text.partition(":")
        if colon and not port_text:
            return None
    if not host or any(c in host for c in "/?#@ \\[]") or (":" in host and not _is_ip(host)):
        return None
    if not port_text:
        return host, default_port
    if not port_text.isascii() or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        return None
    return host, int(port_text)


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _is_loopback(host: str) -> bool:
    return host in LOOPBACK_NAMES or (_is_ip(host) and ipaddress.ip_address(host).is_loopback)


@dataclass(frozen=True, slots=True)
class Served:
    """The authorities (host, port) a request may name; ``any_address``: also any IP
    address at ``port`` (a wildcard bind)."""

    port: int
    names: frozenset[Authority]
    any_address: bool = False

    @classmethod
    def of(cls, host: str, port: int, allow: Iterable[str] = ()) -> Served:
        """What ``scorer serve --host host --port port --allow-host …`` serves. Raises
        ValueError naming an ``--allow-host`` value that is not ``NAME`` or ``NAME:PORT``."""
        host = host.strip().lower().strip("[]")
        wildcard = host in WILDCARDS
        local = wildcard or _is_loopback(host)
        names = {(name, port) for name in LOOPBACK_NAMES} if local else set()
        if not wildcard:
            names.add((host, port))
        for value in allow:
            allowed = split_authority(value, port)
            if allowed is None:
                raise ValueError(f"--allow-host {value!r}: expected NAME or NAME:PORT")
            names.add(allowed)
        return cls(port, frozenset(names), wildcard)

    def admits(self, authority: Authority) -> bool:
        if authority in self.names:
            return True
        host, port = authority
        return (
            self.any_address
            and port == self.port
            and _is_ip(host)
            and not ipaddress.ip_address(host).is_unspecified
        )


def refusal(served: Served, host: str | None, origin: str | None) -> Finding | None:
    """The finding that refuses a request with these ``Host`` and ``Origin`` headers (None:
    answer it). No ``Origin`` is a request from no page (curl, a script), or from the app's
    own page (browsers may leave it out for the same origin)."""
    authority = split_authority(host) if host is not None else None
    if authority is None or not served.admits(authority):
        return Finding(
            "REC-HOST-1",
            "",
            f"this server does not serve the host {host or '(none)'!r}: open the address "
            "scorer serve printed, or start it with --allow-host NAME",
            details={"header": "Host", "found": host or ""},
        )
    if origin is None:
        return None
    scheme, sep, rest = origin.partition("://")
    if sep and scheme.lower() == "http" and split_authority(rest) == authority:
        return None
    return Finding(
        "REC-HOST-2",
        "",
        f"a page of another site ({origin!r}) may not use this server",
        details={"header": "Origin", "found": origin},
    )
