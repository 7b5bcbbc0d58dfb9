"""The position document of a replayed state (``scorer show --at N --position``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.games.kuhfstein.state import KINDS, KState


def export_position(state: KState, record: Mapping[str, Any]) -> dict[str, Any]:
    """Every field of section 14.1; ``tiles_left`` per kind when the record has tile_counts."""
    setup = record["setup"]
    components: dict[str, Any] = {
        "track": setup.get("track", {"bonus_spaces": []}),
        "trees": state.comp.trees,
    }
    if state.comp.tile_counts is not None:
        components["tile_counts"] = dict(state.comp.tile_counts)
    components["cards"] = setup.get("cards", {})
    components["scoring_tiles"] = setup.get("scoring_tiles", {})
    boards: dict[str, Any] = {}
    for name, b in zip(state.names, state.boards, strict=True):
        board: dict[str, Any] = {
            "tiles": [
                {"at": [x, y], "kind": b.tiles[(x, y)], "cow": (x, y) in b.cows}
                for x, y in sorted(b.tiles, key=lambda c: (c[1], c[0]))
            ],
            "trees": [[x, y] for x, y in b.trees],
            "score": b.score,
            "cows_in_supply": b.supply,
            "hand": list(b.hand),
            "played": list(b.played),
            "dealt": list(b.dealt),
        }
        if b.revealed is not None:
            board["revealed"] = b.revealed
            board["met"] = b.tile_met
        boards[name] = board
    left: Any = state.tiles_left
    if state.kind_left is not None:
        left = {k: state.kind_left[k] for k in KINDS}
    table = {
        "tile_display": list(state.tile_display),
        "card_display": list(state.card_display),
        "tiles_left": left,
        "deck_left": state.deck_left,
        "cards_out": list(state.cards_out),
        "next": state.names[state.seat],
        "phase": state.phase,
    }
    doc: dict[str, Any] = {
        "format": "scorer-position/1",
        "game": "kuhfstein",
        "variant": dict(record.get("variant", {})),
        "players": list(record["players"]),
        "components": components,
        "boards": boards,
        "table": table,
    }
    return doc
