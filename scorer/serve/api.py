"""What each endpoint of ``scorer serve`` answers, without the web framework.

Every function takes the request body as bytes (or parsed parameters) and returns an
:class:`Answer`: an HTTP status and a JSON-ready payload (or SVG text). Bad input gives the
findings the CLI gives, with status 422; nothing here raises for any input (an unexpected
failure becomes REC-INTERNAL-1 in ``app.py``).

Status codes: 200 when the document could be checked — whatever the verdict (``ok``,
``mismatch``, ``illegal``, ``incomplete``, ``impossible``: the verdict is in ``status`` and
the findings); 422 when it could not (not JSON, not a scorer document, schema errors, an
internal error) or the request itself is malformed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorer.core.errors import RecordLoadError
from scorer.core.findings import Finding
from scorer.core.values import ScoreItem, VerifyResult
from scorer.reading.loading import parse
from scorer.serve.draft import drawable
from scorer.serve.marks import finding_marks

#: Statuses of a document that could not be checked.
UNCHECKED = frozenset({"malformed", "error"})
MAX_PLAYERS = 6


@dataclass(frozen=True, slots=True)
class Answer:
    """An HTTP status with a JSON payload, or SVG text when ``svg`` is set."""

    status: int
    payload: Any = field(default_factory=dict)
    svg: str | None = None
    headers: Mapping[str, str] = field(default_factory=dict)


def failure(findings: Sequence[Finding], status: int = 422, verdict: str = "malformed") -> Answer:
    """A request that could not be checked: its findings, no scores."""
    from scorer.writing.report import finding_to_data

    return Answer(
        status,
        {
            "status": verdict,
            "findings": [finding_to_data(f) for f in findings],
            "marks": [],
            "scores": None,
        },
    )


def request_error(pointer: str, message: str) -> Answer:
    """A malformed request (not a malformed document): REC-SCHEMA-1 at ``pointer`` of the body."""
    return failure([Finding("REC-SCHEMA-1", pointer, message)])


def internal_error(exc: BaseException) -> Answer:
    """REC-INTERNAL-1 for an unexpected failure (never a 500, never a traceback)."""
    return failure(
        [
            Finding(
                "REC-INTERNAL-1",
                "",
                f"internal error: {type(exc).__name__}",
                details={"exception": type(exc).__name__},
            )
        ],
        verdict="error",
    )


def _parse(body: bytes) -> tuple[Any, Answer | None]:
    try:
        return parse(body), None
    except RecordLoadError as exc:
        return None, failure([Finding(exc.rule, "", exc.message, line=exc.line, col=exc.col)])
    except RecursionError:
        return None, failure([Finding("REC-JSON-1", "", "the document is nested too deeply")])


def _verify(doc: Any, keep_going: bool) -> VerifyResult:
    from scorer.referee.pipeline import verify_document
    from scorer.referee.settings import VerifyOptions

    return verify_document(doc, "<request>", VerifyOptions(keep_going))


def _result_data(doc: Any, result: VerifyResult) -> dict[str, Any]:
    from scorer.writing.report import result_to_data

    data = result_to_data(result)
    del data["file"]
    data["marks"] = finding_marks(doc, result)
    return data


def check(body: bytes) -> Answer:
    """``POST /api/check``: the findings of a record or position (no scores)."""
    doc, error = _parse(body)
    if error is not None:
        return error
    result = _verify(doc, False)
    data = _result_data(doc, result)
    data.pop("scores")
    return Answer(422 if result.status in UNCHECKED else 200, data)


def score(body: bytes, keep_going: bool) -> Answer:
    """``POST /api/score``: findings, the score sheet and every explanation item.

    With ``keep_going`` an impossible position is still scored, as ``scorer score
    --keep-going`` does (the status stays ``impossible``)."""
    doc, error = _parse(body)
    if error is not None:
        return error
    result = _verify(doc, keep_going)
    data = _result_data(doc, result)
    data["explanation"] = _items(result)
    return Answer(422 if result.status in UNCHECKED else 200, data)


def _items(result: VerifyResult) -> list[dict[str, Any]]:
    from scorer.core.roles import PICTURES
    from scorer.registry import get

    if result.state is None or result.game is None or result.scores is None:
        return []
    items: list[ScoreItem] = get(result.game, PICTURES).explain(result.state)
    return [
        {
            "player": i.player,
            "category": i.category,
            "points": i.points,
            "rule": i.rule,
            "text": i.text,
            "cells": [list(c) for c in i.cells],
            "board": i.board,
        }
        for i in items
    ]


def svg(body: bytes, editor: bool) -> Answer:
    """``POST /api/svg``: the board picture of ``show --svg``. With ``editor``: tap targets
    for cells a picture leaves out (around a Kuhfstein landscape), and an impossible position
    is still drawn (``draft.py``; header ``X-Scorer-Left-Out`` counts the pieces left out)."""
    from scorer.core.roles import PICTURES
    from scorer.registry import get
    from scorer.writing.explain import offending_mark

    doc, error = _parse(body)
    if error is not None:
        return error
    result = _verify(doc, True)
    state, left_out = drawable(doc, result) if editor else (result.state, 0)
    if state is None or result.game is None:
        return Answer(422, _result_data(doc, result))
    pictures = get(result.game, PICTURES)
    mark = offending_mark(doc, result) if result.kind == "record" else None
    draw = pictures.draw_editor_svg if editor else pictures.draw_svg
    picture = draw(state, pictures.explain(state), mark)
    return Answer(200, svg=picture, headers={"X-Scorer-Left-Out": str(left_out)})


def position(body: bytes) -> Answer:
    """``POST /api/position`` with ``{"record": …, "at": N}``: the position after move N
    (all moves when ``at`` is null or absent), as ``show --at N --position`` exports it; a
    position given as ``record`` comes back as it is."""
    from functools import partial

    from scorer.core.roles import MOVES, POSITIONS, REFEREE
    from scorer.referee.replay import replay
    from scorer.registry import get
    from scorer.writing.report import finding_to_data

    request, error = _parse(body)
    if error is not None:
        return error
    if not isinstance(request, dict) or "record" not in request:
        return request_error("", 'the request needs a "record" member')
    at = request.get("at")
    if at is not None and (type(at) is not int or at < 0):
        return request_error("/at", '"at" must be a move count (an integer >= 0) or null')
    doc = request["record"]
    result = _verify(doc, False)
    if result.kind == "position" and result.status not in UNCHECKED:
        return Answer(200, {"position": doc, "findings": [], "moves_applied": 0, "moves_total": 0})
    if result.kind != "record" or result.status in UNCHECKED:
        return Answer(422, _result_data(doc, result))
    game = doc["game"]
    run = replay(get(game, REFEREE), doc, upto=at, moves=partial(get, game, MOVES))
    findings = [finding_to_data(f) for f in run.findings]
    if run.state is None:
        return Answer(422, {"status": "illegal", "findings": findings})
    return Answer(
        200,
        {
            "position": get(game, POSITIONS).export_position(run.state, doc),
            "findings": findings,
            "moves_applied": run.moves_applied,
            "moves_total": len(doc.get("moves", [])),
        },
    )


def blank(body: bytes) -> Answer:
    """``POST /api/blank`` with ``{"game", "players": [names], "variant"?, "map"?, "board"?}``:
    an empty position with the game's component data (the set-up of a simulated game before
    its first move, without the members of a game in progress)."""
    from scorer.registry import game_names

    request, error = _parse(body)
    if error is not None:
        return error
    if not isinstance(request, dict):
        return request_error("", "the request must be a JSON object")
    game = request.get("game")
    if game not in game_names():
        return request_error("/game", f"unknown game; known games: {', '.join(game_names())}")
    names = request.get("players")
    problem = _names_problem(names)
    if problem or not isinstance(names, list):
        return request_error("/players", problem)
    variant = request.get("variant", {})
    if not isinstance(variant, dict):
        return request_error("/variant", '"variant" must be an object')
    options = dict(variant)
    for key in ("map", "board"):
        if isinstance(request.get(key), str):
            options[key] = request[key]
    return _blank(game, list(names), options)


def _names_problem(names: Any) -> str:
    if not isinstance(names, list) or not 1 <= len(names) <= MAX_PLAYERS:
        return f'"players" must list 1 to {MAX_PLAYERS} player names'
    if not all(isinstance(n, str) and 1 <= len(n) <= 100 for n in names):
        return "every player name is a string of 1 to 100 characters"
    if len(set(names)) != len(names):
        return "player names must differ"
    return ""


def _blank(game: str, names: list[str], options: dict[str, Any]) -> Answer:
    from scorer.core.roles import POSITIONS
    from scorer.registry import get

    try:
        doc = get(game, POSITIONS).blank_position(names, options)
    except (ValueError, KeyError, TypeError) as exc:
        return request_error("/variant", f"cannot set up {game} that way: {exc}")
    checked = _verify(doc, False)
    if checked.status in UNCHECKED:
        return Answer(422, _result_data(doc, checked))
    return Answer(200, {"position": doc})
