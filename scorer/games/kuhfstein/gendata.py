"""Component data generated from the seed (spec 16.4): tile supply, 55 cards, 9 scoring
tiles, the bonus track and the rest of the setup. Every random choice goes through one
``random.Random`` in a fixed order; sets are sorted before sampling."""

from __future__ import annotations

import random
from typing import Any

from scorer.core.words import plural
from scorer.games.kuhfstein.state import KINDS, TOTAL_TILES, rotate

COLOURS = ("red", "blue", "green", "yellow")
SIZES = (2,) * 10 + (3,) * 16 + (4,) * 17 + (5,) * 12


def tile_counts(rng: random.Random, players: int) -> dict[str, int]:
    """15 of one kind, 14 of the others; three nudges within 12..17; minus the removals."""
    counts = dict.fromkeys(KINDS, 14)
    counts[rng.choice(KINDS)] = 15
    for _ in range(3):
        a, b = rng.choice(KINDS), rng.choice(KINDS)
        if a != b and counts[a] - 1 >= 12 and counts[b] + 1 <= 17:
            counts[a] -= 1
            counts[b] += 1
    removed = {2: 2, 3: 1, 4: 0}[players]
    return {k: v - removed for k, v in counts.items()}


def _shape(rng: random.Random, size: int) -> list[tuple[int, int]]:
    cells = [(0, 0)]
    while len(cells) < size:
        x, y = rng.choice(cells)
        dx, dy = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
        if (x + dx, y + dy) not in cells:
            cells.append((x + dx, y + dy))
    mx, my = min(x for x, _ in cells), min(y for _, y in cells)
    return [(x - mx, y - my) for x, y in cells]


def _backs(rng: random.Random, size: int) -> int:
    if size == 2:
        return rng.choice((0, 1))
    if size == 3:
        return 1 if rng.random() < 0.8 else 0
    if size == 4:
        return rng.choice((1, 2))
    return rng.choice((1, 2, 3))


def canonical(cells: list[tuple[int, int, str]]) -> tuple[tuple[int, int, str], ...]:
    """Translate to min 0, sort, smallest of the four rotations (spec 9.3)."""
    forms = []
    for r in (0, 90, 180, 270):
        rot = [(*rotate(x, y, r), f) for x, y, f in cells]
        mx, my = min(c[0] for c in rot), min(c[1] for c in rot)
        forms.append(tuple(sorted((x - mx, y - my, f) for x, y, f in rot)))
    return min(forms)


def _card(rng: random.Random, size: int) -> tuple[list[tuple[int, int, str]], int]:
    cells = _shape(rng, size)
    b = _backs(rng, size)
    f = size - b
    back_cells = set(rng.sample(sorted(cells), b))
    if f == 1:
        k = 1
    else:
        k = 1 if rng.random() < 0.5 else 2
        if k == 2 and f >= 3 and rng.random() < 0.2:
            k = 3
    kinds = rng.sample(KINDS, k)
    faces = list(kinds) + [rng.choice(kinds) for _ in range(f - k)]
    rng.shuffle(faces)
    out: list[tuple[int, int, str]] = []
    it = iter(faces)
    for cell in cells:
        out.append((*cell, "back" if cell in back_cells else next(it)))
    return out, 2 * f + b - 1 + (k - 1)


def cards(rng: random.Random) -> dict[str, Any]:
    """55 distinct cards C1..C55 (every kind a face on ≥ 5 cards), by 16.4."""
    for _ in range(100):
        made: list[tuple[list[tuple[int, int, str]], int]] = []
        seen: set[tuple[Any, ...]] = set()
        for size in SIZES:
            while True:
                cells, points = _card(rng, size)
                key = (canonical(cells), points)
                if key not in seen:
                    seen.add(key)
                    made.append((cells, points))
                    break
        per_kind = {k: sum(1 for c, _ in made if any(f == k for *_, f in c)) for k in KINDS}
        if min(per_kind.values()) >= 5:
            return {
                f"C{i + 1}": {"cells": [{"x": x, "y": y, "face": f} for x, y, f in c], "points": p}
                for i, (c, p) in enumerate(made)
            }
    raise ValueError("could not generate a card set with every kind on 5 cards")


def _tile(
    points: int, text: str, ctype: str, kind: str | None = None, n: int | None = None
) -> dict[str, Any]:
    """A scoring tile as the setup writes it (condition members: type, kind, n)."""
    condition: dict[str, Any] = {"type": ctype}
    if kind is not None:
        condition["kind"] = kind
    if n is not None:
        condition["n"] = n
    return {"points": points, "condition": condition, "text": text}


def scoring_tiles(rng: random.Random) -> dict[str, Any]:
    """One tile per evaluable type plus a second kind_majority, ids W1..W9 shuffled."""
    a, b = rng.sample(KINDS, 2)
    made = [
        _tile(5, f"most {a} tiles", "kind_majority", kind=a),
        _tile(5, f"most {b} tiles", "kind_majority", kind=b),
    ]
    kind, n = rng.choice(KINDS), rng.choice((5, 6, 7))
    made.append(_tile(n - 2, f"at least {n} {kind} tiles", "kind_count_at_least", kind, n))
    kind, n = rng.choice(KINDS), rng.choice((4, 5))
    made.append(_tile(n, f"a group of {n} {kind} tiles", "largest_group_at_least", kind, n))
    n = rng.choice((1, 2))
    made.append(_tile(3 + 2 * n, f"at least {plural(n, 'tree')}", "trees_at_least", n=n))
    n = rng.choice((2, 3))
    made.append(_tile(2 * n, f"{n} tiles of every kind", "each_kind_at_least", n=n))
    n = rng.choice((15, 18, 21))
    made.append(_tile(n // 3, f"at least {n} tiles", "tiles_at_least", n=n))
    n = rng.choice((4, 5))
    made.append(
        _tile(n - 1, f"at least {n} cows in the landscape", "cows_on_landscape_at_least", n=n)
    )
    n = rng.choice((5, 6, 7))
    made.append(_tile(n - 1, f"at least {n} cards played", "cards_played_at_least", n=n))
    rng.shuffle(made)
    return {f"W{i + 1}": t for i, t in enumerate(made)}


def track(rng: random.Random) -> dict[str, Any]:
    spaces = [{"space": 15, "bonus": "cow"}, {"space": 25, "bonus": "cow"}]
    extra = rng.sample((35, 40, 45, 50, 55), rng.choice((1, 2)))
    for p in sorted(extra):
        spaces.append({"space": p, "bonus": rng.choice(("extra_action", "extra_tile"))})
    return {"bonus_spaces": spaces}


def setup(rng: random.Random, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """The whole generated setup (section 13.2 fields)."""
    counts = tile_counts(rng, players)
    pile = [k for k in KINDS for _ in range(counts[k])]
    rng.shuffle(pile)
    assert len(pile) == TOTAL_TILES[players]
    card_defs = cards(rng)
    tiles = scoring_tiles(rng)
    bonus = track(rng)
    names = [f"P{i + 1}" for i in range(players)]
    ids = sorted(tiles, key=lambda t: int(t[1:]))
    order = list(ids)
    rng.shuffle(order)
    dealt = {n: order[2 * i : 2 * i + 2] for i, n in enumerate(names)}
    deck = list(card_defs)
    rng.shuffle(deck)
    out: dict[str, Any] = {
        "track": bonus,
        "trees": 2 * players,
        "tile_counts": counts,
        "cards": card_defs,
        "scoring_tiles": tiles,
        "tile_display": pile[:5],
        "card_display": deck[:4],
        "hands": {n: [deck[4 + i]] for i, n in enumerate(names)},
        "scoring_dealt": dealt,
    }
    if options.get("swap_discard", "out_of_game") != "return":
        out["tile_order"] = pile[5:]
    out["card_order"] = deck[4 + players :]
    return out
