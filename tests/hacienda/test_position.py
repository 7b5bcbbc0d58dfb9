"""Position documents (rules/hacienda.md §13): HAC-POS-1 … 16, export and continuation."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from tests.conftest import assert_ok, verify
from tests.hacienda.helpers import ANN_CHAIN, animal, record, turn
from tests.roles import replay_game, roles_of

GAME = roles_of("hacienda")


BASE: dict[str, Any] = {
    "format": "scorer-position/1",
    "game": "hacienda",
    "variant": {},
    "players": [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "blue"}],
    "map": {"id": "demo-7x6"},
    "land": {"Ann": [[0, 0], [1, 0], [2, 0]], "Bob": [[6, 1], [6, 2], [6, 3], [5, 1]]},
    "animals": {"Ann": {"cattle": [[1, 1], [2, 1], [2, 2]]}, "Bob": {"sheep": [[5, 2], [4, 2]]}},
    "haciendas": {"Ann": [[0, 0]]},
    "water": [[[3, 1], [4, 1]]],
    "chips": [[0, 0]],
    "money": {"Ann": 35, "Bob": 12},
    "track": {"Ann": 0, "Bob": 0},
    "components": {"neutral_haciendas": 5, "harvest_chips": 8, "water_supply": 14},
    "play": {
        "to_move": "Ann",
        "intermediate_done": False,
        "hands": {
            "Ann": {
                "land": ["forest", "pampas", "swamp", "meadow", "rocks"],
                "animal": ["sheep", "horse"],
            },
            "Bob": {
                "land": ["forest", "meadow", "mountain", "swamp", "meadow"],
                "animal": ["horse", "pig"],
            },
        },
        "land_display": ["forest", "meadow", "pampas", "rocks"],
        "animal_display": ["cattle", "pig", "sheep", "sheep"],
        "land_pile": {
            "mountain": 10,
            "forest": 11,
            "meadow": 10,
            "rocks": 9,
            "swamp": 12,
            "pampas": 7,
        },
        "animal_stacks": [14, 15],
    },
}

Change = Callable[[dict[str, Any]], object]


def _pos(change: Change) -> dict[str, Any]:
    """BASE changed; without its play block unless the change concerns ``play``."""
    doc = copy.deepcopy(BASE)
    change(doc)
    if doc["play"] == BASE["play"]:
        del doc["play"]
    return doc


def test_base_position_scores_17_and_13() -> None:
    result = verify(BASE)
    assert_ok(result)
    assert result.scores is not None
    assert [p.total for p in result.scores.players] == [17, 13]


CASES: list[tuple[str, Change, list[tuple[str, str]]]] = [
    ("unknown name", lambda d: d["land"].update(Cid=[[0, 4]]), [("HAC-POS-1", "/land/Cid")]),
    ("money incomplete", lambda d: d["money"].pop("Bob"), [("HAC-POS-1", "/money")]),
    (
        "to_move unknown",
        lambda d: d["play"].update(to_move="Zed"),
        [("HAC-POS-1", "/play/to_move")],
    ),
    (
        "off the map",
        lambda d: d["animals"]["Ann"]["cattle"].append([9, 9]),
        [("HAC-POS-2", "/animals/Ann/cattle/3")],
    ),
    ("two pieces", lambda d: d["water"].append([[2, 2]]), [("HAC-POS-3", "/water/1/0")]),
    ("two chips", lambda d: d["chips"].append([0, 0]), [("HAC-POS-3", "/chips/1")]),
    (
        "animal on land space",
        lambda d: d["animals"]["Bob"]["sheep"].append([6, 0]),
        [("HAC-POS-4", "/animals/Bob/sheep/2")],
    ),
    ("land on market", lambda d: d["land"]["Ann"].append([1, 2]), [("HAC-POS-4", "/land/Ann/3")]),
    (
        "herd far away",
        lambda d: d["animals"]["Bob"].update(horse=[[2, 4]]),
        [("HAC-POS-7", "/animals/Bob/horse/0")],
    ),
    (
        "lonely pampas chain",
        lambda d: d["land"]["Bob"].append([3, 3]),
        [("HAC-POS-6", "/land/Bob/4")],
    ),
    (
        "broken water tile",
        lambda d: d["water"].append([[1, 3], [4, 4]]),
        [("HAC-POS-9", "/water/1")],
    ),
    ("water supply", lambda d: d["components"].update(water_supply=0), [("HAC-POS-9", "/water")]),
    (
        "water shapes",
        lambda d: d["components"].update(
            water_supply=[{"shape": "one", "cells": [[0, 0]], "count": 5}]
        ),
        [("HAC-POS-9", "/water")],
    ),
    (
        "water neighbour",
        lambda d: (d["water"].append([[2, 4]]), d["variant"].update(water_needs_own_neighbor=True)),
        [("HAC-POS-9", "/water/1")],
    ),
    (
        "hacienda on Bob's tile",
        lambda d: d["haciendas"].update(Ann=[[0, 0], [6, 1]]),
        [("HAC-POS-10", "/haciendas/Ann/1")],
    ),
    (
        "hacienda supply",
        lambda d: d["components"].update(neutral_haciendas=0),
        [("HAC-POS-10", "/haciendas")],
    ),
    ("chip on an animal", lambda d: d["chips"].append([1, 1]), [("HAC-POS-11", "/chips/1")]),
    ("chip supply", lambda d: d["components"].update(harvest_chips=0), [("HAC-POS-11", "/chips")]),
    (
        "short chain chip",
        lambda d: d["variant"].update(harvest_min_chain=4),
        [("HAC-POS-11", "/chips/0")],
    ),
    (
        "variant 2 track",
        lambda d: (d["variant"].update(variant2=True), d.update(track={"Ann": 0, "Bob": 3})),
        [("HAC-POS-12", "/track/Bob")],
    ),
    (
        "land cards",
        lambda d: d["play"]["land_pile"].update(pampas=8),
        [("HAC-POS-13", "/play/land_pile")],
    ),
    (
        "animal cards",
        lambda d: d["play"].update(animal_stacks=[14, 14]),
        [("HAC-POS-14", "/play/animal_stacks")],
    ),
    (
        "land display",
        lambda d: (d["play"]["land_display"].pop(), d["play"]["land_pile"].update(rocks=10)),
        [("HAC-POS-15", "/play/land_display")],
    ),
    (
        "animal display",
        lambda d: (d["play"]["animal_display"].pop(), d["play"].update(animal_stacks=[15, 15])),
        [("HAC-POS-15", "/play/animal_display")],
    ),
    (
        "game over too early",
        lambda d: d["play"].update(to_move=None),
        [("HAC-POS-16", "/play/to_move")],
    ),
    (
        "intermediate too early",
        lambda d: d["play"].update(intermediate_done=True),
        [("HAC-POS-16", "/play/intermediate_done")],
    ),
]


@pytest.mark.parametrize(("name", "change", "expected"), CASES, ids=[c[0] for c in CASES])
def test_impossible_positions(name: str, change: Change, expected: list[tuple[str, str]]) -> None:
    result = verify(_pos(change))
    assert result.status == "impossible", name
    assert [(f.rule, f.pointer) for f in result.findings] == expected


def test_pos_16_track_before_the_intermediate_scoring() -> None:
    doc = copy.deepcopy(BASE)
    doc["track"] = {"Ann": 4, "Bob": 0}
    result = verify(doc)
    assert [(f.rule, f.pointer) for f in result.findings] == [("HAC-POS-16", "/track/Ann")]


def test_pos_5_land_cards_without_play() -> None:
    """HAC-POS-5: 11 land tiles on pampas spaces, but only 10 pampas cards (no land type of the
    demo map is full, so no card fell back to pampas)."""
    pampas = [[q, 1] for q in range(6)] + [[0, 2], [2, 2], [4, 2], [5, 2], [2, 3]]
    doc = {
        **{k: v for k, v in BASE.items() if k != "play"},
        "land": {"Ann": [[0, 0], *pampas]},
        "animals": {},
        "haciendas": {},
        "water": [],
        "chips": [],
    }
    result = verify(doc)
    assert [(f.rule, f.pointer) for f in result.findings] == [("HAC-POS-5", "/land")]
    doc["land"]["Ann"].pop()
    assert_ok(verify(doc))


def test_map_check_comes_first_in_positions() -> None:
    doc = _pos(lambda d: d.update(map={"id": "no-such-map"}))
    result = verify(doc)
    assert [(f.rule, f.pointer) for f in result.findings] == [("HAC-MAP-6", "/map/id")]


def test_position_continues_play() -> None:
    """§13.2: with play, the position is a game state: Ann's next turn applies to it."""
    state = GAME.positions.load_position(BASE).state
    assert state is not None
    after = GAME.referee.apply(state, turn("Ann", animal("sheep", 0, 1, 0)))
    assert after.seat == 1


def test_exported_position_scores_like_the_record() -> None:
    """§13.5: the position after the last turn scores the record's game totals."""
    rec = GAME.moves.simulate(3, 5, {})
    run = replay_game(GAME, rec)
    exported = GAME.positions.export_position(run.state, rec)
    result = verify(exported)
    assert_ok(result)
    assert result.scores is not None
    assert {p.name: p.total for p in result.scores.players} == rec["claimed"]["scores"]
    mid = replay_game(GAME, rec, upto=len(rec["moves"]) // 2)
    assert_ok(verify(GAME.positions.export_position(mid.state, rec)))


def test_export_of_a_short_record_has_play_block() -> None:
    doc = record([ANN_CHAIN])
    run = replay_game(GAME, doc)
    exported = GAME.positions.export_position(run.state, doc)
    assert exported["play"]["to_move"] == "Bob"
    assert exported["land"]["Ann"] == [[0, 0], [1, 0], [2, 0]]
    assert_ok(verify(exported))


def _herd_from(
    board_id: str, start: tuple[int, int], size: int, avoid: set[tuple[int, int]]
) -> list[list[int]]:
    """``size`` connected pampas spaces grown from the pampas neighbours of ``start``."""
    from scorer.games.hacienda.board import PAMPAS
    from scorer.games.hacienda.catalog import shipped_board

    board = shipped_board(board_id)
    assert board is not None
    todo = [n for n in board.neighbours[board.index[start]] if board.types[n] == PAMPAS]
    seen: list[int] = []
    while todo and len(seen) < size:
        s = todo.pop(0)
        if s in seen or board.coords[s] in avoid:
            continue
        seen.append(s)
        todo += [n for n in board.neighbours[s] if board.types[n] == PAMPAS]
    assert len(seen) == size
    return [list(board.coords[s]) for s in seen]


def test_pos_8_animal_tiles_within_the_components() -> None:
    """HAC-POS-8: 31 tiles for one player (16 cattle + 15 horses); 19 cattle over all."""
    from scorer.games.hacienda.catalog import shipped_board

    board = shipped_board("haz-planetary")
    assert board is not None
    lands = [board.coords[s] for s in board.spaces_by_type[0]]
    first, last = lands[0], lands[-1]
    cattle = _herd_from("haz-planetary", first, 16, set())
    horses = _herd_from("haz-planetary", last, 15, {(q, r) for q, r in cattle})
    doc: dict[str, Any] = {
        "format": "scorer-position/1",
        "game": "hacienda",
        "variant": {},
        "players": [{"name": "Ann"}, {"name": "Bob"}],
        "map": {"id": "haz-planetary"},
        "land": {"Ann": [list(first), list(last)]},
        "animals": {"Ann": {"cattle": cattle, "horse": horses}},
        "money": {"Ann": 0, "Bob": 0},
    }
    result = verify(doc)
    assert [(f.rule, f.pointer) for f in result.findings] == [("HAC-POS-8", "/animals/Ann")]
    doc["animals"]["Ann"] = {"cattle": cattle + horses[:3]}  # two herds, each next to land
    result = verify(doc)
    assert [(f.rule, f.pointer) for f in result.findings] == [("HAC-POS-8", "/animals")]


def test_render_draws_every_space_and_the_money() -> None:
    doc = record([ANN_CHAIN])
    text = GAME.pictures.render(replay_game(GAME, doc).state)
    lines = text.splitlines()
    assert lines[0].split() == ["0", "1M", "1M", "1M", "f", "f", "e", "e"]
    assert lines[-1] == "Ann 20 pesos, Bob 20 pesos"
    assert len([ln for ln in lines if ln[:4].strip().isdigit()]) == 6
