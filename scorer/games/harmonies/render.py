"""Terminal drawing of a Harmonies state: a legend, each board as hex columns, then the shared
supply.

A cell shows its stack bottom to top, one capital letter per token, ``*`` when a cube lies on
it, ``.`` when it is empty. The letters are those of the landscapes the tokens build (W water,
M mountain, T trunk, L leaves) or of their colour (Y yellow, R red): no two share a letter in
either case, unlike the initials of blue/brown and gray/green. On a terminal each letter is
also drawn in its token's colour. The legend is always printed.
"""

from __future__ import annotations

from scorer.core.printable import printable
from scorer.core.words import plural
from scorer.games.harmonies.board import COLOURS, SIDE_CELLS, SIDE_SETS, TRACKS
from scorer.games.harmonies.state import PlayerState, State

LETTER = {"blue": "W", "gray": "M", "brown": "T", "green": "L", "yellow": "Y", "red": "R"}
#: What each letter stands for, in the legend (the pouch order of ``COLOURS``).
MEANING = {
    "blue": "water",
    "gray": "mountain",
    "brown": "trunk",
    "green": "leaves",
    "yellow": "field",
    "red": "building",
}
#: 256-colour terminal codes of the token colours (a terminal's brown is its dark yellow).
ANSI = {
    "blue": "38;5;33",
    "gray": "38;5;250",
    "brown": "38;5;130",
    "green": "38;5;34",
    "yellow": "38;5;220",
    "red": "38;5;196",
}
WIDTH = 5


def legend(color: bool = False) -> list[str]:
    """Two lines: ``Tokens: W blue (water)  M gray (mountain) ...`` and how to read a cell."""
    keys = "  ".join(f"{_paint(LETTER[c], c, color)} {c} ({MEANING[c]})" for c in COLOURS)
    return [
        f"Tokens: {keys}",
        "        a cell lists its stack bottom to top; * a cube on it; . empty cell",
    ]


def _paint(text: str, colour: str, color: bool) -> str:
    return f"\x1b[{ANSI[colour]}m{text}\x1b[0m" if color else text


def stack_text(stack: tuple[str, ...] | list[str], color: bool = False) -> str:
    """A stack in letters, bottom to top (``TTL``), ``-`` for none."""
    return "".join(_paint(LETTER[c], c, color) for c in stack) or "-"


def _label(player: PlayerState, cell: tuple[int, int], color: bool) -> str:
    stack = player.board.get(cell, ())
    cube = "*" if cell in player.cubes else ""
    plain = ("".join(LETTER[c] for c in stack) or ".") + cube
    left = (WIDTH - len(plain)) // 2  # as str.center: the extra space goes right
    text = (stack_text(stack, color) if stack else ".") + cube
    return " " * left + text + " " * (WIDTH - len(plain) - left)


def render_board(player: PlayerState, side: str, color: bool = False) -> list[str]:
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
                parts.append(_label(player, cell, color))
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


def render(state: State, color: bool = False) -> str:
    """The legend, every board, then the Central board, display, pouch and whose turn it is
    (``color``: token letters in their colours, for a terminal)."""
    out: list[str] = [*legend(color), ""]
    for i, player in enumerate(state.players):
        marker = " (to play)" if i == state.seat and not state.over else ""
        out.append(
            f"{printable(player.name)}{marker}: side {state.side}, "
            f"{plural(player.tokens(), 'token')}, "
            f"{plural(state.empty_cells(player), 'empty cell')}"
        )
        out.extend(render_board(player, state.side, color))
        out.append(f"  cards: {_cards(player)}")
        out.append("")
    spaces = "  ".join(f"{k + 1}:[{stack_text(s, color)}]" for k, s in enumerate(state.central))
    out.append(f"Central board: {spaces or '-'}")
    out.append(
        f"Display: {', '.join(state.display) or '-'} (draw pile "
        f"{len(TRACKS) - len(state.revealed)})"
    )
    pouch = ", ".join(f"{n} {c}" for c, n in zip(COLOURS, state.pouch, strict=True))
    out.append(f"Pouch: {plural(state.pouch_size(), 'token')} ({pouch})")
    if state.reserve is not None:
        out.append(f"Cube reserve: {state.reserve}")
    status = "game over" if state.over else ("end triggered" if state.triggered else "in play")
    out.append(f"Turn {state.turn}, {status}")
    return "\n".join(out)
