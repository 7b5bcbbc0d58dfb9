"""One document from bytes to VerifyResult: load → validate → replay or position → score.

Every failure becomes a finding; nothing here raises for bad input. An unexpected exception is
reported as REC-INTERNAL-1 for that document only.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scorer.core.errors import RecordLoadError
from scorer.core.findings import Finding, cap, limit_finding
from scorer.core.values import VerifyResult
from scorer.reading.loading import DuplicateKeysError, parse_record, read_bytes
from scorer.reading.positions import duplicate_findings, place
from scorer.reading.schemas import document_kind, validate
from scorer.referee.replay import score_position, verify_record
from scorer.referee.settings import DEFAULTS, VerifyOptions


def verify_file(source: str, options: VerifyOptions = DEFAULTS) -> VerifyResult:
    """Verify the record or position in file ``source`` (``-`` for standard input)."""
    try:
        data = read_bytes(source, options.max_bytes)
    except RecordLoadError as exc:
        return _load_failure(source, exc)
    return verify_bytes(data, source, options)


def verify_bytes(
    data: bytes, source: str = "<bytes>", options: VerifyOptions = DEFAULTS
) -> VerifyResult:
    """Verify a document given as bytes; its findings carry line and column."""
    try:
        doc = parse_record(data, max_duplicates=100 * options.max_findings)
    except DuplicateKeysError as exc:
        return _duplicate_keys(source, exc, options.max_findings)
    except RecordLoadError as exc:
        return _load_failure(source, exc)
    result = verify_document(doc, source, options)
    return place(result, data, doc)


def _verify_imported(doc: Any, source: str, options: VerifyOptions) -> VerifyResult | None:
    """A document read through a position importer (``--from`` or its shape), the findings of
    its position pointing into the document as written; None if it is not an import."""
    from scorer.reading.imports import convert, to_origin

    try:
        conversion = convert(doc, options.source)
    except Exception as exc:  # one document must never stop the others
        return _internal(source, exc)
    if conversion is None:
        return None
    if conversion.imported is None:  # only looked like an import: its schema errors and why
        assert conversion.unsure is not None
        result = _verify_document(doc, source, options)
        return replace(result, findings=(conversion.unsure, *result.findings))
    imported = conversion.imported
    if imported.document is None:
        return VerifyResult(source, "position", conversion.game, "malformed", imported.findings)
    result = verify_document(imported.document, source, replace(options, source=None))
    findings = (*imported.findings, *(to_origin(f, imported.origins) for f in result.findings))
    return replace(result, findings=findings)


def verify_document(
    doc: Any, source: str = "<document>", options: VerifyOptions = DEFAULTS
) -> VerifyResult:
    """Verify a parsed document (record or position); the result carries its ``meta``. Under
    an event ``profile`` deviations are REC-PROFILE-* findings (scorer.referee.profile); every
    schema-valid document gets the fingerprint of its component data. At most
    ``max_findings`` findings, then one REC-LIMIT-1 counting the rest."""
    imported = None
    if options.source is not None or (isinstance(doc, dict) and "format" not in doc):
        imported = _verify_imported(doc, source, options)
    result = imported or _verify_document(doc, source, options)
    if len(result.findings) > options.max_findings:
        result = replace(result, findings=cap(result.findings, options.max_findings))
    if result.meta is not None:  # set by the referee for records (no copy on the hot path)
        return result
    meta = doc.get("meta") if isinstance(doc, dict) else None
    return replace(result, meta=meta) if isinstance(meta, dict) else result


def _verify_document(doc: Any, source: str, options: VerifyOptions) -> VerifyResult:
    from scorer.referee.profile import annotate

    try:
        return annotate(_verify(doc, source, options), doc, options.profile)
    except RecursionError:
        return VerifyResult(
            source,
            "unknown",
            None,
            "malformed",
            (Finding("REC-JSON-1", "", "the document is nested too deeply to check"),),
        )
    except Exception as exc:  # one document must never stop the others
        return _internal(source, exc)


def _internal(source: str, exc: Exception) -> VerifyResult:
    finding = Finding(
        "REC-INTERNAL-1",
        "",
        f"internal error: {type(exc).__name__}: {exc}",
        details={"exception": type(exc).__name__},
    )
    return VerifyResult(source, "unknown", None, "error", (finding,))


def _verify(doc: Any, source: str, options: VerifyOptions) -> VerifyResult:
    kind, errors = validate(doc, options.max_findings)
    if errors:
        return VerifyResult(source, kind, _game(doc), "malformed", tuple(errors))
    if kind == "position":
        return score_position(doc, source, options.keep_going)
    return verify_record(doc, source, options.keep_going)


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
