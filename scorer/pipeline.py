"""One document from bytes to VerifyResult: load → validate → replay or position → score.

Every failure becomes a finding; nothing here raises for bad input. An unexpected exception is
reported as REC-INTERNAL-1 for that document only.
"""

from __future__ import annotations

import gc
from dataclasses import replace
from typing import Any

from scorer.engine import VerifyResult
from scorer.errors import RecordLoadError
from scorer.findings import Finding
from scorer.loading import MAX_BYTES, parse, read_bytes
from scorer.replay import score_position, verify_record
from scorer.schemas import validate


def tune_gc() -> None:
    """Collect cyclic garbage less often: verification allocates many short-lived, acyclic
    objects (parsed JSON, immutable states) that reference counting frees at once, and the
    default threshold of 700 makes the collector scan them again and again. Called by the CLI
    and the batch workers (a process-wide setting, so a library caller decides for itself)."""
    gc.freeze()  # what is alive now (modules, schemas) is never scanned again
    gc.set_threshold(20_000, 20, 20)


def verify_file(source: str, keep_going: bool = False, max_bytes: int = MAX_BYTES
                ) -> VerifyResult:
    """Verify the record or position in file ``source`` (``-`` for standard input)."""
    try:
        data = read_bytes(source, max_bytes)
    except RecordLoadError as exc:
        return _load_failure(source, exc)
    return verify_bytes(data, source, keep_going)


def verify_bytes(data: bytes, source: str = "<bytes>", keep_going: bool = False) -> VerifyResult:
    """Verify a document given as bytes."""
    try:
        doc = parse(data)
    except RecordLoadError as exc:
        return _load_failure(source, exc)
    return verify_document(doc, source, keep_going)


def verify_document(doc: Any, source: str = "<document>", keep_going: bool = False
                    ) -> VerifyResult:
    """Verify a parsed document (record or position); the result carries its ``meta``."""
    result = _verify_document(doc, source, keep_going)
    if result.meta is not None:  # set by the referee for records (no copy on the hot path)
        return result
    meta = doc.get("meta") if isinstance(doc, dict) else None
    return replace(result, meta=meta) if isinstance(meta, dict) else result


def _verify_document(doc: Any, source: str, keep_going: bool) -> VerifyResult:
    try:
        kind, errors = validate(doc)
        if errors:
            game = doc.get("game") if isinstance(doc, dict) else None
            return VerifyResult(source, kind, game if isinstance(game, str) else None,
                                "malformed", tuple(errors))
        if kind == "position":
            return score_position(doc, source, keep_going)
        return verify_record(doc, source, keep_going)
    except RecursionError:
        return VerifyResult(source, "unknown", None, "malformed", (
            Finding("REC-JSON-1", "", "the document is nested too deeply to check"),))
    except Exception as exc:  # one document must never stop the others
        return VerifyResult(source, "unknown", None, "error", (
            Finding("REC-INTERNAL-1", "", f"internal error: {type(exc).__name__}: {exc}",
                    details={"exception": type(exc).__name__}),))


def _load_failure(source: str, exc: RecordLoadError) -> VerifyResult:
    finding = Finding(exc.rule, "", exc.message, line=exc.line, col=exc.col)
    return VerifyResult(source, "unknown", None, "malformed", (finding,))
