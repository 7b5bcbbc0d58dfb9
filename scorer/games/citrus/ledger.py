"""What a replay remembers for ``explain`` and pictures, beyond the rules' state.

The rules' ``State`` keeps running totals per category (``Player.harvest``, ``finca``,
``penalties``) but not which harvest or finca scoring made them. ``RULES.apply`` therefore
wraps every replayed turn: it compares the state before and after the turn and appends what
was scored to a ledger carried by ``Tracked`` (a ``State`` with two more fields, the ledger
and the players' colours). Nothing here is a rule: the entries are read off the two states
(harvested regions as they were when harvested, finca shares as they were at the end of the
scoring turn, with the same ``finca_points`` the replay used), so they describe exactly what
the state recorded when the points were scored.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from scorer.games.citrus import actions, events
from scorer.games.citrus.board import Cell
from scorer.games.citrus.scoring import finca_shares
from scorer.games.citrus.state import Region, State, Work


class Harvest(NamedTuple):
    """A region harvested during play (section 11): its owner scored ``points``."""

    move: int
    seat: int
    kind: str
    cells: tuple[Cell, ...]
    wells: int

    @property
    def points(self) -> int:
        return len(self.cells) + self.wells


class FincaScoring(NamedTuple):
    """A finca scored at the end of a turn (CIT-FINCA-2)."""

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
    """A landscape tile (or bull) taken by building on its cell (CIT-LAND-1)."""

    move: int
    seat: int
    cell: Cell
    type: str
    points: int


Entry = Harvest | FincaScoring | Returned | Taken


@dataclass(frozen=True, slots=True)
class Tracked(State):
    """A ``State`` that also carries the ledger and the players' record colours."""

    ledger: tuple[Entry, ...] = ()
    colours: tuple[str | None, ...] = ()


_BASE = tuple(f.name for f in dataclasses.fields(State))
# ``tracked`` as straight-line code (it runs once per replayed turn): no loop over names
_SOURCE = ("def _tracked(s, ledger, colours):\n    return Tracked("
           + ", ".join(f"s.{n}" for n in _BASE) + ", ledger, colours)\n")
_NAMESPACE: dict[str, Any] = {"Tracked": Tracked}
exec(compile(_SOURCE, "<citrus ledger>", "exec"), _NAMESPACE)


def ledger_of(state: State) -> tuple[Entry, ...]:
    return state.ledger if isinstance(state, Tracked) else ()


def colours_of(state: State) -> tuple[str | None, ...]:
    colours = state.colours if isinstance(state, Tracked) else ()
    return colours or (None,) * len(state.static.names)


def tracked(state: State, ledger: tuple[Entry, ...], colours: tuple[str | None, ...]
            ) -> Tracked:
    result: Tracked = _NAMESPACE["_tracked"](state, ledger, colours)
    return result


def with_colours(state: State, players: Any) -> Tracked:
    """``state`` carrying the ``color`` of every player of the document."""
    colours: tuple[str | None, ...] = ()
    if isinstance(players, list):
        colours = tuple(p.get("color") if isinstance(p, Mapping) else None for p in players)
    return tracked(state, ledger_of(state), colours)


def carry(before: State, after: State) -> State:
    """``after`` (a skipped move) with the ledger and colours of ``before``."""
    if not isinstance(before, Tracked):
        return after
    return tracked(after, before.ledger, before.colours)


def record_turn(before: State, after: State, move: Mapping[str, Any]) -> State:
    """``after`` carrying the ledger of ``before`` plus what the turn scored or took."""
    seat = before.turn
    new: list[Entry] = []
    b, a = before.players[seat], after.players[seat]
    if a.harvest != b.harvest or a.penalties != b.penalties:
        steps = move.get("steps")
        steps = steps if isinstance(steps, list) else []
        if a.harvest != b.harvest:
            new.extend(_harvests(before, steps, a.harvest - b.harvest))
        if a.penalties != b.penalties:
            new.extend(Returned(before.moves, j, seat, s["tile"]) for j, s in enumerate(steps)
                       if s.get("do") == "return")
    if after.land != before.land:
        new.extend(Taken(before.moves, seat, c, t, p) for c, (t, p) in sorted(before.land.items())
                   if c not in after.land)
    if [p.finca for p in after.players] != [p.finca for p in before.players]:
        new.extend(_fincas(before, after))
    if isinstance(before, Tracked):
        return tracked(after, before.ledger + tuple(new) if new else before.ledger,
                       before.colours)
    return tracked(after, tuple(new), ()) if new else after


def _fincas(before: State, after: State) -> list[FincaScoring]:
    """The fincas scored at the end of the turn, with the shares they were scored with."""
    out = []
    for site, s in sorted(after.sites.items()):
        old = before.sites.get(site)
        if s.status == "finca" and s.scored and not (old is not None and old.scored):
            shares = finca_shares(after, site)
            adj = tuple(sum(len(r.cells) for r in rs) for rs in shares)
            pts = tuple(events.finca_points(list(adj), s.first, s.second))
            cells = tuple(tuple(sorted(c for r in rs for c in r.cells)) for rs in shares)
            out.append(FincaScoring(before.moves, site, s.first, s.second, adj, cells, pts))
    return out


def _harvests(before: State, steps: list[Any], delta: int) -> list[Harvest]:
    """The regions harvested by the turn, as they were when harvested."""
    seat = before.turn
    found = [_harvest(before.moves, seat, before.regions[before.region_of[c]])
             for c in (_at(s) for s in steps if s.get("do") == "harvest")
             if c in before.region_of]
    if sum(h.points for h in found) == delta:
        return found
    # an action tile changed a region within the turn: replay the steps to see each harvest
    w = Work.of(before)
    w.warnings = []
    t = actions.prescan(steps)
    t.seat = seat
    found = []
    for j, step in enumerate(steps):
        if step.get("do") == "harvest" and _at(step) in w.region_of:
            found.append(_harvest(before.moves, seat, w.regions[w.region_of[_at(step)]]))
        actions.apply_step(w, t, step, j)
    return found


def _at(step: Mapping[str, Any]) -> Cell:
    at = step["at"]
    return (at[0], at[1])


def _harvest(move: int, seat: int, region: Region) -> Harvest:
    return Harvest(move, seat, region.kind, tuple(sorted(region.cells)), region.wells)
