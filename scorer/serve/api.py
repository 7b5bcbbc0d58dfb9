"""What each endpoint of ``scorer serve`` answers, without the web framework.

Every function takes the request body as bytes (or parsed parameters) and returns an
:class:`Answer`: an HTTP status and a JSON-ready payload (or SVG text). Bad input gives the
findings the CLI gives, with status 422; nothing here raises for any input (an unexpected
failure becomes REC-INTERNAL-1 in ``app.py``).

A document is verified once per request, and what is answered is the one verdict of
:func:`scorer.writing.verdict.verdict` (status, findings, the cells they name, scores,
claims, scoring items): the same plain data the CLI's reports render. Nothing here knows a
game: each game's roles come from the registry.

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
from scorer.reading.loading import NESTED_TOO_DEEPLY, parse, too_deep
from scorer.serve.draft import drawable
from scorer.writing.verdict import finding_to_data, offending_mark, verdict

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


def _items(result: VerifyResult) -> list[ScoreItem]:
    """The game's scoring items of the state the verdict scored (none without scores)."""
    from scorer.core.roles import PICTURES
    from scorer.registry import get

    if result.state is None or result.game is None or result.scores is None:
        return []
    return get(result.game, PICTURES).explain(result.state)


def _status(result: VerifyResult) -> int:
    return 422 if result.status in UNCHECKED else 200


def check(body: bytes) -> Answer:
    """``POST /api/check``: the verdict of a record or position, without scores."""
    doc, error = _parse(body)
    if error is not None:
        return error
    result = _verify(doc, False)
    data = verdict(result, doc)
    for key in ("scores", "explanation"):
        data.pop(key)
    return Answer(_status(result), data)


def score(body: bytes, keep_going: bool) -> Answer:
    """``POST /api/score``: the verdict with the score sheet and every scoring item.

    With ``keep_going`` an impossible position is still scored, as ``scorer score
    --keep-going`` does (the status stays ``impossible``)."""
    doc, error = _parse(body)
    if error is not None:
        return error
    result = _verify(doc, keep_going)
    return Answer(_status(result), verdict(result, doc, _items(result)))


def opened(body: bytes) -> Answer:
    """``POST /api/verdict``: what the page shows of a document, from one verification of its
    bytes: the verdict of ``scorer verify`` (a position is still scored when impossible, as
    ``scorer score --keep-going`` does) and its editor picture in ``picture`` (``null`` when
    there is no state to draw; ``left_out`` counts the pieces the picture of an impossible
    position leaves out)."""
    from scorer.referee.pipeline import verify_bytes
    from scorer.referee.settings import VerifyOptions

    doc, error = _parse(body)
    if error is not None:
        return error
    position = isinstance(doc, dict) and doc.get("format") == "scorer-position/1"
    options = VerifyOptions(keep_going=position)
    result = verify_bytes(body, "<request>", options)  # as the CLI reads a file: line, col
    items = _items(result)
    data = verdict(result, doc, items)
    data["picture"], data["left_out"] = _picture(doc, result, items, editor=True)
    return Answer(_status(result), data)


def imported(body: bytes) -> Answer:
    """``POST /api/import``: another program's saved game (a capture any game's importer
    reads, found by its shape) → ``{"position", "source", "title", "findings"}`` (the
    importer's warnings); 422 with the findings, placed in the file, when it cannot be
    imported or is no such file."""
    from scorer.reading.imports import convert, position_importers
    from scorer.reading.positions import place

    doc, error = _parse(body)
    if error is not None:
        return error
    conversion = convert(doc, None)
    if conversion is None:
        titles = ", ".join(importer.title for _, _, importer in position_importers())
        return request_error("", f"not a saved game the scorer imports ({titles})")
    if conversion.imported is None:
        assert conversion.unsure is not None
        return failure([conversion.unsure])
    found = conversion.imported
    shown = VerifyResult("<request>", "position", conversion.game, "malformed", found.findings)
    findings = place(shown, body, doc).findings
    if found.document is None:
        return failure(findings)
    title = next(i.title for g, n, i in position_importers() if n == conversion.name)
    return Answer(
        200,
        {
            "position": found.document,
            "source": conversion.name,
            "title": title,
            "findings": [finding_to_data(f) for f in findings],
        },
    )


def _picture(
    doc: Any, result: VerifyResult, items: Sequence[ScoreItem], editor: bool
) -> tuple[str | None, int]:
    """The board picture of ``result`` (an illegal record's offending cell marked), and how
    many pieces it leaves out; (None, 0) when there is no state to draw."""
    from scorer.core.roles import PICTURES
    from scorer.registry import get

    state, left_out = drawable(doc, result) if editor else (result.state, 0)
    if state is None or result.game is None:
        return None, 0
    pictures = get(result.game, PICTURES)
    if state is not result.state or not items:
        items = pictures.explain(state)
    mark = offending_mark(doc, result) if result.kind == "record" else None
    draw = pictures.draw_editor_svg if editor else pictures.draw_svg
    return draw(state, items, mark), left_out


def svg(body: bytes, editor: bool) -> Answer:
    """``POST /api/svg``: the board picture of ``show --svg``. With ``editor``: tap targets
    for cells a picture leaves out (around a landscape that grows), and an impossible position
    is still drawn (``draft.py``; header ``X-Scorer-Left-Out`` counts the pieces left out)."""
    doc, error = _parse(body)
    if error is not None:
        return error
    result = _verify(doc, True)
    picture, left_out = _picture(doc, result, _items(result), editor)
    if picture is None:
        return Answer(422, verdict(result, doc))
    return Answer(200, svg=picture, headers={"X-Scorer-Left-Out": str(left_out)})


def position(body: bytes) -> Answer:
    """``POST /api/position`` with ``{"record": …, "at": N}``: the position after move N
    (all moves when ``at`` is null or absent), as ``show --at N --position`` exports it; a
    position given as ``record`` comes back as it is."""
    from functools import partial

    from scorer.core.roles import MOVES, POSITIONS, REFEREE
    from scorer.referee.replay import replay
    from scorer.registry import get

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
        return Answer(422, verdict(result, doc))
    game = doc["game"]
    run = replay(get(game, REFEREE), doc, upto=at, moves=partial(get, game, MOVES))
    findings = [finding_to_data(f) for f in run.findings]
    if run.state is None:
        return Answer(422, {"status": "illegal", "findings": findings})
    exported = get(game, POSITIONS).export_position(run.state, doc)
    if too_deep(exported):
        return failure([Finding("REC-JSON-1", "", NESTED_TOO_DEEPLY)])
    return Answer(
        200,
        {
            "position": exported,
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
        return Answer(422, verdict(checked, doc))
    return Answer(200, {"position": doc})
