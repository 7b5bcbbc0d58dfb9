"""Renderers: findings and score tables as text (rich) and as JSON (scorer-report/1).

The plain data of a result (status words, findings, score sheets) is built in
:mod:`scorer.writing.verdict`; this module lays it out as text and JSON bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import orjson

from scorer.core.findings import Finding
from scorer.core.legal import legal_line
from scorer.core.printable import json_controls, printable
from scorer.core.values import VerifyResult
from scorer.core.words import plural
from scorer.reading.numbers import INT_MAX, INT_MIN

# the score sheet as text lives in scorer.writing.sheet (re-exported for callers)
from scorer.writing.sheet import fold
from scorer.writing.sheet import plain_table as plain_table
from scorer.writing.sheet import ranking_text as ranking_text
from scorer.writing.sheet import render_sheet as render_sheet

# the verdict's plain data, built once in scorer.writing.verdict (re-exported for callers)
from scorer.writing.verdict import STATUS_TEXT as STATUS_TEXT
from scorer.writing.verdict import finding_to_data as finding_to_data
from scorer.writing.verdict import label
from scorer.writing.verdict import result_to_data as result_to_data
from scorer.writing.verdict import sheet_to_data as sheet_to_data

REPORT_FORMAT = "scorer-report/1"


#: ANSI styles of a finding line on a terminal (``--color``).
_STYLE = {
    "where": "\x1b[1m",
    "error": "\x1b[1;31m",
    "warning": "\x1b[1;33m",
    "dim": "\x1b[2m",
    "off": "\x1b[0m",
}
CASCADE_TAG = "possibly caused by the first error"


def finding_line(source: str, finding: Finding, color: bool = False) -> str:
    """``file:line:col: RULE message (at /pointer)``, the shape editors and CI jump to.

    Without a known position (a finding built from a parsed document, not from its bytes) it
    is ``file:/pointer: RULE message``. Warnings are tagged ``(warning)``, and with
    ``--keep-going`` the findings after the first error ``(possibly caused by the first
    error)``. A rejected step's finding that says what was legal instead gets a second,
    indented line ``legal here: …`` (as compilers add a note under an error).
    """
    style = _STYLE if color else dict.fromkeys(_STYLE, "")
    source, pointer = printable(source), printable(finding.pointer)
    if finding.line is not None:
        where = f"{source}:{finding.line}:{finding.col}"
        at = f" (at {pointer})" if pointer else ""
    else:
        where = f"{source}:{pointer}" if pointer else source
        at = ""
    tags: list[str] = [finding.severity] if finding.severity != "error" else []
    if finding.details.get("after_first_error"):
        tags.append(CASCADE_TAG)
    tag = "".join(f" {style['dim']}({t}){style['off']}" for t in tags)
    rule = f"{style[finding.severity]}{finding.rule}{style['off']}"
    shown_at = f"{style['dim']}{at}{style['off']}" if at else ""
    message = printable(finding.message)
    line = f"{style['where']}{where}:{style['off']} {rule}{tag} {message}{shown_at}"
    legal = printable(legal_line(finding.details) or "")
    return f"{line}\n    {style['dim']}{legal}{style['off']}" if legal else line


def status_line(result: VerifyResult) -> str:
    text = STATUS_TEXT[result.status]
    parts = [result.game or "unknown game"]
    if result.kind == "record":
        parts.append(f"{result.moves_verified}/{plural(result.moves_total, 'move')}")
        parts.append(plural(result.steps_verified, "step"))
    elif result.kind == "position":
        parts.append("position")
    if result.fingerprint is not None:
        parts.append(f"components {short_fingerprint(result.fingerprint)}")
    return printable(f"{label(result)}: {text} ({', '.join(parts)})")


def short_fingerprint(fingerprint: str) -> str:
    """``sha256:`` and the first 16 hex digits (the JSON report has all 64)."""
    return fingerprint[:23]


def render_text(
    results: Iterable[VerifyResult],
    color: bool = False,
    quiet: bool = False,
    scores: bool = True,
    width: int | None = None,
) -> str:
    """Findings (one line each), status lines and score tables of verified documents; the
    status lines and tables within ``width`` columns (None: no limit). Finding lines are
    never folded: editors and CI read them one a line."""
    out: list[str] = []
    for result in results:
        out.extend(_finding_text(result.source, f, color, width) for f in result.findings)
        if quiet:
            continue
        out.append(_folded_status(status_line(result), width))
        if scores and result.scores is not None:
            prefix = ""
            if result.status == "incomplete":
                prefix = "Provisional scores (the game is not over):\n"
            elif result.status == "impossible":
                prefix = "Scores of an impossible position (--keep-going):\n"
            out.append(prefix + render_sheet(result.scores, color, width).rstrip("\n"))
    return "\n".join(out) + ("\n" if out else "")


def _finding_text(source: str, finding: Finding, color: bool, width: int | None) -> str:
    """:func:`finding_line`; wider than ``width``, folded at spaces without colour, its
    continuation lines indented (the ``file:line:col: RULE`` an editor reads stays first)."""
    line = finding_line(source, finding, color)
    if width is None:
        return line
    plain = finding_line(source, finding) if color else line
    if all(len(part) <= width for part in plain.split("\n")):
        return line
    return fold(plain, width, indent="    ")


def _folded_status(line: str, width: int | None) -> str:
    """A status line too wide for ``width``: its parenthesis on the next line, indented."""
    if width is None or len(line) <= width or " (" not in line:
        return fold(line, width)
    head, _, rest = line.rpartition(" (")
    return fold(head, width) + "\n" + fold(f"  ({rest}", width, indent="   ")


def summary(results: Sequence[VerifyResult]) -> dict[str, int]:
    counts: dict[str, int] = {"total": len(results), "passed": 0, "failed": 0}
    for r in results:
        counts["passed" if r.ok else "failed"] += 1
    return counts


def render_json(results: Sequence[VerifyResult]) -> bytes:
    """The ``scorer-report/1`` document, keys sorted, indented (stable for diffs)."""
    doc = {
        "format": REPORT_FORMAT,
        "records": [result_to_data(r) for r in results],
        "summary": summary(results),
    }
    return dumps_report(doc)


class JsonReport:
    """:func:`render_json` one record at a time, the same bytes: ``record`` gives a result's
    part of the document (the head before the first one), ``end`` the rest (the summary from
    running counts). Holds the counts, never the results."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {"total": 0, "passed": 0, "failed": 0}
        self._head = b'{\n  "format": ' + orjson.dumps(REPORT_FORMAT) + b',\n  "records": ['

    def record(self, result: VerifyResult) -> bytes:
        data = dumps_report(result_to_data(result)).rstrip(b"\n")
        lead = self._head + b"\n" if not self.counts["total"] else b",\n"
        self.counts["total"] += 1
        self.counts["passed" if result.ok else "failed"] += 1
        return lead + _indented(data, 4)

    def end(self) -> bytes:
        tail = b"\n  ]" if self.counts["total"] else self._head + b"]"
        summary_ = _indented(dumps_report(self.counts).rstrip(b"\n"), 2)[2:]
        return tail + b',\n  "summary": ' + summary_ + b"\n}\n"


def _indented(lines: bytes, spaces: int) -> bytes:
    """Each line of ``lines`` (JSON: no newline inside a string) moved right by ``spaces``."""
    pad = b" " * spaces
    return pad + lines.replace(b"\n", b"\n" + pad)


def dumps_report(doc: Any, indent: bool = True) -> bytes:
    """A JSON document, keys sorted; C1 controls written as ``\\u0080``… (as every JSON writer
    here: printed on a terminal, no string from a record can act on it)."""
    option = orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE | orjson.OPT_NON_STR_KEYS
    if indent:
        option |= orjson.OPT_INDENT_2
    return _dumps(doc, option)


def dumps_document(doc: Any) -> bytes:
    """A record or position for output (key order kept as built)."""
    return _dumps(doc, orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE)


def dumps_compact(doc: Any) -> bytes:
    """One JSON document without whitespace, key order kept (the answers of ``scorer serve``)."""
    return _dumps(doc, orjson.OPT_NON_STR_KEYS)


def dumps_line(doc: Any) -> bytes:
    """One NDJSON line."""
    return _dumps(doc, orjson.OPT_APPEND_NEWLINE)


def _dumps(doc: object, option: int) -> bytes:
    """orjson's bytes; an integer orjson cannot write (beyond 64 bits: a score or a claim
    computed from huge ones) is written as written, as a string of its digits, so one such
    number never costs the output of a record, let alone of the others."""
    try:
        data = orjson.dumps(doc, option=option, default=_default)
    except orjson.JSONEncodeError:
        data = orjson.dumps(_big_ints_written(doc), option=option, default=_default)
    return json_controls(data)


def _big_ints_written(value: object) -> object:
    """``value`` with every integer outside orjson's range as its decimal string (containers
    copied, pyrsistent ones and sets thawed as :func:`_default` does)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value if INT_MIN <= value <= INT_MAX else str(value)
    if isinstance(value, dict):
        return {_big_ints_written(key): _big_ints_written(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_big_ints_written(item) for item in value]
    if isinstance(value, (str, float)) or value is None:
        return value
    try:
        thawed = _default(value)
    except TypeError:
        return value
    return _big_ints_written(thawed)


def _default(value: Any) -> Any:
    from pyrsistent import thaw

    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    thawed = thaw(value)
    if thawed is value:
        raise TypeError(f"cannot serialise {type(value).__name__}")
    return thawed
