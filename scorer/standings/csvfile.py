"""CSV output of standings: one table for spreadsheets, its first column telling the row kind.

``standing`` rows come first (every event, in place order), then ``warning`` rows and
``excluded`` rows, so that filtering on the first column gives each part on its own and no
warning is ever left out of the file. Points are rounded to 2 decimals; tie-break columns
are empty when that tie-break is not in use (or, for ``h2h``, was not needed).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping

from scorer.core.printable import printable
from scorer.standings.data import number_text
from scorer.standings.model import Document

COLUMNS = (
    "row",
    "event",
    "place",
    "shared",
    "player",
    "points",
    "score",
    "wins",
    "h2h",
    "games",
    "round",
    "table",
    "file",
    "status",
    "rule",
    "pointer",
    "message",
)


class _Rows:
    """A csv writer whose text cells are :func:`printable` (a name from a record can hold no
    line break or control character of its own: one row is one line)."""

    def __init__(self, buffer: io.StringIO) -> None:
        self.out = csv.DictWriter(buffer, COLUMNS, lineterminator="\n")
        self.out.writeheader()

    def writerow(self, row: Mapping[str, object]) -> None:
        self.out.writerow({k: printable(v) if isinstance(v, str) else v for k, v in row.items()})


def render_csv(doc: Document) -> str:
    buffer = io.StringIO()
    out = _Rows(buffer)
    for event in doc.events:
        for s in event.standings:
            row = {
                "row": "standing",
                "event": event.name,
                "place": s.place,
                "shared": "yes" if s.shared else "",
                "player": s.player,
                "points": number_text(s.points),
                "games": s.games,
            }
            for step, value in s.tiebreaks.items():
                row[step] = number_text(value) if value is not None else ""
            out.writerow(row)
    for w in doc.warnings:
        out.writerow(
            {
                "row": "warning",
                "event": w.event or "",
                "player": w.player or "",
                "round": "" if w.round is None else w.round,
                "rule": w.kind,
                "file": "; ".join(w.sources),
                "message": w.message,
            }
        )
    for x in doc.excluded:
        finding = x.finding
        out.writerow(
            {
                "row": "excluded",
                "event": x.event or "",
                "round": "" if x.round is None else x.round,
                "table": "" if x.table is None else x.table,
                "file": x.source,
                "status": x.status,
                "rule": finding.rule if finding else "",
                "pointer": finding.pointer if finding else "",
                "message": finding.message if finding else x.reason,
            }
        )
    return buffer.getvalue()
