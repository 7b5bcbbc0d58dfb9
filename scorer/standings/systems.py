"""Standing points of one table under each scoring system, from the game's own ranking.

* ``beaten``: 1 point for each opponent who finished below, 0.5 for each opponent tied.
* ``rank-points``: the points of the place taken (``--points``); players tied at the table
  share the mean of the places they occupy (two tied for 2nd of ``5,3,2,1`` get 2.5 each).
* ``percent``: the player's score as a percentage of the table winner's score. When the
  winner scored 0 or less no percentage exists: the winners get 100 and the others 0.
"""

from __future__ import annotations

from fractions import Fraction

from scorer.standings.model import Options, StandingsError, Table


def places(table: Table) -> dict[str, tuple[int, bool]]:
    """Each player's place at the table (1 = first) and whether it is shared."""
    out: dict[str, tuple[int, bool]] = {}
    place = 1
    for tier in table.ranking:
        for name in tier:
            out[name] = (place, len(tier) > 1)
        place += len(tier)
    return out


def table_points(table: Table, options: Options) -> dict[str, Fraction]:
    """Standing points each player of ``table`` earns. Raises StandingsError when
    ``--points`` has fewer places than the table has players."""
    if options.system == "beaten":
        return _beaten(table)
    if options.system == "rank-points":
        return _rank_points(table, options.points)
    return _percent(table)


def _beaten(table: Table) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    below = len(table.players)
    for tier in table.ranking:
        below -= len(tier)
        for name in tier:
            out[name] = below + Fraction(len(tier) - 1, 2)
    return out


def _rank_points(table: Table, points: tuple[Fraction, ...]) -> dict[str, Fraction]:
    if len(table.players) > len(points):
        raise StandingsError(
            f"--points gives {len(points)} place{'s' if len(points) != 1 else ''}, but "
            f"{table.source} (round {table.round}, {table.label}) has {len(table.players)} "
            "players; give points for every place"
        )
    out: dict[str, Fraction] = {}
    first = 0
    for tier in table.ranking:
        share = sum(points[first : first + len(tier)], Fraction(0)) / len(tier)
        for name in tier:
            out[name] = share
        first += len(tier)
    return out


def _percent(table: Table) -> dict[str, Fraction]:
    winners = table.ranking[0] if table.ranking else ()
    best = table.totals[winners[0]] if winners else 0
    if best <= 0:
        return {name: Fraction(100 if name in winners else 0) for name in table.players}
    return {name: Fraction(table.totals[name] * 100, best) for name in table.players}
