"""Organiser checks on the counted tables of one event; each problem becomes a warning.

* ``two-tables``: a player at two (or more) tables in one round: every one of those games
  counts, so the organiser must remove the wrong record;
* ``table-reused``: two different records name the same round and table (both count);
* ``table-size``: a table whose player count differs from the round's other tables (the
  count most of the round's tables have; on a tie, the larger count);
* ``missing-round``: a player without a counted game in a round of the event (a round in
  which any game counted), one warning per round, naming their excluded records of that
  round if there are any.

Duplicates (the same content submitted twice) are found while collecting (see collect).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence

from scorer.standings.model import EventWarning, Excluded, Round, Table, round_key


def check_event(
    event: str, tables: Sequence[Table], excluded: Sequence[Excluded]
) -> list[EventWarning]:
    """Every organiser warning about ``tables`` (the counted games of ``event``)."""
    by_round: dict[Round, list[Table]] = defaultdict(list)
    for table in tables:
        by_round[table.round].append(table)
    warnings: list[EventWarning] = []
    for round_ in sorted(by_round, key=round_key):
        games = sorted(by_round[round_], key=lambda t: t.source)
        warnings += _two_tables(event, round_, games)
        warnings += _reused_tables(event, round_, games)
        warnings += _table_sizes(event, round_, games)
    warnings += _missing_rounds(event, by_round, excluded)
    return warnings


def _two_tables(event: str, round_: Round, games: list[Table]) -> Iterator[EventWarning]:
    seats: dict[str, list[Table]] = defaultdict(list)
    for table in games:
        for player in table.players:
            seats[player].append(table)
    for player in sorted(seats):
        where = seats[player]
        if len(where) > 1:
            names = ", ".join(
                f"{t.label} ({t.source})" if t.table is not None else t.source for t in where
            )
            yield EventWarning(
                "two-tables",
                event,
                f"{player} plays at {len(where)} tables in round {round_}: {names}; every one "
                "of these games counts until the wrong record is removed",
                round_,
                player,
                tuple(t.source for t in where),
            )


def _reused_tables(event: str, round_: Round, games: list[Table]) -> Iterator[EventWarning]:
    by_label: dict[str, list[Table]] = defaultdict(list)
    for table in games:
        if table.table is not None:
            by_label[str(table.table)].append(table)
    for label in sorted(by_label):
        same = by_label[label]
        if len(same) > 1:
            files = ", ".join(t.source for t in same)
            yield EventWarning(
                "table-reused",
                event,
                f"round {round_}, table {label} has {len(same)} different records ({files}); "
                "all of them count",
                round_,
                None,
                tuple(t.source for t in same),
            )


def _table_sizes(event: str, round_: Round, games: list[Table]) -> Iterator[EventWarning]:
    sizes = Counter(len(t.players) for t in games)
    if len(sizes) < 2:
        return
    usual = max(sizes, key=lambda n: (sizes[n], n))
    for table in games:
        n = len(table.players)
        if n != usual:
            where = f"{table.label} ({table.source})" if table.table is not None else (table.source)
            yield EventWarning(
                "table-size",
                event,
                f"round {round_}, {where}: {n} player{'s' if n != 1 else ''}, while the "
                f"round's other tables have {usual}",
                round_,
                None,
                (table.source,),
            )


def _missing_rounds(
    event: str, by_round: dict[Round, list[Table]], excluded: Sequence[Excluded]
) -> Iterator[EventWarning]:
    rounds = sorted(by_round, key=round_key)
    played: dict[str, set[Round]] = defaultdict(set)
    for round_, games in by_round.items():
        for table in games:
            for player in table.players:
                played[player].add(round_)
    for player in sorted(played):
        for round_ in (r for r in rounds if r not in played[player]):
            left_out = tuple(
                x.source
                for x in excluded
                if x.event == event and x.round == round_ and player in x.players
            )
            text = f"{player} has no counted game in round {round_}"
            if left_out:
                text += f" (excluded: {', '.join(left_out)})"
            yield EventWarning("missing-round", event, text, round_, player, left_out)
