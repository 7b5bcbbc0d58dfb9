"""The generator's own placement bookkeeping (spec 20.1–20.3), written independently of the
checks (``placement``, ``search``): the cells where a tile may be built, a trial placement
as a new state, and complete placement plans for a bought line (with the new finca the take
may call for). ``generator``, the simulators and ``alternatives`` ask it."""

from __future__ import annotations

from scorer.games.citrus.board import Cell
from scorer.games.citrus.state import Notes, Region, Site, State, live, market_count


def token_kind(token: str) -> str:
    return token[:-1] if token.endswith("*") else token


def free_cell(w: State, c: Cell) -> bool:
    board = w.static.board
    return c in board.buildable and w.tiles[board.index[c]] is None


def tile_on(w: State, c: Cell) -> str | None:
    i = w.static.board.index.get(c)
    return None if i is None else w.tiles[i]


def region_id(w: State, c: Cell) -> int | None:
    i = w.static.board.index.get(c)
    rid = -1 if i is None else w.region_of[i]
    return None if rid < 0 else rid


def region_by_id(w: State, rid: int) -> Region:
    r = w.regions[rid]
    assert r is not None
    return r


def cells_for(w: State, seat: int, token: str) -> list[Cell]:
    """Every cell where ``token`` may be built by ``seat`` now (sorted)."""
    board = w.static.board
    k = token_kind(token)
    regions = w.regions
    mine = [r for r in live(regions) if r.owner == seat and r.kind == k]
    own_cells: set[Cell] = set()
    for r in mine:
        own_cells |= r.cells
    cand: set[Cell] = set()
    for r in mine:
        for c in r.cells:
            for n in board.nbrs[c]:
                if free_cell(w, n):
                    cand.add(n)
    if w.players[seat].mat > 0:
        for s, site in w.sites.items():
            if site.status != "finca":
                continue
            for p in board.paths[s]:
                if free_cell(w, p) and not any(n in own_cells for n in board.nbrs[p]):
                    cand.add(p)
    out = []
    family = w.static.options.family
    count_new = w.static.options.fusion_count_new_tile
    for c in sorted(cand):
        touching: dict[int, Region] = {}
        for n in board.nbrs[c]:
            rid = region_id(w, n)
            if rid is not None and region_by_id(w, rid).kind == k:
                touching[rid] = region_by_id(w, rid)
        if any(r.owner not in (-1, seat) for r in touching.values()):
            continue
        if not family and any(
            q != c and (t := tile_on(w, q)) is not None and token_kind(t) == k
            for s in board.path_sites.get(c, ())
            for q in board.paths[s]
        ):
            continue
        neutral = sum(len(r.cells) for r in touching.values() if r.owner == -1)
        own = sum(len(r.cells) for r in touching.values() if r.owner == seat) + int(count_new)
        if neutral and neutral > own:
            continue
        out.append(c)
    return out


def trial_place(w: State, seat: int, token: str, c: Cell) -> State:
    """``w`` with ``token`` built on ``c`` (the generator's own bookkeeping, a new state)."""
    board = w.static.board
    k = token_kind(token)
    merged = {
        rid
        for n in board.nbrs[c]
        if (rid := region_id(w, n)) is not None and region_by_id(w, rid).kind == k
    }
    own = sum(1 for rid in merged if region_by_id(w, rid).owner == seat)
    cells = {c}
    wells = int(token.endswith("*"))
    regions = w.regions
    for rid in merged:
        cells |= region_by_id(w, rid).cells
        wells += region_by_id(w, rid).wells
        regions = regions.set(rid, None)
    rid = w.next_rid
    regions = regions.append(Region(k, frozenset(cells), wells, seat))  # rid = len(regions)
    region_of = w.region_of
    for x in cells:
        region_of = region_of.set(board.index[x], rid)
    p = w.players[seat]
    return w._replace(
        regions=regions,
        region_of=region_of,
        next_rid=rid + 1,
        tiles=w.tiles.set(board.index[c], token),
        players=w.players.set(seat, p._replace(mat=p.mat - 1 if own == 0 else p.mat + own - 1)),
    )


def plan(
    w: State,
    seat: int,
    tokens: list[str],
    money: int,
    seen: set[frozenset[tuple[Cell, str]]] | None = None,
    done: frozenset[tuple[Cell, str]] = frozenset(),
) -> list[tuple[str, Cell]] | None:
    """A complete placement plan for ``tokens`` (first found in canonical order), or None."""
    if not tokens:
        return []
    if money < len(tokens):
        return None
    seen = set() if seen is None else seen
    for token in sorted(set(tokens)):
        rest = list(tokens)
        rest.remove(token)
        for c in cells_for(w, seat, token):
            key = done | {(c, token)}
            if key in seen:
                continue
            seen.add(key)
            tail = plan(trial_place(w, seat, token, c), seat, rest, money - 1, seen, key)
            if tail is not None:
                return [(token, c), *tail]
    return None


def fires(w: State, t: Notes, left: int) -> bool:
    return not t.fired and w.lrc and left <= 3


def finca_left(w: State) -> bool:
    return w.finca_deck > 0 and any(s.status == "marked" for s in w.sites.values())


def line_plan(
    w: State, t: Notes, fields: tuple[int, ...]
) -> tuple[str | None, list[tuple[str, Cell]]] | None:
    """For a line: (site for the new finca or None, plan), or None if it cannot be built."""
    tokens = [w.market[f - 1] for f in fields if w.market[f - 1] is not None]
    money = w.players[t.seat].money
    if not tokens or money < len(tokens):
        return None
    left = market_count(w.market) - len(tokens)
    toks = [x for x in tokens if x is not None]
    if fires(w, t, left) and finca_left(w):
        for site in sorted(s for s, v in w.sites.items() if v.status == "marked"):
            found = plan(with_finca(w, site), t.seat, toks, money)
            if found is not None:
                return site, found
        return None
    found = plan(w, t.seat, toks, money)
    return None if found is None else (None, found)


def with_finca(w: State, site: str) -> State:
    return w._replace(sites=w.sites.set(site, Site("finca")), fincas=w.fincas | {site})


def cart_fits(w: State, seat: int, token: str, site: str) -> bool:
    return bool(cells_for(with_finca(w, site), seat, token))
