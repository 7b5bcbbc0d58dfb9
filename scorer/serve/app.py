"""The Starlette application of ``scorer serve``: the JSON API and the static page.

Routes (documented in the README):

* ``GET /`` — the page (``static/index.html``); ``/static/…`` its CSS and JavaScript.
* ``GET /api/catalog`` — games, variant options, cards, maps, boards.
* ``GET /api/lan`` — the addresses other devices open the app at and a QR code of the first.
* ``POST /api/check`` — findings of a record or position.
* ``POST /api/score`` — findings, scores and explanation items (``?keep_going=1`` scores an
  impossible position too).
* ``POST /api/verdict`` — what the page shows of a document: its verdict (as ``scorer
  verify``; a position scored even when impossible) and its editor picture, from one
  verification.
* ``POST /api/svg`` — the board picture (``?editor=1`` adds tap targets).
* ``POST /api/position`` — ``{"record", "at"}`` → the position after move N.
* ``POST /api/import`` — another program's saved game (found by its shape through the
  games' importers) → ``{"position", "source", "title", "findings"}``.
* ``POST /api/blank`` — ``{"game", "players", "variant"?, "map"?, "board"?}`` → an empty
  position.

Requests whose ``Host`` is not an address the app serves, or whose ``Origin`` is another
site, are refused with 403 and REC-HOST-1 / REC-HOST-2 (``guard.py``). Request bodies over
16 MiB are refused with 413 while they stream in (a declared
``Content-Length`` over the limit is refused before reading). No input gives a 500: an
unexpected failure is answered with REC-INTERNAL-1 and status 422.

The work of a POST (verification, pictures, the JSON answer) runs in one worker thread, off
the event loop, which meanwhile reads other requests and serves the page's files; requests
are worked on in the order they came, one at a time, as the GIL would allow anyway (many
threads only shared it, so every request waited for all of them, and held as many documents
at once). A pool of processes did no better for four clients on two cores
(``bench/serve_bench.py``) and would copy every document and answer between processes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from anyio import CapacityLimiter, to_thread
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from scorer.core.findings import Finding
from scorer.reading.loading import MAX_BYTES
from scorer.serve import api
from scorer.serve.catalog import catalog
from scorer.serve.guard import Served, refusal

STATIC = Path(__file__).resolve().parent / "static"
#: The page loads nothing from elsewhere; the policy makes the browser enforce that.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class TooLarge(Exception):
    """The request body is over the limit."""


def json_response(status: int, payload: Any) -> Response:
    from scorer.writing.report import dumps_compact

    return Response(
        dumps_compact(payload), status_code=status, media_type="application/json", headers=HEADERS
    )


def _answer(answer: api.Answer) -> Response:
    if answer.svg is not None:
        return Response(
            answer.svg,
            status_code=answer.status,
            media_type="image/svg+xml",
            headers={**HEADERS, **answer.headers},
        )
    return json_response(answer.status, answer.payload)


def too_large(limit: int) -> Response:
    return _answer(
        api.failure(
            [
                Finding(
                    "REC-SIZE-1", "", f"the request body is larger than the limit of {limit} bytes"
                )
            ],
            413,
        )
    )


async def read_body(request: Request, limit: int) -> bytes:
    """The body, counted while it streams in. Raises TooLarge past ``limit`` bytes."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise TooLarge
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLarge
        chunks.append(chunk)
    return b"".join(chunks)


class Guard:
    """Refuse (403, REC-HOST-1/2) a request whose Host is not served or whose Origin is
    another site, before any route sees it."""

    def __init__(self, app: ASGIApp, served: Served) -> None:
        self.app = app
        self.served = served

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            headers = Headers(scope=scope)
            finding = refusal(self.served, headers.get("host"), headers.get("origin"))
            if finding is not None:
                await _answer(api.failure([finding], 403, "error"))(scope, receive, send)
                return
        await self.app(scope, receive, send)


Handler = Callable[[bytes, Request], api.Answer]


def endpoint(handler: Handler, limit: int) -> Callable[[Request], Awaitable[Response]]:
    """A POST route: read the body within the limit, answer, never fail with a 500."""

    async def route(request: Request) -> Response:
        try:
            body = await read_body(request, limit)
        except TooLarge:
            return too_large(limit)
        try:
            return await to_thread.run_sync(_answered, handler, body, request, limiter=_one())
        except Exception as exc:  # the catch-all: REC-INTERNAL-1, never a traceback
            return _answer(api.internal_error(exc))

    return route


def _one() -> CapacityLimiter:
    """One worker thread for the handlers: requests are answered in the order they came,
    each at full speed, rather than all at once sharing the GIL (which made every one wait
    for all of them: p99 of four clients 11 ms in the event loop, 18 ms with many threads)."""
    if not _limiter:
        _limiter.append(CapacityLimiter(1))
    return _limiter[0]


_limiter: list[CapacityLimiter] = []


def _answered(handler: Handler, body: bytes, request: Request) -> Response:
    """The handler's answer as a response: the CPU work of a request (verification,
    pictures, the JSON), run in a worker thread so the event loop keeps reading other
    requests meanwhile."""
    return _answer(handler(body, request))


def _flag(request: Request, name: str) -> bool:
    return request.query_params.get(name, "") in ("1", "true", "yes")


async def page(request: Request) -> Response:
    return FileResponse(
        STATIC / "index.html",
        media_type="text/html",
        headers={**HEADERS, "Content-Security-Policy": CSP},
    )


async def get_catalog(request: Request) -> Response:
    try:
        return json_response(200, catalog())
    except Exception as exc:
        return _answer(api.internal_error(exc))


async def http_error(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 422
    detail = exc.detail if isinstance(exc, HTTPException) else "unexpected error"
    return json_response(status, {"error": detail})


async def server_error(request: Request, exc: Exception) -> Response:
    return _answer(api.internal_error(exc))


def lan_page(urls: Sequence[str]) -> Callable[[Request], Awaitable[Response]]:
    """``GET /api/lan``: the addresses other devices open the app at, and the QR code of the
    first (``qr``: an SVG data URI; null without one)."""

    async def route(request: Request) -> Response:
        from scorer.serve.lan import qr_data_uri

        return json_response(
            200, {"urls": list(urls), "qr": qr_data_uri(urls[0]) if urls else None}
        )

    return route


def create_app(
    limit: int = MAX_BYTES, served: Served | None = None, lan: Sequence[str] = ()
) -> Starlette:
    """The application; ``limit`` is the largest request body accepted (bytes), ``served``
    the addresses it answers (default: ``127.0.0.1:8765`` and its loopback equivalents),
    ``lan`` the addresses other devices open it at (``lan.py``)."""
    from scorer.serve import DEFAULT_HOST, DEFAULT_PORT

    posts: dict[str, Handler] = {
        "/api/check": lambda body, _r: api.check(body),
        "/api/score": lambda body, r: api.score(body, _flag(r, "keep_going")),
        "/api/verdict": lambda body, _r: api.opened(body),
        "/api/svg": lambda body, r: api.svg(body, _flag(r, "editor")),
        "/api/position": lambda body, _r: api.position(body),
        "/api/blank": lambda body, _r: api.blank(body),
        "/api/import": lambda body, _r: api.imported(body),
    }
    routes = [
        Route("/", page, methods=["GET"]),
        Route("/api/catalog", get_catalog, methods=["GET"]),
        Route("/api/lan", lan_page(lan), methods=["GET"]),
        *(Route(path, endpoint(h, limit), methods=["POST"]) for path, h in posts.items()),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    guard = served or Served.of(DEFAULT_HOST, DEFAULT_PORT)
    return Starlette(
        routes=routes,
        middleware=[Middleware(Guard, served=guard)],
        exception_handlers={HTTPException: http_error, Exception: server_error},
    )
