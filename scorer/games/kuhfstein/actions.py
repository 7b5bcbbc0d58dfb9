"""The play steps (section 5): one ``apply_<step>`` per ``do`` value, dispatched by HANDLERS.

Each handler is a list of guard clauses in the order of section 5.1's table, each headed by
the rule it checks; paths are relative to the move object.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from typing import Any

from scorer.errors import RuleViolation
from scorer.games.kuhfstein.state import ROTATIONS, Cell
from scorer.games.kuhfstein.work import Path, Work
from scorer.grid.regions import connected_groups
from scorer.grid.squaregrid import orthogonal
from scorer.words import plural

Step = Mapping[str, Any]


def cell_of(value: Any) -> Cell:
    return (value[0], value[1])


def exchanges(step: Step) -> list[tuple[Mapping[str, Any], Path]]:
    """The exchanges of a ``swap`` field with their paths (single object or list form)."""
    swap = step.get("swap")
    if swap is None:
        return []
    if isinstance(swap, list):
        return [(ex, ("swap", e)) for e, ex in enumerate(swap)]
    return [(swap, ("swap",))]


def check_bonus_step(w: Work, step: Step, base: Path, kind: str) -> None:
    """KUH-BONUS-4: the space was triggered earlier this turn, matches, and is unused."""
    p = step["bonus_space"]
    if w.bonus_avail.get(p) != kind or p in w.bonus_used:
        why = (
            "was already used this turn"
            if p in w.bonus_used
            else f"was not triggered as an {kind} space earlier in this turn"
        )
        raise RuleViolation(
            "KUH-BONUS-4", f"bonus space {p} {why}", (*base, "bonus_space"), {"found": p}
        )
    w.bonus_used = w.bonus_used | {p}


def _check_swap_count(w: Work, step: Step, base: Path, rule: str) -> None:
    swap = step.get("swap")
    limit = w.state.opts.max_swaps_per_action
    if isinstance(swap, list) and len(swap) > limit:
        raise RuleViolation(
            rule,
            f"{plural(len(swap), 'exchange')} in one action; at most {limit}",
            (*base, "swap", limit),
            {"expected": limit, "found": len(swap)},
        )


def apply_place_tile(w: Work, step: Step, base: Path) -> None:
    """Action A: optional exchanges, take a tile, place it, optionally claim a tree."""
    if "bonus_space" in step:
        check_bonus_step(w, step, base, "extra_tile")
    if "swap" in step:
        # KUH-TILE-2: at most max_swaps_per_action exchanges
        _check_swap_count(w, step, base, "KUH-TILE-2")
        for ex, sub in exchanges(step):
            _swap_tiles(w, ex, (*base, *sub))
    take = step["take"]
    display = w.tile_display
    # KUH-TILE-4: the taken kind is in the display
    if take not in display:
        raise RuleViolation(
            "KUH-TILE-4",
            f"no {take} tile in the display ({', '.join(display) or 'empty'})",
            (*base, "take"),
            {"found": take, "expected": sorted(set(display))},
        )
    raw = step["at"]
    at = (raw[0], raw[1])
    tiles = w.tiles
    # KUH-TILE-5: the target cell is empty
    if at in tiles:
        raise RuleViolation(
            "KUH-TILE-5",
            f"cell {list(at)} already holds a tile",
            (*base, "at"),
            {"found": tiles[at]},
        )
    # KUH-TILE-6: next to the landscape (the first tile goes anywhere)
    x, y = at
    if tiles and not (
        (x + 1, y) in tiles or (x - 1, y) in tiles or (x, y + 1) in tiles or (x, y - 1) in tiles
    ):
        raise RuleViolation(
            "KUH-TILE-6",
            f"cell {list(at)} does not touch the landscape orthogonally",
            (*base, "at"),
        )
    display.remove(take)
    w.own_tiles()[at] = take
    tree = step.get("tree")
    if tree is not None:
        _claim_tree(w, at, cell_of(tree), (*base, "tree"))
        w.add_points(5, base)


def _swap_tiles(w: Work, ex: Mapping[str, Any], path: Path) -> None:
    display = w.tile_display
    # KUH-TILE-1: 4 or 5 tiles of one kind in the display
    if not any(display.count(k) >= 4 for k in set(display)):
        raise RuleViolation(
            "KUH-TILE-1",
            "a tile exchange needs 4 tiles of one kind in the "
            f"display ({', '.join(display) or 'empty'})",
            path,
            {"found": list(display)},
        )
    removed = list(display)
    display.clear()
    opts = w.state.opts
    want = min(len(removed) if opts.tile_swap_draw == "same" else 5, w.tiles_left)
    # KUH-REFILL-4, KUH-REFILL-6, then KUH-TILE-3 (the number drawn)
    w.draw_tiles(ex["drawn"], (*path, "drawn"), want, "KUH-TILE-3", (*path, "drawn"))
    if opts.swap_discard == "return":
        w.tiles_left += len(removed)
        counts = w.own_kind_left()
        if counts is not None:
            for k in removed:
                counts[k] += 1


def _claim_tree(w: Work, at: Cell, square: Cell, path: Path) -> None:
    x, y = square
    cells = ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
    # KUH-TREE-2: the square contains the tile just placed
    if at not in cells:
        raise RuleViolation(
            "KUH-TREE-2",
            f"square {list(square)} does not contain the tile just placed at {list(at)}",
            path,
        )
    # KUH-TREE-3: all 4 cells hold tiles
    missing = [list(c) for c in cells if c not in w.tiles]
    if missing:
        raise RuleViolation(
            "KUH-TREE-3",
            f"square {list(square)} is not complete (no tile at {missing})",
            path,
            {"found": missing},
        )
    kinds = {w.tiles[c] for c in cells}
    # KUH-TREE-4: four equal or four different kinds
    if len(kinds) not in (1, 4):
        raise RuleViolation(
            "KUH-TREE-4",
            f"square {list(square)} holds "
            f"{', '.join(w.tiles[c] for c in cells)}: neither 4 equal nor 4 "
            "different kinds",
            path,
        )
    # KUH-TREE-5: no tile serves a tree already
    if any(c in w.used for c in cells):
        raise RuleViolation(
            "KUH-TREE-5",
            f"square {list(square)} has a tile that already serves a tree",
            path,
            {"found": [list(c) for c in cells if c in w.used]},
        )
    # KUH-TREE-6: the tree supply is not empty
    if w.trees_left <= 0:
        raise RuleViolation("KUH-TREE-6", "no tree is left in the supply", path)
    w.trees_left -= 1
    w.own_used().update(cells)
    w.own_trees().append(square)


def apply_take_card(w: Work, step: Step, base: Path) -> None:
    """Action B: optional exchanges, then take a displayed card into the hand."""
    if "bonus_space" in step:
        check_bonus_step(w, step, base, "extra_card")
    # KUH-TAKE-4: at most max_swaps_per_action exchanges
    _check_swap_count(w, step, base, "KUH-TAKE-4")
    for ex, sub in exchanges(step):
        _swap_cards(w, ex, (*base, *sub))
    cid = step["card"]
    # KUH-TAKE-3: the card is displayed
    if cid not in w.card_display:
        raise RuleViolation(
            "KUH-TAKE-3",
            f"card {cid} is not in the display ({', '.join(w.card_display) or 'empty'})",
            (*base, "card"),
            {"found": cid, "expected": list(w.card_display)},
        )
    w.own_card_display().remove(cid)
    w.own_hand().append(cid)


def _swap_cards(w: Work, ex: Mapping[str, Any], path: Path) -> None:
    display = w.card_display
    cards = w.state.comp.cards
    full = w.state.opts.card_swap_needs_full_display
    common = set.intersection(*(set(cards[c].face_kinds) for c in display)) if display else set()
    # KUH-TAKE-1: a (full) display sharing one face kind on every card
    if not display or (full and len(display) < 4) or not common:
        why = (
            "the display is empty"
            if not display
            else f"the display holds {plural(len(display), 'card')}, not 4"
            if full and len(display) < 4
            else "no landscape kind appears on every displayed card"
        )
        raise RuleViolation(
            "KUH-TAKE-1", f"card exchange not allowed: {why}", path, {"found": list(display)}
        )
    removed = list(display)
    w.own_card_display().clear()
    w.cards_out += tuple(removed)
    want = min(len(removed), w.deck_left)
    # KUH-REFILL-3, KUH-REFILL-6, then KUH-TAKE-2 (the number drawn)
    w.draw_cards(ex["drawn"], (*path, "drawn"), want, "KUH-TAKE-2", (*path, "drawn"))


def apply_play_card(w: Work, step: Step, base: Path) -> None:
    """Action C: match the pattern, put cows on its face cells, score the card."""
    cid = step["card"]
    # KUH-PLAY-1: the card is in the hand
    if cid not in w.hand:
        raise RuleViolation(
            "KUH-PLAY-1",
            f"card {cid} is not in the hand ({', '.join(w.hand) or 'empty'})",
            (*base, "card"),
            {"found": cid, "expected": list(w.hand)},
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
    points, pattern = w.state.comp.cards.pattern(cid, rotation)
    offset = step["offset"]
    ox, oy = offset[0], offset[1]
    cells = [((ox + x, oy + y), face) for x, y, face in pattern]
    tiles = w.tiles
    # KUH-PLAY-3: every covered cell holds a tile
    for cell, _ in cells:
        if cell not in tiles:
            raise RuleViolation(
                "KUH-PLAY-3",
                f"the pattern needs a tile at {list(cell)}",
                (*base, "offset"),
                {"found": list(cell)},
            )
    faces = [(cell, face) for cell, face in cells if face != "back"]
    # KUH-PLAY-4: every face cell on a tile of its kind
    for cell, face in faces:
        if tiles[cell] != face:
            raise RuleViolation(
                "KUH-PLAY-4",
                f"cell {list(cell)} is {tiles[cell]}, the card shows {face}",
                (*base, "offset"),
                {"cell": list(cell), "expected": face, "found": tiles[cell]},
            )
    cows = w.cows
    # KUH-PLAY-5: no face cell on a tile with a cow
    for cell, _ in faces:
        if cell in cows:
            raise RuleViolation(
                "KUH-PLAY-5",
                f"a cow already stands on {list(cell)}",
                (*base, "offset"),
                {"cell": list(cell)},
            )
    # KUH-PLAY-6: a cow in the supply for every face cell
    if w.supply < len(faces):
        raise RuleViolation(
            "KUH-PLAY-6",
            f"the card needs {plural(len(faces), 'cow')}, the supply holds {w.supply}",
            (*base, "card"),
            {"expected": len(faces), "found": w.supply},
        )
    claimed = step.get("cows")
    targets = {cell for cell, _ in faces}
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
    w.own_cows().update(targets)
    w.supply -= len(targets)
    w.own_hand().remove(cid)
    played, played_at = w.own_played()
    played.append(cid)
    played_at.append(tuple([cell for cell, _ in cells]))
    w.card_points += points
    w.add_points(points, base)


def herd_of(start: Cell, cows: AbstractSet[Cell]) -> set[Cell]:
    """The herd (orthogonally connected cows) containing ``start``, empty if no cow stands
    there: ``group_of(start, cows, orthogonal)`` with the four neighbours written out."""
    if start not in cows:
        return set()
    herd = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if cell in cows and cell not in herd:
                herd.add(cell)
                todo.append(cell)
    return herd


def apply_return_herd(w: Work, step: Step, base: Path) -> None:
    """Action D: one herd (orthogonally connected cows) goes back to the supply."""
    at = cell_of(step["at"]) if "at" in step else None
    cows = w.cows
    # KUH-HERD-1: at and every listed cell hold a cow
    if at is not None and at not in cows:
        raise RuleViolation("KUH-HERD-1", f"no cow stands on {list(at)}", (*base, "at"))
    listed = [cell_of(c) for c in step.get("cells", ())]
    for k, cell in enumerate(listed):
        if cell not in cows:
            raise RuleViolation("KUH-HERD-1", f"no cow stands on {list(cell)}", (*base, "cells", k))
    if "cells" in step:
        herd = herd_of(listed[0], cows) if listed else set()
        chosen = set(listed)
        whole = bool(chosen) and chosen == herd
        part = (
            w.state.opts.partial_herd
            and bool(chosen)
            and chosen <= herd
            and len(connected_groups(sorted(chosen), orthogonal)) == 1
        )
        # KUH-HERD-2: exactly one whole herd (or a connected part), containing at
        if (
            not (whole or part)
            or len(listed) != len(chosen)
            or (at is not None and at not in chosen)
        ):
            raise RuleViolation(
                "KUH-HERD-2",
                "cells is not exactly one whole herd"
                + (" containing at" if at is not None else ""),
                (*base, "cells"),
                {"expected": sorted(list(c) for c in herd), "found": listed},
            )
    else:
        assert at is not None  # the schema requires at or cells
        chosen = herd_of(at, cows)
    w.own_cows().difference_update(chosen)
    w.supply += len(chosen)


def apply_pass(w: Work, step: Step, base: Path) -> None:
    """A pass fills a regular slot and changes nothing (KUH-TURN-4)."""
    mode = w.state.opts.allow_pass
    if w.regular > 2 or mode == "never" or (mode == "if_stuck" and not w.is_stuck()):
        why = (
            "only the first two actions of a turn may be passes"
            if w.regular > 2
            else "passing is not allowed (allow_pass: never)"
            if mode == "never"
            else "a pass is allowed only when no action is possible"
        )
        raise RuleViolation("KUH-TURN-4", why, base, {"allow_pass": mode})


Handler = Callable[[Work, Step, Path], None]

HANDLERS: Mapping[str, Handler] = {
    "place_tile": apply_place_tile,
    "take_card": apply_take_card,
    "play_card": apply_play_card,
    "return_herd": apply_return_herd,
    "pass": apply_pass,
}
