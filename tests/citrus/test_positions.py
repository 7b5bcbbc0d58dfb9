"""Position documents: the example 17.1 and the possibility checks."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.citrus.helpers import position, reg
from tests.conftest import assert_finding, assert_ok, verify
from tests.roles import replay_game, roles_of

GAME = roles_of("citrus")


POSITION_171: dict[str, Any] = {
    "format": "scorer-position/1",
    "game": "citrus",
    "variant": {},
    "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cara"}],
    "board": "demo-2",
    "fincas": [
        {"site": "A", "first": 6, "second": 3, "scored": False},
        {"site": "B", "first": 8, "second": 4, "scored": False},
    ],
    "marked_sites": [],
    "regions": [
        {
            "owner": "Ann",
            "kind": "lemon",
            "cells": [[4, 1], [4, 0], [3, 0], [2, 0]],
            "wells": [[2, 0]],
        },
        {"owner": "Ann", "kind": "grapefruit", "cells": [[1, 3], [1, 4], [0, 4]]},
        {"owner": "Bob", "kind": "lime", "cells": [[5, 2], [6, 2], [6, 1], [6, 3]]},
        {"owner": "Cara", "kind": "orange", "cells": [[4, 3], [4, 4]], "wells": [[4, 3], [4, 4]]},
    ],
    "player_state": {
        "Ann": {"score": 30, "money": 5, "horses": [3], "actions": []},
        "Bob": {"score": 28, "money": 2, "horses": [1], "actions": ["cart"]},
        "Cara": {"score": 33, "money": 9, "horses": [], "actions": ["bull"]},
    },
}

AB = [{"site": "A", "first": 6, "second": 3}, {"site": "B", "first": 8, "second": 4}]


def pos(**changes: Any) -> dict[str, Any]:
    doc = position("demo-2", [reg("Ann", "lime", [[1, 1], [1, 0]])], AB)
    doc.update(changes)
    return doc


@pytest.mark.parametrize(
    ("doc", "rule", "pointer"),
    [
        (pos(regions=[reg("Ann", "lime", [[1, 1], [1, 2]])]), "CIT-POS-1", "/regions/0/cells/1"),
        (pos(regions=[reg("Ann", "lime", [[1, 1]], [[2, 2]])]), "CIT-POS-1", "/regions/0/wells/0"),
        (pos(regions=[reg("Ann", "lime", [[1, 1], [3, 3]])]), "CIT-POS-1", "/regions/0/cells"),
        (
            pos(regions=[reg("Ann", "lime", [[1, 1]]), reg("Bob", "orange", [[1, 1]])]),
            "CIT-POS-1",
            "/regions/1/cells/0",
        ),
        (
            pos(regions=[reg("Ann", "lime", [[1, 1]]), reg("Bob", "lime", [[2, 1], [2, 2]])]),
            "CIT-POS-2",
            "/regions/1",
        ),
        (pos(regions=[reg("Ann", "lime", [[6, 4]])]), "CIT-POS-3", "/regions/0"),
        (
            pos(regions=[reg("Ann", "lime", [[1, 1]]), reg("Bob", "lime", [[2, 2]])]),
            "CIT-POS-4",
            "/regions/1/cells/0",
        ),
        (pos(regions=[reg("Zed", "lime", [[1, 1]])]), "CIT-POS-5", "/regions/0/owner"),
        (pos(supply={"lime": 1}), "CIT-POS-6", "/regions/0/cells/1"),
        (pos(supply={"lime": 2}, market=["lime"] + [None] * 11), "CIT-POS-6", "/market/0"),
        (
            pos(supply={"lime": 2}, bag={"lime": 1}, last_refill_complete=True),
            "CIT-POS-6",
            "/bag/lime",
        ),
        (pos(fincas=[*AB, {"site": "Z", "first": 1, "second": 0}]), "CIT-POS-7", "/fincas/2/site"),
        (
            pos(fincas=[AB[0], {"site": "B", "first": 1, "second": 2}]),
            "CIT-POS-7",
            "/fincas/1/second",
        ),
        (pos(marked_sites=["A"]), "CIT-POS-7", "/marked_sites/0"),
        (pos(finca_deck_size=14), "CIT-POS-7", "/finca_deck_size"),
        (
            pos(finca_tiles="demo", fincas=[AB[0], {"site": "B", "first": 9, "second": 4}]),
            "CIT-POS-7",
            "/fincas/1/first",
        ),
        (pos(fincas=[{**AB[0], "scored": True}, AB[1]]), "CIT-POS-8", "/fincas/0/scored"),
        (pos(landscape=[{"at": [0, 0], "type": "cart"}]), "CIT-POS-9", "/landscape/0"),
        (pos(bulls=[[1, 1]]), "CIT-POS-9", "/bulls/0"),
        (pos(landscape=[{"at": [0, 0], "type": "dragon"}]), "CIT-LAND-2", "/landscape/0/type"),
        (
            pos(player_state={"Ann": {"score": 0}, "Bob": {"score": 0}}),
            "CIT-POS-10",
            "/player_state",
        ),
        (
            pos(
                player_state={
                    "Ann": {"score": 0, "money": 13},
                    "Bob": {"score": 0},
                    "Cara": {"score": 0},
                }
            ),
            "CIT-POS-10",
            "/player_state/Ann/money",
        ),
        (
            pos(
                player_state={
                    "Ann": {"score": 0, "horses": [0]},
                    "Bob": {"score": 0},
                    "Cara": {"score": 0},
                }
            ),
            "CIT-POS-10",
            "/player_state/Ann/horses/0",
        ),
        (
            pos(
                player_state={
                    "Ann": {"score": 5, "breakdown": {"harvest": 4}},
                    "Bob": {"score": 0},
                    "Cara": {"score": 0},
                }
            ),
            "CIT-POS-10",
            "/player_state/Ann/breakdown",
        ),
        (
            pos(
                player_state={
                    "Ann": {"score": 0, "actions": ["dragon"]},
                    "Bob": {"score": 0},
                    "Cara": {"score": 0},
                }
            ),
            "CIT-LAND-2",
            "/player_state/Ann/actions/0",
        ),
        (pos(market=[None] * 11), "CIT-POS-11", "/market"),
        (pos(bag={"lime": 1}), "CIT-POS-11", "/last_refill_complete"),
        (pos(to_move="Zed"), "CIT-POS-11", "/to_move"),
        (pos(passes=4), "CIT-POS-11", "/passes"),
        (pos(players=[{"name": "Ann"}]), "CIT-SETUP-1", "/players"),
        (pos(board="demo-7"), "CIT-SETUP-2", "/board"),
        (pos(market_layout="hexagon"), "CIT-SETUP-9", "/market_layout"),
        (pos(finca_tiles=[{"first": 1, "second": 2}]), "CIT-SETUP-6", "/finca_tiles/0"),
        (pos(supply={"lemonade": 3}), "CIT-SETUP-7", "/supply/lemonade"),
    ],
)
def test_impossible_positions(doc: dict[str, Any], rule: str, pointer: str) -> None:
    result = verify(doc)
    assert result.status == "impossible"
    assert_finding(result, rule, pointer)


def test_six_regions_and_every_failure_reported() -> None:
    cells = [[1, 1], [2, 2], [1, 3], [0, 2], [4, 1], [5, 2]]
    kinds = ["lime", "orange", "lemon", "grapefruit", "bloodorange", "lime"]
    doc = pos(
        regions=[reg("Ann", k, [c]) for k, c in zip(kinds, cells, strict=True)], to_move="Zed"
    )
    result = verify(doc)
    assert_finding(result, "CIT-POS-5", "/regions/5/owner")
    assert_finding(result, "CIT-POS-11", "/to_move")


def test_position_171_and_claims() -> None:
    assert_ok(verify(copy.deepcopy(POSITION_171)))
    doc = copy.deepcopy(POSITION_171)
    doc["claimed"] = {
        "scores": {"Ann": 48, "Bob": 39},
        "breakdown": {"Cara": {"harvest_final": 4, "finca_final": 1}},
    }
    result = verify(doc)
    assert result.status == "mismatch"
    assert_finding(result, "REC-CLAIM-1", "/claimed/scores/Bob")
    assert_finding(result, "REC-CLAIM-1", "/claimed/breakdown/Cara/finca_final")


def test_breakdown_and_immediate_horses() -> None:
    doc = copy.deepcopy(POSITION_171)
    doc["variant"] = {"wild_horses_immediate": True}
    doc["player_state"]["Ann"]["breakdown"] = {
        "harvest": 20,
        "finca": 10,
        "penalties": -3,
        "horses": 3,
    }
    doc["player_state"]["Ann"]["score"] = 30
    result = verify(doc)
    assert_ok(result)
    assert result.scores is not None
    ann = result.scores.player("Ann")
    assert ann.total == 45  # horses already inside the track score
    assert (ann.categories["harvest"], ann.categories["penalties"]) == (20, -3)


def test_export_and_reload_gives_the_same_scores() -> None:
    rec = GAME.moves.simulate(3, 5, {})

    for upto in (0, len(rec["moves"]) // 2, len(rec["moves"])):
        run = replay_game(GAME, rec, upto=upto)
        doc = GAME.positions.export_position(run.state, rec)
        result = verify(doc)
        assert result.status == "ok", [(f.rule, f.pointer, f.message) for f in result.findings]
        assert result.scores is not None
        want = GAME.referee.score(run.state)
        assert [p.total for p in result.scores.players] == [p.total for p in want.players]
        assert [dict(p.categories) for p in result.scores.players] == [
            dict(p.categories) for p in want.players
        ]
