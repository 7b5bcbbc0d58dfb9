"""Citrus's mutators of the milestone and bull action tiles and of holding one (CIT-MILE-1,
CIT-BULL-1, CIT-ACT-1): a milestone used when no finca is left, a bull put on a taken cell,
and an action tile used by a player who holds none of that type.
"""

from __future__ import annotations

import random
from typing import Any

from scorer.games.citrus.generator import finca_left
from tests.citrus.mutants.where import (
    Here,
    Record,
    _cells,
    _finca_fields,
    _held,
    _here,
    _moves,
    _pick,
    _starts,
)

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
