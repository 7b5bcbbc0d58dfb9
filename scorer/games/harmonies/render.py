"""Terminal drawing of a Harmonies state: each board as hex columns, then the shared supply.

A cell shows its stack bottom to top in the letters of the spec's examples (b brown, g green,
G gray, Y yellow, B blue, R red), ``*`` when a cube lies on it, ``.`` when it is empty.
"""

from __future__ import annotations

from scorer.games.harmonies.board import COLOURS, SIDE_CELLS, SIDE_SETS, TRACKS
from scorer.games.harmonies.state import GameState, PlayerState

LETTER = {"brown": "b", "green": "g", "gray": "G", "yellow": "Y", "blue": "B", "red": "R"}
WIDTH = 5


def _label(player: PlayerState, cell: tuple[int, int]) -> str:
    stack = player.board.get(cell, ())
    text = "".join(LETTER[c] for c in stack) or "."
    if cell in player.cubes:
        text += "*"
    return text.center(WIDTH)


def render_board(player: PlayerState, side: str) -> list[str]:
    """The board as text lines: even columns on even lines, odd columns half a cell lower."""
    cells = SIDE_SETS[side]
    cols = max(c for c, _ in SIDE_CELLS[side]) + 1
    rows = max(r for _, r in SIDE_CELLS[side]) + 1
    lines = [("      " + "".join(f"{c:^{WIDTH}}" for c in range(cols))).rstrip()]
    for line in range(2 * rows):
        row, odd = divmod(line, 2)
        parts = []
        for col in range(cols):
            cell = (col, row)
            if col % 2 == odd and cell in cells:
                parts.append(_label(player, cell))
            else:
                parts.append(" " * WIDTH)
        text = "".join(parts).rstrip()
        if text:
            lines.append((f"  r{row}  " if not odd else "      ") + text)
    return lines


def _cards(player: PlayerState) -> str:
    parts = [f"{h.card} {len(h.cubes)}/{len(TRACKS[h.card])}" for h in player.cards]
    if player.spirit is not None:
        placed = f"cube at {list(player.spirit_cube)}" if player.spirit_cube else "cube on card"
        parts.append(f"{player.spirit} ({placed})")
    return ", ".join(parts) or "none"


def render(state: GameState) -> str:
    """Every board, then the Central board, display, pouch and whose turn it is."""
    out: list[str] = []
    for i, player in enumerate(state.players):
        marker = " (to play)" if i == state.seat and not state.over else ""
        out.append(f"{player.name}{marker}: side {state.side}, {player.tokens()} tokens, "
                   f"{state.empty_cells(player)} empty cells")
        out.extend(render_board(player, state.side))
        out.append(f"  cards: {_cards(player)}")
        out.append("")
    spaces = "  ".join(
        f"{k + 1}:[{''.join(LETTER[c] for c in s) or '-'}]" for k, s in enumerate(state.central)
    )
    out.append(f"Central board: {spaces or '-'}")
    out.append(f"Display: {', '.join(state.display) or '-'} (draw pile "
               f"{len(TRACKS) - len(state.revealed)})")
    pouch = ", ".join(f"{n} {c}" for c, n in zip(COLOURS, state.pouch, strict=True))
    out.append(f"Pouch: {state.pouch_size()} tokens ({pouch})")
    if state.reserve is not None:
        out.append(f"Cube reserve: {state.reserve}")
    status = "game over" if state.over else ("end triggered" if state.triggered else "in play")
    out.append(f"Turn {state.turn}, {status}")
    return "\n".join(out)
