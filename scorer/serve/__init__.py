"""``scorer serve``: a local web app to enter a board by tapping and read the verdict.

Needs the optional extra ``scorer[serve]`` (Starlette and uvicorn); without it,
:func:`missing` names the install command and the CLI exits 2. The page is static HTML, CSS
and JavaScript inside the package (``static/``): no CDN, no external asset, works offline.
The board pictures come from the server (the same ``draw_svg`` as ``scorer show --svg``).
"""

from __future__ import annotations

import importlib.util
import socket
from collections.abc import Callable, Iterable
from typing import Any

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
INSTALL = "pip install 'scorer[serve]'  (from a clone: pip install '.[serve]')"
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def missing() -> str | None:
    """The install command to run when the extra is not installed, else None."""
    if all(importlib.util.find_spec(m) is not None for m in ("starlette", "uvicorn")):
        return None
    return INSTALL


def url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    if host in ("0.0.0.0", "::"):
        shown = "127.0.0.1"
    return f"http://{shown}:{port}/"


def run(
    host: str,
    port: int,
    open_browser: bool,
    opener: Callable[[str], object] | None = None,
    allow: Iterable[str] = (),
) -> None:
    """Serve until interrupted; with ``open_browser``, ``opener`` (the web browser by default)
    gets the page's address once the server listens. ``allow``: the ``--allow-host`` names
    (see ``guard.py``). Raises OSError if the address cannot be bound (in use, unknown host,
    …), ValueError for a malformed ``allow`` value."""
    import uvicorn

    from scorer.serve.app import create_app
    from scorer.serve.guard import Served
    from scorer.serve.lan import lan_urls

    served = Served.of(host, port, allow)
    config = uvicorn.Config(
        create_app(served=served, lan=lan_urls(host, port)),
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        server_header=False,
    )
    server = uvicorn.Server(config)
    sock = bind(host, port)
    if open_browser:
        import threading
        import webbrowser

        threading.Thread(
            target=_open_when_started,
            daemon=True,
            args=(server, url(host, port), opener or webbrowser.open),
        ).start()
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()


def _open_when_started(server: Any, address: str, opener: Callable[[str], object]) -> None:
    import sys
    import time

    while not server.started and not server.should_exit:
        time.sleep(0.05)
    if not server.started:
        return
    try:
        opened = opener(address)
    except Exception:  # a broken browser set-up is not the server's failure
        opened = False
    if opened is False:  # webbrowser.open answers False when no browser could be started
        print(
            f"--open: no web browser could be opened here; open {address} yourself", file=sys.stderr
        )


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port. Raises OSError (address in use, unknown host, …)."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock
