"""Mutations of harvests (§6.6): a second harvest in a turn, a harvest of a chain that carries a
chip, of a chain shorter than ``harvest_min_chain``, and a chip named as taken while the supply
still has one. Each replays the record to find the points where the edit breaks its rule.
"""

from __future__ import annotations

import random

from scorer.games.hacienda.state import LAND
from scorer.grid.regions import label_group
from tests.hacienda.mutants.steps import _twice
from tests.hacienda.mutants.where import (
    Doc,
    Step,
    _pick,
    can_put,
    cell,
    moves,
    put_picked,
    put_step,
    slots,
)


def second_harvest(doc: Doc, rng: random.Random) -> bool:
    """HAC-TURN-7: a turn's ``harvest`` step repeated in the same turn."""
    return _twice(doc, rng, "harvest")


def harvest_chipped_chain(doc: Doc, rng: random.Random) -> bool:
    """HAC-HARV-2: a ``harvest`` step on an own land tile whose chain already carries a chip,
    put in a turn with no harvest yet."""
    options: list[tuple[int, int, Step]] = []
    for i, j, mid, used in slots(doc):
        if "harvest" in used or not can_put(doc, i, j) or not mid.chips:
            continue
        cells, nbrs, own = mid.cells, mid.board.neighbours, LAND + mid.seat
        spaces = [
            s
            for s, c in enumerate(cells)
            if c == own and not mid.chips.isdisjoint(label_group(s, cells, nbrs))
        ]
        if spaces:
            options.append((i, j, {"do": "harvest", "at": cell(mid.board, _pick(rng, spaces))}))
    return put_picked(doc, rng, options)


def harvest_short_chain(doc: Doc, rng: random.Random) -> bool:
    """HAC-HARV-3: a chain harvested below ``harvest_min_chain``. With the option above 1: a
    ``harvest`` step on an own chain without a chip that is too short, put in a turn with no
    harvest yet (chips in the supply). With the default 1: the variant's ``harvest_min_chain``
    raised above the chain of a harvest the record makes."""
    options: list[tuple[int, int, list[int]]] = []
    raises: list[int] = []
    for i, j, mid, used in slots(doc):
        steps = moves(doc)[i]["steps"]
        cells, nbrs, own = mid.cells, mid.board.neighbours, LAND + mid.seat
        if j < len(steps) and steps[j].get("do") == "harvest":
            at = steps[j].get("at")
            space = mid.board.space_at(*at) if isinstance(at, list) and len(at) == 2 else None
            if space is not None and cells[space] == own:
                raises.append(len(label_group(space, cells, nbrs)) + 1)
        least = mid.opts.harvest_min_chain
        if least <= 1 or "harvest" in used or not can_put(doc, i, j) or mid.chips_left <= 0:
            continue
        for s, c in enumerate(cells):
            if c == own:
                chain = label_group(s, cells, nbrs)
                if len(chain) < least and mid.chips.isdisjoint(chain):
                    options.append((i, j, cell(mid.board, s)))
    if options and (not raises or rng.random() < 0.5):
        i, j, at = _pick(rng, options)
        put_step(doc, i, j, {"do": "harvest", "at": at})
        return True
    variant = doc.get("variant")
    if not raises or not isinstance(variant, dict):
        return False
    variant["harvest_min_chain"] = _pick(rng, raises)
    return True


def harvest_takes_while_supply(doc: Doc, rng: random.Random) -> bool:
    """HAC-HARV-4: a recorded ``harvest`` made while the chip supply is not empty names a
    chip taken (``take_from``: a space with a chip, or any land tile)."""
    options: list[tuple[int, int, list[int]]] = []
    for i, j, mid, _ in slots(doc):
        steps = moves(doc)[i]["steps"]
        if j >= len(steps) or steps[j].get("do") != "harvest" or "take_from" in steps[j]:
            continue
        if mid.chips_left <= 0:
            continue
        spaces = sorted(mid.chips) or [s for s, c in enumerate(mid.cells) if LAND <= c < LAND + 5]
        if spaces:
            options.append((i, j, cell(mid.board, _pick(rng, spaces))))
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j, at = choice
    moves(doc)[i]["steps"][j]["take_from"] = at
    return True
