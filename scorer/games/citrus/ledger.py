"""What a replay remembers for ``explain``: the records of the in-play scorings.

The rules' ``State`` keeps running totals per category (``Player.harvest``, ``finca``,
``penalties``); which harvest, finca scoring, return or landscape take made them is recorded
where it happens (``actions.step_harvest``, ``build.step_return``,
``events.score_fincas``, ``placement.place``) as one of these immutable records, noted in
the move's ``Notes.scored`` and kept by the state (``State.scored``, in move order).
Nothing here is a rule.
"""

from __future__ import annotations

from typing import NamedTuple

from scorer.games.citrus.board import Cell


class Harvest(NamedTuple):
    """A region harvested during play (section 11): its owner scored ``points``."""

    move: int
    seat: int
    kind: str
    cells: tuple[Cell, ...]  # sorted
    wells: int

    @property
    def points(self) -> int:
        return len(self.cells) + self.wells


class FincaScoring(NamedTuple):
    """A finca scored at the end of a turn (spec 12.3), with the shares of that moment."""

    move: int
    site: str
    first: int
    second: int
    adj: tuple[int, ...]  # per seat
    regions: tuple[tuple[Cell, ...], ...]  # per seat: cells of its adjacent own regions
    points: tuple[int, ...]  # per seat


class Returned(NamedTuple):
    """A bought tile returned to the market (CIT-RET-1, −3 points)."""

    move: int
    step: int
    seat: int
    token: str


class Taken(NamedTuple):
    """A landscape tile (or bull) taken by building on its cell (spec 10.1)."""

    move: int
    seat: int
    cell: Cell
    type: str
    points: int


Entry = Harvest | FincaScoring | Returned | Taken

#: The order of the kinds of record within one turn (harvests, returns, takes by cell,
#: finca scorings at the end of the turn).
_RANK = {Harvest: 0, Returned: 1, Taken: 2, FincaScoring: 3}


def turn_order(entries: list[Entry]) -> list[Entry]:
    """The records of one turn in ledger order: by kind, takes by cell, else as recorded."""
    return sorted(
        entries, key=lambda e: (_RANK[type(e)], e.cell if isinstance(e, Taken) else (0, 0))
    )
