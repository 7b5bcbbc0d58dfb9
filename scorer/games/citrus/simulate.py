"""Random complete games (spec 20.4–20.5): the deal (``deal``), a playing policy on top of
the generator, and records with every chance outcome, cross-check field, ``expect`` and claim.

The random policy (a choice of the simulator, not a rule): harvest when money is low or a
region is large, else buy a line with a complete placement plan (preferring more tiles); in
``"penalize"`` mode a random purchase now and then (placing what fits, returning the rest);
action tiles are used after the main action with probability 1/2 each. The greedy policy is
``greedy``. Games that reach 20 turns per supply tile are discarded and the next attempt of
the seed is played. ``COVERAGE_RUNS`` (``coverage``) and ``features`` (``features``) are
re-exported for the bench scripts that look them up here."""

from __future__ import annotations

import random
from typing import Any

from scorer.games.citrus import scoring, setup
from scorer.games.citrus.coverage import COVERAGE_RUNS
from scorer.games.citrus.data import BOARDS
from scorer.games.citrus.deal import COLOURS, LAND_MIXES, NAMES, Sim, make_setup
from scorer.games.citrus.features import features
from scorer.games.citrus.generator import gen_steps
from scorer.games.citrus.planning import cells_for, line_plan
from scorer.games.citrus.playing import Playing
from scorer.games.citrus.state import Region, State, live, marked
from scorer.games.citrus.steps import TurnMove

#: The rare paths the ``seek`` knob lets a greedy player favour ("" = none).
SEEKS = frozenset({"", "merge", "landscape", "order"})
#: A line's placement plan: the new finca's site (if the take fires the trigger) and the
#: placements in order.
LinePlan = tuple[str | None, list[tuple[str, tuple[int, int]]]]


def play_turn(state: State, sim: Sim) -> tuple[TurnMove, State]:
    """One turn of the random policy: the move as recorded, and the state after it."""
    rng = sim.rng
    turn = Playing(state, sim)
    t = turn.notes
    if state.blocked:
        turn.do(sim.finca_step("unblock", rng.choice(marked(state.sites))))
    w = turn.now()
    static = state.static
    owned = sorted(
        (r for r in live(w.regions) if r.owner == t.seat),
        key=lambda r: min((c[1], c[0]) for c in r.cells),
    )
    plans: dict[str, LinePlan] = {}
    for line, fields in sorted(static.layout.items()):
        found = line_plan(w, t, fields)
        if found is not None:
            plans[line] = found
    money = w.players[t.seat].money
    big = max((len(r.cells) for r in owned), default=0)
    harvest = bool(owned) and (
        money <= 1 or not plans or rng.random() < 0.2 or (big >= 5 and rng.random() < 0.5)
    )
    penalize = static.options.purchase_mistakes == "penalize"
    mistake = penalize and money >= 1 and rng.random() < (0.03 if plans else 0.1)
    if harvest:
        chosen = (
            owned
            if (money <= 2 or rng.random() < 0.5)
            else [r for r in owned if rng.random() < 0.6] or owned[:1]
        )
        harvest_regions(turn, chosen)
    elif mistake:
        buy_by_mistake(turn)
    elif plans:
        buy_planned(turn, plans)
    elif owned:
        harvest_regions(turn, owned)
    else:
        t.main = "pass"
        turn.do({"do": "pass"})
    if t.main != "pass":
        use_actions(turn)
    return turn.finish()


def harvest_regions(turn: Playing, regions: list[Region]) -> None:
    """Harvest ``regions``, each named by its first cell in reading order."""
    t = turn.notes
    t.main = "harvest"
    t.last_harvest = len(turn.steps) + len(regions) - 1
    for r in regions:
        y, x = min((c[1], c[0]) for c in r.cells)
        turn.do({"do": "harvest", "at": [x, y]})


def buy_by_mistake(turn: Playing) -> None:
    """A (possibly) mistaken purchase of a random line: place what fits, return the rest."""
    rng, t, static = turn.sim.rng, turn.notes, turn.now().static
    w = turn.now()
    t.main = "build"
    lines = sorted(ln for ln, fs in static.layout.items() if any(w.market[f - 1] for f in fs))
    turn.buy(rng.choice(lines))
    if t.finca_due is not None:
        turn.do(turn.sim.finca_step("new_finca", rng.choice(turn.marked())))
    while t.waiting:
        token = t.waiting[0][0]
        w = turn.now()
        cells = cells_for(w, t.seat, token) if w.players[t.seat].money > 0 else []
        if cells:
            turn.place(token, rng.choice(cells))
        else:
            turn.do({"do": "return", "tile": token})
    turn.refill()


def buy_planned(turn: Playing, plans: dict[str, LinePlan]) -> None:
    """Buy one of the lines with the most tiles (or one fewer) and place it by its plan."""
    t = turn.notes
    t.main = "build"
    most = max(len(p[1]) for p in plans.values())
    line = turn.sim.rng.choice(sorted(ln for ln, p in plans.items() if len(p[1]) >= most - 1))
    site, order = plans[line]
    turn.buy(line)
    if t.finca_due is not None:
        turn.do(turn.sim.finca_step("new_finca", site or turn.marked()[0]))
    for token, cell in order:
        turn.place(token, cell)
    turn.refill()


def use_actions(turn: Playing) -> None:
    """Use held action tiles now and then, after the main action (20.5)."""
    rng, t, sim = turn.sim.rng, turn.notes, turn.sim
    t.harvesting_done = True
    for _ in range(3):
        if rng.random() < 0.5:
            return
        options = [s for s in gen_steps(turn.now(), t, False) if s["do"].startswith("use_")]
        if not options:
            return
        step = rng.choice(options)
        if step["do"] == "use_milestone":
            turn.do(sim.finca_step("use_milestone", step["site"]))
        elif step["do"] == "use_bull":
            turn.do(step)
        elif step["do"] == "use_cart":
            cost = turn.now().static.options.cart_cost
            turn.do({"do": "use_cart", "field": step["field"], "paid": cost})
            if t.finca_due is not None:
                sites = [
                    s["site"] for s in gen_steps(turn.now(), t, False) if s["do"] == "new_finca"
                ]
                turn.do(sim.finca_step("new_finca", rng.choice(sites)))
            assert t.cart is not None
            cell = rng.choice(cells_for(turn.now(), t.seat, t.cart[0]))
            turn.place(t.cart[0], cell)
            turn.refill()


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
        from scorer.games.citrus.greedy import greedy_turn
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


__all__ = ["COVERAGE_RUNS", "features", "simulate"]
