"""Citrus's own single-step mutations of a record (``MUTATORS``, read by ``tests/mutants.py``
``game_mutators`` for bench/rule_coverage.py).

Each mutator edits a record (a deep copy, in place) with **one** change that knows Citrus's
record shape and returns True if it applied. Where the change only makes sense at a certain
moment (a placement next to another player's region, a pass while a region is owned, a
milestone when no finca is left ...), the mutator replays the record through the rules
(``RULES.apply`` for whole turns, ``generator.after_prefix`` for the steps of a turn before
the edited one) and reads the position it leads to; which cell or line to write is then worked
out here from the spec's rules (section 8 for placements), never by asking the checks. The
places a mutator could edit are collected first and one is picked with the seeded ``rng``, so
a mutator applies to most simulated games, not to one record.

Each mutator's docstring names the rule it aims at; a mutant of a valid record is rejected by
that rule (or by an earlier check of the same step, when the spec orders them so).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from scorer.errors import RuleViolation
from scorer.games.citrus import RULES
from scorer.games.citrus.data import LANDSCAPES
from scorer.games.citrus.generator import after_prefix, finca_left, line_plan
from scorer.games.citrus.state import Notes, State, live

Record = dict[str, Any]
Cell = tuple[int, int]
#: A position within a move: the state so far, the move's notes, "may still pass".
Here = tuple[State, Notes, bool]

#: Landscape types the spec does not support (CIT-LAND-2): anything else than the four.
UNSUPPORTED = ("windmill", "well", "donkey")
USES = ("use_cart", "use_milestone", "use_bull")


# ---- replaying a record ----------------------------------------------------------------------
def _moves(doc: Record) -> list[dict[str, Any]]:
    moves = doc.get("moves")
    return moves if isinstance(moves, list) else []


def _starts(doc: Record) -> Iterator[tuple[int, State]]:
    """(i, the state before move i) for the moves of a valid record, in order (none for a
    position, which has no moves)."""
    if "setup" not in doc or not _moves(doc):
        return
    try:
        state = RULES.initial_state(doc)
    except RuleViolation:
        return
    for i, move in enumerate(_moves(doc)):
        yield i, state
        if state.over:
            return
        try:
            state = RULES.apply(state, move)
        except RuleViolation:
            return


def _here(state: State, steps: list[dict[str, Any]], j: int) -> Here | None:
    """The position before step ``j`` of a move (harvesting finished, when it may be)."""
    found = after_prefix(state, steps[:j])
    return found[-1] if found else None


def _main(steps: list[dict[str, Any]]) -> str:
    for s in steps:
        if s["do"] in ("buy", "harvest", "pass"):
            return str(s["do"])
    return ""


def _kind(token: str) -> str:
    return token.rstrip("*")


def _pick(rng: random.Random, items: list[Any]) -> Any:
    return items[rng.randrange(len(items))] if items else None


def _first_after_unblock(steps: list[dict[str, Any]]) -> int:
    return 1 if steps and steps[0]["do"] == "unblock" else 0


# ---- section 8, from the spec: which rule a placement breaks first -----------------------------
def placement_rule(w: State, seat: int, token: str, c: Cell) -> str | None:
    """The first rule of section 8 (CIT-BUILD-2 … CIT-FUSE-1) that building ``token`` on
    ``c`` breaks for ``seat`` in ``w``, or None if it is legal."""
    board = w.static.board
    i = board.index.get(c)
    if i is None:
        return "CIT-BUILD-2"
    if board.kind_at[i] not in ".*":
        return "CIT-BUILD-3"
    if w.tiles[i] is not None:
        return "CIT-BUILD-4"
    k = _kind(token)
    touching = {
        rid: r
        for n in board.nbrs[c]
        if (rid := w.region_of[board.index[n]]) >= 0
        and (r := w.regions[rid]) is not None
        and r.kind == k
    }
    own = [r for r in touching.values() if r.owner == seat]
    if not own:
        on_finca_path = any(w.sites[s].status == "finca" for s in board.path_sites.get(c, ()))
        if not on_finca_path or w.players[seat].mat == 0:
            return "CIT-BUILD-5"
    if any(r.owner not in (-1, seat) for r in touching.values()):
        return "CIT-BUILD-6"
    if not w.static.options["family"]:
        for s in board.path_sites.get(c, ()):
            for q in board.paths[s]:
                t = w.tiles[board.index[q]]
                if q != c and t is not None and _kind(t) == k:
                    return "CIT-PATH-1"
    neutral = sum(len(r.cells) for r in touching.values() if r.owner == -1)
    mine = sum(len(r.cells) for r in own) + int(w.static.options["fusion_count_new_tile"])
    if neutral > mine:
        return "CIT-FUSE-1"
    return None


def _cells(w: State) -> list[Cell]:
    return sorted(w.static.board.buildable)


def _places(doc: Record) -> Iterator[tuple[int, int, Here]]:
    """(i, j, position before it) for every ``place`` step of the record."""
    moves = _moves(doc)
    for i, state in _starts(doc):
        steps = moves[i]["steps"]
        for j, step in enumerate(steps):
            if step["do"] == "place":
                here = _here(state, steps, j)
                if here is not None:
                    yield i, j, here


def _move_place_to(doc: Record, rng: random.Random, rule: str) -> bool:
    """Move one placement to a cell where section 8 refuses it by ``rule`` only there."""
    moves = _moves(doc)
    options: list[tuple[int, int, Cell]] = []
    for i, j, (w, t, _) in _places(doc):
        token = moves[i]["steps"][j]["tile"]
        options += [(i, j, c) for c in _cells(w) if placement_rule(w, t.seat, token, c) == rule]
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j, c = choice
    step = moves[i]["steps"][j]
    step["at"] = list(c)
    step.pop("new_region", None)  # a cross-check of the old cell would be checked after it
    step.pop("took", None)
    return True


# ---- the mutators ------------------------------------------------------------------------------
def unknown_line(doc: Record, rng: random.Random) -> bool:
    """CIT-BUY-1: a buy names a line the market layout does not have."""
    buys = [s for m in _moves(doc) for s in m["steps"] if s["do"] == "buy"]
    step = _pick(rng, buys)
    if step is None:
        return False
    step["line"] = rng.choice(("r5", "c0", "x", step["line"] + "'"))
    return True


def next_to_rival(doc: Record, rng: random.Random) -> bool:
    """CIT-BUILD-6: a tile built next to another player's region of its kind (where it would
    otherwise extend an own region or start one on a finca's path field)."""
    return _move_place_to(doc, rng, "CIT-BUILD-6")


def next_to_neutral(doc: Record, rng: random.Random) -> bool:
    """CIT-FUSE-1: a tile built next to neutral regions of its kind larger than the own
    regions it touches (a fusion that is not allowed)."""
    return _move_place_to(doc, rng, "CIT-FUSE-1")


def empty_line(doc: Record, rng: random.Random) -> bool:
    """CIT-BUY-2: a buy names a line whose fields are all empty at that moment."""
    moves = _moves(doc)
    options = []
    for i, state in _starts(doc):
        steps = moves[i]["steps"]
        for j, step in enumerate(steps):
            if step["do"] != "buy":
                continue
            here = _here(state, steps, j)
            if here is None:
                continue
            w = here[0]
            options += [
                (i, j, line)
                for line, fields in sorted(w.static.layout.items())
                if not any(w.market[f - 1] for f in fields)
            ]
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j, line = choice
    moves[i]["steps"][j]["line"] = line
    return True


def second_buy(doc: Record, rng: random.Random) -> bool:
    """CIT-BUY-5: a build turn ends with a second buy."""
    builds = [m for m in _moves(doc) if _main(m["steps"]) == "buy"]
    move = _pick(rng, builds)
    if move is None:
        return False
    buy = next(s for s in move["steps"] if s["do"] == "buy")
    move["steps"].append(copy.deepcopy(buy))
    return True


def finca_step_misplaced(doc: Record, rng: random.Random) -> bool:
    """CIT-MKT-1: the ``new_finca`` step a market trigger calls for is left out, or one comes
    after a buy that did not set the trigger off."""
    moves = _moves(doc)
    options = []
    for i, m in enumerate(moves):
        dos = [s["do"] for s in m["steps"]]
        for j, d in enumerate(dos):
            if d == "new_finca":
                options.append(("drop", i, j))
            elif d == "buy" and "new_finca" not in dos and "refill" not in dos:
                options.append(("add", i, j + 1))
    choice = _pick(rng, options)
    if choice is None:
        return False
    how, i, j = choice
    steps = moves[i]["steps"]
    if how == "drop":
        del steps[j]
    else:
        finca = {"first": 4, "second": 2}
        steps.insert(j, {"do": "new_finca", "site": "D", "finca": finca, "reveal": None})
    return True


def path_kinds_repeat(doc: Record, rng: random.Random) -> bool:
    """CIT-PATH-1: a tile built on a site's path field where another path field of that site
    already holds a tile of its kind."""
    return _move_place_to(doc, rng, "CIT-PATH-1")


def start_money(doc: Record, rng: random.Random) -> bool:
    """CIT-SETUP-8: the setup's start money is not 6."""
    setup = doc.get("setup")
    if not isinstance(setup, dict):
        return False
    setup["money"] = rng.choice((0, 5, 7, 12))
    return True


def unpaid_place(doc: Record, rng: random.Random) -> bool:
    """CIT-BUY-4: a tile returned for want of money is placed instead (on a cell where it is
    legal), with no money left to pay for it."""
    moves = _moves(doc)
    options: list[tuple[int, int, Cell]] = []
    for i, state in _starts(doc):
        steps = moves[i]["steps"]
        for j, step in enumerate(steps):
            if step["do"] != "return":
                continue
            here = _here(state, steps, j)
            if here is None or here[0].players[here[1].seat].money != 0:
                continue
            w, t, _ = here
            options += [
                (i, j, c) for c in _cells(w) if placement_rule(w, t.seat, step["tile"], c) is None
            ]
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j, c = choice
    moves[i]["steps"][j] = {"do": "place", "tile": moves[i]["steps"][j]["tile"], "at": list(c)}
    return True


def _cart_steps(doc: Record) -> list[tuple[int, int]]:
    return [
        (i, j)
        for i, m in enumerate(_moves(doc))
        for j, s in enumerate(m["steps"])
        if s["do"] == "use_cart"
    ]


def _cart_place(steps: list[dict[str, Any]], j: int) -> int | None:
    """The index of the cart's placement (after a ``new_finca`` the take set off)."""
    k = j + 1
    if k < len(steps) and steps[k]["do"] == "new_finca":
        k += 1
    return k if k < len(steps) and steps[k]["do"] == "place" else None


def cart_misused(doc: Record, rng: random.Random) -> bool:
    """CIT-CART-1: the cart takes from an empty market field, its placement names another
    tile, or another step comes where its placement is due."""
    moves = _moves(doc)
    options = _cart_steps(doc)
    if not options:
        return False
    i, j = rng.choice(options)
    steps = moves[i]["steps"]
    k = _cart_place(steps, j)
    kind = rng.randrange(3)
    if kind == 0 and k is not None:  # the placement names another tile
        tile = steps[k]["tile"]
        steps[k]["tile"] = rng.choice(
            [t for t in ("lemon", "orange", "lime*", "grapefruit", "bloodorange*") if t != tile]
        )
        return True
    if kind == 1 and k is not None and k + 1 < len(steps):  # something else comes first
        steps[k], steps[k + 1] = steps[k + 1], steps[k]
        return True
    states = dict(_starts(doc))
    here = _here(states[i], steps, j) if i in states else None
    if here is None:
        return False
    empty = [f for f in range(1, 13) if here[0].market[f - 1] is None]
    if not empty:
        return False
    steps[j]["field"] = rng.choice(empty)
    return True


def cart_while_waiting(doc: Record, rng: random.Random) -> bool:
    """CIT-CART-3: with ``cart_after_build_only``, the cart is used while bought tiles wait
    (its use and placement moved to an earlier point of the turn where the cart is held and
    bought tiles wait; or a held cart used right after the buy); or, where a game without the
    option used the cart so, the option is set."""
    moves = _moves(doc)
    flagged = bool(doc.get("variant", {}).get("cart_after_build_only"))
    options: list[tuple[int, int, int]] = []  # (move, cart step or -1 to insert, to)
    for i, state in _starts(doc):
        steps = moves[i]["steps"]
        dos = [s["do"] for s in steps]
        if "buy" not in dos:
            continue
        carts = [j for j, d in enumerate(dos) if d == "use_cart"]
        if not flagged:
            for j in carts:
                here = _here(state, steps, j)
                if here is not None and here[1].waiting:
                    options.append((i, j, -1))
            continue
        for to in range(dos.index("buy") + 1, len(steps) + 1):
            here = _here(state, steps, to)
            if here is None:
                continue
            w, t, _ = here
            free = t.finca_due is None and t.cart is None and t.refill_now is None
            if not (free and t.waiting and "cart" in w.players[t.seat].actions):
                continue
            options += [(i, j, to) for j in carts if j > to]
            if not carts:
                options.append((i, -1, to))
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j, to = choice
    steps = moves[i]["steps"]
    if to < 0:
        doc.setdefault("variant", {})["cart_after_build_only"] = True
    elif j < 0:
        steps.insert(to, {"do": "use_cart", "field": rng.randint(1, 12)})
    else:
        k = _cart_place(steps, j)
        block = steps[j : (j + 1 if k is None else k + 1)]
        del steps[j : j + len(block)]
        steps[to:to] = block
    return True


def _cart_money(doc: Record) -> list[tuple[int, int, int, int]]:
    """(i, j, seat, money before the step) of every ``use_cart`` step."""
    moves = _moves(doc)
    out = []
    for i, state in _starts(doc):
        steps = moves[i]["steps"]
        for j, s in enumerate(steps):
            if s["do"] == "use_cart":
                here = _here(state, steps, j)
                if here is not None:
                    out.append((i, j, here[1].seat, here[0].players[here[1].seat].money))
    return out


def _set_cart_cost(doc: Record, cost: int) -> None:
    """``cart_cost`` set; the ``paid`` cross-checks, which restate the old cost, left out."""
    doc.setdefault("variant", {})["cart_cost"] = cost
    for m in _moves(doc):
        for s in m["steps"]:
            if s["do"] == "use_cart":
                s.pop("paid", None)


def cart_drains_money(doc: Record, rng: random.Random) -> bool:
    """CIT-BUY-4: the cart costs all the money the player has when using it, so a bought tile
    placed after it (later in the turn, or in the player's next build turn) cannot be paid."""
    if doc.get("variant", {}).get("purchase_mistakes") == "reject":
        return False  # there the buy itself is refused first (CIT-BUY-3)
    moves = _moves(doc)
    old = doc.get("variant", {}).get("cart_cost", 0)
    carts = _cart_money(doc)
    options = []
    for n, (i, j, _seat, money) in enumerate(carts):
        if money <= old or any(m < money for *_, m in carts[:n]):
            continue
        later = [s["do"] for s in moves[i]["steps"][j + 1 :]]
        own_next = next(
            (m for m in moves[i + 1 :] if m["player"] == moves[i]["player"]), {"steps": []}
        )
        in_turn = "place" in later[2:] and "buy" in [s["do"] for s in moves[i]["steps"][:j]]
        if in_turn or _main(own_next["steps"]) == "buy":
            options.append(money)
    cost = _pick(rng, options)
    if cost is None:
        return False
    _set_cart_cost(doc, cost)
    return True


def _held(doc: Record, tile: str, want: bool) -> list[tuple[int, int, Here]]:
    """(i, j, position) at the first step of each build or harvest turn (after an unblock)
    whose player holds (``want``) or does not hold an unused ``tile``."""
    moves = _moves(doc)
    out = []
    for i, state in _starts(doc):
        steps = moves[i]["steps"]
        if _main(steps) not in ("buy", "harvest"):
            continue
        j = _first_after_unblock(steps)
        here = _here(state, steps, j)
        if here is not None and (tile in here[0].players[here[1].seat].actions) == want:
            out.append((i, j, here))
    return out


def _finca_fields(w: State, rng: random.Random) -> dict[str, Any]:
    sites = sorted(w.sites) or ["A"]
    return {"site": rng.choice(sites), "finca": {"first": 4, "second": 2}, "reveal": None}


#: Steps that bring a finca tile into play (12.2).
FINCA_STEPS = ("new_finca", "use_milestone", "unblock")


def milestone_without_finca(doc: Record, rng: random.Random) -> bool:
    """CIT-MILE-1: a milestone is used when no marked site or no finca tile is left: a held
    one used late, or the finca deck of the setup only as large as the fincas drawn before an
    existing ``use_milestone``."""
    options: list[tuple[int, int, Any]] = [
        (i, j, here) for i, j, here in _held(doc, "milestone", True) if not finca_left(here[0])
    ]
    board = doc.get("setup", {}).get("board")
    if not (isinstance(board, dict) and str(board.get("id", "")).startswith("dlp_")):
        drawn = 0
        for m in _moves(doc):
            for s in m["steps"]:
                if s["do"] == "use_milestone":
                    options.append((-1, drawn, None))
                drawn += s["do"] in FINCA_STEPS
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j, here = choice
    if i < 0:
        doc["setup"]["finca_deck_size"] = j
        return True
    _moves(doc)[i]["steps"].insert(j, {"do": "use_milestone", **_finca_fields(here[0], rng)})
    return True


def bull_on_taken_cell(doc: Record, rng: random.Random) -> bool:
    """CIT-BULL-1: the bull goes on a cell that holds a plantation tile, a landscape tile or a
    bull, or that is a rock or a site (an existing ``use_bull`` moved, or a held bull used)."""
    moves = _moves(doc)
    options: list[tuple[str, int, int, Here]] = []
    starts = dict(_starts(doc))
    for i, m in enumerate(moves):
        for j, s in enumerate(m["steps"]):
            if s["do"] == "use_bull" and i in starts:
                here = _here(starts[i], m["steps"], j)
                if here is not None:
                    options.append(("edit", i, j, here))
    options += [("insert", i, j, here) for i, j, here in _held(doc, "bull", True)]
    choice = _pick(rng, options)
    if choice is None:
        return False
    how, i, j, (w, _, _) = choice
    board = w.static.board
    taken = [
        c
        for c in board.cells
        if c not in board.buildable
        or w.tiles[board.index[c]] is not None
        or w.land[board.index[c]] is not None
    ]
    if not taken:
        return False
    at = list(rng.choice(taken))
    if how == "edit":
        moves[i]["steps"][j]["at"] = at
    else:
        moves[i]["steps"].insert(j, {"do": "use_bull", "at": at})
    return True


def pass_instead(doc: Record, rng: random.Random) -> bool:
    """CIT-PASS-1: a build or harvest turn becomes a pass, though the player owns a region or a
    line could be bought and completely built."""
    moves = _moves(doc)
    options = []
    for i, state in _starts(doc):
        steps = moves[i]["steps"]
        if _main(steps) not in ("buy", "harvest"):
            continue
        here = _here(state, steps, _first_after_unblock(steps))
        if here is None:
            continue
        w, t, _ = here
        if any(r.owner == t.seat for r in live(w.regions)) or any(
            line_plan(w, t, fields) is not None for fields in w.static.layout.values()
        ):
            options.append(i)
    i = _pick(rng, options)
    if i is None:
        return False
    steps = moves[i]["steps"]
    moves[i]["steps"] = [*steps[: _first_after_unblock(steps)], {"do": "pass"}]
    return True


def unsupported_landscape(doc: Record, rng: random.Random) -> bool:
    """CIT-LAND-2: a landscape tile of a type the spec does not support (in the setup's
    landscape data, or in a position's landscape or held action tiles)."""
    body = doc.get("setup", doc)
    land = body.get("landscape")
    if isinstance(land, str) and land in LANDSCAPES:
        land = body["landscape"] = copy.deepcopy(LANDSCAPES[land])
    places: list[tuple[Any, Any]] = []
    if isinstance(land, list):
        places += [(e, "type") for e in land if isinstance(e, dict)]
    for ps in (doc.get("player_state") or {}).values():
        acts = ps.get("actions") if isinstance(ps, Mapping) else None
        if isinstance(acts, list):
            places += [(acts, k) for k in range(len(acts))]
    choice = _pick(rng, places)
    if choice is None:
        return False
    where, key = choice
    if isinstance(where, dict):
        where.pop("points", None)
    where[key] = rng.choice(UNSUPPORTED)
    return True


def use_in_pass_turn(doc: Record, rng: random.Random) -> bool:
    """CIT-TURN-3: an action tile used in a pass turn."""
    moves = _moves(doc)
    passes = [m for m in moves if _main(m["steps"]) == "pass"]
    move = _pick(rng, passes)
    if move is None:
        return False
    step = rng.choice(
        (
            {"do": "use_cart", "field": rng.randint(1, 12)},
            {"do": "use_bull", "at": [0, 0]},
            {
                "do": "use_milestone",
                "site": "D",
                "finca": {"first": 4, "second": 2},
                "reveal": None,
            },
        )
    )
    steps = move["steps"]
    steps.insert(rng.randrange(_first_after_unblock(steps), len(steps) + 1), step)
    return True


def use_unheld(doc: Record, rng: random.Random) -> bool:
    """CIT-ACT-1: an action tile used by a player who holds none of that type."""
    tile = rng.choice(("cart", "milestone", "bull"))
    choice = _pick(rng, _held(doc, tile, False))
    if choice is None:
        return False
    i, j, (w, _, _) = choice
    step: dict[str, Any]
    if tile == "cart":
        step = {"do": "use_cart", "field": rng.randint(1, 12)}
    elif tile == "bull":
        step = {"do": "use_bull", "at": list(rng.choice(_cells(w)))}
    else:
        step = {"do": "use_milestone", **_finca_fields(w, rng)}
    _moves(doc)[i]["steps"].insert(j, step)
    return True


def return_placeable(doc: Record, rng: random.Random) -> bool:
    """CIT-RET-1: a bought tile that could be paid and was placed is returned instead."""
    moves = _moves(doc)
    options = []
    for i, j, (w, t, _) in _places(doc):
        if t.cart is None and w.players[t.seat].money > 0:
            options.append((i, j))
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j = choice
    moves[i]["steps"][j] = {"do": "return", "tile": moves[i]["steps"][j]["tile"]}
    return True


def misplaced_unblock(doc: Record, rng: random.Random) -> bool:
    """CIT-PASS-2: an ``unblock`` where no round of passes was made, or none where it was."""
    moves = _moves(doc)
    options = []
    for i, state in _starts(doc):
        steps = moves[i]["steps"]
        if state.blocked and steps[0]["do"] == "unblock" and len(steps) > 1:
            options.append(("drop", i, state))
        elif not state.blocked and steps[0]["do"] != "unblock":
            options.append(("add", i, state))
    choice = _pick(rng, options)
    if choice is None:
        return False
    how, i, state = choice
    if how == "drop":
        del moves[i]["steps"][0]
    else:
        moves[i]["steps"].insert(0, {"do": "unblock", **_finca_fields(state, rng)})
    return True


def cart_too_dear(doc: Record, rng: random.Random) -> bool:
    """CIT-CART-2: the cart costs more than the player has (``cart_cost`` raised where a cart
    is used)."""
    money = [m for *_, m in _cart_money(doc)]
    if not money or min(money) >= 12:
        return False
    _set_cart_cost(doc, rng.randint(min(money) + 1, 12))
    return True


def unbuildable_buy(doc: Record, rng: random.Random) -> bool:
    """CIT-BUY-3: with ``purchase_mistakes: "reject"``, a buy of a line that the player cannot
    pay for or completely build."""
    if doc.get("variant", {}).get("purchase_mistakes") != "reject":
        return False
    moves = _moves(doc)
    options = []
    for i, state in _starts(doc):
        steps = moves[i]["steps"]
        for j, step in enumerate(steps):
            if step["do"] != "buy":
                continue
            here = _here(state, steps, j)
            if here is None:
                continue
            w, t, _ = here
            for line, fields in sorted(w.static.layout.items()):
                if any(w.market[f - 1] for f in fields) and line_plan(w, t, fields) is None:
                    options.append((i, j, line))
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j, line = choice
    step = moves[i]["steps"][j]
    step["line"] = line
    step.pop("tiles", None)  # the tiles cross-check is checked after CIT-BUY-3 anyway
    return True


def tile_left_waiting(doc: Record, rng: random.Random) -> bool:
    """CIT-BUILD-1: the placement of a bought tile is left out (in a turn without a refill, so
    nothing else is due)."""
    moves = _moves(doc)
    options = [
        (i, j)
        for i, m in enumerate(moves)
        if "buy" in [s["do"] for s in m["steps"]] and "refill" not in [s["do"] for s in m["steps"]]
        for j, s in enumerate(m["steps"])
        if s["do"] in ("place", "return")
        and (j == 0 or m["steps"][j - 1]["do"] not in ("use_cart", "new_finca"))
    ]
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j = choice
    del moves[i]["steps"][j]
    return True


MUTATORS: tuple[Callable[[Record, random.Random], bool], ...] = (
    unknown_line,
    empty_line,
    second_buy,
    finca_step_misplaced,
    next_to_rival,
    next_to_neutral,
    path_kinds_repeat,
    unpaid_place,
    cart_drains_money,
    cart_misused,
    cart_while_waiting,
    cart_while_waiting,  # thrice: it applies only to games with cart_after_build_only
    cart_while_waiting,
    milestone_without_finca,
    bull_on_taken_cell,
    pass_instead,
    unsupported_landscape,
    use_in_pass_turn,
    use_unheld,
    return_placeable,
    misplaced_unblock,
    cart_too_dear,
    unbuildable_buy,
    tile_left_waiting,
    start_money,
)
