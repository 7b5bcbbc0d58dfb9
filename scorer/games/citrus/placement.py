"""Placement rules (spec 8) and their effects, as used by the checker (the generator has its
own candidate computation in generator.py).

``verdict`` is the rule check proper (it returns a short code tuple, no message), ``judge``
wraps it with the messages of the replay; the lookahead searches call ``verdict`` directly on
candidate cells, which are on the board, buildable and free by construction. ``place`` puts
a tile on the board through a ``TurnDraft`` (the turn's, or a search's: ``trial``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from scorer.core.words import article, plural
from scorer.games.citrus.board import Board, Cell
from scorer.games.citrus.ledger import Taken
from scorer.games.citrus.state import KIND, Region, State, Static, TurnDraft, kind_of


class Judgement(NamedTuple):
    rule: str | None  # None = legal
    message: str
    new_region: bool
    merged: tuple[int, ...]  # region ids of kind k adjacent to the cell


#: ``verdict`` results: (rule or None, new_region, merged region ids, detail for the message).
Verdict = tuple[str | None, bool, tuple[int, ...], object]


def verdict(
    static: Static,
    tiles: Sequence[str | None],  # the state's (or a draft's) vectors
    region_of: Sequence[int],
    regions: Sequence[Region | None],
    fincas: frozenset[str],
    mat: int,
    seat: int,
    k: str,
    i: int,
) -> Verdict:
    """Rules CIT-BUILD-5 … CIT-FUSE-1 for a plantation of kind ``k`` on a free field or
    landscape space of cell number ``i`` (CIT-BUILD-2 … 4 already hold), in the order of
    section 8; ``mat`` is the workers at home of ``seat``."""
    board = static.board
    rids: list[int] = []
    own = mine = neutral = 0  # own regions; tiles in them; tiles in neutral ones
    foreign: int | None = None  # another player owning a region of the kind next to it
    for n in board.nbrs_at[i]:
        rid = region_of[n]
        if rid < 0 or rid in rids:
            continue
        r = regions[rid]
        if r is None or r.kind != k:
            continue
        rids.append(rid)
        owner = r.owner
        if owner == seat:
            own += 1
            mine += len(r.cells)
        elif owner == -1:
            neutral += len(r.cells)
        elif foreign is None:
            foreign = owner
    path_sites = board.path_sites_at[i]
    # CIT-BUILD-5: extension of an own region, or a new region on a finca's path field
    new_region = not own
    if new_region:
        if fincas.isdisjoint(path_sites):
            return ("CIT-BUILD-5", True, (), "path")
        if mat <= 0:
            return ("CIT-BUILD-5", True, (), "mat")
    # CIT-BUILD-6: no contact with another player's region of the kind
    if foreign is not None:
        return ("CIT-BUILD-6", new_region, (), foreign)
    # CIT-PATH-1: different kinds on the path fields of every site of this path field
    if path_sites and not static.options.family:
        clash = same_kind_on_paths(board, tiles, k, i)
        if clash is not None:
            return ("CIT-PATH-1", new_region, (), clash)
    # CIT-FUSE-1: neutral size N must not exceed own size O
    if neutral:
        if static.options.fusion_count_new_tile:
            mine += 1
        if neutral > mine:
            return ("CIT-FUSE-1", new_region, (), (neutral, mine))
    return (None, new_region, tuple(rids), None)


def same_kind_on_paths(
    board: Board, tiles: Sequence[str | None], k: str, i: int
) -> tuple[str, Cell] | None:
    """A site whose path field cell number ``i`` is and another of its path fields that
    holds a tile of kind ``k`` (CIT-PATH-1 for a tile on ``i``: ``Board.path_peers_at``),
    or None."""
    for p, s in board.path_peers_at[i]:
        tok = tiles[p]
        if tok is not None and (KIND[tok] if tok in KIND else kind_of(tok)) == k:
            return (s, board.cells[p])
    return None


def verdict_in(state: State, seat: int, k: str, i: int) -> Verdict:
    """``verdict`` on the position of ``state``, for cell number ``i``."""
    return verdict(
        state.static,
        state.tiles,
        state.region_of,
        state.regions,
        state.fincas,
        state.players[seat].mat,
        seat,
        k,
        i,
    )


def judge(state: State, seat: int, token: str, cell: Cell) -> Judgement:
    """Check one placement by the rules of section 8, in order; the first failing rule."""
    board = state.static.board
    ch = board.kind.get(cell)
    # CIT-BUILD-2: the cell is on the board
    if ch is None:
        return Judgement("CIT-BUILD-2", f"{list(cell)} is not on the board", False, ())
    # CIT-BUILD-3: field or landscape space
    if ch != "." and ch != "*":
        what = "a rock" if ch == "#" else f"site {ch}"
        return Judgement("CIT-BUILD-3", f"{list(cell)} is {what}", False, ())
    # CIT-BUILD-4: no plantation tile there yet
    i = board.index[cell]
    lying = state.tiles[i]
    if lying is not None:
        return Judgement("CIT-BUILD-4", f"{list(cell)} already holds {article(lying)}", False, ())
    k = KIND[token] if token in KIND else kind_of(token)
    rule, new_region, merged, detail = verdict_in(state, seat, k, i)
    if rule is None:
        return Judgement(None, "", new_region, merged)
    return Judgement(rule, _message(state, rule, k, cell, detail), new_region, ())


def _message(state: State, rule: str, k: str, cell: Cell, detail: object) -> str:
    if rule == "CIT-BUILD-5":
        if detail == "path":
            return f"{list(cell)} neither extends an own {k} region nor is a path field of a finca"
        return "no worker at home to start a new region"
    if rule == "CIT-BUILD-6":
        assert isinstance(detail, int)
        return f"{list(cell)} touches {state.static.names[detail]}'s {k} region"
    if rule == "CIT-PATH-1":
        assert isinstance(detail, tuple)
        s, p = detail
        return f"site {s}'s path fields would hold two {k} tiles ({list(p)} and {list(cell)})"
    assert isinstance(detail, tuple)
    neutral, mine = detail
    return (
        f"the neutral {k} regions next to {list(cell)} hold {plural(neutral, 'tile')}, more "
        f"than "
        f"the own {mine}"
    )


def place(
    draft: TurnDraft,
    seat: int,
    token: str,
    i: int,
    rids: tuple[int, ...],
    pay: int,
    k: str,
    taken: tuple[str, int] | None,
) -> None:
    """Put a judged-legal ``token`` (of kind ``k``) on cell number ``i`` through the draft:
    merge the regions ``rids`` of a legal verdict, move workers, take the landscape tile
    ``taken`` (what lies on the cell, or None); the builder also pays ``pay`` money
    (CIT-BUY-4). The move's notes get the occupied cell and the ``Taken`` record."""
    own = join_regions(draft, seat, token, i, rids, k)
    draft.tiles = draft.tiles.set(i, token)
    p = draft.players[seat]
    mat = p.mat - 1 if own == 0 else p.mat + own - 1
    draft.players = draft.players.set(seat, p.built(pay, mat))
    draft.notes.touched.add(i)
    if taken is not None:
        draft.land = draft.land.set(i, None)
        take_landscape(draft, seat, taken)
        cell = draft.static.board.cells[i]
        draft.notes.scored.append(Taken(draft.moves, seat, cell, taken[0], taken[1]))


def join_regions(
    draft: TurnDraft, seat: int, token: str, i: int, rids: tuple[int, ...], k: str
) -> int:
    """The new tile's region: the one region it extends, the regions ``rids`` it merges
    (the largest keeps its id; only the other cells are relabelled) or a new region. Returns
    how many of the joined regions were the builder's own."""
    wells = 1 if token[-1] == "*" else 0
    board = draft.static.board
    cell = board.cells[i]
    regions = draft.regions
    if len(rids) == 1:
        rid = rids[0]
        r = regions[rid]
        assert r is not None
        draft.region_of = draft.region_of.set(i, rid)
        draft.regions = regions.set(rid, Region(k, r.cells | {cell}, wells + r.wells, seat))
        return 1 if r.owner == seat else 0
    if not rids:
        rid = draft.next_rid
        draft.next_rid = rid + 1
        draft.region_of = draft.region_of.set(i, rid)
        draft.regions = regions.append(Region(k, frozenset((cell,)), wells, seat))  # rid = len
        return 0
    merged = [r for rid in rids if (r := regions[rid]) is not None]
    big = max(range(len(merged)), key=lambda m: len(merged[m].cells))
    rid = rids[big]
    cells = set(merged[big].cells)
    cells.add(cell)
    region_of = draft.region_of.set(i, rid)
    for m, r in enumerate(merged):
        wells += r.wells
        if m != big:
            regions = regions.set(rids[m], None)
            cells |= r.cells
            for c in r.cells:
                region_of = region_of.set(board.index[c], rid)
    draft.region_of = region_of
    draft.regions = regions.set(rid, Region(k, frozenset(cells), wells, seat))
    return sum(1 for r in merged if r.owner == seat)


def take_landscape(draft: TurnDraft, seat: int, tile: tuple[str, int]) -> None:
    """The builder takes the landscape tile (or bull) of the cell (spec 10.1)."""
    # CIT-LAND-1: the tile goes to the builder; horses score at the end or at once
    p = draft.players[seat]
    kind, points = tile
    opts = draft.static.options
    if kind == "horses":
        value = 1 if opts.horse_points == "one" else points
        p = p._replace(horses=(*p.horses, points))
        if opts.wild_horses_immediate:
            p = p._replace(horse_points=p.horse_points + value)
    else:
        p = p._replace(actions=tuple(sorted((*p.actions, kind))))
    draft.players = draft.players.set(seat, p)


def trial(state: State, seat: int, token: str, i: int, rids: tuple[int, ...]) -> State:
    """A search's trial position: ``state`` with a judged-legal ``token`` on cell number
    ``i`` (unpaid; a new state through its own draft, sharing the rest)."""
    draft = TurnDraft(state)
    k = KIND[token] if token in KIND else kind_of(token)
    place(draft, seat, token, i, rids, 0, k, state.land[i])
    return draft.done()


def legal_anywhere(state: State, seat: int, token: str) -> bool:
    """Some cell of the board takes ``token`` legally (used by CIT-RET-1)."""
    k = KIND[token] if token in KIND else kind_of(token)
    return any(verdict_in(state, seat, k, c)[0] is None for c in candidates(state, seat))


def candidates(state: State, seat: int) -> list[int]:
    """Free cells (their numbers, sorted) that can pass CIT-BUILD-5 at all: next to an own
    region, or a finca's path field when a worker is at home. Every other cell fails
    CIT-BUILD-5, so judging only these gives the same answers as judging the whole board.
    (On the board, buildable and free, so ``verdict`` applies to them directly.)"""
    board = state.static.board
    free_nbrs, index = board.free_nbrs_at, board.index
    near: list[tuple[int, ...]] = [
        free_nbrs[index[c]]
        for r in state.regions
        if r is not None and r.owner == seat
        for c in r.cells
    ]
    if state.players[seat].mat > 0:
        paths = board.paths_at
        near.extend([paths[s] for s in state.fincas])
    tiles = state.tiles
    return sorted(i for i in set().union(*near) if tiles[i] is None)


def can_build_all(
    state: State,
    seat: int,
    tokens: list[str],
    money: int,
    seen: set[frozenset[tuple[int, str]]] | None = None,
    placed: frozenset[tuple[int, str]] = frozenset(),
) -> bool:
    """Whether every token can be placed, one after another, by section 8 and paid for
    (CIT-BUY-3, CIT-PASS-1). Backtracking; positions reached by the same set of placements
    are equal, so they are visited once. The answer does not depend on the order in which
    placements are tried; the trial positions are new states (``trial``)."""
    if not tokens:
        return True
    if money < len(tokens):
        return False
    if seen is None:
        seen = set()
    cands = candidates(state, seat)
    if not cands:
        return False
    static, tiles, region_of = state.static, state.tiles, state.region_of
    regions, fincas, mat = state.regions, state.fincas, state.players[seat].mat
    legal: dict[str, list[tuple[int, tuple[int, ...]]]] = {}
    for token in sorted(set(tokens)):
        k = KIND[token] if token in KIND else kind_of(token)
        fits = legal.get(k)
        if fits is None:
            fits = legal[k] = []
            for c in cands:
                v = verdict(static, tiles, region_of, regions, fincas, mat, seat, k, c)
                if v[0] is None:
                    fits.append((c, v[2]))
        if not fits:
            continue
        rest = list(tokens)
        rest.remove(token)
        for c, rids in fits:
            key = placed | {(c, token)}
            if key in seen:
                continue
            seen.add(key)
            if not rest:
                return True
            nxt = trial(state, seat, token, c, rids)
            if can_build_all(nxt, seat, rest, money - 1, seen, key):
                return True
    return False
