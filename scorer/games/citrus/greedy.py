"""The greedy policy of the simulator (issue 13 §4): a sensible player on top of the generator.

A turn is chosen among the generator's main actions by value, ties broken by the seeded
``random.Random`` of the game (same seed, same game):

- **build**: every line the player can pay with a complete placement plan; the plan is the
  generator's search with the cells tried best first (``cell_value``: extending an own region,
  merging own regions or a neutral one, taking a landscape tile; a new region costs a worker
  and a path field). A line is worth 3 per tile (progress toward the normal end, every tile
  built) plus its cells' values plus the finca points the turn would score at its end;
- **harvest** when no line can be built, or money is short (at most 1), or a region can no
  longer grow and money is below 6: the regions that cannot grow (all of them when money is
  at most 1), else the most valuable one; the others are kept, so that the player keeps
  building instead of passing into a stalemate;
- **pass** only when neither is possible (the generator's pass).

After the main action the player uses a cart on the market tile with the best cell, a
milestone on the marked site with the most free path fields (more fincas, fewer stalemates),
and a bull only where it completes a finca ring that pays the player.

Knobs (``simulate_options``; the random policy ignores ``seek``): ``seek`` favours a rare path,
``"merge"`` (cells that merge regions), ``"landscape"`` (cells with a landscape tile) or
``"order"`` (lines whose complete placement depends on the order of the placements);
``landscape`` (``"mix"``, ``"horses"``, ``"carts"``, ``"actions"``) chooses the landscape tiles
dealt (random policy too; absent: the simulator's mix of 20.4, ``demo-1`` on its board).
"""

from __future__ import annotations

import random
from typing import TypeVar

from scorer.games.citrus.board import Cell
from scorer.games.citrus.deal import Sim
from scorer.games.citrus.events import complete, finca_points, finca_shares
from scorer.games.citrus.generator import gen_steps
from scorer.games.citrus.planning import (
    cells_for,
    finca_left,
    fires,
    region_by_id,
    region_id,
    token_kind,
    trial_place,
    with_finca,
)
from scorer.games.citrus.playing import Playing
from scorer.games.citrus.state import Notes, State, live, market_count
from scorer.games.citrus.steps import TileStep, TurnMove

T = TypeVar("T")
Plan = list[tuple[str, Cell]]
#: What a cell or line of the path a ``seek`` knob names is worth besides its value.
SEEK_BONUS = 6.0


def cell_value(w: State, seat: int, token: str, c: Cell, seek: str) -> float:
    """How much the greedy player likes building ``token`` on ``c`` now."""
    board = w.static.board
    k = token_kind(token)
    own = neutral = 0
    for n in board.nbrs[c]:
        rid = region_id(w, n)
        if rid is None:
            continue
        r = region_by_id(w, rid)
        if r.kind != k:
            continue
        if r.owner == seat:
            own += 1
        elif r.owner == -1:
            neutral += len(r.cells)
    value = 0.0 if own else -1.0  # a new region uses a worker and a path field
    if seek == "merge":
        value += toward_own(w, seat, k, c, own)
    if own >= 2:
        value += 2 + (SEEK_BONUS if seek == "merge" else 0)
    if neutral:
        value += 1 + neutral / 2 + (SEEK_BONUS if seek == "merge" else 0)
    land = w.land[board.index[c]]
    if land is not None:
        value += (land[1] if land[0] == "horses" else 1) + (
            SEEK_BONUS if seek == "landscape" else 0
        )
    return value


def toward_own(w: State, seat: int, k: str, c: Cell, own: int) -> float:
    """For ``seek == "merge"``: a second region of a kind the player owns, or a tile that
    brings two own regions of the kind closer, is worth a bonus."""
    mine = [r for r in live(w.regions) if r.owner == seat and r.kind == k]
    if not mine:
        return 0.0
    if not own:
        return SEEK_BONUS / 2  # a second region of the kind: a merge can follow
    if len(mine) < 2:
        return 0.0
    board = w.static.board
    near = {rid for n in board.nbrs[c] if (rid := region_id(w, n)) is not None}
    others = [r for r in mine if not any(region_by_id(w, rid) is r for rid in near)]
    if not others:
        return 0.0

    def gap(cells: frozenset[Cell], x: Cell) -> int:
        return min(abs(a - x[0]) + abs(b - x[1]) for a, b in cells)

    return SEEK_BONUS / 2 if min(gap(r.cells, c) for r in others) <= 2 else 0.0


def best_plan(
    w: State,
    seat: int,
    tokens: list[str],
    money: int,
    seek: str,
    seen: set[frozenset[tuple[Cell, str]]] | None = None,
    done: frozenset[tuple[Cell, str]] = frozenset(),
) -> tuple[float, Plan] | None:
    """A complete placement plan for ``tokens``, cells tried best first (the generator's
    ``plan`` search in another order); (value, plan), or None."""
    if not tokens:
        return 0.0, []
    if money < len(tokens):
        return None
    seen = set() if seen is None else seen
    tried: list[tuple[float, str, Cell]] = []
    for token in sorted(set(tokens)):
        for c in cells_for(w, seat, token):
            tried.append((cell_value(w, seat, token, c, seek), token, c))
    tried.sort(key=lambda x: (-x[0], x[1], x[2]))
    for value, token, c in tried:
        key = done | {(c, token)}
        if key in seen:
            continue
        seen.add(key)
        rest = list(tokens)
        rest.remove(token)
        after = trial_place(w, seat, token, c)
        tail = best_plan(after, seat, rest, money - 1, seek, seen, key)
        if tail is not None:
            return value + tail[0], [(token, c), *tail[1]]
    return None


def finca_gain(before: State, after: State, seat: int) -> int:
    """The finca points ``seat`` would score at the end of the turn in ``after``."""
    static = after.static
    gain = 0
    for site, s in after.sites.items():
        if s.status != "finca" or s.scored or not complete(static, after.tiles, after.land, site):
            continue
        if complete(static, before.tiles, before.land, site):
            continue  # complete already: scored at the end of an earlier turn
        shares = finca_shares(static, after.region_of, after.regions, site)
        pts = finca_points([sum(len(r.cells) for r in rs) for rs in shares], s.first, s.second)
        gain += pts[seat]
    return gain


def order_dependent(w: State, seat: int, tokens: list[str], money: int) -> bool:
    """Whether some legal first placement of ``tokens`` leaves the rest impossible, though a
    complete plan exists (a buy that the order of the placements can spoil)."""
    from scorer.games.citrus.planning import plan

    if len(tokens) < 2 or money < len(tokens) or plan(w, seat, tokens, money) is None:
        return False
    for token in sorted(set(tokens)):
        rest = list(tokens)
        rest.remove(token)
        for c in cells_for(w, seat, token):
            if plan(trial_place(w, seat, token, c), seat, rest, money - 1) is None:
                return True
    return False


def line_choice(
    w: State, t: Notes, fields: tuple[int, ...], seek: str
) -> tuple[float, str | None, Plan] | None:
    """The greedy value of buying a line, the new finca's site (if the take fires the
    trigger) and the plan; None if it cannot be paid and completely built."""
    tokens = [tok for f in fields if (tok := w.market[f - 1]) is not None]
    money = w.players[t.seat].money
    if not tokens or money < len(tokens):
        return None
    left = market_count(w.market) - len(tokens)
    boards: list[tuple[str | None, State]] = [(None, w)]
    if fires(w, t, left) and finca_left(w):
        boards = [(s, with_finca(w, s)) for s, v in sorted(w.sites.items()) if v.status == "marked"]
    best: tuple[float, str | None, Plan] | None = None
    for site, board in boards:
        found = best_plan(board, t.seat, tokens, money, seek)
        if found is None:
            continue
        after = board
        for token, c in found[1]:
            after = trial_place(after, t.seat, token, c)
        value = 3.0 * len(tokens) + found[0] + finca_gain(board, after, t.seat)
        if site is not None:
            value += 1  # a new finca: more path fields for everyone, the game goes on
        if seek == "order" and order_dependent(board, t.seat, tokens, money):
            value += SEEK_BONUS
        if best is None or value > best[0]:
            best = (value, site, found[1])
    return best


def can_grow(w: State, cells: frozenset[Cell]) -> bool:
    board = w.static.board
    return any(
        n in board.buildable and w.tiles[board.index[n]] is None
        for c in cells
        for n in board.nbrs[c]
    )


def harvest_choice(w: State, seat: int, money: int, forced: bool) -> list[Cell]:
    """The regions (their canonical cells) the greedy player harvests now, or [] to build."""
    owned = sorted(
        (r for r in live(w.regions) if r.owner == seat),
        key=lambda r: min((c[1], c[0]) for c in r.cells),
    )
    if not owned:
        return []
    stuck = [r for r in owned if not can_grow(w, r.cells)]
    if not (forced or money <= 1 or (stuck and money < 6)):
        return []
    if money <= 1 and not stuck:
        chosen = owned
    else:
        chosen = stuck or [max(owned, key=lambda r: r.value)]  # the first of equals
    return [(x, y) for y, x in sorted(min((c[1], c[0]) for c in r.cells) for r in chosen)]


def choose(rng: random.Random, scored: list[tuple[float, T]]) -> T:
    """The best of ``scored`` (value, item), ties broken by the seeded generator."""
    top = max(v for v, _ in scored)
    return rng.choice([item for v, item in scored if v >= top - 1e-9])


def free_paths(w: State, site: str) -> int:
    board = w.static.board
    return sum(1 for p in board.paths[site] if w.tiles[board.index[p]] is None)


def site_choice(rng: random.Random, w: State, sites: list[str]) -> str:
    """A marked site for a new finca: the one with the most free path fields."""
    return choose(rng, [(float(free_paths(w, s)), s) for s in sorted(sites)])


def action_steps(rng: random.Random, w: State, t: Notes, seek: str) -> list[tuple[float, TileStep]]:
    """The action-tile steps worth taking now, with their value."""
    out: list[tuple[float, TileStep]] = []
    cost = w.static.options.cart_cost
    for step in gen_steps(w, t, False):
        if step["do"] == "use_cart":
            tok = w.market[step["field"] - 1]
            assert tok is not None
            board = w
            if fires(w, t, market_count(w.market) - 1) and finca_left(w):
                marked = sorted(s for s, v in w.sites.items() if v.status == "marked")
                board = with_finca(w, marked[0])
            cells = cells_for(board, t.seat, tok)
            if cells:
                value = 3 + max(cell_value(board, t.seat, tok, c, seek) for c in cells) - cost
                out.append((value, step))
        elif step["do"] == "use_milestone":
            out.append((1.0 + free_paths(w, step["site"]) / 4, step))
        elif step["do"] == "use_bull":
            c = (step["at"][0], step["at"][1])
            land = w.land.set(w.static.board.index[c], ("bull", 0))
            if finca_gain(w, w._replace(land=land), t.seat) > 1:
                out.append((2.0, step))
    return [x for x in out if x[0] > 0]


# ---- one turn ----------------------------------------------------------------------------
def greedy_turn(state: State, sim: Sim, seek: str) -> tuple[TurnMove, State]:
    """One turn of the greedy player: the move as recorded, and the state after it."""
    turn = Playing(state, sim)
    rng, t, do = sim.rng, turn.notes, turn.do
    if state.blocked:
        do(sim.finca_step("unblock", site_choice(rng, state, turn.marked())))
    w = turn.now()
    seat = t.seat
    money = w.players[seat].money
    builds: list[tuple[float, tuple[str, str | None, Plan]]] = []
    for line, fields in w.static.lines:
        found = line_choice(w, t, fields, seek)
        if found is not None:
            builds.append((found[0], (line, found[1], found[2])))
    harvest = harvest_choice(w, seat, money, forced=not builds)
    if harvest:
        t.main = "harvest"
        t.last_harvest = len(turn.steps) + len(harvest) - 1
        for x, y in harvest:
            do({"do": "harvest", "at": [x, y]})
    elif builds:
        t.main = "build"
        line, site, order = choose(rng, builds)
        turn.buy(line)
        if t.finca_due is not None:
            do(sim.finca_step("new_finca", site or turn.marked()[0]))
        for token, cell in order:
            turn.place(token, cell)
        turn.refill()
    else:
        t.main = "pass"
        do({"do": "pass"})
    if t.main != "pass":
        t.harvesting_done = True
        for _ in range(3):  # at most three action tiles a turn
            acts = action_steps(rng, turn.now(), t, seek)
            if not acts:
                break
            use(turn, choose(rng, acts), seek)
    return turn.finish()


def use(turn: Playing, step: TileStep, seek: str) -> None:
    """Use one action tile (the cart's tile goes to its best cell)."""
    sim, t = turn.sim, turn.notes
    if step["do"] == "use_milestone":
        turn.do(sim.finca_step("use_milestone", step["site"]))
        return
    if step["do"] == "use_bull":
        turn.do(step)
        return
    turn.do({"do": "use_cart", "field": step["field"], "paid": turn.now().static.options.cart_cost})
    if t.finca_due is not None:
        sites = [s["site"] for s in gen_steps(turn.now(), t, False) if s["do"] == "new_finca"]
        turn.do(sim.finca_step("new_finca", site_choice(sim.rng, turn.now(), sites)))
    assert t.cart is not None
    w = turn.now()
    token = t.cart[0]
    cells = cells_for(w, t.seat, token)
    turn.place(token, choose(sim.rng, [(cell_value(w, t.seat, token, c, seek), c) for c in cells]))
    turn.refill()
