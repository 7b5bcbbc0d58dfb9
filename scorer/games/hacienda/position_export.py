"""A replayed Hacienda state as a position document (rules/hacienda.md §13.5, ``scorer show
--position``): the board, the money, the track and the ``play`` block."""

from __future__ import annotations

from typing import Any

from scorer.core.values import Json
from scorer.games.hacienda.board import ANIMALS
from scorer.games.hacienda.playblock import export_play
from scorer.games.hacienda.state import (
    ANIMAL,
    HARVEST_CHIPS,
    LAND,
    NEUTRAL_HACIENDAS,
    WATER,
    State,
)


def export_position(state: State, record: Json) -> dict[str, Any]:
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
        "play": export_play(state, setup),
    }
    return doc
