"""Putting the standings document together: rank every event, add the organiser warnings."""

from __future__ import annotations

from scorer.standings.checks import check_event
from scorer.standings.collect import Collector
from scorer.standings.model import WARNING_KINDS, Document, EventWarning, Options, round_key
from scorer.standings.rank import rank_event


def build(collector: Collector, options: Options) -> Document:
    """The standings of every event the collector saw (events by name). Raises StandingsError
    when the options do not fit the records (``--points`` too short for a table)."""
    names = sorted(collector.tables, key=lambda n: (n.casefold(), n))
    events = tuple(rank_event(n, collector.tables[n], options) for n in names)
    warnings = list(collector.warnings)
    for name in names:
        warnings += check_event(name, collector.tables[name], collector.excluded)
    return Document(
        options,
        events,
        tuple(collector.excluded),
        tuple(sorted(warnings, key=_warning_key)),
        collector.records,
    )


def _warning_key(w: EventWarning) -> tuple[object, ...]:
    event = w.event or ""
    round_ = round_key(w.round) if w.round is not None else (-1, 0, "")
    return (
        w.event is None,
        event.casefold(),
        WARNING_KINDS.index(w.kind),
        round_,
        w.player or "",
        w.sources,
    )
