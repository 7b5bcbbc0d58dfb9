"""The one verdict of a document, as plain data: what every door renders.

The referee's :class:`VerifyResult` (and, where a door has it, the document) becomes plain
data here, once: the status and its words, the findings (``line``/``col`` where known) and
the cells each one names on which player's board, the score sheet with its end reason, the
claims and how they differ, and the scoring items. The text and JSON reports, JUnit, SARIF and
GitHub annotations, the HTML report, the marks of the SVG pictures and the web app's API all
render what is built here; none of them re-derives a part of it.

* :func:`result_to_data` — a record of ``scorer-report/1`` (``scorer verify --format json``).
* :func:`verdict` — the whole verdict of one document: the report record without its file,
  plus ``status_text``, ``marks``, ``claims`` and ``explanation`` (the web app's answer).
* :func:`tiebreak_shown` — the tie-break where players tied for the place a text names (the
  winner line of the text report and of the web app).
* :func:`label` — ``file`` or ``file:line`` (a record of an NDJSON file), the one way a
  result is named.
* :func:`finding_marks` / :func:`offending_mark` — the cells a finding names, found in the
  document at the finding's pointer (the value itself, or an enclosing object up to two
  levels up); :func:`offending_mark` is the cell of an illegal record's first error that
  pictures mark.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.core.findings import Finding
from scorer.core.pointer import resolve, split, to_pointer
from scorer.core.printable import encodable
from scorer.core.values import Cell, Mark, ScoreItem, ScoreSheet, VerifyResult, located

STATUS_TEXT = {
    "ok": "verified",
    "mismatch": "claims differ",
    "illegal": "rejected: illegal move",
    "incomplete": "rejected: incomplete game",
    "malformed": "rejected: malformed",
    "impossible": "rejected: impossible position",
    "error": "internal error",
    "ineligible": "rejected: differs from the event profile",
}
CLAIM = "REC-CLAIM-1"
#: At most this many cells are read from one list (a longer list is not "the cells it names").
MAX_CELLS = 40
#: How far above a finding's pointer a cell is looked for (``…/cells/3/tokens`` → ``…/cells/3``).
LEVELS_UP = 2


def label(result: VerifyResult) -> str:
    """``file`` or ``file:line`` for a record of an NDJSON file."""
    return located(result.source, result.line)


def finding_to_data(finding: Finding) -> dict[str, Any]:
    """A finding as ``scorer-report/1`` writes it (``line`` and ``col`` where known)."""
    data: dict[str, Any] = {
        "rule": finding.rule,
        "pointer": finding.pointer,
        "message": finding.message,
        "severity": finding.severity,
        "details": dict(finding.details),
    }
    if finding.line is not None:
        data["line"] = finding.line
        data["col"] = finding.col
    return data


def sheet_to_data(sheet: ScoreSheet) -> dict[str, Any]:
    """A score sheet with its earlier stages, ranking, notes and end reason."""
    return {
        "categories": list(sheet.categories),
        "players": [
            {
                "name": p.name,
                "categories": {c: p.categories.get(c) for c in sheet.categories},
                "total": p.total,
                "extras": dict(p.extras),
            }
            for p in sheet.players
        ],
        "ranking": [list(t) for t in sheet.ranking],
        "winners": list(sheet.winners),
        "tiebreak": sheet.tiebreak,
        "stages": {name: sheet_to_data(s) for name, s in sheet.stages},
        "notes": list(sheet.notes),
        "end_reason": sheet.end_reason,
        "end_text": sheet.end_text,
    }


def tiebreak_shown(sheet: ScoreSheet) -> str:
    """The tie-break in words where it names a place players tied for (the first place, which
    the winner line names): :attr:`ScoreSheet.shown_tiebreak`, the one test for every door.
    The JSON report keeps ``tiebreak`` as the game wrote it."""
    return sheet.shown_tiebreak


def _tiebreaks_shown(scores: dict[str, Any], sheet: ScoreSheet) -> None:
    """The web answer's sheets (and their stages) with :func:`tiebreak_shown`'s tie-break."""
    scores["tiebreak"] = tiebreak_shown(sheet)
    for name, stage in sheet.stages:
        _tiebreaks_shown(scores["stages"][name], stage)


def result_to_data(result: VerifyResult) -> dict[str, Any]:
    """One record of the ``scorer-report/1`` document."""
    data: dict[str, Any] = {
        "file": encodable(result.source),  # a file name that is not UTF-8 stays writable
        "kind": result.kind,
        "game": result.game,
        "status": result.status,
        "moves_verified": result.moves_verified,
        "moves_total": result.moves_total,
        "steps_verified": result.steps_verified,
        "players": list(result.players),
        "findings": [finding_to_data(f) for f in result.findings],
        "scores": sheet_to_data(result.scores) if result.scores else None,
        "fingerprint": result.fingerprint,
    }
    if result.line is not None:
        data["line"] = result.line
    return data


def item_data(item: ScoreItem) -> dict[str, Any]:
    """One scoring item as plain data (``cells`` as ``[x, y]`` lists)."""
    return {
        "player": item.player,
        "category": item.category,
        "points": item.points,
        "rule": item.rule,
        "text": item.text,
        "cells": [[c[0], c[1]] for c in item.cells],
        "board": item.board,
    }


def claim_findings(
    findings: Sequence[Finding], player: str | None = None, category: str | None = None
) -> list[Finding]:
    """The REC-CLAIM-1 findings about ``player`` and ``category`` (None = any)."""
    return [
        f
        for f in findings
        if f.rule == CLAIM
        and (player is None or f.details.get("player") == player)
        and (category is None or f.details.get("category") == category)
    ]


def claims_data(findings: Sequence[Finding]) -> list[dict[str, Any]]:
    """Each claimed score that differs: player, category (``total`` for the total), what was
    claimed, what was computed, and the index of its finding. Read from the findings' details,
    never from their pointers."""
    out = []
    for k, f in enumerate(findings):
        if f.rule != CLAIM or "player" not in f.details or "category" not in f.details:
            continue
        out.append(
            {
                "finding": k,
                "player": f.details["player"],
                "category": f.details["category"],
                "claimed": f.details.get("found"),
                "computed": f.details.get("expected"),
            }
        )
    return out


# ------------------------------------------------------------------ the cells a finding names


@dataclass(frozen=True, slots=True)
class FindingMark:
    """The cells finding number ``finding`` names, and whose board they are on (None: a
    shared board). ``exact``: the pointer names the cell itself (not an enclosing object)."""

    finding: int
    board: str | None
    cells: tuple[Cell, ...]
    exact: bool

    def data(self) -> dict[str, Any]:
        cells = [list(c) for c in self.cells]
        return {"finding": self.finding, "board": self.board, "cells": cells}


def _is_cell(value: object) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)


def _cells_of(value: Any) -> tuple[Cell, ...]:
    if _is_cell(value):
        return ((value[0], value[1]),)
    if isinstance(value, dict):
        for key in ("cell", "at", "cube"):
            if _is_cell(value.get(key)):
                return ((value[key][0], value[key][1]),)
        if isinstance(value.get("cells"), list):
            return _cells_of(value["cells"])
    if isinstance(value, list) and 0 < len(value) <= MAX_CELLS and all(map(_is_cell, value)):
        return tuple((v[0], v[1]) for v in value)
    return ()


def _board(doc: Any, parts: Sequence[str]) -> str | None:
    """The player whose board a pointer is on: ``/boards/<name>/…``, or the mover of
    ``/moves/<i>/…``."""
    if len(parts) >= 2 and parts[0] == "boards":
        return parts[1]
    if len(parts) >= 2 and parts[0] == "moves" and parts[1].isdigit():
        try:
            player = resolve(doc, to_pointer(["moves", int(parts[1]), "player"]))
        except (KeyError, IndexError, ValueError, TypeError):
            return None
        return player if isinstance(player, str) else None
    return None


def mark_at(doc: Any, pointer: str, finding: int = 0) -> FindingMark | None:
    """The cells of the value at ``pointer`` (or an enclosing one), or None."""
    try:
        parts = split(pointer)
    except ValueError:
        return None
    for depth in range(len(parts), max(0, len(parts) - LEVELS_UP) - 1, -1):
        try:
            value = resolve(doc, to_pointer(parts[:depth]))
        except (KeyError, IndexError, ValueError, TypeError):
            continue
        cells = _cells_of(value)
        if cells:
            exact = depth == len(parts) and _is_cell(value)
            return FindingMark(finding, _board(doc, parts), cells, exact)
    return None


def finding_marks(doc: Any, findings: Sequence[Finding]) -> list[FindingMark]:
    """One mark per finding that names cells of ``doc``."""
    out = []
    for k, finding in enumerate(findings):
        if finding.pointer:
            mark = mark_at(doc, finding.pointer, k)
            if mark is not None:
                out.append(mark)
    return out


def offending_mark(doc: Mapping[str, Any], result: VerifyResult) -> Mark | None:
    """The cell named by the first error of a record's move (for pictures), if its pointer
    names one."""
    error = next((f for f in result.findings if f.is_error), None)
    if error is None or not error.pointer.startswith("/moves/"):
        return None
    mark = mark_at(doc, error.pointer)
    if mark is None or not mark.exact:
        return None
    return Mark(mark.cells[0], mark.board, error.rule)


# ------------------------------------------------------------------ the whole verdict


def verdict(
    result: VerifyResult, doc: Any = None, items: Sequence[ScoreItem] = ()
) -> dict[str, Any]:
    """The verdict of one document as plain data: the report's record (without ``file``;
    ``scores.tiebreak`` only where players tied for first place, :func:`tiebreak_shown`) and
    its words, the cells each finding names in ``doc``, the claims that differ and the
    scoring items ``items`` (the game's explanation of the scores)."""
    data = result_to_data(result)
    del data["file"]
    if result.scores is not None:  # the page says the tie-break only where it decided a tie
        _tiebreaks_shown(data["scores"], result.scores)
    data["status_text"] = STATUS_TEXT[result.status]
    marks = finding_marks(doc, result.findings) if doc is not None else []
    data["marks"] = [m.data() for m in marks]
    data["claims"] = claims_data(result.findings)
    data["explanation"] = [item_data(i) for i in items] if result.scores is not None else []
    return data
