"""Renderers: findings and score tables as text (rich) and as JSON (scorer-report/1).

The plain data of a result (status words, findings, score sheets) is built in
:mod:`scorer.writing.verdict`; this module lays it out as text and JSON bytes.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Any

import orjson

from scorer.core.findings import Finding
from scorer.core.legal import legal_line
from scorer.core.printable import json_controls, printable
from scorer.core.values import ScoreSheet, VerifyResult
from scorer.core.words import plural
from scorer.reading.numbers import INT_MAX, INT_MIN

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


def render_sheet(sheet: ScoreSheet, color: bool = True, width: int = 120) -> str:
    """A score sheet as text tables (earlier stages first), the ranking and notes."""
    blocks = [_table(f"{name.capitalize()} scoring", s, color, width) for name, s in sheet.stages]
    names = {name for name, _ in sheet.stages}
    title = "Game total" if "final" in names else "Final scoring" if names else "Scores"
    blocks.append(_table(title, sheet, color, width))
    blocks.append(ranking_text(sheet))
    blocks.extend(f"Note: {printable(n)}" for n in sheet.notes)
    if sheet.end_reason is not None:
        words = f" ({sheet.end_text})" if sheet.end_text else ""
        blocks.append(printable(f"Game ended: {sheet.end_reason}{words}"))
    return "\n".join(b.rstrip("\n") for b in blocks if b) + "\n"


def ranking_text(sheet: ScoreSheet) -> str:
    if not sheet.ranking:
        return ""
    if len(sheet.players) == 1:
        return ""
    places = []
    place = 1
    for tier in sheet.ranking:
        places.append(f"{place}. {' = '.join(tier)}")
        place += len(tier)
    winners = sheet.winners
    head = "Winner: " if len(winners) == 1 else "Shared victory: "
    tiebreak = f" (tie-break: {sheet.shown_tiebreak})" if sheet.shown_tiebreak else ""
    winners_text = printable(", ".join(winners) + tiebreak)
    return head + winners_text + "\nRanking: " + printable("; ".join(places))


def _table(title: str, sheet: ScoreSheet, color: bool, width: int) -> str:
    header = ["player", *sheet.categories, "total", *sheet.extra_columns]
    rows = []
    for line in sheet.players:
        cells = [line.name, *(line.shown(c) for c in sheet.categories)]
        cells.append(str(line.total))
        cells.extend(_cell(line.extras.get(c, "")) for c in sheet.extra_columns)
        rows.append([printable(c) for c in cells])
    plain = None if color else plain_table(title, header, rows)
    if plain is not None:
        return plain
    return _rich_table(title, header, rows, color, width, bold=1 + len(sheet.categories))


#: Text rich prints as it is: printable ASCII without markup ("[") and the dashes of cells not
#: scored (one column wide, as rich measures them); and no emoji code (``:name:``).
_PLAIN_TEXT = re.compile(r"[ -Z\]-~—–]*")
_EMOJI_CODE = re.compile(r":\S*:")


def plain_table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> str | None:
    """The table :func:`_rich_table` prints without colour (rich's heavy-head box, the first
    column left-aligned, the others right-aligned), built without importing rich; ``None``
    when rich could print it differently (text other than plain ASCII, white space around a
    cell, no rows, no title or one wider than the table). tests/test_tables.py compares both."""
    cells = (title, *header, *chain(*rows))
    if not rows or not title or not all(_plain_cell(c) for c in cells):
        return None
    widths = [max(len(c) for c in column) for column in zip(header, *rows, strict=True)]
    if len(title) > sum(widths) + 3 * len(widths) + 1:
        return None

    def row(cells: Sequence[str], bar: str) -> str:
        first = f" {cells[0].ljust(widths[0])} "
        rest = (f" {c.rjust(w)} " for c, w in zip(cells[1:], widths[1:], strict=True))
        return bar + bar.join((first, *rest)) + bar

    def rule(left: str, line: str, cross: str, right: str) -> str:
        return left + cross.join(line * (w + 2) for w in widths) + right

    top = rule("┏", "━", "┳", "┓")
    lines = [title.ljust(len(top)), top, row(header, "┃"), rule("┡", "━", "╇", "┩")]
    lines.extend(row(cells, "│") for cells in rows)
    lines.append(rule("└", "─", "┴", "┘"))
    return "\n".join(lines) + "\n"


def _plain_cell(text: str) -> bool:
    plain = _PLAIN_TEXT.fullmatch(text) and not _EMOJI_CODE.search(text)
    return bool(plain) and text == text.strip()


def _rich_table(
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    color: bool,
    width: int = 120,
    bold: int | None = None,
) -> str:
    """The table printed by rich (colour: the ``bold`` column, the total, in bold)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(title=title, title_justify="left")
    table.add_column(header[0])
    for k, name in enumerate(header[1:], 1):
        table.add_column(name, justify="right", style="bold" if k == bold else None)
    for cells in rows:
        # Text, not str: a name such as "[bold]Ann" or ":x:" is shown as written, not as markup
        table.add_row(*(Text(c) for c in cells))
    buffer = io.StringIO()
    # never narrower than the table itself: a column name cut to "penalti…" explains nothing
    natural = Console(width=1000).measure(table).maximum
    console = Console(
        file=buffer,
        width=max(width, natural),
        color_system="standard" if color else None,
        force_terminal=color,
        no_color=not color,
        highlight=False,
    )
    console.print(table)
    return buffer.getvalue()


def _cell(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def render_text(
    results: Iterable[VerifyResult], color: bool = False, quiet: bool = False, scores: bool = True
) -> str:
    """Findings (one line each), status lines and score tables of verified documents."""
    out: list[str] = []
    for result in results:
        out.extend(finding_line(result.source, f, color) for f in result.findings)
        if quiet:
            continue
        out.append(status_line(result))
        if scores and result.scores is not None:
            prefix = ""
            if result.status == "incomplete":
                prefix = "Provisional scores (the game is not over):\n"
            elif result.status == "impossible":
                prefix = "Scores of an impossible position (--keep-going):\n"
            out.append(prefix + render_sheet(result.scores, color).rstrip("\n"))
    return "\n".join(out) + ("\n" if out else "")


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
