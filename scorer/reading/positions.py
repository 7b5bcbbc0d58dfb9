"""Findings people can click: line and column of every finding, numbers named as written.

Runs after a document has been checked, and only if it has findings (valid documents pay
nothing): one walk of :mod:`scorer.reading.sourcemap` over the document's text places every pointer
(or its nearest existing ancestor) and reads the numbers the findings name, so that a value
orjson had to turn into a float (``1e23`` for an integer too large for 64 bits,
``1.0000000000000000001``) is named exactly as the file writes it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from scorer.core.findings import Finding
from scorer.core.pointer import resolve
from scorer.core.values import VerifyResult
from scorer.reading.loading import compact_text
from scorer.reading.sourcemap import Duplicate, LineIndex, walk


def decode(data: bytes) -> str:
    """The text of a document that parsed (so it is UTF-8), without its BOM."""
    return data.decode("utf-8-sig")


def place(result: VerifyResult, data: bytes, doc: object = None) -> VerifyResult:
    """``result`` with line and column on each finding that has none yet."""
    return _placed(result, data, doc, position=True)


def as_written(result: VerifyResult, data: bytes, doc: object) -> VerifyResult:
    """``result`` with the numbers its findings name as ``data`` writes them, and nothing else
    changed (no line and column: for the pages that name findings by pointer)."""
    return _placed(result, data, doc, position=False)


def _placed(result: VerifyResult, data: bytes, doc: object, position: bool) -> VerifyResult:
    todo = [f for f in result.findings if f.line is None and f.rule != "REC-IO-1"]
    if not todo:
        return result
    try:
        text = decode(data)
        wanted = {f.pointer for f in todo}
        found = (
            walk(text, wanted) if doc is None else walk(text, wanted, doc=doc, dumps=compact_text)
        )
    except (UnicodeDecodeError, ValueError, RecursionError, IndexError):
        return result  # not a document that parsed: nothing to place
    index = LineIndex(text)
    findings = []
    for f in result.findings:
        offset = found.offsets.get(f.pointer) if f.line is None else None
        if offset is not None:
            line, col = index.position(offset)
            end = found.ends.get(f.pointer)
            raw = text[offset:end] if end is not None else None
            f = _as_written(replace(f, line=line, col=col) if position else f, doc, raw)
        findings.append(f)
    return replace(result, findings=tuple(findings))


def shift(findings: Sequence[Finding], line: int) -> tuple[Finding, ...]:
    """Findings of a record that starts on ``line`` of its file (NDJSON)."""
    return tuple(replace(f, line=f.line + line - 1) if f.line is not None else f for f in findings)


def _as_written(finding: Finding, doc: object, raw: str | None) -> Finding:
    """Name a number the way the file writes it when parsing changed it (floats only)."""
    if raw is None or doc is None or raw[:1] not in "-0123456789":
        return finding
    try:
        value = resolve(doc, finding.pointer)
    except (KeyError, IndexError, TypeError):
        return finding
    if not isinstance(value, float):
        return finding
    shown = {repr(value), str(value)}
    if value.is_integer():
        shown.add(str(int(value)))
    shown.discard(raw)
    if not shown:
        return finding
    alternatives = "|".join(re.escape(t) for t in sorted(shown, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w.])(?:{alternatives})(?![\w.])")
    message = pattern.sub(lambda _: raw, finding.message)
    return replace(finding, message=message, details={**finding.details, "written": raw})


def duplicate_findings(duplicates: Sequence[Duplicate], text: str) -> tuple[Finding, ...]:
    """REC-JSON-2 for each repeated key, placed at the repeated key."""
    index = LineIndex(text)
    findings = []
    for dup in duplicates:
        line, col = index.position(dup.offset)
        first_line, first_col = index.position(dup.first_offset)
        findings.append(
            Finding(
                "REC-JSON-2",
                dup.pointer,
                f"the key {dup.key!r} appears twice in this object (first at line {first_line}, "
                f"column {first_col}); JSON readers disagree about which one counts",
                details={"key": dup.key, "first_line": first_line, "first_col": first_col},
                line=line,
                col=col,
            )
        )
    return tuple(findings)
