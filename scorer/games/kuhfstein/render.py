"""Plain-text drawing of the landscapes and the table for ``scorer show``.

Each landscape is drawn as a grid of two-character cells: the kind's letter (F forest,
L lake, M meadow, H hay, S house) followed by ``*`` when a cow stands there, ``.`` for empty.
"""

from __future__ import annotations

from scorer.core.printable import printable
from scorer.games.kuhfstein.state import Board, State

LETTER = {"forest": "F", "lake": "L", "meadow": "M", "hay": "H", "house": "S"}


def render_board(board: Board) -> list[str]:
    if not board.tiles:
        return ["  (no tiles)"]
    xs = [int(x) for x, _ in board.tiles]
    ys = [int(y) for _, y in board.tiles]
    lines = [f"  x {min(xs)}..{max(xs)}, y {min(ys)}..{max(ys)}"]
    for y in range(min(ys), max(ys) + 1):
        row = []
        for x in range(min(xs), max(xs) + 1):
            kind = board.tiles.get((x, y))
            cell = (
                ". "
                if kind is None
                else LETTER.get(kind, "?") + ("*" if (x, y) in board.cows else " ")
            )
            row.append(cell)
        lines.append("  " + " ".join(row).rstrip())
    return lines


def render(state: State, color: bool = False) -> str:
    """Every player's landscape with score, cows, trees and hand, then the table."""
    kinds = ", ".join(f"{LETTER[k]} {k}" for k in LETTER)
    out: list[str] = [f"Landscape tiles: {kinds}; * cow on the tile, . no tile", ""]
    for name, board in zip(state.names, state.boards, strict=True):
        trees = ", ".join(f"[{x},{y}]" for x, y in board.trees) or "-"
        out.append(
            f"{printable(name)}: track score {board.score}, cows in supply {board.supply}, "
            f"trees {trees}, hand {', '.join(board.hand) or '-'}, "
            f"played {', '.join(board.played) or '-'}"
        )
        out.extend(render_board(board))
    out.append(
        f"Tile display: {', '.join(state.tile_display) or '-'} ({state.tiles_left} in the supply)"
    )
    out.append(
        f"Card display: {', '.join(state.card_display) or '-'} "
        f"({state.deck_left} in the deck); trees left {state.trees_left}; "
        f"phase {state.phase}"
    )
    return "\n".join(out)
