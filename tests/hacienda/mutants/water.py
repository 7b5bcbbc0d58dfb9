"""Mutations of water tiles (§6.5) beyond the pesos: a tile the supply does not have (a shape
it does not list, or a supply that ran out earlier) and a tile that touches none of the
player's tiles under ``water_needs_own_neighbor``.
"""

from __future__ import annotations

import random

from scorer.games.hacienda.state import ANIMAL, LAND
from tests.hacienda.mutants.where import (
    Doc,
    _pick,
    can_put,
    cell,
    empty_pampas,
    moves,
    put_step,
    slots,
)


def water_not_in_supply(doc: Doc, rng: random.Random) -> bool:
    """HAC-WATER-4: a recorded ``buy_water`` names a ``shape`` the supply does not list, or
    (a supply given as a number) ``setup.water_supply`` is set to the number of water tiles
    bought before that step."""
    bought: list[tuple[int, int, int]] = []
    for i, move in enumerate(moves(doc)):
        for j, step in enumerate(move.get("steps") or []):
            if step.get("do") == "buy_water":
                bought.append((i, j, len(bought)))
    choice = _pick(rng, bought)
    if choice is None:
        return False
    i, j, before = choice
    supply = doc["setup"].get("water_supply")
    if rng.random() < 0.5 and (supply is None or isinstance(supply, int)):
        doc["setup"]["water_supply"] = before
        return True
    listed = {s.get("shape") for s in supply} if isinstance(supply, list) else set()
    name = next(f"S{k}" for k in range(1, 99) if f"S{k}" not in listed)
    moves(doc)[i]["steps"][j]["shape"] = name
    return True


def _lonely(cells: object, nbrs: tuple[tuple[int, ...], ...], s: int, seat: int) -> bool:
    own = {LAND + seat, *range(ANIMAL + 4 * seat, ANIMAL + 4 * seat + 4)}
    return not any(cells[n] in own for n in nbrs[s])  # type: ignore[index]


def water_far_from_own(doc: Doc, rng: random.Random) -> bool:
    """HAC-WATER-5: a water tile touching none of the player's tiles under
    ``water_needs_own_neighbor``. With the option: a one-cell ``buy_water`` step, affordable,
    with a tile in a supply given as a number, on an empty pampas space away from the player's
    tiles, put in a turn with no water bought yet. Without it: the option switched on in a
    record that buys such a tile."""
    options: list[tuple[int, int, list[int]]] = []
    lonely_buys = 0
    for i, j, mid, used in slots(doc):
        steps = moves(doc)[i]["steps"]
        nbrs, cells, seat = mid.board.neighbours, mid.cells, mid.seat
        if j < len(steps) and steps[j].get("do") == "buy_water":
            spaces = [mid.board.space_at(*c) for c in steps[j].get("cells") or []]
            if spaces and all(s is not None and _lonely(cells, nbrs, s, seat) for s in spaces):
                lonely_buys += 1
        if (
            not mid.opts.water_needs_own_neighbor
            or "buy_water" in used
            or not can_put(doc, i, j)
            or mid.water_shapes is not None
            or mid.water_left <= 0
            or mid.money[seat] < mid.opts.water_cost
        ):
            continue
        free = [s for s in empty_pampas(mid) if _lonely(cells, nbrs, s, seat)]
        if free:
            options.append((i, j, cell(mid.board, _pick(rng, free))))
    if options:
        i, j, at = _pick(rng, options)
        put_step(doc, i, j, {"do": "buy_water", "cells": [at]})
        return True
    variant = doc.get("variant")
    if not lonely_buys or not isinstance(variant, dict):
        return False
    variant["water_needs_own_neighbor"] = True
    return True


def water_on_taken_space(doc: Doc, rng: random.Random) -> bool:
    """HAC-WATER-3: a recorded ``buy_water`` laid instead as one cell on a space that is not an
    empty pampas space (a land space, a market, printed water, or a space with a tile)."""
    options: list[tuple[int, int, list[int]]] = []
    for i, j, mid, _ in slots(doc):
        steps = moves(doc)[i]["steps"]
        if j >= len(steps) or steps[j].get("do") != "buy_water" or "shape" in steps[j]:
            continue
        free = set(empty_pampas(mid))
        taken = [s for s in range(mid.board.size) if s not in free]
        if taken:
            options.append((i, j, cell(mid.board, _pick(rng, taken))))
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j, at = choice
    moves(doc)[i]["steps"][j]["cells"] = [at]
    return True
