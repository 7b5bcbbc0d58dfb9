"""``scorer explain`` for Citrus: one ScoreItem per scoring unit of the seven categories of 13.3.

In-play points (``harvest``, ``finca``, ``penalties``) come from the records the replay kept
(``State.scored``: what was harvested, which finca scored with which shares, which tile went
back), end-of-game points from the same functions ``scoring.score`` adds up. Points the state
holds without such a record (a position's ``breakdown``) are listed as one item "not
itemised", so the items of every player and category always add up to the score sheet.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.core.values import ScoreItem
from scorer.core.words import plural
from scorer.games.citrus import scoring
from scorer.games.citrus.board import Cell
from scorer.games.citrus.ledger import FincaScoring, Harvest, Returned, Taken
from scorer.games.citrus.state import Region, State

RULE = {
    "harvest": "CIT-HARV-2",
    "finca": "CIT-FINCA-2",
    "penalties": "CIT-RET-1",
    "finca_final": "CIT-END-1",
    "harvest_final": "CIT-END-1",
    "horses": "CIT-LAND-1",
    "unused_actions": "CIT-ACT-1",
}


def cell_text(c: Cell) -> str:
    return f"[{c[0]},{c[1]}]"


def region_text(kind: str, cells: Sequence[Cell], wells: int) -> str:
    well = f" + {plural(wells, 'well')}" if wells else ""
    where = f" at {cell_text(min(cells, key=lambda c: (c[1], c[0])))}" if cells else ""
    return f"{kind} region{where}: {plural(len(cells), 'tile')}{well}"


def _shares(names: Sequence[str], adj: Sequence[int]) -> str:
    parts = [f"{n} {a}" for n, a in zip(names, adj, strict=True) if a > 0]
    return "adjacent regions " + (", ".join(parts) if parts else "none")


def _place(adj: Sequence[int], seat: int) -> str:
    top = max(adj)
    if adj[seat] == top:
        shared = sum(1 for a in adj if a == top) > 1
        return "1st place" + (" (shared)" if shared else "")
    return "2nd place"


def _item(
    state: State, seat: int, category: str, points: int, text: str, cells: Sequence[Cell] = ()
) -> ScoreItem:
    name = state.static.names[seat]
    return ScoreItem(name, category, points, RULE[category], text, tuple(cells))


def explain(state: State) -> list[ScoreItem]:
    """Every scoring unit: in play (and what no record itemises), at the end, held tiles."""
    items = in_play_items(state)
    items += not_itemised(state, items)
    items += final_items(state)
    items += held_items(state)
    return items


def in_play_items(state: State) -> list[ScoreItem]:
    """Harvests, finca scorings and returned tiles, in move order (``State.scored``)."""
    names, site_cell = state.static.names, state.static.board.sites
    items: list[ScoreItem] = []
    for e in state.scored:
        if isinstance(e, Harvest):
            text = f"move {e.move + 1}: harvested {region_text(e.kind, e.cells, e.wells)}"
            items.append(_item(state, e.seat, "harvest", e.points, text, e.cells))
        elif isinstance(e, FincaScoring):
            for seat, pts in enumerate(e.points):
                if pts:
                    text = (
                        f"move {e.move + 1}: finca {e.site} at {cell_text(site_cell[e.site])} "
                        f"({e.first}/{e.second}) complete, "
                        f"{_shares(names, e.adj)}: {names[seat]} "
                        f"{_place(e.adj, seat)}"
                    )
                    cells = (site_cell[e.site], *e.regions[seat])
                    items.append(_item(state, seat, "finca", pts, text, cells))
        elif isinstance(e, Returned):
            text = f"move {e.move + 1}, step {e.step + 1}: returned {e.token} (mistaken purchase)"
            items.append(_item(state, e.seat, "penalties", -3, text))
    return items


def not_itemised(state: State, items: list[ScoreItem]) -> list[ScoreItem]:
    """In-play points the state holds without a record (a position's breakdown): one item
    per player and category, so that the items add up to the score sheet."""
    names = state.static.names
    out: list[ScoreItem] = []
    for seat, p in enumerate(state.players):
        if seat in state.static.unknown:
            continue
        for cat, total in (("harvest", p.harvest), ("finca", p.finca), ("penalties", p.penalties)):
            rest = total - sum(
                i.points for i in items if i.player == names[seat] and i.category == cat
            )
            if rest:
                text = (
                    f"{cat} points recorded before the itemised moves "
                    "(e.g. a position's breakdown); not itemised"
                )
                out.append(_item(state, seat, cat, rest, text))
    return out


def final_items(state: State) -> list[ScoreItem]:
    """The end of game (13.1): unscored fincas and the regions still owned."""
    names, site_cell = state.static.names, state.static.board.sites
    end = "at the end" if state.over else "if the game ended now"
    items: list[ScoreItem] = []
    for f in scoring.final_fincas(state):
        for seat, pts in enumerate(f.points):
            if pts:
                cells = sorted(c for r in f.shares[seat] for c in r.cells)
                text = (
                    f"unscored finca {f.site} at {cell_text(site_cell[f.site])} "
                    f"({f.finca.first}/{f.finca.second}) {end}, "
                    f"{_shares(names, f.adj)}: largest gets the lower value"
                )
                items.append(
                    _item(state, seat, "finca_final", pts, text, (site_cell[f.site], *cells))
                )
    for r in scoring.final_harvests(state):
        text = f"still owned {end}: {_region(r)}"
        items.append(_item(state, r.owner, "harvest_final", r.value, text, sorted(r.cells)))
    return items


def held_items(state: State) -> list[ScoreItem]:
    """The landscape tiles held: wild horses and unused action tiles (with where they were
    taken, when the replay saw it)."""
    takes = [e for e in state.scored if isinstance(e, Taken)]
    items: list[ScoreItem] = []
    for seat, p in enumerate(state.players):
        for h in p.horses:
            cell = _took(takes, seat, "horses", h)
            text = f"wild horses (printed {h})" + (f" taken at {cell_text(cell)}" if cell else "")
            value = scoring.horse_value(state, h)
            items.append(_item(state, seat, "horses", value, text, (cell,) if cell else ()))
        for a in p.actions:
            cell = _took(takes, seat, a, 0)
            text = f"unused {a} tile" + (f" taken at {cell_text(cell)}" if cell else "")
            items.append(_item(state, seat, "unused_actions", 1, text, (cell,) if cell else ()))
    return items


def _region(r: Region) -> str:
    return region_text(r.kind, sorted(r.cells), r.wells)


def _took(takes: list[Taken], seat: int, kind: str, points: int) -> Cell | None:
    """The cell the held tile was taken from (the latest matching take), used up once found."""
    for k in range(len(takes) - 1, -1, -1):
        e = takes[k]
        if e.seat == seat and e.type == kind and (kind != "horses" or e.points == points):
            del takes[k]
            return e.cell
    return None
