"""The simulator's own cards (rules/hacienda.md §4, §14.2): a shuffled deal into a record's
``setup`` and the piles every simulated draw takes the top card of."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from scorer.games.hacienda.board import ANIMALS, LAND_CARDS
from scorer.games.hacienda.state import LAND_TOTAL, REMOVED, stack_size

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")


def deal(
    rng: random.Random, n: int, map_id: str, decks: bool, money: int
) -> tuple[dict[str, Any], dict[str, list[str]]]:
    land = [c for c, k in zip(LAND_CARDS, LAND_TOTAL, strict=True) for _ in range(k)]
    animals = [a for a in ANIMALS for _ in range(18)]
    rng.shuffle(land)
    rng.shuffle(animals)
    removed, animals = animals[: REMOVED[n]], animals[REMOVED[n] :]
    hands = {}
    for k in range(n):
        hands[NAMES[k]] = {"land": land[8 * k : 8 * k + 8], "animal": animals[4 * k : 4 * k + 4]}
    size = stack_size(n)
    piles = {
        "land": land[8 * n + 4 :],
        "animal_stack_1": animals[4 * n + 4 : 4 * n + 4 + size],
        "animal_stack_2": animals[4 * n + 4 + size :],
    }
    setup: dict[str, Any] = {
        "map": {"id": map_id},
        "start_money": money,
        "hands": hands,
        "land_display": land[8 * n : 8 * n + 4],
        "animal_display": animals[4 * n : 4 * n + 4],
        "removed_animal_cards": REMOVED[n],
        "animal_stack_sizes": [size, size],
        "land_pile_size": len(piles["land"]),
    }
    if decks:
        setup["removed_animal_types"] = removed
        setup["decks"] = {k: list(v) for k, v in piles.items()}
    return setup, piles


class Piles:
    """The simulator's own shuffled piles: every draw takes the top card."""

    def __init__(self, piles: Mapping[str, list[str]], rng: random.Random) -> None:
        self.rng = rng
        self.land = list(piles["land"])
        self.stacks = [list(piles["animal_stack_1"]), list(piles["animal_stack_2"])]
        self.discard: list[str] = []
        self.reshuffled = False

    def draw(self, deck: str, reshuffle: bool) -> str | None:
        if deck == "land":
            if not self.land and reshuffle and self.discard:
                self.land, self.discard = sorted(self.discard), []
                self.rng.shuffle(self.land)
                self.reshuffled = True
            return self.land.pop(0) if self.land else None
        for stack in self.stacks:
            if stack:
                return stack.pop(0)
        return None
