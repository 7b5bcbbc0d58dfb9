"""The turn driver and the play steps (section 5): ``apply_move`` / ``skip_move``, then one
``step_<do>`` handler per ``do`` value, dispatched by HANDLERS.

Every handler has one signature, ``step_<do>(draft, step, at)``: ``draft`` is the turn's
``TurnDraft`` (state.py: the state's fields, the moving player's board and the turn's notes),
``step`` the step (its TypedDict in steps.py) and ``at`` its index in the move. A handler is a
list of guard clauses in the order of section 5.1's table, each headed by the rule it checks;
paths are relative to the move object (``("steps", at, field)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from scorer.core.draft import StepHandler
from scorer.core.errors import RuleViolation
from scorer.core.values import Move
from scorer.core.words import plural
from scorer.games.kuhfstein import draws, events
from scorer.games.kuhfstein.events import Path, add_points
from scorer.games.kuhfstein.landscape import cell_of, claim_tree, is_stuck
from scorer.games.kuhfstein.state import ROTATIONS, BoardDraft, Cell, State, TurnDraft
from scorer.games.kuhfstein.steps import (
    PassStep,
    PlaceTileStep,
    PlayCardStep,
    ReturnHerdStep,
    Step,
    TakeCardStep,
    TurnMove,
)
from scorer.grid.regions import connected_groups, group_of
from scorer.grid.squaregrid import orthogonal


def apply_move(state: State, move: Move) -> State:
    """The game's ``apply``: a play turn, or a reveal after the end of play. ``move`` is
    schema-valid: a ``TurnMove``."""
    turn = cast(TurnMove, move)
    if state.phase == "over":
        return events.apply_reveal(state, turn)
    draft = events.begin_turn(state, turn)
    for j, step in enumerate(turn["steps"]):
        apply_step(draft, step, j)
    return events.end_turn(draft, turn)


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


def apply_step(draft: TurnDraft, step: Step, j: int) -> None:
    """One step of a play turn, with the checks that precede its own (section 5.1)."""
    # KUH-TURN-3: no reveal during play
    if step["do"] == "reveal_scoring_tile":
        raise RuleViolation(
            "KUH-TURN-3", "a scoring tile is revealed before the end of play", ("steps", j, "do")
        )
    if "bonus_space" not in step:  # the schema allows it on place_tile and take_card only
        regular = draft.regular = draft.regular + 1
        budget = 2 + draft.extra
        # KUH-TURN-2: a k-th regular step (k ≥ 3) needs k − 2 extra actions earlier
        if regular > budget:
            raise RuleViolation(
                "KUH-TURN-2",
                f"regular action {regular} exceeds this turn's budget of {budget}",
                ("steps", j),
                {"expected": budget, "found": regular},
            )
    timing = draft.opts.refill_timing
    # KUH-REFILL-5: no step-level refill under end_of_turn
    if timing == "end_of_turn" and "refill" in step:
        raise RuleViolation(
            "KUH-REFILL-5",
            "under refill_timing 'end_of_turn' the refill is recorded on the turn, not on a step",
            ("steps", j, "refill"),
        )
    before = len(draft.triggered)
    HANDLERS[step["do"]](draft, step, j)
    claimed = step.get("bonuses")
    # KUH-BONUS-3: the bonuses cross-check (the schema makes ``bonuses`` a list)
    if claimed is not None and (claimed or len(draft.triggered) != before):
        hits = list(draft.triggered[before:])
        if claimed != hits:
            raise RuleViolation(
                "KUH-BONUS-3",
                f"bonuses {claimed} claimed, {hits} triggered",
                ("steps", j, "bonuses"),
                {"expected": hits, "found": claimed},
            )
    if timing == "after_action":
        events.refill(draft, step.get("refill"), ("steps", j))


def check_bonus_step(draft: TurnDraft, p: int, base: Path, kind: str) -> None:
    """KUH-BONUS-4: the space ``p`` was triggered earlier this turn, matches, and is unused."""
    spent = draft.spent
    if draft.avail.get(p) != kind or p in spent:
        why = (
            "was already used this turn"
            if p in spent
            else f"was not triggered as an {kind} space earlier in this turn"
        )
        raise RuleViolation(
            "KUH-BONUS-4", f"bonus space {p} {why}", (*base, "bonus_space"), {"found": p}
        )
    draft.spent = spent | {p}


def step_place_tile(draft: TurnDraft, step: PlaceTileStep, at: int) -> None:
    """Action A: optional exchanges, take a tile, place it, optionally claim a tree."""
    base: Path = ("steps", at)
    if "bonus_space" in step:
        check_bonus_step(draft, step["bonus_space"], base, "extra_tile")
    if "swap" in step:
        # KUH-TILE-2: at most max_swaps_per_action exchanges
        draws.check_swap_count(draft, step, base, "KUH-TILE-2")
        for ex, sub in draws.exchanges(step):
            draws.swap_tiles(draft, ex, (*base, *sub))
    take = step["take"]
    display = draft.tile_display
    # KUH-TILE-4: the taken kind is in the display
    if take not in display:
        raise RuleViolation(
            "KUH-TILE-4",
            f"no {take} tile in the display ({', '.join(display) or 'empty'})",
            (*base, "take"),
            {"found": take, "expected": sorted(set(display))},
        )
    cell = cell_of(step["at"])
    board = draft.board
    tiles = board.tiles
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
    i = display.index(take)
    draft.tile_display = display[:i] + display[i + 1 :]
    board.tiles = tiles.set(cell, take)
    tree = step.get("tree")
    # KUH-TREE-1: a tree only through the placement of one of its tiles (schema: place_tile)
    if tree is not None:
        claim_tree(draft, cell, cell_of(tree), (*base, "tree"))
        add_points(draft, 5, base)


def step_take_card(draft: TurnDraft, step: TakeCardStep, at: int) -> None:
    """Action B: optional exchanges, then take a displayed card into the hand."""
    base: Path = ("steps", at)
    if "bonus_space" in step:
        check_bonus_step(draft, step["bonus_space"], base, "extra_card")
    if "swap" in step:  # the exchange checks only when there is one, as for place_tile
        # KUH-TAKE-4: at most max_swaps_per_action exchanges
        draws.check_swap_count(draft, step, base, "KUH-TAKE-4")
        for ex, sub in draws.exchanges(step):
            draws.swap_cards(draft, ex, (*base, *sub))
    cid = step["card"]
    display = draft.card_display
    # KUH-TAKE-3: the card is displayed
    if cid not in display:
        raise RuleViolation(
            "KUH-TAKE-3",
            f"card {cid} is not in the display ({', '.join(display) or 'empty'})",
            (*base, "card"),
            {"found": cid, "expected": list(display)},
        )
    i = display.index(cid)
    draft.card_display = display[:i] + display[i + 1 :]
    board = draft.board
    board.hand = board.hand.append(cid)


def step_play_card(draft: TurnDraft, step: PlayCardStep, at: int) -> None:
    """Action C: match the pattern, put cows on its face cells, score the card."""
    base: Path = ("steps", at)
    board = draft.board
    cid = step["card"]
    hand = board.hand
    # KUH-PLAY-1: the card is in the hand
    if cid not in hand:
        raise RuleViolation(
            "KUH-PLAY-1",
            f"card {cid} is not in the hand ({', '.join(hand) or 'empty'})",
            (*base, "card"),
            {"found": cid, "expected": list(hand)},
        )
    points, cells, faces = _covered(draft, step, base)
    targets = _cows_placed(board, step, faces, base)
    board.cows = board.cows | targets
    board.supply -= len(targets)
    board.hand = hand.remove(cid)
    board.played = board.played.append(cid)
    board.played_at = board.played_at.append(tuple(cells))
    board.card_points += points
    add_points(draft, points, base)


def _covered(
    draft: TurnDraft, step: PlayCardStep, base: Path
) -> tuple[int, list[Cell], list[Cell]]:
    """KUH-PLAY-2 to 4: the card's points, the cells its pattern covers and its face cells (in
    pattern order), for a rotation that exists and tiles that match every face."""
    rotation = step["rotation"]
    # KUH-PLAY-2: one of the four rotations
    if rotation not in ROTATIONS:
        raise RuleViolation(
            "KUH-PLAY-2",
            f"rotation {rotation} is not 0, 90, 180 or 270",
            (*base, "rotation"),
            {"found": rotation},
        )
    points, pattern = draft.comp.cards.pattern(step["card"], rotation)
    ox, oy = cell_of(step["offset"])
    cells = [(ox + x, oy + y) for x, y, _ in pattern]
    get = draft.board.tiles.get
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
    faces: list[Cell] = []
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
    return points, cells, faces


def _cows_placed(
    board: BoardDraft, step: PlayCardStep, faces: list[Cell], base: Path
) -> frozenset[Cell]:
    """KUH-PLAY-5 to 7: the face cells, free of cows, each given a cow from the supply, as the
    ``cows`` cross-check lists them."""
    cows = board.cows
    # KUH-PLAY-5: no face cell on a tile with a cow
    if not cows.isdisjoint(faces):
        cell = next(c for c in faces if c in cows)
        raise RuleViolation(
            "KUH-PLAY-5",
            f"a cow already stands on {list(cell)}",
            (*base, "offset"),
            {"cell": list(cell)},
        )
    supply = board.supply
    # KUH-PLAY-6: a cow in the supply for every face cell
    if supply < len(faces):
        raise RuleViolation(
            "KUH-PLAY-6",
            f"the card needs {plural(len(faces), 'cow')}, the supply holds {supply}",
            (*base, "card"),
            {"expected": len(faces), "found": supply},
        )
    claimed = step.get("cows")
    targets = frozenset(faces)
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
    return targets


def step_return_herd(draft: TurnDraft, step: ReturnHerdStep, at: int) -> None:
    """Action D: one herd (orthogonally connected cows) goes back to the supply."""
    base: Path = ("steps", at)
    start = cell_of(step["at"]) if "at" in step else None
    board = draft.board
    cows = board.cows
    # KUH-HERD-1: at and every listed cell hold a cow
    if start is not None and start not in cows:
        raise RuleViolation("KUH-HERD-1", f"no cow stands on {list(start)}", (*base, "at"))
    listed = [cell_of(c) for c in step.get("cells", ())]
    for k, cell in enumerate(listed):
        if cell not in cows:
            raise RuleViolation("KUH-HERD-1", f"no cow stands on {list(cell)}", (*base, "cells", k))
    if "cells" in step:
        chosen = _listed_herd(draft, listed, start, base)
    else:
        assert start is not None  # the schema requires at or cells
        chosen = group_of(start, cows, orthogonal)
    board.cows = cows - chosen
    board.supply += len(chosen)


def _listed_herd(
    draft: TurnDraft, listed: list[Cell], start: Cell | None, base: Path
) -> frozenset[Cell]:
    """KUH-HERD-2: the listed cells are one whole herd (or, with ``partial_herd``, a connected
    part of one), each once, containing ``at`` if given."""
    herd = group_of(listed[0], draft.board.cows, orthogonal) if listed else frozenset()
    chosen = frozenset(listed)
    whole = bool(chosen) and chosen == herd
    part = (
        draft.opts.partial_herd
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
            "cells is not exactly one whole herd" + (" containing at" if start is not None else ""),
            (*base, "cells"),
            {"expected": sorted(list(c) for c in herd), "found": listed},
        )
    return chosen


def step_pass(draft: TurnDraft, step: PassStep, at: int) -> None:
    """A pass fills a regular slot and changes nothing (KUH-TURN-4)."""
    mode = draft.opts.allow_pass
    regular = draft.regular
    if regular > 2 or mode == "never" or (mode == "if_stuck" and not is_stuck(draft)):
        why = (
            "only the first two actions of a turn may be passes"
            if regular > 2
            else "passing is not allowed (allow_pass: never)"
            if mode == "never"
            else "a pass is allowed only when no action is possible"
        )
        raise RuleViolation("KUH-TURN-4", why, ("steps", at), {"allow_pass": mode})


HANDLERS: Mapping[str, StepHandler[TurnDraft]] = {
    "place_tile": step_place_tile,
    "take_card": step_take_card,
    "play_card": step_play_card,
    "return_herd": step_return_herd,
    "pass": step_pass,
}
