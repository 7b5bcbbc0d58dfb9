"""Worst cases of the Harmonies cube-to-card search (board-level ``cubes`` in positions).

    python bench/cube_search_bench.py [--seed S] [--climbs N] [--steps K]

1. *Component*: the largest group of cards that can share cubes (the 7 Animal cards with a blue
   cube cell and a spirit card), 1 to 26 cubes, each cube accepting a random set of those cards;
   hill-climbed for CPU time.
2. *Position*: whole one-player positions holding all 32 Animal cards (and a random spirit card),
   random boards with a cube on every cell that some card accepts, through ``load_position``
   (the same code ``scorer score`` and the web app run); hill-climbed for CPU time.

Times are CPU seconds (``time.process_time``), best of 3 runs, so that other processes on the
machine do not inflate them. Prints the worst case of each kind.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from scorer.games.harmonies.assign import Slot, search
from scorer.games.harmonies.board import (
    LEGAL_STACKS,
    SIDE_CELLS,
    TRACKS,
    Cell,
    Stack,
    matching_rotations,
)
from scorer.games.harmonies.cards import SPIRIT_DATA
from scorer.games.harmonies.position import load_position

BLUE = ("frog", "fish", "duck", "alligator", "ray", "otter", "flamingo")
STACKS = sorted(LEGAL_STACKS)


def cpu(run: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def component_case(masks: list[int]) -> Callable[[], object]:
    slots = [Slot(c, (0, *TRACKS[c])) for c in BLUE] + [Slot("tortoise_spirit", (0, 0), True)]
    index = {s.card: j for j, s in enumerate(slots)}
    cubes = [(i, 0) for i in range(len(masks))]
    return lambda: search(cubes, slots, lambda s, c: bool(masks[c[0]] >> index[s.card] & 1))


def position_doc(side: str, stacks: dict[Cell, Stack], spirit: str | None) -> dict[str, Any]:
    cards = sorted(TRACKS) + ([spirit] if spirit else [])
    cubes = [
        list(c)
        for c in SIDE_CELLS[side]
        if any(matching_rotations(side, k, c, stacks, prefix=True) for k in cards)
    ]
    board: dict[str, Any] = {
        "cells": [{"cell": list(c), "tokens": list(s)} for c, s in stacks.items()],
        "cards": [{"card": k} for k in sorted(TRACKS)],
        "cubes": cubes,
    }
    if spirit:
        board["spirit"] = {"card": spirit}
    return {
        "format": "scorer-position/1",
        "game": "harmonies",
        "variant": {"board_side": side, "nature_spirits": bool(spirit)},
        "players": [{"name": "A"}],
        "boards": {"A": board},
    }


def climb(
    rng: random.Random,
    start: list[Any],
    mutate: Callable[[list[Any]], None],
    cost: Callable[[list[Any]], float],
    steps: int,
) -> tuple[float, list[Any]]:
    state, best = list(start), cost(start)
    for _ in range(steps):
        trial = list(state)
        mutate(trial)
        t = cost(trial)
        if t >= best:
            state, best = trial, t
    return best, state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--climbs", type=int, default=4)
    parser.add_argument("--steps", type=int, default=40)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    worst = (0.0, 0)
    for n in range(1, 27):

        def flip(m: list[int]) -> None:
            m[rng.randrange(len(m))] = rng.randrange(1, 256)

        t, _ = climb(
            rng,
            [rng.randrange(1, 256) for _ in range(n)],
            flip,
            lambda m: cpu(component_case(m)),
            args.steps,
        )
        worst = max(worst, (t, n))
    print(f"component of 8 cards: worst {worst[0] * 1000:.1f} ms CPU ({worst[1]} cubes)")

    worst_pos = (0.0, 0, "")
    for _ in range(args.climbs):
        side = rng.choice("AB")
        spirit = rng.choice([None, *sorted(SPIRIT_DATA)])
        cells = SIDE_CELLS[side]

        def cost(stacks: list[Stack], side: str = side, spirit: str | None = spirit) -> float:
            doc = position_doc(side, dict(zip(SIDE_CELLS[side], stacks, strict=True)), spirit)
            return cpu(lambda: load_position(doc))

        def change(stacks: list[Stack]) -> None:
            stacks[rng.randrange(len(stacks))] = rng.choice(STACKS)

        t, best = climb(rng, [rng.choice(STACKS) for _ in cells], change, cost, args.steps)
        doc = position_doc(side, dict(zip(cells, best, strict=True)), spirit)
        worst_pos = max(worst_pos, (t, len(doc["boards"]["A"]["cubes"]), side))
    print(
        f"position with 32 Animal cards: worst {worst_pos[0] * 1000:.1f} ms CPU "
        f"({worst_pos[1]} cubes, side {worst_pos[2]})"
    )


if __name__ == "__main__":
    main()
