"""Mutations of the once-per-turn purchases (§5, §6.2, §6.5): a second hacienda or water tile
in one turn, a hacienda bought when none is left or without the pesos, on too small a group,
and a water tile bought without the pesos. Each finds, by replaying the record, the points of
the game where the edit breaks its rule, and picks one with the seeded rng.
"""

from __future__ import annotations

import copy
import random

from scorer.grid.regions import label_group
from tests.hacienda.mutants.where import (
    Doc,
    Step,
    _pick,
    can_put,
    cell,
    empty_pampas,
    legal_before,
    moves,
    own_tiles,
    put_picked,
    put_step,
    slots,
    turns,
)


def _twice(doc: Doc, rng: random.Random, do: str) -> bool:
    """A turn's ``do`` step repeated later in the same turn (inserted right after it while the
    turn has room, else in place of a later step); the steps before the repeat stay legal."""
    options: list[tuple[int, list[dict[str, object]], int]] = []
    for i, state in turns(doc):
        steps = moves(doc)[i]["steps"]
        for j, step in enumerate(steps):
            if step.get("do") != do:
                continue
            changed = [copy.deepcopy(s) for s in steps]
            if len(steps) < 3:
                changed.insert(j + 1, copy.deepcopy(step))
                options.append((i, changed, j + 1))
                continue
            for k in range(len(steps)):
                if k == j:
                    continue
                changed = [copy.deepcopy(s) for s in steps]
                changed[k] = copy.deepcopy(step)
                second = max(j, k)
                if legal_before(state, changed, second):
                    options.append((i, changed, second))
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, changed, _ = choice
    moves(doc)[i]["steps"] = changed
    return True


def second_hacienda(doc: Doc, rng: random.Random) -> bool:
    """HAC-TURN-5: a turn's ``buy_hacienda`` step repeated in the same turn."""
    return _twice(doc, rng, "buy_hacienda")


def second_water(doc: Doc, rng: random.Random) -> bool:
    """HAC-TURN-6: a turn's ``buy_water`` step repeated in the same turn."""
    return _twice(doc, rng, "buy_water")


def hacienda_not_to_be_had(doc: Doc, rng: random.Random) -> bool:
    """HAC-HAC-1 / HAC-HAC-2: a ``buy_hacienda`` step on an own tile, put in a turn (one with
    no hacienda bought yet) where the supply has no neutral hacienda left (HAC-HAC-1) or the
    player has fewer pesos than a hacienda costs (HAC-HAC-2); the rule to aim at is picked
    first, among those the record offers a point for. Or (HAC-HAC-1) ``setup.neutral_haciendas``
    set to the number of haciendas bought before one the record buys."""
    by_rule: dict[str, list[tuple[int, int, list[int]]]] = {"HAC-HAC-1": [], "HAC-HAC-2": []}
    for i, j, mid, used in slots(doc):
        if "buy_hacienda" in used or not can_put(doc, i, j):
            continue
        tiles = own_tiles(mid)
        if not tiles:
            continue
        at = cell(mid.board, _pick(rng, tiles))
        if mid.haciendas_left <= 0:
            by_rule["HAC-HAC-1"].append((i, j, at))
        elif mid.money[mid.seat] < mid.opts.hacienda_cost:
            by_rule["HAC-HAC-2"].append((i, j, at))
    bought = [
        (i, j)
        for i, move in enumerate(moves(doc))
        for j, step in enumerate(move["steps"])
        if step.get("do") == "buy_hacienda"
    ]
    rule = _pick(rng, sorted(r for r, found in by_rule.items() if found))
    if bought and (rule is None or rng.random() < 0.3):
        # HAC-HAC-1 through the setup: the supply as large as the haciendas bought before one
        doc["setup"]["neutral_haciendas"] = rng.randrange(len(bought))
        return True
    if rule is None:
        return False
    i, j, at = _pick(rng, by_rule[rule])
    put_step(doc, i, j, {"do": "buy_hacienda", "at": at})
    return True


def hacienda_on_small_group(doc: Doc, rng: random.Random) -> bool:
    """HAC-HAC-5: a hacienda on an own group smaller than ``hacienda_min_group``. With the
    option above 1: a ``buy_hacienda`` step, affordable and with a hacienda in the supply, put
    on an own tile whose group is too small and has none. With the default 1 (no group is too
    small): the variant's ``hacienda_min_group`` raised above the group of a hacienda the
    record buys."""
    options: list[tuple[int, int, list[int]]] = []
    raises: list[int] = []
    for i, j, mid, used in slots(doc):
        steps = moves(doc)[i]["steps"]
        nbrs, cells = mid.board.neighbours, mid.cells
        if j < len(steps) and steps[j].get("do") == "buy_hacienda":
            at = steps[j].get("at")
            space = mid.board.space_at(*at) if isinstance(at, list) and len(at) == 2 else None
            if space is not None and cells[space] != 0:
                raises.append(len(label_group(space, cells, nbrs)) + 1)
        least = mid.opts.hacienda_min_group
        if (
            least <= 1
            or "buy_hacienda" in used
            or not can_put(doc, i, j)
            or mid.haciendas_left <= 0
            or mid.money[mid.seat] < mid.opts.hacienda_cost
        ):
            continue
        for space in own_tiles(mid):
            group = label_group(space, cells, nbrs)
            if len(group) < least and mid.haciendas.isdisjoint(group):
                options.append((i, j, cell(mid.board, space)))
    if options and (not raises or rng.random() < 0.5):
        i, j, at = _pick(rng, options)
        put_step(doc, i, j, {"do": "buy_hacienda", "at": at})
        return True
    if not raises:
        return False
    variant = doc.setdefault("variant", {})
    if not isinstance(variant, dict):
        return False
    variant["hacienda_min_group"] = _pick(rng, raises)
    return True


def hacienda_on_owned_group(doc: Doc, rng: random.Random) -> bool:
    """HAC-HAC-4: a ``buy_hacienda`` step, affordable and with a hacienda in the supply, on an
    own tile of a chain or herd that already carries a hacienda, put in a turn with no
    hacienda bought yet."""
    options: list[tuple[int, int, Step]] = []
    for i, j, mid, used in slots(doc):
        if "buy_hacienda" in used or not can_put(doc, i, j) or not mid.haciendas:
            continue
        if mid.haciendas_left <= 0 or mid.money[mid.seat] < mid.opts.hacienda_cost:
            continue
        cells, nbrs = mid.cells, mid.board.neighbours
        spaces = [
            s for s in own_tiles(mid) if not mid.haciendas.isdisjoint(label_group(s, cells, nbrs))
        ]
        if spaces:
            at = cell(mid.board, _pick(rng, spaces))
            options.append((i, j, {"do": "buy_hacienda", "at": at}))
    return put_picked(doc, rng, options)


def water_unpaid(doc: Doc, rng: random.Random) -> bool:
    """HAC-WATER-1: a ``buy_water`` step (one empty pampas space) put in a turn with no water
    bought yet, where the player has fewer pesos than a water tile costs."""
    options: list[tuple[int, int, Step]] = []
    for i, j, mid, used in slots(doc):
        if "buy_water" in used or not can_put(doc, i, j):
            continue
        if mid.money[mid.seat] >= mid.opts.water_cost:
            continue
        free = empty_pampas(mid)
        if free:
            at = cell(mid.board, _pick(rng, free))
            options.append((i, j, {"do": "buy_water", "cells": [at]}))
    return put_picked(doc, rng, options)
