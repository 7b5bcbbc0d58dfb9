"""Builders for Hacienda test records on the demo map (rules/hacienda.md §3.4)."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from scorer.core.values import VerifyResult
from scorer.games.hacienda.state import State
from tests.conftest import make_record, verify
from tests.roles import replay_game, roles_of

GAME = roles_of("hacienda")

ANN_LAND = ["mountain", "mountain", "mountain", "forest", "forest", "meadow", "meadow", "swamp"]
BOB_LAND = ["rocks", "rocks", "rocks", "pampas", "pampas", "swamp", "forest", "mountain"]
CID_LAND = ["forest", "forest", "meadow", "meadow", "rocks", "rocks", "pampas", "mountain"]
HANDS: dict[str, dict[str, list[str]]] = {
    "Ann": {"land": ANN_LAND, "animal": ["cattle", "cattle", "cattle", "cattle"]},
    "Bob": {"land": BOB_LAND, "animal": ["sheep", "sheep", "horse", "pig"]},
    "Cid": {"land": CID_LAND, "animal": ["pig", "pig", "horse", "horse"]},
}


def setup(players: Sequence[str] = ("Ann", "Bob"), **extra: Any) -> dict[str, Any]:
    """A demo-map setup with the hands above (extra fields override)."""
    base: dict[str, Any] = {
        "map": {"id": "demo-7x6"},
        "hands": {p: copy.deepcopy(HANDS[p]) for p in players},
        "land_display": ["forest", "meadow", "pampas", "rocks"],
        "animal_display": ["cattle", "horse", "pig", "sheep"],
    }
    base.update(extra)
    return base


def turn(player: str, *steps: Mapping[str, Any]) -> dict[str, Any]:
    return {"player": player, "action": "turn", "steps": [dict(s) for s in steps]}


def land(card: str, q: int, r: int) -> dict[str, Any]:
    return {"do": "play_land", "card": card, "at": [q, r]}


def animal(card: str, q: int, r: int, income: int | None = None) -> dict[str, Any]:
    step: dict[str, Any] = {"do": "play_animal", "card": card, "at": [q, r]}
    if income is not None:
        step["income"] = income
    return step


def harvest(
    q: int, r: int, take_from: Sequence[int] | None = None, income: int | None = None
) -> dict[str, Any]:
    step: dict[str, Any] = {"do": "harvest", "at": [q, r]}
    if take_from is not None:
        step["take_from"] = list(take_from)
    if income is not None:
        step["income"] = income
    return step


def hacienda(q: int, r: int) -> dict[str, Any]:
    return {"do": "buy_hacienda", "at": [q, r]}


def water(*cells: Sequence[int]) -> dict[str, Any]:
    return {"do": "buy_water", "cells": [list(c) for c in cells]}


def buy(deck: str, source: str, card: str, refill: str | None = None) -> dict[str, Any]:
    step: dict[str, Any] = {"do": "buy_card", "deck": deck, "from": source, "card": card}
    if refill is not None:
        step["refill"] = refill
    return step


def record(
    moves: Sequence[Mapping[str, Any]],
    players: Sequence[str] = ("Ann", "Bob"),
    variant: Mapping[str, Any] | None = None,
    claimed: Mapping[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return make_record("hacienda", setup(players, **extra), moves, players, variant, claimed)


def run(moves: Sequence[Mapping[str, Any]], **kw: Any) -> VerifyResult:
    return verify(record(moves, **kw))


def state_of(doc: Mapping[str, Any]) -> State:
    """The state after replaying every move (asserting that all were legal)."""
    run_ = replay_game(GAME, doc)
    assert not run_.stopped, run_.findings
    state: State = run_.state
    return state


def money(doc: Mapping[str, Any]) -> dict[str, int]:
    s = state_of(doc)
    return dict(zip(s.names, s.money, strict=True))


# E3 / E5 / E6 openings: Ann builds mountain chain (0,0)-(1,0)-(2,0); Bob rocks + pampas land.
ANN_CHAIN = turn("Ann", land("mountain", 0, 0), land("mountain", 1, 0), land("mountain", 2, 0))
BOB_CHAIN = turn("Bob", land("rocks", 6, 1), land("rocks", 6, 2), land("rocks", 6, 3))
PASS_ANN = turn("Ann")
PASS_BOB = turn("Bob")
