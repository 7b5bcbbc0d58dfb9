"""The export of a replayed state as a position document (spec 17.5), the form
``position.load_position`` reads back."""

from __future__ import annotations

from typing import Any

from scorer.core.values import Json
from scorer.games.citrus.board import board_form
from scorer.games.citrus.state import State, land_items, live


def export_position(state: State, record: Json) -> dict[str, Any]:
    """The position of a replayed state (17.5)."""
    names = state.static.names
    setup = record.get("setup", {})
    doc: dict[str, object] = {
        "format": "scorer-position/1",
        "game": "citrus",
        "variant": dict(record.get("variant", {})),
        "players": [dict(p) for p in record["players"]],
        "board": board_form(state.static.board),
    }
    for key in ("market_layout", "finca_tiles", "supply"):
        if key in setup:
            doc[key] = setup[key]
    doc["fincas"] = [
        {"site": s, "first": v.first, "second": v.second, "scored": v.scored}
        for s, v in sorted(state.sites.items())
        if v.status == "finca"
    ]
    doc["marked_sites"] = sorted(s for s, v in state.sites.items() if v.status == "marked")
    doc["regions"] = regions_form(state)
    doc["landscape"] = [
        {"at": list(c), "type": t, **({"points": p} if t == "horses" else {})}
        for c, (t, p) in sorted(land_items(state))
        if t != "bull"
    ]
    doc["bulls"] = [list(c) for c, (t, _) in sorted(land_items(state)) if t == "bull"]
    doc["player_state"] = player_state(state)
    doc["market"] = list(state.market)
    doc["bag"] = dict(sorted(state.bag.items()))
    doc["last_refill_complete"] = state.lrc
    doc["building_site_deck"] = sorted(state.site_deck)
    doc["finca_deck_size"] = state.finca_deck
    doc["to_move"] = names[state.turn]
    doc["passes"] = state.passes
    return doc


def regions_form(state: State) -> list[dict[str, object]]:
    """The regions of a state as a position document lists them (in reading order)."""
    names, index = state.static.names, state.static.board.index
    regions = sorted(live(state.regions), key=lambda r: sorted((c[1], c[0]) for c in r.cells))
    return [
        {
            "owner": names[r.owner] if r.owner >= 0 else None,
            "kind": r.kind,
            "cells": [list(c) for c in sorted(r.cells, key=lambda c: (c[1], c[0]))],
            "wells": [
                list(c)
                for c in sorted(r.cells, key=lambda c: (c[1], c[0]))
                if str(state.tiles[index[c]]).endswith("*")
            ],
        }
        for r in regions
    ]


def player_state(state: State) -> dict[str, dict[str, object]]:
    """Every player's score, money, landscape tiles and in-play breakdown, by name."""
    immediate = state.static.options.wild_horses_immediate
    out: dict[str, dict[str, object]] = {}
    for name, p in zip(state.static.names, state.players, strict=True):
        bd = {"harvest": p.harvest, "finca": p.finca, "penalties": p.penalties}
        if immediate:
            bd["horses"] = p.horse_points
        out[name] = {
            "score": p.score,
            "money": p.money,
            "horses": list(p.horses),
            "actions": list(p.actions),
            "breakdown": bd,
        }
    return out
