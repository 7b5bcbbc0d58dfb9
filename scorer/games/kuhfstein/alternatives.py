"""What the generator says about a recorded move (issue 13): the first step it would not have
offered (``unoffered_step``), what was legal instead of a rejected step
(``legal_alternatives``), and a legal step in words (``describe_step``).

Everything here asks the generator's model of the turn (generator.Plan), never the checks.
A recorded step is compared with the generator's steps by what it does:

- the optional cross-checks ``cows`` and ``bonuses`` are not part of a step (spec 16.2), and
  the draws of an exchange or a refill are chance (16.3): an exchange is offered when the
  generator would allow deciding it, then the recorded draw is taken and the rest of the step
  is compared with what the generator offers from the new display;
- the first tile of a landscape is compared up to translation (the generator puts it at
  ``[0, 0]``, the checker accepts any cell: 16.2);
- a ``return_herd`` by the cows it takes back (``at``, ``cells`` or both name one herd).

Alternatives answer what a player asks after a rejected step: a rejected card play gets the
rotations and offsets at which that card fits (or a note that it fits nowhere, or that the
supply is short of cows); a rejected placement the legal cells of that tile, nearest first; a
rejected tree the tree squares of that placement; a rejected take the displayed cards; a
rejected herd the herds. A draw, a refill or a cross-check gets None: chance or arithmetic
decided it, and the finding's ``expected`` already says what it should have been.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from scorer.core.legal import LOOKED_AT, SHOWN
from scorer.core.values import Legal, Move, steps_of
from scorer.core.words import plural
from scorer.games.kuhfstein.generator import Plan, Step, plan_after, swap_draws
from scorer.games.kuhfstein.state import State

#: Rules about draws, refills, exchange counts and cross-checks: no alternative applies.
NOT_ASKED = frozenset(
    {
        "KUH-TILE-2",
        "KUH-TILE-3",
        "KUH-TAKE-2",
        "KUH-TAKE-4",
        "KUH-BONUS-3",
        "KUH-FINAL-5",
        *(f"KUH-REFILL-{n}" for n in range(1, 7)),
    }
)
USED_UP = (
    "the turn's regular actions are used up (2, plus one per extra action won earlier in "
    "the turn): the turn ends here"
)
#: Rules checked after a step's exchanges: the alternatives see the display they drew.
AFTER_SWAP = frozenset(
    {"KUH-TILE-4", "KUH-TILE-5", "KUH-TILE-6", "KUH-TAKE-3"}
    | {f"KUH-TREE-{n}" for n in range(2, 7)}
)


def _cell(value: Any) -> tuple[int, int]:
    return (value[0], value[1])


def _identity(plan: Plan, step: Mapping[str, Any]) -> Hashable:
    """What a step does, for comparing a recorded step with the generator's."""
    do = step.get("do")
    bonus = step.get("bonus_space")
    if do == "place_tile":
        at = (0, 0) if not plan.tiles else _cell(step["at"])  # first tile: up to translation
        tree = step.get("tree")
        return (do, step["take"], at, None if tree is None else _cell(tree), bonus)
    if do == "take_card":
        return (do, step["card"], bonus)
    if do == "play_card":
        return (do, step["card"], step["rotation"], _cell(step["offset"]))
    if do == "return_herd":
        if "at" in step and "cells" in step and step["at"] not in step["cells"]:
            return None
        return (do, frozenset(plan.herd_of(dict(step))))
    return (do,)


def _swapped(plan: Plan, step: Mapping[str, Any]) -> bool:
    """Decide the step's exchanges as the generator would, drawing what the record drew;
    False if the generator would not allow one of them."""
    draws = swap_draws(dict(step))
    if not draws:
        return True
    if len(draws) > plan.opts.max_swaps_per_action:
        return False
    for drawn in draws:
        if step["do"] == "place_tile" and plan.tile_swap_ok():
            plan.exchange_tiles(drawn)
        elif step["do"] == "take_card" and plan.card_swap_ok():
            plan.exchange_cards(drawn)
        else:
            return False
    return True


def unoffered_step(state: State, move: Move) -> int | None:
    """The index of the first step of ``move`` the generator would not have offered after
    the steps before it (compared as the module docstring says), or None."""
    steps = steps_of(move)
    if state.phase == "over":
        offered = {(s["player"], s["tile"]) for s in plan_reveals(state)}
        for i, step in enumerate(steps):
            if i or not isinstance(step, Mapping):
                return i
            if (move.get("player"), step.get("tile")) not in offered:
                return i
        return None
    plan = Plan(state)
    for i, step in enumerate(steps):
        if not isinstance(step, Mapping) or not _swapped(plan, step):
            return i
        mine = _identity(plan, step)
        if mine is None or all(_identity(plan, s) != mine for s in plan.steps()):
            return i
        plan.advance(dict(step), swapped=True)
    return None


def plan_reveals(state: State) -> list[Step]:
    """The reveals the generator offers after the end of play (each with its player)."""
    from scorer.games.kuhfstein.generator import legal_steps

    return list(legal_steps(state))


# -- legal alternatives ---------------------------------------------------------------------


def _near(at: Any) -> Any:
    """Sort key: placements nearest to the cell ``at`` first (then the generator's order)."""
    ax, ay = _cell(at)

    def key(step: Step) -> int:
        x, y = _cell(step["at"])
        return abs(x - ax) + abs(y - ay)

    return key


def _with_cows(plan: Plan) -> list[Step]:
    """The generator's card plays, each with the cells its cows go on (a record's ``cows``)."""
    out = []
    for step, cows in plan.plays():
        out.append({**step, "cows": sorted(list(c) for c in cows)})
    return out


def _herds(plan: Plan) -> list[Step]:
    """Every herd to return, as ``at`` (its first cow) and ``cells`` (the whole herd)."""
    out = [
        {"do": "return_herd", "at": list(h[0]), "cells": [list(c) for c in h]} for h in plan.herds()
    ]
    if plan.opts.partial_herd:
        out += [s for s in plan.steps() if s["do"] == "return_herd" and "cells" in s]
    return out


def _legal(steps: Sequence[Step], note: str = "", none: str = "") -> Legal:
    total = min(len(steps), LOOKED_AT)
    if not steps:
        return Legal((), (), 0, none or note)
    shown = tuple(steps[:SHOWN])
    return Legal(shown, tuple(describe_step(s) for s in shown), total, note)


def legal_alternatives(state: State, move: Move, at: int, rule: str) -> Legal | None:
    """What was legal instead of step ``at`` of ``move``, rejected with ``rule`` in
    ``state`` (the state before the move), or None where the question does not apply."""
    steps = steps_of(move)
    if rule in NOT_ASKED or not 0 <= at < len(steps) or not isinstance(steps[at], Mapping):
        return None
    step: Mapping[str, Any] = steps[at]
    if state.phase == "over":
        return _reveals(state, move, rule)
    plan = plan_after(state, steps[:at])
    do = step.get("do")
    if rule in AFTER_SWAP and not _swapped(plan, step):
        return None
    offered = plan.steps()
    bonus = step.get("bonus_space")
    same_slot = [s for s in offered if s.get("bonus_space") == bonus]
    if rule == "KUH-TURN-2":
        return _legal(
            offered,
            "bonus steps only: the turn's regular actions are used up",
            USED_UP,
        )
    if rule in ("KUH-TURN-3", "KUH-TURN-4"):
        note = (
            "play has not ended: scoring tiles are revealed after it"
            if rule == "KUH-TURN-3"
            else "a pass is allowed only when no action is possible"
        )
        none = "nothing is possible: the turn ends" if plan.regular_open() else USED_UP
        return _legal(_regular_first(plan, offered), note, none)
    if rule == "KUH-BONUS-4":
        bonus_steps = [s for s in offered if "bonus_space" in s]
        return _legal(bonus_steps, none="no bonus step is open in this turn")
    if do == "place_tile":
        return _placements(plan, step, rule, same_slot)
    if do == "take_card":
        takes = [s for s in same_slot if s["do"] == "take_card"]
        note = "without an exchange: none is allowed here" if rule == "KUH-TAKE-1" else ""
        return _legal(takes, note, "the card display is empty")
    if do == "play_card":
        return _plays(plan, step, rule)
    if do == "return_herd":
        return _legal(_herds(plan), none="no cow of the player stands in the landscape")
    same = [s for s in offered if s["do"] == do]
    return _legal(same)


def _regular_first(plan: Plan, offered: list[Step]) -> list[Step]:
    """Card plays first (with their cows), then the rest of what the generator offers."""
    plays = _with_cows(plan) if plan.regular_open() else []
    return plays + [s for s in offered if s["do"] != "play_card"]


def _placements(plan: Plan, step: Mapping[str, Any], rule: str, offered: list[Step]) -> Legal:
    places = [s for s in offered if s["do"] == "place_tile"]
    kinds = ", ".join(sorted(set(plan.display))) or "none"
    if not places:
        return _legal((), none=f"no tile can be placed (display: {kinds})")
    take, at = step.get("take"), step.get("at")
    if rule.startswith("KUH-TREE-"):
        here = [s for s in places if s["take"] == take and s["at"] == list(_cell(at))]
        trees = [s for s in here if "tree" in s]
        if here:
            note = "" if trees else "no tree square qualifies for this placement"
            return _legal(trees + [s for s in here if "tree" not in s], note)
    if rule == "KUH-TILE-4":
        return _legal(sorted(places, key=_near(at)), f"the display holds {kinds}")
    if rule == "KUH-TILE-1":
        return _legal(
            sorted(places, key=_near(at)),
            "without an exchange: the display holds no 4 tiles of one kind",
        )
    mine = [s for s in places if s["take"] == take] or places
    if not plan.tiles:
        return _legal(mine, "the first tile may go on any cell")
    return _legal(sorted(mine, key=_near(at)), f"cells next to the landscape for {take}")


def _plays(plan: Plan, step: Mapping[str, Any], rule: str) -> Legal:
    cid = step.get("card")
    plays = _with_cows(plan)
    if rule == "KUH-PLAY-1" or cid not in plan.hand:
        hand = ", ".join(plan.hand) or "empty"
        return _legal(
            plays, f"card {cid} is not in the hand ({hand})", f"no card of the hand ({hand}) fits"
        )
    mine = [s for s in plays if s["card"] == cid]
    if rule == "KUH-PLAY-7":
        exact = [
            s
            for s in mine
            if s["rotation"] == step.get("rotation") and s["offset"] == step.get("offset")
        ]
        mine = exact + [s for s in mine if s not in exact]
    if mine:
        return _legal(mine, f"rotations and offsets at which {cid} fits")
    card = plan.cards[cid]
    if card.n_faces > plan.supply:
        return _legal(
            (),
            none=f"{cid} needs {card.n_faces} cows and the supply holds {plan.supply}: "
            "return a herd first",
        )
    return _legal((), none=f"{cid} fits nowhere in the landscape, in any rotation")


def _reveals(state: State, move: Move, rule: str) -> Legal | None:
    player = move.get("player")
    mine = [
        {k: v for k, v in s.items() if k != "player"}
        for s in plan_reveals(state)
        if s["player"] == player
    ]
    return _legal(mine, f"the scoring tiles dealt to {player}", "nothing to reveal")


# -- words ---------------------------------------------------------------------------------


def describe_step(step: Mapping[str, Any]) -> str:
    """A legal step in a few words: ``hay at [1, 0]``, ``C7 rotated 90 at [2, 0]``, ..."""
    do = step.get("do")
    bonus = step.get("bonus_space")
    tail = f" (bonus space {bonus})" if bonus is not None else ""
    if do == "place_tile":
        tree = step.get("tree")
        grow = f" with a tree on [{tree[0]}, {tree[1]}]" if tree is not None else ""
        return f"{step['take']} at {_show(step['at'])}{grow}{tail}"
    if do == "take_card":
        return f"take {step['card']}{tail}"
    if do == "play_card":
        return f"{step['card']} rotated {step['rotation']} at offset {_show(step['offset'])}"
    if do == "return_herd":
        cells = step.get("cells")
        size = f" ({plural(len(cells), 'cow')})" if isinstance(cells, list) else ""
        where = step["at"] if "at" in step else (cells or [[0, 0]])[0]
        return f"return the herd at {_show(where)}{size}"
    if do == "reveal_scoring_tile":
        met = step.get("met")
        return f"reveal {step['tile']}" + ("" if met is None else " (met)" if met else " (not met)")
    return str(do)


def _show(cell: Any) -> str:
    return f"[{cell[0]}, {cell[1]}]"
