"""The value objects of standings: options, counted tables, warnings, exclusions, results.

Points are exact ``Fraction``s everywhere inside (0.5 for a tie in ``beaten``, means of places
in ``rank-points``, percentages in ``percent``); only the writers round them for display.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from scorer.core.findings import Finding

#: A round as the records name it: a positive integer (``"3"`` is read as 3) or a name.
Round = int | str
#: A table label as the records give it in ``meta.table`` (None: the record has none).
TableLabel = int | str | None

SYSTEMS: tuple[str, ...] = ("beaten", "rank-points", "percent")
TIEBREAKS: tuple[str, ...] = ("score", "wins", "h2h")
TIEBREAK_TEXT: Mapping[str, str] = {
    "score": "total game score",
    "wins": "table wins",
    "h2h": "head-to-head at shared tables",
}
WARNING_KINDS: tuple[str, ...] = (
    "duplicate",
    "two-tables",
    "table-reused",
    "table-size",
    "missing-round",
)


class StandingsError(Exception):
    """A usage error: bad options, or options that do not fit the records (exit code 2)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class Options:
    """How standing points are awarded and ties between equal points are broken."""

    system: str = "beaten"
    points: tuple[Fraction, ...] = ()
    tiebreak: tuple[str, ...] = TIEBREAKS


@dataclass(frozen=True, slots=True)
class Table:
    """One counted game: where it was played and how its players finished.

    ``ranking`` holds the game's own tiers from first place down (its tie-break applied);
    players in one tier share the place.
    """

    event: str
    round: Round
    table: TableLabel
    source: str
    game: str
    ranking: tuple[tuple[str, ...], ...]
    totals: Mapping[str, int]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(name for tier in self.ranking for name in tier)

    @property
    def label(self) -> str:
        """``table 3`` when the record names its table, else the record's file."""
        return f"table {self.table}" if self.table is not None else self.source

    def tier_of(self, player: str) -> int:
        """Index of the tier ``player`` finished in. Raises KeyError if they did not play."""
        for index, tier in enumerate(self.ranking):
            if player in tier:
                return index
        raise KeyError(player)


@dataclass(frozen=True, slots=True)
class Excluded:
    """A record read but not counted, with why (its status and first finding, or a reason)."""

    source: str
    status: str
    reason: str
    event: str | None = None
    round: Round | None = None
    table: TableLabel = None
    finding: Finding | None = None
    players: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EventWarning:
    """An organiser warning (``kind`` one of WARNING_KINDS) about the records of an event."""

    kind: str
    event: str | None
    message: str
    round: Round | None = None
    player: str | None = None
    sources: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    """One player's game in the standings: their place at the table and what it earned."""

    round: Round
    table: TableLabel
    source: str
    game: str
    place: int
    shared: bool
    points: Fraction
    score: int


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of an event's standings. ``tiebreaks`` holds the value of each tie-break
    step (``h2h`` is None unless the player was still tied when it was applied)."""

    place: int
    shared: bool
    player: str
    points: Fraction
    games: int
    tiebreaks: Mapping[str, Fraction | int | None]
    results: tuple[Result, ...] = ()


@dataclass(frozen=True, slots=True)
class EventStandings:
    """The standings of one event, with its rounds and the number of counted games."""

    name: str
    rounds: tuple[Round, ...]
    games: int
    standings: tuple[Standing, ...]


@dataclass(frozen=True, slots=True)
class Document:
    """Everything a writer shows: options, events, excluded records, warnings, counts."""

    options: Options
    events: tuple[EventStandings, ...]
    excluded: tuple[Excluded, ...] = ()
    warnings: tuple[EventWarning, ...] = ()
    records: int = 0


def round_key(value: Round) -> tuple[int, int, str]:
    """Sort key of rounds: numbered rounds in order, then named rounds alphabetically."""
    return (0, value, "") if isinstance(value, int) else (1, 0, value)
