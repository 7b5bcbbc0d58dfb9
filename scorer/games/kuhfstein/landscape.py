"""Landscape checks the step handlers and the end of the turn share: a tree on a square
(KUH-TREE-2 to 6) and the stuck test of section 5.1 (can any regular action be taken?).

They read and write the turn's ``TurnDraft`` (state.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from scorer.core.errors import PathPart, RuleViolation
from scorer.games.kuhfstein.state import BoardDraft, Card, Cell, TurnDraft
from scorer.games.kuhfstein.steps import JsonCell

Path = tuple[PathPart, ...]


def cell_of(value: JsonCell) -> Cell:
    """A cell from its JSON form ``[x, y]``."""
    return (value[0], value[1])


def claim_tree(draft: TurnDraft, at: Cell, square: Cell, path: Path) -> None:
    """KUH-TREE-2 to KUH-TREE-6: the tree on ``square`` for the tile just placed ``at``."""
    x, y = square
    cells = ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
    # KUH-TREE-2: the square contains the tile just placed
    if at not in cells:
        raise RuleViolation(
            "KUH-TREE-2",
            f"square {list(square)} does not contain the tile just placed at {list(at)}",
            path,
        )
    board = draft.board
    tiles = board.tiles
    # KUH-TREE-3: all 4 cells hold tiles
    missing = [list(c) for c in cells if c not in tiles]
    if missing:
        raise RuleViolation(
            "KUH-TREE-3",
            f"square {list(square)} is not complete (no tile at {missing})",
            path,
            {"found": missing},
        )
    kinds = {tiles[c] for c in cells}
    # KUH-TREE-4: four equal or four different kinds
    if len(kinds) not in (1, 4):
        raise RuleViolation(
            "KUH-TREE-4",
            f"square {list(square)} holds "
            f"{', '.join(tiles[c] for c in cells)}: neither 4 equal nor 4 "
            "different kinds",
            path,
        )
    used = board.used
    # KUH-TREE-5: no tile serves a tree already
    if any(c in used for c in cells):
        raise RuleViolation(
            "KUH-TREE-5",
            f"square {list(square)} has a tile that already serves a tree",
            path,
            {"found": [list(c) for c in cells if c in used]},
        )
    # KUH-TREE-6: the tree supply is not empty
    if draft.trees_left <= 0:
        raise RuleViolation("KUH-TREE-6", "no tree is left in the supply", path)
    draft.trees_left -= 1
    board.used = used.union(cells)
    board.trees = board.trees.append(square)


def can_play(board: BoardDraft, card: Card) -> bool:
    """Some rotation and offset satisfies KUH-PLAY-3 to KUH-PLAY-6 (used by the stuck test)."""
    if card.n_faces > board.supply:
        return False
    tiles, cows = board.tiles, board.cows
    for cells in card.rotations:
        ax, ay, akind = next(c for c in cells if c[2] != "back")
        for (tx, ty), kind in tiles.items():
            if kind != akind or (tx, ty) in cows:
                continue
            ox, oy = tx - ax, ty - ay
            if all(_fits(tiles, cows, (ox + x, oy + y), face) for x, y, face in cells):
                return True
    return False


def _fits(tiles: Mapping[Cell, str], cows: frozenset[Cell], cell: Cell, face: str) -> bool:
    kind = tiles.get(cell)
    if kind is None:
        return False
    return face == "back" or (kind == face and cell not in cows)


def is_stuck(draft: TurnDraft) -> bool:
    """No regular action is possible (section 5.1)."""
    board = draft.board
    if draft.tile_display or draft.card_display or board.cows:
        return False
    cards = draft.comp.cards
    return not any(can_play(board, cards[cid]) for cid in board.hand)
