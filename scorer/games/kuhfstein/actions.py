"""The turn driver and the play steps (section 5): ``apply_move`` / ``skip_move``, then one
``step_<do>`` handler per ``do`` value, dispatched by HANDLERS.

Every handler has one signature, ``step_<do>(draft, step, at)``: ``draft`` is the turn's
``Draft`` of the state (its working notes are described in events.py), ``step`` the step
object and ``at`` its index in the move. A handler is a list of guard clauses in the order of
section 5.1's table, each headed by the rule it checks; paths are relative to the move object
(``("steps", at, field)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.core.errors import RuleViolation
from scorer.core.gamebase import StepHandler
from scorer.core.persist import Draft
from scorer.core.words import plural
from scorer.games.kuhfstein import draws, events
from scorer.games.kuhfstein.events import Path, add_points, board_of
from scorer.games.kuhfstein.landscape import cell_of, claim_tree, is_stuck
from scorer.games.kuhfstein.state import ROTATIONS, Cell, State
from scorer.grid.regions import connected_groups, group_of
from scorer.grid.squaregrid import orthogonal

Step = Mapping[str, Any]
Move = Mapping[str, Any]


def apply_move(state: State, move: Move) -> State:
    """The game's ``apply``: a play turn, or a reveal after the end of play."""
    if state.phase == "over":
        return events.apply_reveal(state, move)
    draft = events.begin_turn(state, move)
    for j, step in enumerate(move["steps"]):
        apply_step(draft, step, j)
    return events.end_turn(draft, move)


def skip_move(state: State, move: Move) -> State:
    """Keep-going: pass over a rejected move so that the next player moves."""
    if state.phase == "over":
        return state._replace(move_index=state.move_index + 1)
    phase, extra = state.phase, state.extra_pending
    if state.seat == len(state.names) - 1:  # the round still ends (KUH-END-1)
        if phase == "finishing":
            phase, extra = ("extra_round" if extra else "over"), False
        elif phase == "extra_round":
            phase = "over"
    return state._replace(
        seat=(state.seat + 1) % len(state.names),
        phase=phase,
        extra_pending=extra,
        move_index=state.move_index + 1,
    )


def apply_step(draft: Draft[State], step: Step, j: int) -> None:
    """One step of a play turn, with the checks that precede its own (section 5.1)."""
    do = step["do"]
    # KUH-TURN-3: no reveal during play
    if do == "reveal_scoring_tile":
        raise RuleViolation(
            "KUH-TURN-3", "a scoring tile is revealed before the end of play", ("steps", j, "do")
        )
    notes = draft.turn
    if "bonus_space" not in step:  # the schema allows it on place_tile and take_card only
        regular = notes["regular"] = notes["regular"] + 1
        budget = 2 + notes["extra"]
        # KUH-TURN-2: a k-th regular step (k ≥ 3) needs k − 2 extra actions earlier
        if regular > budget:
            raise RuleViolation(
                "KUH-TURN-2",
                f"regular action {regular} exceeds this turn's budget of {budget}",
                ("steps", j),
                {"expected": budget, "found": regular},
            )
    timing = draft.base.opts.refill_timing
    # KUH-REFILL-5: no step-level refill under end_of_turn
    if timing == "end_of_turn" and "refill" in step:
        raise RuleViolation(
            "KUH-REFILL-5",
            "under refill_timing 'end_of_turn' the refill is recorded on the turn, not on a step",
            ("steps", j, "refill"),
        )
    triggered = notes["triggered"]
    before = len(triggered)
    HANDLERS[do](draft, step, j)
    claimed = step.get("bonuses")
    # KUH-BONUS-3: the bonuses cross-check (the schema makes ``bonuses`` a list)
    if claimed is not None and (claimed or len(triggered) != before):
        hits = triggered[before:]
        if claimed != hits:
            raise RuleViolation(
                "KUH-BONUS-3",
                f"bonuses {claimed} claimed, {hits} triggered",
                ("steps", j, "bonuses"),
                {"expected": hits, "found": claimed},
            )
    if timing == "after_action":
        events.refill(draft, step.get("refill"), ("steps", j))


def exchanges(step: Step) -> list[tuple[Mapping[str, Any], Path]]:
    """The exchanges of a ``swap`` field with their paths (single object or list form)."""
    swap = step.get("swap")
    if swap is None:
        return []
    if isinstance(swap, list):
        return [(ex, ("swap", e)) for e, ex in enumerate(swap)]
    return [(swap, ("swap",))]


def check_bonus_step(draft: Draft[State], step: Step, base: Path, kind: str) -> None:
    """KUH-BONUS-4: the space was triggered earlier this turn, matches, and is unused."""
    p = step["bonus_space"]
    spent = draft.turn["spent"]
    if draft.turn["avail"].get(p) != kind or p in spent:
        why = (
            "was already used this turn"
            if p in spent
            else f"was not triggered as an {kind} space earlier in this turn"
        )
        raise RuleViolation(
            "KUH-BONUS-4", f"bonus space {p} {why}", (*base, "bonus_space"), {"found": p}
        )
    spent.add(p)


def _check_swap_count(draft: Draft[State], step: Step, base: Path, rule: str) -> None:
    swap = step.get("swap")
    limit = draft.base.opts.max_swaps_per_action
    if isinstance(swap, list) and len(swap) > limit:
        raise RuleViolation(
            rule,
            f"{plural(len(swap), 'exchange')} in one action; at most {limit}",
            (*base, "swap", limit),
            {"expected": limit, "found": len(swap)},
        )


def step_place_tile(draft: Draft[State], step: Step, at: int) -> None:
    """Action A: optional exchanges, take a tile, place it, optionally claim a tree."""
    base: Path = ("steps", at)
    if "bonus_space" in step:
        check_bonus_step(draft, step, base, "extra_tile")
    if "swap" in step:
        # KUH-TILE-2: at most max_swaps_per_action exchanges
        _check_swap_count(draft, step, base, "KUH-TILE-2")
        for ex, sub in exchanges(step):
            draws.swap_tiles(draft, ex, (*base, *sub))
    take = step["take"]
    display: list[str] = draft.turn["display"]
    # KUH-TILE-4: the taken kind is in the display
    if take not in display:
        raise RuleViolation(
            "KUH-TILE-4",
            f"no {take} tile in the display ({', '.join(display) or 'empty'})",
            (*base, "take"),
            {"found": take, "expected": sorted(set(display))},
        )
    raw = step["at"]
    cell = (raw[0], raw[1])
    board = draft.turn["board"]
    tiles = board["tiles"]
    there = tiles.get(cell)
    # KUH-TILE-5: the target cell is empty
    if there is not None:
        raise RuleViolation(
            "KUH-TILE-5",
            f"cell {list(cell)} already holds a tile",
            (*base, "at"),
            {"found": there},
        )
    # KUH-TILE-6: next to the landscape (the first tile goes anywhere)
    if not tiles.touches(cell) and tiles:  # touches first: it is true but for the first
        raise RuleViolation(
            "KUH-TILE-6",
            f"cell {list(cell)} does not touch the landscape orthogonally",
            (*base, "at"),
        )
    display.remove(take)
    board["tiles"] = tiles.set(cell, take)
    tree = step.get("tree")
    # KUH-TREE-1: a tree only through the placement of one of its tiles (schema: place_tile)
    if tree is not None:
        claim_tree(draft, cell, cell_of(tree), (*base, "tree"))
        add_points(draft, 5, base)


def step_take_card(draft: Draft[State], step: Step, at: int) -> None:
    """Action B: optional exchanges, then take a displayed card into the hand."""
    base: Path = ("steps", at)
    if "bonus_space" in step:
        check_bonus_step(draft, step, base, "extra_card")
    if "swap" in step:  # the exchange checks only when there is one, as for place_tile
        # KUH-TAKE-4: at most max_swaps_per_action exchanges
        _check_swap_count(draft, step, base, "KUH-TAKE-4")
        for ex, sub in exchanges(step):
            draws.swap_cards(draft, ex, (*base, *sub))
    cid = step["card"]
    display: list[str] = draft.turn["cards"]
    # KUH-TAKE-3: the card is displayed
    if cid not in display:
        raise RuleViolation(
            "KUH-TAKE-3",
            f"card {cid} is not in the display ({', '.join(display) or 'empty'})",
            (*base, "card"),
            {"found": cid, "expected": list(display)},
        )
    display.remove(cid)
    board = board_of(draft)
    # one element: a new PVector through the draft (C, 0.1 µs) costs less than an evolver
    board["hand"] = board["hand"].append(cid)


def step_play_card(draft: Draft[State], step: Step, at: int) -> None:
    """Action C: match the pattern, put cows on its face cells, score the card."""
    base: Path = ("steps", at)
    board = board_of(draft)
    cid = step["card"]
    hand = board["hand"]
    # KUH-PLAY-1: the card is in the hand
    if cid not in hand:
        raise RuleViolation(
            "KUH-PLAY-1",
            f"card {cid} is not in the hand ({', '.join(hand) or 'empty'})",
            (*base, "card"),
            {"found": cid, "expected": list(hand)},
        )
    rotation = step["rotation"]
    # KUH-PLAY-2: one of the four rotations
    if rotation not in ROTATIONS:
        raise RuleViolation(
            "KUH-PLAY-2",
            f"rotation {rotation} is not 0, 90, 180 or 270",
            (*base, "rotation"),
            {"found": rotation},
        )
    points, pattern = draft.base.comp.cards.pattern(cid, rotation)
    offset = step["offset"]
    ox, oy = offset[0], offset[1]
    cells = [(ox + x, oy + y) for x, y, _ in pattern]
    get = board["tiles"].get
    kinds = [get(cell) for cell in cells]
    # KUH-PLAY-3: every covered cell holds a tile
    if None in kinds:
        cell = cells[kinds.index(None)]
        raise RuleViolation(
            "KUH-PLAY-3",
            f"the pattern needs a tile at {list(cell)}",
            (*base, "offset"),
            {"found": list(cell)},
        )
    faces: list[Cell] = []  # the face cells in pattern order (one pass with KUH-PLAY-4)
    for cell, (_, _, face), kind in zip(cells, pattern, kinds, strict=True):
        if face != "back":
            # KUH-PLAY-4: every face cell on a tile of its kind
            if face != kind:
                raise RuleViolation(
                    "KUH-PLAY-4",
                    f"cell {list(cell)} is {kind}, the card shows {face}",
                    (*base, "offset"),
                    {"cell": list(cell), "expected": face, "found": kind},
                )
            faces.append(cell)
    cows = board["cows"]
    # KUH-PLAY-5: no face cell on a tile with a cow
    if not cows.isdisjoint(faces):
        cell = next(c for c in faces if c in cows)
        raise RuleViolation(
            "KUH-PLAY-5",
            f"a cow already stands on {list(cell)}",
            (*base, "offset"),
            {"cell": list(cell)},
        )
    supply = board["supply"]
    # KUH-PLAY-6: a cow in the supply for every face cell
    if supply < len(faces):
        raise RuleViolation(
            "KUH-PLAY-6",
            f"the card needs {plural(len(faces), 'cow')}, the supply holds {supply}",
            (*base, "card"),
            {"expected": len(faces), "found": supply},
        )
    claimed = step.get("cows")
    targets = set(faces)
    # KUH-PLAY-7: the cows cross-check
    if claimed is not None and (
        len(claimed) != len(targets) or {(c[0], c[1]) for c in claimed} != targets
    ):
        raise RuleViolation(
            "KUH-PLAY-7",
            "the cows listed differ from the face cells covered",
            (*base, "cows"),
            {"expected": sorted(list(c) for c in targets), "found": claimed},
        )
    board["cows"] = cows | targets
    board["supply"] = supply - len(targets)
    board["hand"] = hand.remove(cid)
    board["played"] = board["played"].append(cid)
    board["played_at"] = board["played_at"].append(tuple(cells))
    board["card_points"] += points
    add_points(draft, points, base)


def step_return_herd(draft: Draft[State], step: Step, at: int) -> None:
    """Action D: one herd (orthogonally connected cows) goes back to the supply."""
    base: Path = ("steps", at)
    start = cell_of(step["at"]) if "at" in step else None
    board = board_of(draft)
    cows = board["cows"]
    # KUH-HERD-1: at and every listed cell hold a cow
    if start is not None and start not in cows:
        raise RuleViolation("KUH-HERD-1", f"no cow stands on {list(start)}", (*base, "at"))
    listed = [cell_of(c) for c in step.get("cells", ())]
    for k, cell in enumerate(listed):
        if cell not in cows:
            raise RuleViolation("KUH-HERD-1", f"no cow stands on {list(cell)}", (*base, "cells", k))
    if "cells" in step:
        herd = group_of(listed[0], cows, orthogonal) if listed else frozenset()
        chosen = set(listed)
        whole = bool(chosen) and chosen == herd
        part = (
            draft.base.opts.partial_herd
            and bool(chosen)
            and chosen <= herd
            and len(connected_groups(sorted(chosen), orthogonal)) == 1
        )
        # KUH-HERD-2: exactly one whole herd (or a connected part), containing at
        if (
            not (whole or part)
            or len(listed) != len(chosen)
            or (start is not None and start not in chosen)
        ):
            raise RuleViolation(
                "KUH-HERD-2",
                "cells is not exactly one whole herd"
                + (" containing at" if start is not None else ""),
                (*base, "cells"),
                {"expected": sorted(list(c) for c in herd), "found": listed},
            )
    else:
        assert start is not None  # the schema requires at or cells
        chosen = set(group_of(start, cows, orthogonal))
    board["cows"] = cows - chosen
    board["supply"] += len(chosen)


def step_pass(draft: Draft[State], step: Step, at: int) -> None:
    """A pass fills a regular slot and changes nothing (KUH-TURN-4)."""
    mode = draft.base.opts.allow_pass
    regular = draft.turn["regular"]
    if regular > 2 or mode == "never" or (mode == "if_stuck" and not is_stuck(draft)):
        why = (
            "only the first two actions of a turn may be passes"
            if regular > 2
            else "passing is not allowed (allow_pass: never)"
            if mode == "never"
            else "a pass is allowed only when no action is possible"
        )
        raise RuleViolation("KUH-TURN-4", why, ("steps", at), {"allow_pass": mode})


HANDLERS: Mapping[str, StepHandler] = {
    "place_tile": step_place_tile,
    "take_card": step_take_card,
    "play_card": step_play_card,
    "return_herd": step_return_herd,
    "pass": step_pass,
}
