"""Citrus's mutators of the cart action tile (CIT-CART-1 … CIT-CART-3, and CIT-BUY-4 through
its cost): a cart taking from an empty field or placing another tile, used while bought tiles
wait under ``cart_after_build_only``, or made to cost more than the player has or all the
money a later bought tile needs; with the helpers that find the cart steps and their money.
"""

from __future__ import annotations

import random
from typing import Any

from tests.citrus.mutants.where import Record, _here, _main, _moves, _pick, _starts


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


def cart_too_dear(doc: Record, rng: random.Random) -> bool:
    """CIT-CART-2: the cart costs more than the player has (``cart_cost`` raised where a cart
    is used)."""
    money = [m for *_, m in _cart_money(doc)]
    if not money or min(money) >= 12:
        return False
    _set_cart_cost(doc, rng.randint(min(money) + 1, 12))
    return True
