"""The board drawn as plain text (``scorer show``): one row per r, shifted like the hexes."""

from __future__ import annotations

from scorer.core.printable import printable
from scorer.core.words import plural
from scorer.games.hacienda.state import ANIMAL, LAND, WATER, State

TYPE_LETTER = "mfersp" + "KW"
ANIMAL_LETTER = "chps"


def _glyph(state: State, s: int) -> str:
    code = state.cells[s]
    kind = state.board.types[s]
    if kind >= 6:
        return " " + TYPE_LETTER[kind] + " "
    if code == 0:
        return " " + TYPE_LETTER[kind] + " "
    if code >= WATER:
        return " ~ "
    mark = "*" if s in state.haciendas else ("+" if s in state.chips else " ")
    if code < ANIMAL:
        return f"{code - LAND + 1}{TYPE_LETTER[kind].upper()}{mark}"
    owner, animal = divmod(code - ANIMAL, 4)
    return f"{owner + 1}{ANIMAL_LETTER[animal]}{mark}"


def render(state: State, color: bool = False) -> str:
    """Rows of spaces (pointy-top hexes: x = 2q + r half-hexes, each 2 columns wide)."""
    board = state.board
    qs = [q for q, _ in board.coords]
    rs = [r for _, r in board.coords]
    lines = []
    base = min(2 * q + r for q, r in board.coords)
    for r in range(min(rs), max(rs) + 1):
        line: list[str] = []
        for q in range(min(qs), max(qs) + 1):
            s = board.index.get((q, r))
            if s is None:
                continue
            col = 2 * (2 * q + r - base)  # a hex is 4 columns wide, half a hex is 2
            line.extend(" " * (col + 4 - len(line)))
            line[col + 1 : col + 4] = _glyph(state, s)
        lines.append(f"{r:>4} " + "".join(line).rstrip())
    legend = (
        "spaces: m mountain, f forest, e meadow, r rocks, s swamp, p pampas, K market, "
        "W water; tiles: <seat><terrain or c/h/p/s animal>, * hacienda, + chip, ~ water"
    )
    money = ", ".join(
        f"{printable(n)} {plural(m, 'peso')}" for n, m in zip(state.names, state.money, strict=True)
    )
    return "\n".join([*lines, legend, money])
