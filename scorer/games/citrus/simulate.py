"""Random complete games (spec 20.4–20.5): component data, a playing policy on top of the
generator, and records with every chance outcome, cross-check field, ``expect`` and claim.

Choices of the simulator (not rules): board ``demo-1`` for 2–3 players and a generated
inline board (``sim-<n>``, 15 × 12 long / 12 × 10 short, sites ≥ 3 apart) for 4–5 players,
unless ``options["board"]`` names a shipped board or ``"generated"``; demo boards get a small
supply (30 / 15 / 30 tiles), generated boards the side's composition; landscape mix of
20.4; the shipped ``demo`` finca set shuffled. Policy: harvest when money is low or a region
is large, else buy a line with a complete placement plan (preferring more tiles); in
``"penalize"`` mode a random purchase now and then (placing what fits, returning the rest);
action tiles are used after the main action with probability 1/2 each. Games that reach 20
turns per supply tile are discarded and the next attempt of the seed is played."""

from __future__ import annotations

import random
from typing import Any

from scorer.core.persist import Draft
from scorer.games.citrus import events, scoring, setup
from scorer.games.citrus.actions import apply_step, finish
from scorer.games.citrus.build import took_form
from scorer.games.citrus.data import (
    BOARDS,
    FINCA_SETS,
    KINDS,
    SIDE_SITES,
    SIDE_START,
    SIDE_SUPPLY,
    TOKENS,
)
from scorer.games.citrus.events import end_turn
from scorer.games.citrus.generator import cells_for, gen_steps, line_plan
from scorer.games.citrus.playing import close_move
from scorer.games.citrus.state import (
    Notes,
    State,
    begin,
    land_at,
    live,
    marked,
    notes_of,
    region_at,
)

NAMES = ("Ann", "Bob", "Cara", "Dan", "Eve")
COLOURS = ("yellow", "green", "orange", "red", "blue")
DEMO_SUPPLY = {"demo-1": (4, 2), "demo-2": (2, 1), "open-9": (4, 2)}
LAND_MIX = (
    [("horses", 1)] * 5
    + [("horses", 2)] * 5
    + [("horses", 3)] * 5
    + [("cart", 0)] * 5
    + [("milestone", 0)] * 5
    + [("bull", 0)] * 5
)

#: The landscape tiles the ``landscape`` knob deals (30 each, shuffled).
LAND_MIXES = {
    "mix": LAND_MIX,
    "horses": [("horses", 1 + k % 3) for k in range(30)],
    "carts": [("cart", 0)] * 30,
    "actions": [(("cart", "milestone", "bull")[k % 3], 0) for k in range(30)],
}
#: Option sets bench/rule_coverage.py simulates besides the default random games: greedy
#: players (they reach the normal end), ``"reject"`` (CIT-BUY-3), and a priced cart only after
#: building with many action tiles (CIT-CART-2, CIT-CART-3, CIT-MILE-1).
_COVERAGE_OPTIONS: tuple[dict[str, Any], ...] = (
    {"policy": "greedy"},
    {"policy": "greedy", "purchase_mistakes": "reject", "seek": "order"},
    {
        "policy": "greedy",
        "cart_cost": 1,
        "cart_after_build_only": True,
        "landscape": "actions",
        "seek": "landscape",
    },
)
#: The games bench/rule_coverage.py adds (``(players, options)``): each option set above at
#: every player count.
COVERAGE_RUNS: tuple[tuple[int, dict[str, Any]], ...] = tuple(
    (players, opts) for opts in _COVERAGE_OPTIONS for players in (2, 3, 4, 5)
)
#: The rare paths the ``seek`` knob lets a greedy player favour ("" = none).
SEEKS = frozenset({"", "merge", "landscape", "order"})
#: The simulator's own options (``RULES.simulate_options``, and the policy): not the variant's.
KNOBS = frozenset({"board", "policy", "seek", "landscape"})


def gen_board(rng: random.Random, side: str) -> list[str]:
    """A plausible board (20.4): sites ≥ 3 apart, ≥ 3 path fields, rocks and bushes."""
    width, height = (15, 12) if side == "long" else (12, 10)
    while True:
        grid = [["." for _ in range(width)] for _ in range(height)]
        placed: list[tuple[int, int]] = []
        for letter in SIDE_SITES[side]:
            for _ in range(200):
                x, y = rng.randrange(width), rng.randrange(height)
                corner = x in (0, width - 1) and y in (0, height - 1)
                if not corner and all(max(abs(x - a), abs(y - b)) >= 3 for a, b in placed):
                    placed.append((x, y))
                    grid[y][x] = letter
                    break
        if len(placed) == len(SIDE_SITES[side]):
            break
    paths = {(x + dx, y + dy) for x, y in placed for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    free = [
        (x, y)
        for y in range(height)
        for x in range(width)
        if grid[y][x] == "." and (x, y) not in paths
    ]
    rng.shuffle(free)
    n_rock = len(free) // 20
    n_bush = min(30, (width * height) // 10)
    for x, y in free[:n_rock]:
        grid[y][x] = "#"
    for x, y in free[n_rock : n_rock + n_bush]:
        grid[y][x] = "*"
    return ["".join(row) for row in grid]


def make_setup(
    players: int, rng: random.Random, options: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any], list[str], list[dict[str, int]], list[str]]:
    """(variant, setup, bag order, finca order, building-site order)."""
    variant = {k: v for k, v in options.items() if k not in KNOBS}
    side = variant.get("board_side", "long")
    board_id = options.get("board") or ("demo-1" if players <= 3 else "generated")
    if board_id in BOARDS:
        rows = list(BOARDS[board_id])
        board: Any = board_id
        plain, well = DEMO_SUPPLY[board_id]
        supply = {t: (well if t.endswith("*") else plain) for t in TOKENS}
    else:
        rows = gen_board(rng, side)
        board = {"id": f"sim-{rng.randrange(10**6)}", "rows": rows}
        supply = dict(SIDE_SUPPLY[side])
    letters = sorted(ch for row in rows for ch in row if ch.isalpha())
    spaces = [[x, y] for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "*"]
    dealt = options.get("landscape")
    if board_id == "demo-1" and dealt is None:
        landscape: Any = "demo-1"
    else:
        mix = list(LAND_MIXES.get(dealt or "mix", LAND_MIX))
        rng.shuffle(mix)
        landscape = [
            {"at": c, "type": t, **({"points": p} if t == "horses" else {})}
            for c, (t, p) in zip(spaces, mix, strict=False)
        ]
    n_start = {"demo-1": 3, "demo-2": 2, "open-9": 1}.get(board_id, len(SIDE_START[side]))
    if variant.get("random_start_sites"):
        start_sites = sorted(rng.sample(letters, n_start))
    else:
        start_sites = letters[:n_start]
    fincas = [dict(f) for f in FINCA_SETS["demo"]]
    rng.shuffle(fincas)
    deck = [s for s in letters if s not in start_sites]
    rng.shuffle(deck)
    bag = [t for t in TOKENS for _ in range(supply[t])]
    rng.shuffle(bag)
    setup_doc = {
        "board": board,
        "market_layout": "cross12",
        "landscape": landscape,
        "finca_tiles": "demo",
        "supply": supply,
        "start_fincas": [{"site": s, **fincas[i]} for i, s in enumerate(start_sites)],
        "marked_sites": deck[:3],
        "building_site_deck": sorted(deck[3:]),
        "market": bag[:12],
        "money": 6,
    }
    return variant, setup_doc, bag[12:], fincas[n_start:], deck[3:]


class Sim:
    def __init__(
        self, rng: random.Random, bag: list[str], fincas: list[dict[str, int]], deck: list[str]
    ) -> None:
        self.rng, self.bag, self.fincas, self.deck = rng, bag, fincas, deck

    def finca_step(self, do: str, site: str) -> dict[str, Any]:
        reveal = self.deck.pop(0) if self.deck else None
        return {"do": do, "site": site, "finca": self.fincas.pop(0), "reveal": reveal}

    def refill_step(self, w: State) -> dict[str, Any]:
        n = min(sum(1 for t in w.market if t is None), len(self.bag))
        drawn, self.bag = self.bag[:n], self.bag[n:]
        return {"do": "refill", "drawn": drawn}


def play_turn(state: State, sim: Sim) -> tuple[dict[str, Any], State]:
    """One turn of the policy: the move as recorded, and the state after it."""
    rng = sim.rng
    d = begin(state)
    t = notes_of(d)
    if state.moves == 0:  # as in actions.apply_move: start fincas may be complete
        t.fresh = {s for s, v in state.sites.items() if v.status == "finca"}
    steps: list[dict[str, Any]] = []
    static = state.static

    def do(step: dict[str, Any]) -> None:
        apply_step(d, step, len(steps))
        steps.append(step)

    def place(token: str, cell: tuple[int, int]) -> None:
        w = d.done()
        lying = took_form(land_at(w, cell))
        new = not any(
            (r := region_at(w, n)) is not None and r.owner == t.seat and r.kind == token.rstrip("*")
            for n in static.board.nbrs[cell]
        )
        do({"do": "place", "tile": token, "at": list(cell), "new_region": new, "took": lying})

    if state.blocked:
        do(sim.finca_step("unblock", rng.choice(marked(state.sites))))
    seat = t.seat
    w = d.done()
    owned = sorted(
        (r for r in live(w.regions) if r.owner == seat),
        key=lambda r: min((c[1], c[0]) for c in r.cells),
    )
    plans = {}
    for line, fields in sorted(static.layout.items()):
        found = line_plan(w, t, fields)
        if found is not None:
            plans[line] = found
    money = w.players[seat].money
    big = max((len(r.cells) for r in owned), default=0)
    harvest = bool(owned) and (
        money <= 1 or not plans or rng.random() < 0.2 or (big >= 5 and rng.random() < 0.5)
    )
    penalize = static.options["purchase_mistakes"] == "penalize"
    mistake = penalize and money >= 1 and rng.random() < (0.03 if plans else 0.1)
    if harvest:
        t.main = "harvest"
        chosen = (
            owned
            if (money <= 2 or rng.random() < 0.5)
            else [r for r in owned if rng.random() < 0.6] or owned[:1]
        )
        t.last_harvest = len(steps) + len(chosen) - 1
        for r in chosen:
            y, x = min((c[1], c[0]) for c in r.cells)
            do({"do": "harvest", "at": [x, y]})
    elif mistake:
        t.main = "build"  # a (possibly) mistaken purchase: place what fits, return the rest
        lines = sorted(ln for ln, fs in static.layout.items() if any(w.market[f - 1] for f in fs))
        line = rng.choice(lines)
        fields = static.layout[line]
        do(
            {
                "do": "buy",
                "line": line,
                "tiles": [w.market[f - 1] for f in fields if w.market[f - 1] is not None],
            }
        )
        if t.finca_due is not None:
            do(sim.finca_step("new_finca", rng.choice(marked(d["sites"]))))
        while t.waiting:
            token = t.waiting[0][0]
            w = d.done()
            cells = cells_for(w, seat, token) if w.players[seat].money > 0 else []
            if cells:
                place(token, rng.choice(cells))
            else:
                do({"do": "return", "tile": token})
        if t.refill_now is not None:
            do(sim.refill_step(d.done()))
    elif plans and not mistake:
        t.main = "build"
        most = max(len(p[1]) for p in plans.values())
        line = rng.choice(sorted(ln for ln, p in plans.items() if len(p[1]) >= most - 1))
        site, order = plans[line]
        fields = static.layout[line]
        do(
            {
                "do": "buy",
                "line": line,
                "tiles": [w.market[f - 1] for f in fields if w.market[f - 1] is not None],
            }
        )
        if t.finca_due is not None:
            do(sim.finca_step("new_finca", site or marked(d["sites"])[0]))
        for token, cell in order:
            place(token, cell)
        if t.refill_now is not None:
            do(sim.refill_step(d.done()))
    elif owned:
        t.main = "harvest"
        t.last_harvest = len(steps) + len(owned) - 1
        for r in owned:
            y, x = min((c[1], c[0]) for c in r.cells)
            do({"do": "harvest", "at": [x, y]})
    else:
        t.main = "pass"
        do({"do": "pass"})
    if t.main != "pass":
        use_actions(d, t, sim, do, place)
    return close_move(d, steps)


def use_actions(d: Draft[State], t: Notes, sim: Sim, do: Any, place: Any) -> None:
    """Use held action tiles now and then, after the main action (20.5)."""
    rng = sim.rng
    t.harvesting_done = True
    for _ in range(3):
        if rng.random() < 0.5:
            return
        options = [s for s in gen_steps(d.done(), t, False) if s["do"].startswith("use_")]
        if not options:
            return
        step = rng.choice(options)
        if step["do"] == "use_milestone":
            do(sim.finca_step("use_milestone", step["site"]))
        elif step["do"] == "use_bull":
            do(step)
        else:
            do({**step, "paid": d.base.static.options["cart_cost"]})
            if t.finca_due is not None:
                sites = [s["site"] for s in gen_steps(d.done(), t, False)]
                do(sim.finca_step("new_finca", rng.choice(sites)))
            assert t.cart is not None
            place(t.cart[0], tuple(rng.choice(cells_for(d.done(), t.seat, t.cart[0]))))
            if t.refill_now is not None:
                do(sim.refill_step(d.done()))


def simulate(players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """One complete random legal game (discarding games that hit the turn cap). Raises
    ValueError for a player count outside 2–5 or an unknown board."""
    if not 2 <= players <= 5:
        raise ValueError(f"Citrus is for 2 to 5 players, not {players}")
    board = options.get("board")
    if board is not None and board not in (*BOARDS, "generated"):
        raise ValueError(
            f"no board {board!r}; the boards are {', '.join(BOARDS)} and "
            "'generated' (a new board from the seed)"
        )
    policy = options.get("policy", "random")
    if policy not in ("random", "greedy"):
        raise ValueError(f"no policy {policy!r}; the policies are random and greedy")
    greedy = policy == "greedy"
    seek = str(options.get("seek", ""))
    if seek not in SEEKS:
        raise ValueError(f"no seek {seek!r}; seek is one of {', '.join(sorted(SEEKS))}")
    if options.get("landscape", "mix") not in LAND_MIXES:
        raise ValueError(f"no landscape {options['landscape']!r}; one of {', '.join(LAND_MIXES)}")
    if greedy:
        from scorer.games.citrus.policy import greedy_turn
    for attempt in range(50):
        rng = random.Random(seed * 1000 + attempt)
        variant, setup_doc, bag, fincas, deck = make_setup(players, rng, options)
        record: dict[str, Any] = {
            "format": "scorer-record/1",
            "game": "citrus",
            "variant": variant,
            "players": [{"name": NAMES[i], "color": COLOURS[i]} for i in range(players)],
            "setup": setup_doc,
            "moves": [],
        }
        state = setup.initial_state(record)
        sim = Sim(rng, bag, fincas, deck)
        cap = 20 * sum(state.static.supply.values())
        while not state.over and len(record["moves"]) < cap:
            if greedy:
                move, state = greedy_turn(state, sim, seek)
            else:
                move, state = play_turn(state, sim)
            record["moves"].append(move)
        if not state.over:
            continue
        sheet = scoring.score(state)
        record["claimed"] = {
            "scores": {ln.name: ln.total for ln in sheet.players},
            "breakdown": {ln.name: dict(ln.categories) for ln in sheet.players},
        }
        record["meta"] = {"simulated": True, "seed": seed, "attempt": attempt}
        if greedy:
            record["meta"]["policy"] = "greedy"
        return record
    raise RuntimeError(f"no complete game within 50 attempts from seed {seed}")


def features(record: dict[str, Any], state: Any = None) -> frozenset[str]:
    """The rare paths a finished game took (bench/policy_outcomes.py counts them): placements
    that merge own regions (``merge_own``) or take in a neutral one (``merge_neutral``), a
    landscape tile taken (``horse_taken``, ``action_taken``) and action tiles used
    (``cart_used``, ``milestone_used``, ``bull_used``), a buy whose complete placement depends
    on the order of the placements (``order_dependent_buy``), a mistaken purchase
    (``returned``), the market trigger (``new_finca``), a pass and a blocked game
    (``passed``, ``unblock``), a refill that emptied the bag (``bag_exhausted``), a finca
    scored in play (``finca_scored``), a fusion legal only because the new tile counts
    (``fusion_by_new_tile``) and a site whose path fields hold one kind twice at the end
    (``same_kind_paths``, the family game). ``state`` (the final state) is not needed: the record
    is replayed."""
    from scorer.core.persist import Draft
    from scorer.games.citrus.actions import prescan
    from scorer.games.citrus.policy import order_dependent

    words: set[str] = set()
    state = setup.initial_state(record)
    for move in record["moves"]:
        steps = move["steps"]
        notes = prescan(steps)
        notes.seat = seat = state.turn
        d = Draft(state)
        d.turn["notes"] = notes
        if state.moves == 0:
            notes.fresh = {s for s, v in state.sites.items() if v.status == "finca"}
        for j, step in enumerate(steps):
            do = step["do"]
            w = d.done()
            if do == "place":
                words |= _place_paths(w, seat, step)
                if steps[j - 1]["do"] in ("buy", "new_finca") and len(notes.waiting) >= 2:
                    tokens = [tok for tok, _ in notes.waiting]
                    if order_dependent(w, seat, tokens, w.players[seat].money):
                        words.add("order_dependent_buy")
            elif do in ("use_cart", "use_milestone", "use_bull"):
                words.add(do[4:] + "_used")
            elif do in ("return", "new_finca", "unblock"):
                words.add({"return": "returned"}.get(do, do))
            elif do == "pass":
                words.add("passed")
            apply_step(d, step, j)
            if do == "refill" and not d["lrc"]:
                words.add("bag_exhausted")
        scorings = end_turn(d, notes)
        if scorings:
            words.add("finca_scored")
        finish(d, notes, move, scorings)
        state = d.done()
    board = state.static.board
    for paths in board.paths.values():  # legal only in the family game (CIT-PATH-1)
        kinds = [t.rstrip("*") for p in paths if (t := state.tiles[board.index[p]]) is not None]
        if len(kinds) > len(set(kinds)):
            words.add("same_kind_paths")
    return frozenset(words)


def _place_paths(w: State, seat: int, step: dict[str, Any]) -> set[str]:
    cell = (step["at"][0], step["at"][1])
    kind = step["tile"].rstrip("*")
    words: set[str] = set()
    touching = {
        id(r): r
        for n in w.static.board.nbrs[cell]
        if (r := region_at(w, n)) is not None and r.kind == kind
    }
    if sum(1 for r in touching.values() if r.owner == seat) >= 2:
        words.add("merge_own")
    if any(r.owner == -1 for r in touching.values()):
        words.add("merge_neutral")
    own = sum(len(r.cells) for r in touching.values() if r.owner == seat)
    neutral = sum(len(r.cells) for r in touching.values() if r.owner == -1)
    if neutral == own + 1:  # legal only when the new tile counts (fusion_count_new_tile)
        words.add("fusion_by_new_tile")
    lying = land_at(w, cell)
    if lying is not None:
        words.add("horse_taken" if lying[0] == "horses" else "action_taken")
    return words


__all__ = ["KINDS", "events", "features", "simulate"]
