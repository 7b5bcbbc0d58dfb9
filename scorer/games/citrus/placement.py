"""Placement rules (spec 8) and their effects, as used by the checker (the generator has its
own candidate computation in generator.py)."""

from __future__ import annotations

from typing import NamedTuple

from scorer.games.citrus.board import Cell
from scorer.games.citrus.state import Region, Work, kind_of


class Judgement(NamedTuple):
    rule: str | None  # None = legal
    message: str
    new_region: bool
    merged: tuple[int, ...]  # region ids of kind k adjacent to the cell


def judge(w: Work, seat: int, token: str, cell: Cell) -> Judgement:
    """Check one placement by the rules of section 8, in order; the first failing rule."""
    board = w.static.board
    k = kind_of(token)
    # CIT-BUILD-2: the cell is on the board
    if cell not in board.kind:
        return Judgement("CIT-BUILD-2", f"{list(cell)} is not on the board", False, ())
    # CIT-BUILD-3: field or landscape space
    if cell not in board.buildable:
        what = "a rock" if board.kind[cell] == "#" else f"site {board.kind[cell]}"
        return Judgement("CIT-BUILD-3", f"{list(cell)} is {what}", False, ())
    # CIT-BUILD-4: no plantation tile there yet
    if cell in w.tiles:
        return Judgement("CIT-BUILD-4", f"{list(cell)} already holds a {w.tiles[cell]}",
                         False, ())
    regions, region_of, tiles = w.regions, w.region_of, w.tiles
    rids: list[int] = []
    for n in board.nbrs[cell]:
        rid = region_of.get(n)
        if rid is not None and rid not in rids and regions[rid].kind == k:
            rids.append(rid)
    own = [r for r in rids if regions[r].owner == seat]
    # CIT-BUILD-5: extension of an own region, or a new region on a finca's path field
    new_region = not own
    if new_region:
        on_path = any(w.sites[s].status == "finca" for s in board.path_sites.get(cell, ()))
        if not on_path:
            return Judgement("CIT-BUILD-5", f"{list(cell)} neither extends an own {k} region "
                             "nor is a path field of a finca", True, ())
        if w.players[seat].mat <= 0:
            return Judgement("CIT-BUILD-5", "no worker at home to start a new region", True, ())
    # CIT-BUILD-6: no contact with another player's region of the kind
    for r in rids:
        owner = regions[r].owner
        if owner not in (-1, seat):
            return Judgement("CIT-BUILD-6", f"{list(cell)} touches {w.static.names[owner]}'s "
                             f"{k} region", new_region, ())
    # CIT-PATH-1: different kinds on the path fields of every site of this path field
    if not w.static.options["family"]:
        for s in board.path_sites.get(cell, ()):
            for p in board.paths[s]:
                if p != cell and p in tiles and kind_of(tiles[p]) == k:
                    return Judgement("CIT-PATH-1", f"site {s}'s path fields would hold two "
                                     f"{k} tiles ({list(p)} and {list(cell)})", new_region, ())
    # CIT-FUSE-1: neutral size N must not exceed own size O
    neutral = sum(len(regions[r].cells) for r in rids if regions[r].owner == -1)
    if neutral:
        mine = sum(len(regions[r].cells) for r in own)
        if w.static.options["fusion_count_new_tile"]:
            mine += 1
        if neutral > mine:
            return Judgement("CIT-FUSE-1", f"the neutral {k} regions next to {list(cell)} "
                             f"hold {neutral} tiles, more than the own {mine}", new_region, ())
    return Judgement(None, "", new_region, tuple(rids))


def place(w: Work, seat: int, token: str, cell: Cell, j: Judgement) -> tuple[str, int] | None:
    """Put a judged-legal tile on the board: merge regions, move workers, take the landscape
    tile. Returns what was taken from the cell (or None)."""
    k = kind_of(token)
    wells = 1 if token.endswith("*") else 0
    regions = w.regions
    region_of = w.region_of
    merged = [regions.pop(rid) for rid in j.merged]
    own = sum(1 for r in merged if r.owner == seat)
    if merged:
        # the largest merged region keeps its id; only the other cells are relabelled
        big = max(range(len(merged)), key=lambda i: len(merged[i].cells))
        rid = j.merged[big]
        cells = set(merged[big].cells)
        cells.add(cell)
        region_of[cell] = rid
        for i, r in enumerate(merged):
            wells += r.wells
            if i != big:
                cells |= r.cells
                for c in r.cells:
                    region_of[c] = rid
    else:
        rid = w.next_rid
        w.next_rid += 1
        cells = {cell}
        region_of[cell] = rid
    regions[rid] = Region(k, frozenset(cells), wells, seat)
    w.tiles[cell] = token
    w.touched.add(cell)
    p = w.players[seat]
    mat = p.mat - 1 if own == 0 else p.mat + own - 1
    w.players[seat] = p._replace(mat=mat)
    taken = w.land.get(cell)
    if taken is not None:
        del w.land[cell]
        take_landscape(w, seat, taken)
    return taken


def take_landscape(w: Work, seat: int, tile: tuple[str, int]) -> None:
    """CIT-LAND-1: the builder takes the landscape tile (or bull) of the cell."""
    p = w.players[seat]
    kind, points = tile
    if kind == "horses":
        value = 1 if w.static.options["horse_points"] == "one" else points
        p = p._replace(horses=(*p.horses, points))
        if w.static.options["wild_horses_immediate"]:
            p = p._replace(horse_points=p.horse_points + value)
    else:
        p = p._replace(actions=tuple(sorted((*p.actions, kind))))
    w.players[seat] = p


def legal_anywhere(w: Work, seat: int, token: str) -> bool:
    """Some cell of the board takes ``token`` legally (used by CIT-RET-1)."""
    return any(judge(w, seat, token, c).rule is None for c in candidates(w, seat))


def candidates(w: Work, seat: int) -> list[Cell]:
    """Free cells that can pass CIT-BUILD-5 at all: next to an own region, or a finca's path
    field when a worker is at home. Every other cell fails CIT-BUILD-5, so judging only these
    gives the same answers as judging the whole board."""
    board = w.static.board
    tiles = w.tiles
    cells: set[Cell] = set()
    for r in w.regions.values():
        if r.owner == seat:
            for c in r.cells:
                cells.update(n for n in board.nbrs[c] if n not in tiles and n in board.buildable)
    if w.players[seat].mat > 0:
        for s, site in w.sites.items():
            if site.status == "finca":
                cells.update(p for p in board.paths[s] if p not in tiles)
    return sorted(cells)


def can_build_all(w: Work, seat: int, tokens: list[str], money: int,
                  seen: set[frozenset[tuple[Cell, str]]] | None = None,
                  placed: frozenset[tuple[Cell, str]] = frozenset()) -> bool:
    """Whether every token can be placed, one after another, by section 8 and paid for
    (CIT-BUY-3, CIT-PASS-1). Backtracking; positions reached by the same set of placements
    are equal, so they are visited once."""
    if not tokens:
        return True
    if money < len(tokens):
        return False
    if seen is None:
        seen = set()
    cands = candidates(w, seat)
    for token in sorted(set(tokens)):
        rest = list(tokens)
        rest.remove(token)
        for c in cands:
            j = judge(w, seat, token, c)
            if j.rule is not None:
                continue
            key = placed | {(c, token)}
            if key in seen:
                continue
            seen.add(key)
            nxt = w.clone()
            place(nxt, seat, token, c, j)
            if can_build_all(nxt, seat, rest, money - 1, seen, key):
                return True
    return False


