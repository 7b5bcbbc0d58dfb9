"""``scorer show --position`` for Hacienda (rules/hacienda.md §13.5): a state as a position."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.games.hacienda.board import ANIMALS, LAND_CARDS
from scorer.games.hacienda.state import ANIMAL, HARVEST_CHIPS, LAND, NEUTRAL_HACIENDAS, WATER, State


def export_position(state: State, record: Mapping[str, Any]) -> dict[str, Any]:
    """The position document of a replayed state, ``play`` included."""
    board = state.board
    names = state.names
    setup = record.get("setup", {})

    def cell(s: int) -> list[int]:
        return list(board.coords[s])

    land: dict[str, list[list[int]]] = {p: [] for p in names}
    animals: dict[str, dict[str, list[list[int]]]] = {p: {} for p in names}
    haciendas: dict[str, list[list[int]]] = {}
    printed = len(board.spaces_by_type[7])
    water: dict[int, list[list[int]]] = {}
    for s, code in enumerate(state.cells):
        if LAND <= code < ANIMAL:
            land[names[code - LAND]].append(cell(s))
        elif ANIMAL <= code < WATER:
            owner, animal = divmod(code - ANIMAL, 4)
            animals[names[owner]].setdefault(ANIMALS[animal], []).append(cell(s))
        elif code >= WATER + printed:
            water.setdefault(code, []).append(cell(s))
        if s in state.haciendas:
            owner = code - LAND if code < ANIMAL else (code - ANIMAL) // 4
            haciendas.setdefault(names[owner], []).append(cell(s))
    track = dict.fromkeys(names, 0)
    if state.inter_scores is not None:
        track = {p: sum(state.inter_scores[k][:6]) for k, p in enumerate(names)}
    components: dict[str, Any] = {
        "neutral_haciendas": setup.get("neutral_haciendas", NEUTRAL_HACIENDAS.get(len(names), 9)),
        "harvest_chips": setup.get("harvest_chips", HARVEST_CHIPS),
        "water_supply": setup.get("water_supply", state.water_supply),
    }
    doc: dict[str, Any] = {
        "format": "scorer-position/1",
        "game": "hacienda",
        "variant": dict(record.get("variant", {})),
        "players": [dict(p) for p in record["players"]],
        "map": dict(setup["map"]),
        "land": land,
        "animals": animals,
        "haciendas": haciendas,
        "water": [water[k] for k in sorted(water)],
        "chips": [cell(s) for s in sorted(state.chips)],
        "money": dict(zip(names, state.money, strict=True)),
        "track": track,
        "components": components,
        "play": _play(state, setup),
    }
    return doc


def _cards(vocab: tuple[str, ...], counts: tuple[int, ...]) -> list[str]:
    return [vocab[k] for k, v in enumerate(counts) for _ in range(v)]


def _play(state: State, setup: Mapping[str, Any]) -> dict[str, Any]:
    names = state.names
    play: dict[str, Any] = {
        "to_move": None if state.final == 2 else names[state.seat],
        "intermediate_done": state.inter == 2,
        "hands": {
            p: {
                "land": _cards(LAND_CARDS, state.land_hands[k]),
                "animal": _cards(ANIMALS, state.animal_hands[k]),
            }
            for k, p in enumerate(names)
        },
        "land_display": _cards(LAND_CARDS, state.land_display),
        "animal_display": _cards(ANIMALS, state.animal_display),
        "land_pile": dict(zip(LAND_CARDS, state.land_pile, strict=True)),
        "animal_stacks": list(state.stacks),
    }
    decks: dict[str, list[str]] = {}
    if state.land_order is not None:
        decks["land"] = [LAND_CARDS[c] for c in state.land_order]
    for k, order in enumerate(state.stack_orders):
        if order is not None:
            decks[f"animal_stack_{k + 1}"] = [ANIMALS[a] for a in order]
    if decks:
        play["decks"] = decks
    if "removed_animal_types" in setup:
        play["removed_animal_types"] = list(setup["removed_animal_types"])
    return play
