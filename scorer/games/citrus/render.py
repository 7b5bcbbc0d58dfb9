"""Plain-text drawing of a Citrus state for the terminal."""

from __future__ import annotations

from scorer.core.printable import printable
from scorer.core.words import plural
from scorer.games.citrus.state import State, land_at, region_at, tile_at

LETTER = {"lemon": "l", "orange": "o", "bloodorange": "b", "lime": "i", "grapefruit": "g"}
LAND = {"horses": "h", "cart": "c", "milestone": "m", "bull": "u"}


def render(state: State, color: bool = False) -> str:
    board = state.static.board
    lines = [
        "Board (plantations: l lemon, o orange, b bloodorange, i lime, g grapefruit; "
        "upper case = well; digit = owner seat; h/c/m/u landscape tile or bull; "
        "# rock; site letter, lower case x = marked-only site):"
    ]
    lines.append("    " + "".join(f"{x % 10:<3}" for x in range(board.width)))
    for y, row in enumerate(board.rows):
        cells = []
        for x, ch in enumerate(row):
            c = (x, y)
            tok = tile_at(state, c)
            lying = land_at(state, c)
            region = region_at(state, c)
            if tok is not None and region is not None:
                letter = LETTER[tok.rstrip("*")]
                letter = letter.upper() if tok.endswith("*") else letter
                owner = region.owner
                cells.append(f"{letter}{owner if owner >= 0 else '-'} ")
            elif lying is not None:
                cells.append(f"{LAND[lying[0]]}  ")
            elif ch in state.sites:
                s = state.sites[ch]
                mark = {
                    "finca": ch + ("!" if s.scored else " "),
                    "marked": ch.lower() + " ",
                    "empty": ch.lower() + ".",
                }[s.status]
                cells.append(mark + " ")
            else:
                cells.append({"#": "#  ", " ": "   "}.get(ch, ".  "))
        lines.append(f"{y:>2}  " + "".join(cells).rstrip())
    market = " ".join(f"{i + 1}:{t or '-'}" for i, t in enumerate(state.market))
    lines.append(f"Market: {market}")
    lines.append(
        f"Bag: {plural(sum(state.bag.values()), 'tile')}; finca deck {state.finca_deck}; "
        f"building-site deck {''.join(sorted(state.site_deck)) or '-'}"
    )
    for i, (name, p) in enumerate(zip(state.static.names, state.players, strict=True)):
        turn = " (to move)" if i == state.turn and not state.over else ""
        lines.append(
            f"{i} {printable(name)}{turn}: score {p.score}, money {p.money}, mat {p.mat}, "
            f"horses {list(p.horses)}, actions {list(p.actions)}"
        )
    if state.over:
        lines.append("The game is over.")
    return "\n".join(lines) + "\n"
