"""The ``scorer-standings/1`` document (``--format json``) and the number formats of writers.

Points are exact fractions inside; the document gives ``points`` rounded to 2 decimals and
``points_exact`` (``"11/2"``, ``"500/3"``) so that a consumer can compare exactly, as the
ranking did. ``schemas/standings.schema.json`` describes it.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from scorer.core.findings import Finding
from scorer.standings.model import Document, EventWarning, Excluded, Result, Standing

STANDINGS_FORMAT = "scorer-standings/1"


def decimal(value: Fraction | int) -> Decimal:
    """``value`` rounded to 2 decimals (half up), trailing zeros dropped."""
    exact = Fraction(value)
    rounded = (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP
    )
    return rounded.normalize() if rounded != 0 else Decimal(0)


def number_text(value: Fraction | int | None) -> str:
    """A points or tie-break value as text (``4.5``, ``166.67``); ``—`` for none."""
    if value is None:
        return "—"
    return f"{decimal(value):f}"


def number(value: Fraction | int | None) -> int | float | None:
    """A value for JSON: an integer when whole, else rounded to 2 decimals."""
    if value is None:
        return None
    exact = Fraction(value)
    return exact.numerator if exact.denominator == 1 else float(decimal(exact))


def to_data(doc: Document) -> dict[str, object]:
    """The whole document as plain data."""
    return {
        "format": STANDINGS_FORMAT,
        "system": doc.options.system,
        "points": [number(p) for p in doc.options.points] or None,
        "tiebreak": list(doc.options.tiebreak),
        "events": [
            {
                "event": e.name,
                "rounds": list(e.rounds),
                "games": e.games,
                "standings": [_standing(s) for s in e.standings],
            }
            for e in doc.events
        ],
        "excluded": [_excluded(x) for x in doc.excluded],
        "warnings": [_warning(w) for w in doc.warnings],
        "summary": {
            "records": doc.records,
            "counted": sum(e.games for e in doc.events),
            "excluded": len(doc.excluded),
            "duplicates": sum(w.kind == "duplicate" for w in doc.warnings),
            "warnings": len(doc.warnings),
        },
    }


def _standing(s: Standing) -> dict[str, object]:
    return {
        "place": s.place,
        "shared": s.shared,
        "player": s.player,
        "points": number(s.points),
        "points_exact": str(s.points),
        "games": s.games,
        "tiebreaks": {name: number(v) for name, v in s.tiebreaks.items()},
        "results": [_result(r) for r in s.results],
    }


def _result(r: Result) -> dict[str, object]:
    return {
        "round": r.round,
        "table": r.table,
        "file": r.source,
        "game": r.game,
        "place": r.place,
        "shared": r.shared,
        "points": number(r.points),
        "points_exact": str(r.points),
        "score": r.score,
    }


def _excluded(x: Excluded) -> dict[str, object]:
    return {
        "file": x.source,
        "status": x.status,
        "reason": x.reason,
        "event": x.event,
        "round": x.round,
        "table": x.table,
        "players": list(x.players),
        "finding": _finding(x.finding) if x.finding is not None else None,
    }


def _finding(f: Finding) -> dict[str, object]:
    return {"rule": f.rule, "pointer": f.pointer, "message": f.message}


def _warning(w: EventWarning) -> dict[str, object]:
    return {
        "kind": w.kind,
        "event": w.event,
        "round": w.round,
        "player": w.player,
        "files": list(w.sources),
        "message": w.message,
    }


def render_json(doc: Document) -> bytes:
    """``--format json``: keys sorted, indented (stable for diffs)."""
    from scorer.writing.report import dumps_report

    return dumps_report(to_data(doc))
