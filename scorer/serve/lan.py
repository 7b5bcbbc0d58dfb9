"""The addresses another device on the local network opens ``scorer serve`` at, and their
QR codes (the terminal's and the page's, drawn by ``segno`` from the serve extra).

With ``--host 0.0.0.0`` (or ``::``) the app answers on every address of this machine: the
addresses printed are this machine's IPv4 addresses other than loopback (the one the default
route leaves by first: found by connecting a UDP socket, which sends nothing). With a
loopback host no other device can reach the app: there is no address to give.
"""

from __future__ import annotations

import io
import ipaddress
import socket

from scorer.serve.guard import WILDCARDS

#: An address of the documentation range: a UDP socket "connected" to it only picks the
#: interface of the default route; no packet leaves.
PROBE = ("192.0.2.1", 9)


def _routed() -> list[str]:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(PROBE)
            return [str(sock.getsockname()[0])]
    except OSError:
        return []


def _named() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def _reachable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_multicast or ip.is_link_local)


def lan_addresses(host: str) -> list[str]:
    """The addresses other devices open the app at, in order (none for a loopback host)."""
    host = host.strip().lower().strip("[]")
    if host not in WILDCARDS:
        loopback = host == "localhost" or (_is_ip(host) and not _reachable(host))
        return [] if loopback else [host]
    found: list[str] = []
    for address in (*_routed(), *_named()):
        if _reachable(address) and address not in found:
            found.append(address)
    return found


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def lan_urls(host: str, port: int) -> list[str]:
    return [f"http://{f'[{a}]' if ':' in a else a}:{port}/" for a in lan_addresses(host)]


def qr_terminal(url: str) -> str:
    """The QR code of ``url`` in block characters ('' without segno)."""
    try:
        import segno
    except ImportError:
        return ""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def qr_data_uri(url: str) -> str | None:
    """The QR code of ``url`` as an SVG ``data:`` URI for the page (None without segno)."""
    try:
        import segno
    except ImportError:
        return None
    uri: str = segno.make(url, error="m").svg_data_uri(scale=5, border=2)
    return uri
