"""Citrus's mutators of build turns: the buy (an unknown or empty line, a second buy, a line
that cannot be paid or built under ``purchase_mistakes: "reject"``, the ``new_finca`` step a
market trigger calls for) and the placement of the bought tiles (next to a rival's or a larger
neutral region, a path field repeating a kind, a tile placed that could not be paid, returned
though it could be placed, or left waiting).
"""

from __future__ import annotations

import copy
import random

from scorer.games.citrus.generator import line_plan
from tests.citrus.mutants.where import (
    Cell,
    Record,
    _cells,
    _main,
    _move_place_to,
    _moves,
    _pick,
    _places,
    _steps_doing,
    placement_rule,
)


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
    options = [
        (i, j, line)
        for i, j, (w, _, _) in _steps_doing(doc, "buy")
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


def unpaid_place(doc: Record, rng: random.Random) -> bool:
    """CIT-BUY-4: a tile returned for want of money is placed instead (on a cell where it is
    legal), with no money left to pay for it."""
    moves = _moves(doc)
    options: list[tuple[int, int, Cell]] = []
    for i, j, (w, t, _) in _steps_doing(doc, "return"):
        if w.players[t.seat].money != 0:
            continue
        tile = moves[i]["steps"][j]["tile"]
        options += [(i, j, c) for c in _cells(w) if placement_rule(w, t.seat, tile, c) is None]
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j, c = choice
    moves[i]["steps"][j] = {"do": "place", "tile": moves[i]["steps"][j]["tile"], "at": list(c)}
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


def unbuildable_buy(doc: Record, rng: random.Random) -> bool:
    """CIT-BUY-3: with ``purchase_mistakes: "reject"``, a buy of a line that the player cannot
    pay for or completely build."""
    if doc.get("variant", {}).get("purchase_mistakes") != "reject":
        return False
    moves = _moves(doc)
    options = [
        (i, j, line)
        for i, j, (w, t, _) in _steps_doing(doc, "buy")
        for line, fields in sorted(w.static.layout.items())
        if any(w.market[f - 1] for f in fields) and line_plan(w, t, fields) is None
    ]
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
