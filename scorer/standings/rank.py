"""Ranking an event: standing points, then the tie-break steps in order, then shared places.

Players with equal points (compared exactly) are separated by the tie-break steps in the
order given (default: total game score, table wins, head-to-head):

* ``score``: the sum of the player's game totals over their counted games;
* ``wins``: the number of tables the player won (first place, also when shared, at a table
  with at least one opponent);
* ``h2h``: among the players still tied at that step only, at the tables they shared with
  each other: 1 for each of them finished below, 0.5 for each tied with.

Each step splits a tied group into smaller groups, and the next step applies within each of
those. Players still tied after the last step share the place (1, 2, 2, 4), listed by name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from scorer.standings.model import (
    EventStandings,
    Options,
    Result,
    Standing,
    Table,
    round_key,
)
from scorer.standings.systems import places, table_points


@dataclass(slots=True)
class _Player:
    name: str
    points: Fraction = Fraction(0)
    score: int = 0
    wins: int = 0
    h2h: Fraction | None = None
    results: list[Result] = field(default_factory=list)


def rank_event(name: str, tables: Sequence[Table], options: Options) -> EventStandings:
    """The standings of one event from its counted tables. Raises StandingsError (points)."""
    ordered = sorted(tables, key=lambda t: (round_key(t.round), _table_key(t)))
    players: dict[str, _Player] = {}
    for table in ordered:
        points = table_points(table, options)
        for player, (place, shared) in places(table).items():
            line = players.setdefault(player, _Player(player))
            line.points += points[player]
            line.score += table.totals[player]
            line.wins += place == 1 and len(table.players) > 1
            line.results.append(
                Result(
                    table.round,
                    table.table,
                    table.source,
                    table.game,
                    place,
                    shared,
                    points[player],
                    table.totals[player],
                )
            )
    groups = _groups(list(players.values()), lambda p: p.points)
    final: list[list[_Player]] = []
    for group in groups:
        final.extend(_break_ties(group, options.tiebreak, ordered))
    rounds = tuple(sorted({t.round for t in tables}, key=round_key))
    return EventStandings(name, rounds, len(tables), _standings(final, options))


def _table_key(table: Table) -> tuple[int, int, str, str]:
    label = table.table
    if isinstance(label, int):
        return (0, label, "", table.source)
    return (1, 0, label or "", table.source)


def _groups(
    players: list[_Player], key: Callable[[_Player], Fraction | int]
) -> list[list[_Player]]:
    """``players`` split into groups of equal ``key``, highest first."""
    groups: list[list[_Player]] = []
    for player in sorted(players, key=key, reverse=True):
        if groups and key(groups[-1][0]) == key(player):
            groups[-1].append(player)
        else:
            groups.append([player])
    return groups


def _break_ties(
    group: list[_Player], steps: Sequence[str], tables: Sequence[Table]
) -> list[list[_Player]]:
    """Apply the tie-break steps to a group of players with equal standing points."""
    if len(group) == 1 or not steps:
        return [sorted(group, key=lambda p: (p.name.casefold(), p.name))]
    step, rest = steps[0], steps[1:]
    if step == "h2h":
        _head_to_head(group, tables)
    key: Callable[[_Player], Fraction | int] = {
        "score": lambda p: p.score,
        "wins": lambda p: p.wins,
        "h2h": lambda p: p.h2h or Fraction(0),
    }[step]
    out: list[list[_Player]] = []
    for sub in _groups(group, key):
        out.extend(_break_ties(sub, rest, tables))
    return out


def _head_to_head(group: list[_Player], tables: Sequence[Table]) -> None:
    """Set each tied player's head-to-head value, counting only the other tied players."""
    names = {p.name for p in group}
    for player in group:
        value = Fraction(0)
        for table in tables:
            if player.name not in table.totals:
                continue
            mine = table.tier_of(player.name)
            for other in names & set(table.totals) - {player.name}:
                theirs = table.tier_of(other)
                value += 1 if mine < theirs else Fraction(1, 2) if mine == theirs else 0
        player.h2h = value


def _standings(groups: list[list[_Player]], options: Options) -> tuple[Standing, ...]:
    out: list[Standing] = []
    place = 1
    for group in groups:
        for p in group:
            values: dict[str, Fraction | int | None] = {
                "score": p.score,
                "wins": p.wins,
                "h2h": p.h2h,
            }
            out.append(
                Standing(
                    place,
                    len(group) > 1,
                    p.name,
                    p.points,
                    len(p.results),
                    {step: values[step] for step in options.tiebreak},
                    tuple(p.results),
                )
            )
        place += len(group)
    return tuple(out)
