"""Component data shipped with the program (spec 3.6, 3.7): demo boards, demo landscape,
the demo finca tile set and the ``cross12`` market layout. None of it is the printed data of
the real game; records of real games carry their own data inline (spec 16.2)."""

from __future__ import annotations

from typing import Any

KINDS: tuple[str, ...] = ("lemon", "orange", "bloodorange", "lime", "grapefruit")
TOKENS: tuple[str, ...] = tuple(t for k in KINDS for t in (k, k + "*"))
ACTION_TYPES: tuple[str, ...] = ("cart", "milestone", "bull")
LAND_TYPES: tuple[str, ...] = ("horses", *ACTION_TYPES)

BOARDS: dict[str, tuple[str, ...]] = {
    "demo-1": (
        "........*",
        ".#.*.....",
        "..A...B..",
        ".....*.#.",
        ".....#...",
        "E...C...D",
        ".......*.",
    ),
    "demo-2": (".......", ".......", ".A..B..", ".......", "......."),
    "open-9": tuple("....A...." if y == 4 else "........." for y in range(9)),
}

PRINTED_IDS = ("dlp_long", "dlp_short")

LANDSCAPES: dict[str, list[dict[str, Any]]] = {
    "demo-1": [
        {"at": [8, 0], "type": "horses", "points": 2},
        {"at": [3, 1], "type": "cart"},
        {"at": [5, 3], "type": "bull"},
        {"at": [7, 6], "type": "milestone"},
    ],
}

FINCA_SETS: dict[str, list[dict[str, int]]] = {
    "demo": [{"first": f, "second": f // 2} for f in (4, 6, 8, 10, 12) for _ in range(3)],
}

CROSS12: dict[str, tuple[int, ...]] = {
    "r1": (1, 2),
    "r2": (3, 4, 5, 6),
    "r3": (7, 8, 9, 10),
    "r4": (11, 12),
    "c1": (3, 7),
    "c2": (1, 4, 8, 11),
    "c3": (2, 5, 9, 12),
    "c4": (6, 10),
}
LAYOUTS: dict[str, dict[str, tuple[int, ...]]] = {"cross12": CROSS12}

#: Plantation supply per board side (spec 2): plain and well tiles per kind.
SIDE_SUPPLY: dict[str, dict[str, int]] = {
    "long": {t: (6 if t.endswith("*") else 12) for t in TOKENS},
    "short": {t: (4 if t.endswith("*") else 9) for t in TOKENS},
}
SIDE_SITES = {"long": "ABCDEFGHIJKLMNO", "short": "ABCDEFGHIJK"}
SIDE_START = {"long": "ABCD", "short": "ABC"}
SIDE_DECK = {"long": "EFGHIJKLMNO", "short": "DEFGHIJK"}
SIDE_FINCA_DECK = {"long": 11, "short": 12}

INCOME = (0, 2, 4, 6, 7, 8)
MONEY_CAP = 12
START_MONEY = 6
WORKERS = 5
CATEGORIES: tuple[str, ...] = (
    "harvest",
    "finca",
    "penalties",
    "finca_final",
    "harvest_final",
    "horses",
    "unused_actions",
)

OPTION_DEFAULTS: dict[str, str | bool | int] = {
    "board_side": "long",
    "family": False,
    "random_start_sites": False,
    "wild_horses_immediate": False,
    "horse_points": "printed",
    "cart_after_build_only": False,
    "cart_cost": 0,
    "purchase_mistakes": "penalize",
    "fusion_count_new_tile": False,
    "site_cells_occupied": True,
}


def options_of(variant: dict[str, Any]) -> dict[str, Any]:
    """The effective options: defaults, then the ``yucata`` preset, then explicit values."""
    opts = dict(OPTION_DEFAULTS)
    if variant.get("preset") == "yucata":
        opts["wild_horses_immediate"] = True
        opts["cart_after_build_only"] = True
    opts.update({k: v for k, v in variant.items() if k != "preset"})
    return opts
