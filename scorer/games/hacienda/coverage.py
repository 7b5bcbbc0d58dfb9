"""The extra games ``bench/rule_coverage.py`` plays for Hacienda (``COVERAGE_RUNS``, re-exported
by ``simulate``): rule checks that only an option, a deck order (HAC-SETUP-7, HAC-BUY-6), a small
or large supply, cheap or dear purchases (HAC-TURN-5/6, HAC-WATER-1, HAC-HAC-1/2) or a knob of
the greedy policy (the land pile's end, HAC-LAND-6) can reach. The tool's single-step mutants
reach most of these rules with a probability of 0.1-0.5 % each in the games that can reach them
(counted with ``--mutations 150``), so the games that reach the rarest ones come more than
once (each entry is played with its own seed).
"""

from __future__ import annotations

_SHAPES = [
    {"shape": "I1", "cells": [[0, 0]], "count": 2},
    {"shape": "I2", "cells": [[0, 0], [1, 0]], "count": 2},
    {"shape": "V3", "cells": [[0, 0], [1, 0], [0, 1]], "count": 1},
]
#: Options every non-default option of the variant (the all-options fixture's).
_ALL_OPTIONS: dict[str, object] = {
    "market_land_count": "adjacent",
    "market_pay_per": "market",
    "water_scoring": "per_piece",
    "water_needs_own_neighbor": True,
    "harvest_min_chain": 2,
    "hacienda_min_group": 2,
    "start_money": 40,
    "herd_points": True,
    "water_cost": 8,
    "hacienda_cost": 8,
    "tiebreak": "money",
}
_GREEDY: dict[str, object] = {"policy": "greedy", "decks": True}
_FREE: dict[str, object] = {  # water and haciendas for nothing: one of each nearly every turn
    **{"policy": "greedy", "decks": True},
    "start_money": 50,
    "water_cost": 0,
    "hacienda_cost": 0,
    "water_supply": 100,
    "neutral_haciendas": 50,
    "water_scoring": "per_piece",
    "water_needs_own_neighbor": True,
}
_BASE: tuple[dict[str, object], ...] = (
    _GREEDY,
    {**_GREEDY, "land_rush": True, "land_reshuffle": True},
    {**_GREEDY, "animal_hoarder": True},
    {"variant1": True, "decks": True},
    {**_ALL_OPTIONS, "decks": True},
    {**_ALL_OPTIONS, **_GREEDY, "start_money": 60, "land_reshuffle": True},
    {**_GREEDY, "water_supply": _SHAPES, "harvest_chips": 2, "neutral_haciendas": 2},
    {**_GREEDY, "variant2": True, "start_money": 60},
    {
        **_GREEDY,
        "start_money": 100,
        "hacienda_cost": 1,
        "water_cost": 1,
        "neutral_haciendas": 40,
        "water_supply": 40,
    },
    {**_GREEDY, "start_money": 4, "hacienda_cost": 3, "water_cost": 3},
    {"variant1": False, "variant2": False, "decks": True},
    {
        **_GREEDY,
        "start_money": 3,
        "harvest_chips": 1,
        "neutral_haciendas": 1,
        "water_supply": 1,
        "water_cost": 2,
        "hacienda_cost": 2,
    },
    {"policy": "greedy", "start_money": 0},
    {"start_money": 2, "harvest_chips": 1},
    {
        **_ALL_OPTIONS,
        **_GREEDY,
        "start_money": 60,
        "water_cost": 1,
        "water_supply": 30,
        "land_reshuffle": True,
        "land_rush": True,
        "harvest_chips": 2,
    },
    {
        **_GREEDY,
        "hacienda_min_group": 2,
        "harvest_min_chain": 2,
        "water_needs_own_neighbor": True,
        "hacienda_cost": 2,
        "water_cost": 2,
        "neutral_haciendas": 20,
        "water_supply": 20,
    },
)
#: The animal hoarder on a map of wide pampas (haz-bullets: 392 of 484 spaces): the first
#: player lays all 30 animal tiles and still holds animal cards (a 31st tile, HAC-ANIMAL-4).
_HOARD: dict[str, object] = {**_BASE[2], "map": "haz-bullets"}
#: The rarest: a 31st animal tile (the hoarder), a second water tile or hacienda in a turn (free
#: ones; tests/hacienda/mutants also repeats recorded ones), a land tile after the 80th
#: (land rush with reshuffle), a harvest from the supply named as taken (small chip supplies),
#: a water tile not next to own tiles, a purchase without the pesos.
_RARE: tuple[dict[str, object], ...] = (
    _HOARD,
    _HOARD,
    {**_FREE, "start_money": 10},
    _BASE[1],
    _BASE[1],
    _BASE[14],
    _BASE[6],
    _BASE[13],
    _BASE[15],
    _BASE[9],
)
COVERAGE: tuple[dict[str, object], ...] = (*_BASE, *_RARE)
#: ``(players, options)``: every option set above once, at 2, 3 and 4 players in turn.
COVERAGE_RUNS: tuple[tuple[int, dict[str, object]], ...] = tuple(
    (2 + k % 3, options) for k, options in enumerate(COVERAGE)
)
