"""One document from bytes to VerifyResult: load → validate → replay or position → score.

Every failure becomes a finding; nothing here raises for bad input. An unexpected exception is
reported as REC-INTERNAL-1 for that document only.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scorer.core.errors import RecordLoadError
from scorer.core.findings import MAX_FINDINGS, Finding, cap, limit_finding
from scorer.core.values import VerifyResult
from scorer.reading.loading import MAX_BYTES, DuplicateKeysError, parse_record, read_bytes
from scorer.reading.positions import duplicate_findings, place
from scorer.reading.schemas import document_kind, validate
from scorer.referee.replay import score_position, verify_record

if TYPE_CHECKING:
    from scorer.referee.profile import Profile


def verify_file(
    source: str,
    keep_going: bool = False,
    max_bytes: int = MAX_BYTES,
    *,
    profile: Profile | None = None,
    max_findings: int = MAX_FINDINGS,
) -> VerifyResult:
    """Verify the record or position in file ``source`` (``-`` for standard input)."""
    try:
        data = read_bytes(source, max_bytes)
    except RecordLoadError as exc:
        return _load_failure(source, exc)
    return verify_bytes(data, source, keep_going, profile=profile, max_findings=max_findings)


def verify_bytes(
    data: bytes,
    source: str = "<bytes>",
    keep_going: bool = False,
    *,
    profile: Profile | None = None,
    max_findings: int = MAX_FINDINGS,
) -> VerifyResult:
    """Verify a document given as bytes; its findings carry line and column."""
    try:
        doc = parse_record(data, max_duplicates=100 * max_findings)
    except DuplicateKeysError as exc:
        return _duplicate_keys(source, exc, max_findings)
    except RecordLoadError as exc:
        return _load_failure(source, exc)
    result = verify_document(doc, source, keep_going, profile=profile, max_findings=max_findings)
    return place(result, data, doc)


def verify_document(
    doc: Any,
    source: str = "<document>",
    keep_going: bool = False,
    *,
    profile: Profile | None = None,
    max_findings: int = MAX_FINDINGS,
) -> VerifyResult:
    """Verify a parsed document (record or position); the result carries its ``meta``. Under
    an event ``profile`` deviations are REC-PROFILE-* findings (scorer.referee.profile); every
    schema-valid document gets the fingerprint of its component data. At most
    ``max_findings`` findings, then one REC-LIMIT-1 counting the rest."""
    result = _verify_document(doc, source, keep_going, profile, max_findings)
    if len(result.findings) > max_findings:
        result = replace(result, findings=cap(result.findings, max_findings))
    if result.meta is not None:  # set by the referee for records (no copy on the hot path)
        return result
    meta = doc.get("meta") if isinstance(doc, dict) else None
    return replace(result, meta=meta) if isinstance(meta, dict) else result


def _verify_document(
    doc: Any, source: str, keep_going: bool, profile: Profile | None, max_findings: int
) -> VerifyResult:
    from scorer.referee.profile import annotate

    try:
        return annotate(_verify(doc, source, keep_going, max_findings), doc, profile)
    except RecursionError:
        return VerifyResult(
            source,
            "unknown",
            None,
            "malformed",
            (Finding("REC-JSON-1", "", "the document is nested too deeply to check"),),
        )
    except Exception as exc:  # one document must never stop the others
        return VerifyResult(
            source,
            "unknown",
            None,
            "error",
            (
                Finding(
                    "REC-INTERNAL-1",
                    "",
                    f"internal error: {type(exc).__name__}: {exc}",
                    details={"exception": type(exc).__name__},
                ),
            ),
        )


def _verify(doc: Any, source: str, keep_going: bool, max_findings: int) -> VerifyResult:
    kind, errors = validate(doc, max_findings)
    if errors:
        return VerifyResult(source, kind, _game(doc), "malformed", tuple(errors))
    if kind == "position":
        return score_position(doc, source, keep_going)
    return verify_record(doc, source, keep_going)


def _game(doc: Any) -> str | None:
    game = doc.get("game") if isinstance(doc, dict) else None
    return game if isinstance(game, str) else None


def _load_failure(source: str, exc: RecordLoadError) -> VerifyResult:
    line, col = exc.line, exc.col
    if line is None and exc.rule == "REC-SIZE-1":
        line, col = 1, 1  # the whole file
    finding = Finding(exc.rule, "", exc.message, line=line, col=col)
    return VerifyResult(source, "unknown", None, "malformed", (finding,))


def _duplicate_keys(source: str, exc: DuplicateKeysError, max_findings: int) -> VerifyResult:
    findings = duplicate_findings(exc.duplicates, exc.text)
    limit = 100 * max_findings
    if len(findings) > limit:  # the scan stopped counting
        findings = (*findings[:limit], limit_finding(limit, 1, at_least=True))
    meta = exc.doc.get("meta") if isinstance(exc.doc, dict) else None
    return VerifyResult(
        source,
        document_kind(exc.doc),
        _game(exc.doc),
        "malformed",
        cap(findings, max_findings),
        meta=meta if isinstance(meta, dict) else None,
    )
