"""Builders for Citrus tests: positions as starting points, one turn applied through the
rules, and small complete records."""

from __future__ import annotations

import copy
from typing import Any

from scorer.core.errors import RuleViolation
from scorer.core.pointer import to_pointer
from scorer.games.citrus.state import State
from tests.roles import roles_of

GAME = roles_of("citrus")


SAMPLE_SETUP: dict[str, Any] = {
    "board": "demo-1",
    "market_layout": "cross12",
    "landscape": "demo-1",
    "finca_tiles": "demo",
    "supply": {
        "lemon": 4,
        "lemon*": 2,
        "orange": 4,
        "orange*": 2,
        "bloodorange": 4,
        "bloodorange*": 2,
        "lime": 4,
        "lime*": 2,
        "grapefruit": 4,
        "grapefruit*": 2,
    },
    "start_fincas": [
        {"site": "A", "first": 8, "second": 4},
        {"site": "B", "first": 6, "second": 3},
        {"site": "C", "first": 10, "second": 5},
    ],
    "marked_sites": ["D", "E"],
    "building_site_deck": [],
    "finca_deck_size": 3,
    "market": [
        "lime",
        "lime",
        "orange",
        "grapefruit",
        "bloodorange",
        "lime*",
        "lemon",
        "orange*",
        "grapefruit*",
        "lemon*",
        "bloodorange*",
        "lemon",
    ],
    "money": 6,
}

SAMPLE_MOVES: list[dict[str, Any]] = [
    {
        "player": "Ann",
        "action": "turn",
        "steps": [
            {"do": "buy", "line": "r1", "tiles": ["lime", "lime"]},
            {"do": "place", "tile": "lime", "at": [2, 1], "new_region": True},
            {"do": "place", "tile": "lime", "at": [3, 1], "took": {"type": "cart"}},
            {"do": "use_cart", "field": 6, "paid": 0},
            {"do": "place", "tile": "lime*", "at": [2, 0], "new_region": False},
        ],
        "expect": {"money": 4, "score": 0, "mat": 4},
    },
    {
        "player": "Bob",
        "action": "turn",
        "steps": [
            {"do": "buy", "line": "r2", "tiles": ["orange", "grapefruit", "bloodorange"]},
            {"do": "place", "tile": "orange", "at": [6, 1], "new_region": True},
            {"do": "place", "tile": "grapefruit", "at": [4, 4], "new_region": True},
            {"do": "place", "tile": "bloodorange", "at": [3, 5], "new_region": True},
        ],
        "expect": {"money": 3, "score": 0, "mat": 2},
    },
    {
        "player": "Ann",
        "action": "turn",
        "steps": [{"do": "harvest", "at": [2, 0]}],
        "expect": {"score": 4, "income": 8, "money": 12, "mat": 5},
    },
]


def record(
    setup: dict[str, Any] | None = None,
    moves: list[dict[str, Any]] | None = None,
    players: tuple[str, ...] = ("Ann", "Bob"),
    variant: dict[str, Any] | None = None,
    claimed: dict[str, Any] | None = None,
) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "scorer-record/1",
        "game": "citrus",
        "variant": dict(variant or {}),
        "players": [{"name": n} for n in players],
        "setup": copy.deepcopy(setup if setup is not None else SAMPLE_SETUP),
        "moves": copy.deepcopy(moves if moves is not None else SAMPLE_MOVES),
    }
    if claimed is not None:
        doc["claimed"] = claimed
    return doc


def position(
    board: str,
    regions: list[dict[str, Any]],
    fincas: list[dict[str, Any]],
    players: tuple[str, ...] = ("Ann", "Bob", "Cara"),
    states: dict[str, dict[str, Any]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A position document; every player gets score 0 and money 6 unless ``states`` says
    otherwise."""
    pstate = {n: {"score": 0, "money": 6, "horses": [], "actions": []} for n in players}
    for name, values in (states or {}).items():
        pstate[name].update(values)
    doc: dict[str, Any] = {
        "format": "scorer-position/1",
        "game": "citrus",
        "variant": {},
        "players": [{"name": n} for n in players],
        "board": board,
        "fincas": fincas,
        "regions": regions,
        "player_state": pstate,
    }
    if board == "demo-1":
        doc["landscape"] = "demo-1"
    doc.update(extra)
    return doc


def start(pos: dict[str, Any]) -> State:
    result = GAME.positions.load_position(pos)
    assert result.state is not None, [(f.rule, f.pointer, f.message) for f in result.findings]
    return result.state


def turn(
    state: State,
    steps: list[dict[str, Any]],
    expect: dict[str, Any] | None = None,
) -> State:
    move: dict[str, Any] = {
        "player": state.static.names[state.turn],
        "action": "turn",
        "steps": steps,
    }
    if expect is not None:
        move["expect"] = expect
    return GAME.referee.apply(state, move)


def rejects(
    state: State, steps: list[dict[str, Any]], rule: str, pointer: str, index: int = 0
) -> None:
    """The turn is rejected with ``rule`` at ``pointer`` (as if it were ``/moves/<index>``)."""
    try:
        turn(state, steps)
    except RuleViolation as exc:
        found = to_pointer(("moves", index, *exc.path))
        assert (exc.rule, found) == (rule, pointer), f"{exc.rule} at {found}: {exc.message}"
        return
    raise AssertionError(f"expected {rule} at {pointer}, the turn was accepted")


def score_of(state: State, name: str) -> int:
    return state.players[state.static.names.index(name)].score


def player(state: State, name: str) -> Any:
    return state.players[state.static.names.index(name)]


def reg(
    owner: str | None, kind: str, cells: list[list[int]], wells: list[list[int]] | None = None
) -> dict[str, Any]:
    return {"owner": owner, "kind": kind, "cells": cells, "wells": wells or []}


def market(**fields: str) -> list[str | None]:
    """A market by field number: market(f1="lime", f5="lemon*")."""
    out: list[str | None] = [None] * 12
    for key, token in fields.items():
        out[int(key[1:]) - 1] = token
    return out
