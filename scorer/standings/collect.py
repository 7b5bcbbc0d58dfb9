"""From verification results to the counted tables of each event, and what is left out.

A record counts when it is a game record that verified (status ``ok``) and its ``meta`` names
an event (``meta.event``, a non-empty text) and a round (``meta.round``, a positive integer or
a name); ``meta.table`` is optional (without it the table is named by its file). Every other
record is listed as excluded with its status and first finding, or the reason. A record with
the same content as an earlier one (REC-DUP-1) is counted once: the copy is only named in a
warning. So is a counted record that is the same game as one counted before in its event
(the same document apart from ``meta``, see :mod:`scorer.standings.games`): a copy under
another round or table.

With an event selected (``--event``), records of other events are out of scope: not listed,
not counted, and they do not decide the exit code. Records whose event cannot be told
(unreadable, no ``meta.event``) stay in scope, since they may belong to it.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from sys import intern

from scorer.core.findings import Finding
from scorer.core.values import VerifyResult
from scorer.standings.model import EventWarning, Excluded, Round, Table, TableLabel
from scorer.writing.verdict import STATUS_TEXT
from scorer.writing.verdict import label as result_label

#: Stands for a ``meta.event`` that is there but no usable name (a number, an empty text).
BAD_EVENT = object()


class Collector:
    """Takes results one at a time (``add``) and keeps only what standings need: per counted
    game its ``Table`` (names, event and game interned: one copy of each name for the run),
    per excluded record its ``Excluded``, and the game key of each counted game (16 bytes).

    ``duplicates`` maps a copy's label to the first one's (REC-DUP-1 seen while reading);
    ``games`` holds the game key of each record read (scorer.standings.games.track_games),
    by label, popped as its result arrives.
    """

    def __init__(
        self,
        event: str | None = None,
        duplicates: Mapping[str, str] | None = None,
        games: MutableMapping[str, bytes] | None = None,
    ) -> None:
        self.selected = event
        self.tables: dict[str, list[Table]] = {}
        self.excluded: list[Excluded] = []
        self.warnings: list[EventWarning] = []
        self.events_seen: set[str] = set()
        self.records = 0
        self._duplicates = dict(duplicates or {})
        self._games = games
        #: (event, game key) of each counted game → its label, round and table.
        self._counted: dict[tuple[str, bytes], tuple[str, Round, TableLabel]] = {}

    def nothing_to_rank(self) -> str | None:
        """Why there is nothing to rank (the CLI exits 2), or None."""
        if self.selected is not None and self.selected not in self.events_seen:
            seen = ", ".join(sorted(self.events_seen)) or "none"
            return f"no record names the event {self.selected!r} (meta.event); events found: {seen}"
        if not self.records:
            return "no records found in the inputs"
        if not self.tables:
            return "no record names an event (meta.event): nothing to rank"
        return None

    def add(self, result: VerifyResult) -> bool:
        """Count or exclude one result. Returns whether it is in scope (see the module)."""
        label = result_label(result)
        key = self._games.pop(label, None) if self._games is not None else None
        event = _event_of(result.meta)
        if isinstance(event, str):
            self.events_seen.add(event)
        if self.selected is not None and isinstance(event, str) and event != self.selected:
            return False
        self.records += 1
        first = self._duplicates.get(label) or _duplicate_of(result)
        if first is not None:
            self.warnings.append(
                EventWarning(
                    "duplicate",
                    event if isinstance(event, str) else None,
                    f"{label} is the same game as {first} (same content); counted once",
                    sources=(first, label),
                )
            )
            return True
        if isinstance(event, str):
            self.tables.setdefault(event, [])
        meta = result.meta or {}
        round_, sheet = _round_of(meta), result.scores
        reason = _exclusion(result, event, meta)
        if reason is not None or round_ is None or sheet is None or not isinstance(event, str):
            self.excluded.append(_excluded(result, label, event, reason or "not counted"))
            return True
        if key is not None and self._same_game(key, event, label, round_, _table_of(meta)):
            return True
        self.tables[event].append(
            Table(
                intern(event),
                round_,
                _table_of(meta),
                label,
                intern(result.game or ""),
                tuple(tuple(intern(name) for name in tier) for tier in sheet.ranking),
                {intern(p.name): p.total for p in sheet.players},
            )
        )
        return True

    def _same_game(
        self, key: bytes, event: str, label: str, round_: Round, table: TableLabel
    ) -> bool:
        """Whether the game of ``key`` was counted before in ``event`` (then warn)."""
        first = self._counted.setdefault((intern(event), key), (label, round_, table))
        if first[0] == label:
            return False
        self.warnings.append(
            EventWarning(
                "duplicate",
                event,
                f"{_where(label, round_, table)} is the same game as {_where(*first)} (the same "
                "record apart from meta); counted once",
                sources=(first[0], label),
            )
        )
        return True


def _where(label: str, round_: Round, table: TableLabel) -> str:
    return f"{label} (round {round_}" + (f", table {table})" if table is not None else ")")


def _exclusion(result: VerifyResult, event: object, meta: Mapping[str, object]) -> str | None:
    """Why ``result`` is not counted, or None if it counts."""
    if result.status != "ok":
        return STATUS_TEXT[result.status]
    if result.kind != "record" or result.scores is None:
        return "a position, not a game record"
    if event is None:
        return "no meta.event: the record belongs to no event"
    if not isinstance(event, str):
        return "meta.event must be a non-empty text"
    if _round_of(meta) is None:
        return "meta.round must be a positive integer or a name"
    if "table" in meta and _table_of(meta) is None:
        return "meta.table must be a positive integer or a name"
    return None


def _event_of(meta: Mapping[str, object] | None) -> object:
    """The event a record names: its text, None when it names none, else ``BAD_EVENT``."""
    if meta is None or meta.get("event") is None:
        return None
    event = meta["event"]
    return event if isinstance(event, str) and event.strip() else BAD_EVENT


def _round_of(meta: Mapping[str, object]) -> Round | None:
    return _label(meta.get("round"))


def _table_of(meta: Mapping[str, object]) -> TableLabel:
    return _label(meta.get("table"))


def _label(value: object) -> int | str | None:
    """A positive integer (also when written as digits) or a non-empty name; else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 1 else None
    if isinstance(value, str) and value.strip():
        text = value.strip()
        return int(text) if text.isdigit() and int(text) >= 1 else text
    return None


def _duplicate_of(result: VerifyResult) -> str | None:
    for finding in result.findings:
        if finding.rule == "REC-DUP-1":
            first = finding.details.get("first")
            return str(first) if first is not None else "an earlier record"
    return None


def _excluded(result: VerifyResult, label: str, event: object, reason: str) -> Excluded:
    meta = result.meta or {}
    return Excluded(
        label,
        result.status,
        reason,
        event if isinstance(event, str) else None,
        _round_of(meta),
        _table_of(meta),
        _first_finding(result.findings),
        result.players,
    )


def _first_finding(findings: tuple[Finding, ...]) -> Finding | None:
    errors = [f for f in findings if f.is_error]
    return errors[0] if errors else None
