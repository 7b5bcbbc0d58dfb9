"""The simulator's deal (spec 20.4): the component data of a simulated game (a board, the
landscape, the supply, the shuffled finca tiles and building sites) and the chance a turn
draws from (``Sim``: the bag, the finca tiles and the building-site deck, in dealt order).

Choices of the simulator (not rules): board ``demo-1`` for 2–3 players and a generated
inline board (``sim-<n>``, 15 × 12 long / 12 × 10 short, sites ≥ 3 apart) for 4–5 players,
unless the ``board`` knob names a shipped board or ``"generated"``; demo boards get a small
supply (30 / 15 / 30 tiles), generated boards the side's composition; landscape mix of
20.4; the shipped ``demo`` finca set shuffled."""

from __future__ import annotations

import random
from typing import Literal, cast

from scorer.core.values import Json
from scorer.games.citrus.data import BOARDS, FINCA_SETS, SIDE_SITES, SIDE_START, SIDE_SUPPLY, TOKENS
from scorer.games.citrus.state import State
from scorer.games.citrus.steps import FincaStep, FincaValues, RefillStep

NAMES = ("Ann", "Bob", "Cara", "Dan", "Eve")
COLOURS = ("yellow", "green", "orange", "red", "blue")
DEMO_SUPPLY = {"demo-1": (4, 2), "demo-2": (2, 1), "open-9": (4, 2)}
LAND_MIX: list[tuple[str, int]] = (
    [("horses", 1)] * 5
    + [("horses", 2)] * 5
    + [("horses", 3)] * 5
    + [("cart", 0)] * 5
    + [("milestone", 0)] * 5
    + [("bull", 0)] * 5
)

#: The landscape tiles the ``landscape`` knob deals (30 each, shuffled).
LAND_MIXES: dict[str, list[tuple[str, int]]] = {
    "mix": LAND_MIX,
    "horses": [("horses", 1 + k % 3) for k in range(30)],
    "carts": [("cart", 0)] * 30,
    "actions": [(("cart", "milestone", "bull")[k % 3], 0) for k in range(30)],
}
#: The simulator's own options (``moves.SIMULATE_OPTIONS``, and the policy): not the variant's.
KNOBS = frozenset({"board", "policy", "seek", "landscape"})


def gen_board(rng: random.Random, side: str) -> list[str]:
    """A plausible board (20.4): sites ≥ 3 apart, ≥ 3 path fields, rocks and bushes."""
    width, height = (15, 12) if side == "long" else (12, 10)
    while True:
        grid = [["." for _ in range(width)] for _ in range(height)]
        placed: list[tuple[int, int]] = []
        for letter in SIDE_SITES[side]:
            for _ in range(200):
                x, y = rng.randrange(width), rng.randrange(height)
                corner = x in (0, width - 1) and y in (0, height - 1)
                if not corner and all(max(abs(x - a), abs(y - b)) >= 3 for a, b in placed):
                    placed.append((x, y))
                    grid[y][x] = letter
                    break
        if len(placed) == len(SIDE_SITES[side]):
            break
    paths = {(x + dx, y + dy) for x, y in placed for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    free = [
        (x, y)
        for y in range(height)
        for x in range(width)
        if grid[y][x] == "." and (x, y) not in paths
    ]
    rng.shuffle(free)
    n_rock = len(free) // 20
    n_bush = min(30, (width * height) // 10)
    for x, y in free[:n_rock]:
        grid[y][x] = "#"
    for x, y in free[n_rock : n_rock + n_bush]:
        grid[y][x] = "*"
    return ["".join(row) for row in grid]


def make_setup(
    players: int, rng: random.Random, options: Json
) -> tuple[dict[str, object], dict[str, object], list[str], list[FincaValues], list[str]]:
    """(variant, setup, bag order, finca order, building-site order)."""
    variant = {k: v for k, v in options.items() if k not in KNOBS}
    side = variant.get("board_side", "long")
    board_id = options.get("board") or ("demo-1" if players <= 3 else "generated")
    if board_id in BOARDS:
        rows = list(BOARDS[board_id])
        board: str | dict[str, object] = board_id
        plain, well = DEMO_SUPPLY[board_id]
        supply = {t: (well if t.endswith("*") else plain) for t in TOKENS}
    else:
        rows = gen_board(rng, side)
        board = {"id": f"sim-{rng.randrange(10**6)}", "rows": rows}
        supply = dict(SIDE_SUPPLY[side])
    letters = sorted(ch for row in rows for ch in row if ch.isalpha())
    spaces = [[x, y] for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "*"]
    dealt = options.get("landscape")
    if board_id == "demo-1" and dealt is None:
        landscape: str | list[dict[str, object]] = "demo-1"
    else:
        mix = list(LAND_MIXES.get(dealt or "mix", LAND_MIX))
        rng.shuffle(mix)
        landscape = [
            {"at": c, "type": t, **({"points": p} if t == "horses" else {})}
            for c, (t, p) in zip(spaces, mix, strict=False)
        ]
    n_start = {"demo-1": 3, "demo-2": 2, "open-9": 1}.get(board_id, len(SIDE_START[side]))
    if variant.get("random_start_sites"):
        start_sites = sorted(rng.sample(letters, n_start))
    else:
        start_sites = letters[:n_start]
    fincas = [FincaValues(first=f["first"], second=f["second"]) for f in FINCA_SETS["demo"]]
    rng.shuffle(fincas)
    deck = [s for s in letters if s not in start_sites]
    rng.shuffle(deck)
    bag = [t for t in TOKENS for _ in range(supply[t])]
    rng.shuffle(bag)
    setup_doc: dict[str, object] = {
        "board": board,
        "market_layout": "cross12",
        "landscape": landscape,
        "finca_tiles": "demo",
        "supply": supply,
        "start_fincas": [{"site": s, **fincas[i]} for i, s in enumerate(start_sites)],
        "marked_sites": deck[:3],
        "building_site_deck": sorted(deck[3:]),
        "market": bag[:12],
        "money": 6,
    }
    return variant, setup_doc, bag[12:], fincas[n_start:], deck[3:]


class Sim:
    """The chance of a simulated game: the rest of the bag, the finca tiles and the
    building-site deck in dealt order, and the seeded generator the policies choose with."""

    def __init__(
        self, rng: random.Random, bag: list[str], fincas: list[FincaValues], deck: list[str]
    ) -> None:
        self.rng, self.bag, self.fincas, self.deck = rng, bag, fincas, deck

    def finca_step(
        self, do: Literal["new_finca", "use_milestone", "unblock"], site: str
    ) -> FincaStep:
        """A step making a new finca on ``site``: the next finca tile, the next site revealed."""
        reveal = self.deck.pop(0) if self.deck else None
        step = {"do": do, "site": site, "finca": self.fincas.pop(0), "reveal": reveal}
        return cast(FincaStep, step)

    def refill_step(self, w: State) -> RefillStep:
        """The refill of the market of ``w`` from the bag."""
        n = min(sum(1 for t in w.market if t is None), len(self.bag))
        drawn, self.bag = self.bag[:n], self.bag[n:]
        return {"do": "refill", "drawn": drawn}
