"""Citrus's mutators of the kind of a turn (CIT-PASS-1, CIT-TURN-3, CIT-PASS-2): a build or
harvest turn made a pass though the player could act, an action tile used in a pass turn, and
an ``unblock`` step where no round of passes was made (or none where one was).
"""

from __future__ import annotations

import random

from scorer.games.citrus.generator import line_plan
from scorer.games.citrus.state import live
from tests.citrus.mutants.where import (
    Record,
    _finca_fields,
    _first_after_unblock,
    _here,
    _main,
    _moves,
    _pick,
    _starts,
)


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
