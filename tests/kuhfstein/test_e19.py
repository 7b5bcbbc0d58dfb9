"""E19 (the complete mini game, sections 13.6 and 15) and E20 (scoring its position, 14.4)."""

from __future__ import annotations

import copy
from typing import Any

from tests.conftest import assert_finding, assert_ok, assert_rejects, verify
from tests.kuhfstein.helpers import e19
from tests.roles import replay_game, roles_of

GAME = roles_of("kuhfstein")


def test_e19_verifies_with_exact_scores() -> None:
    """E19: Ann 9 (5, 0, 4; 3 tiles), Bob 19 (9, 5, 5; 4 tiles), Bob wins."""
    result = verify(e19())
    assert_ok(result)
    sheet = result.scores
    assert sheet is not None
    ann, bob = sheet.player("Ann"), sheet.player("Bob")
    assert (dict(ann.categories), ann.total) == ({"cards": 5, "trees": 0, "scoring_tile": 4}, 9)
    assert (dict(bob.categories), bob.total) == ({"cards": 9, "trees": 5, "scoring_tile": 5}, 19)
    assert (ann.extras["tiles_placed"], bob.extras["tiles_placed"]) == (3, 4)
    assert sheet.winners == ("Bob",)
    assert any("record's own component data" in n for n in sheet.notes)
    assert result.steps_verified == 14


def test_e19_intermediate_numbers() -> None:
    """E19 table: displays, supplies and supply counts after each turn."""
    record = e19()
    rules = GAME
    after = [replay_game(rules, record, upto=n).state for n in range(1, 7)]
    assert sorted(after[0].tile_display) == sorted(["lake", "meadow", "house", "lake", "lake"])
    assert sorted(after[1].tile_display) == sorted(["meadow", "house", "lake", "forest", "meadow"])
    assert (after[2].boards[0].score, after[2].boards[0].supply) == (3, 2)
    assert sorted(after[2].card_display) == ["C3", "C4", "C5", "C7"]
    assert sorted(after[3].card_display) == ["C3", "C4", "C7", "C8"]
    assert (after[4].boards[0].score, after[4].boards[0].supply) == (5, 1)
    bob = after[5].boards[1]
    assert (bob.score, bob.supply, after[5].trees_left) == (14, 0, 3)
    assert after[5].phase == "over"
    assert after[5].tiles_left == 49
    assert after[5].deck_left == 47
    final = replay_game(rules, record).state
    assert final.boards[1].supply == 0


def _variant(path: list[Any], value: Any) -> dict[str, Any]:
    doc = e19()
    node: Any = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def test_e19_ann_rotation_90_is_play_3() -> None:
    doc = _variant(["moves", 4, "steps", 1, "rotation"], 90)
    assert_rejects(verify(doc), "KUH-PLAY-3", "/moves/4/steps/1/offset")


def test_e19_bob_steps_swapped_is_play_3() -> None:
    doc = e19()
    doc["moves"][5]["steps"].reverse()
    assert_rejects(verify(doc), "KUH-PLAY-3", "/moves/5/steps/0/offset")


def test_e19_third_regular_step_is_turn_2() -> None:
    doc = e19()
    doc["moves"][5]["steps"].append({"do": "take_card", "card": "C3"})
    assert_rejects(verify(doc), "KUH-TURN-2", "/moves/5/steps/2")


def test_e19_foreign_tile_is_final_2() -> None:
    doc = _variant(["moves", 6, "steps", 0, "tile"], "W3")
    assert_rejects(verify(doc), "KUH-FINAL-2", "/moves/6/steps/0/tile")


def test_e19_wrong_met_is_final_4() -> None:
    doc = _variant(
        ["moves", 6, "steps", 0], {"do": "reveal_scoring_tile", "tile": "W2", "met": True}
    )
    assert_rejects(verify(doc), "KUH-FINAL-4", "/moves/6/steps/0/met")


def test_e19_extra_turn_is_end_3() -> None:
    doc = e19()
    doc["moves"].insert(
        6,
        {
            "player": "Ann",
            "action": "turn",
            "steps": [{"do": "place_tile", "take": "meadow", "at": [1, 1]}],
        },
    )
    assert_rejects(verify(doc), "KUH-END-3", "/moves/6")


def test_e19_reveal_instead_of_turn_is_turn_3() -> None:
    doc = e19()
    doc["moves"][5] = {
        "player": "Bob",
        "action": "turn",
        "steps": [{"do": "reveal_scoring_tile", "tile": "W3"}],
    }
    assert_rejects(verify(doc), "KUH-TURN-3", "/moves/5/steps/0/do")


def test_e19_tiles_placed_claim_is_claim_1() -> None:
    doc = e19()
    doc["claimed"]["tiles_placed"]["Ann"] = 4
    result = verify(doc)
    assert result.status == "mismatch"
    assert_finding(result, "KUH-CLAIM-1", "/claimed/tiles_placed/Ann")


def test_e19_breakdown_claim_is_envelope_mismatch() -> None:
    doc = e19()
    doc["claimed"]["breakdown"]["Bob"]["trees"] = 0
    result = verify(doc)
    assert result.status == "mismatch"
    assert_finding(result, "REC-CLAIM-1", "/claimed/breakdown/Bob/trees")


def test_e19_position_export_scores_like_the_record() -> None:
    """14.3: the position exported after the last move scores exactly like the record."""
    record = e19()
    state = replay_game(GAME, record).state
    doc = GAME.positions.export_position(state, record)
    result = verify(doc)
    assert_ok(result)
    assert result.scores is not None
    assert {p.name: p.total for p in result.scores.players} == {"Ann": 9, "Bob": 19}


# --- E20: the sample position of 14.4 -------------------------------------------------------


def position() -> dict[str, Any]:
    from tests.conftest import load_fixture

    doc: dict[str, Any] = load_fixture("kuhfstein/valid/position-14-4.json")
    return doc


def test_e20_sample_position_scores() -> None:
    result = verify(position())
    assert_ok(result)
    assert result.scores is not None
    assert {p.name: p.total for p in result.scores.players} == {"Ann": 9, "Bob": 19}
    assert result.scores.winners == ("Bob",)


def test_e20_without_revealed_same_result() -> None:
    doc = position()
    del doc["boards"]["Ann"]["revealed"]
    result = verify(doc)
    assert_ok(result)
    assert result.scores is not None
    assert result.scores.player("Ann").categories["scoring_tile"] == 4


def _pos(change: Any) -> Any:
    doc = position()
    change(doc)
    return verify(doc)


def test_e20_negative_variants() -> None:
    r = _pos(lambda d: d["boards"]["Bob"].update(cows_in_supply=1))
    assert_rejects(r, "KUH-POS-8", "/boards/Bob/cows_in_supply")
    r = _pos(lambda d: d["boards"]["Ann"].update(played=["C1"]))
    assert_rejects(r, "KUH-POS-9", "/boards/Ann/score")
    r = _pos(lambda d: d["boards"]["Ann"].update(trees=[[0, 0]]))
    assert_finding(r, "KUH-POS-5", "/boards/Ann/trees/0")
    assert_finding(r, "KUH-POS-9", "/boards/Ann/score")
    r = _pos(lambda d: d["boards"]["Bob"].update(revealed="W1"))
    assert_rejects(r, "KUH-POS-11", "/boards/Bob/revealed")
    r = _pos(lambda d: d["boards"]["Ann"]["tiles"].append({"at": [0, 0], "kind": "hay"}))
    assert_rejects(r, "KUH-POS-2", "/boards/Ann/tiles/3")
    r = _pos(lambda d: d["boards"]["Ann"]["tiles"][2].update(at=[2, 2]))
    assert_rejects(r, "KUH-POS-3", "/boards/Ann/tiles")
    assert r.status == "impossible"


def test_e20_combined_findings_reported_together() -> None:
    def change(d: dict[str, Any]) -> None:
        d["boards"]["Bob"]["cows_in_supply"] = 1
        d["boards"]["Ann"]["played"] = ["C1"]

    r = _pos(change)
    assert_finding(r, "KUH-POS-8", "/boards/Bob/cows_in_supply")
    assert_finding(r, "KUH-POS-9", "/boards/Ann/score")


def test_record_copy_is_independent() -> None:
    a = e19()
    b = copy.deepcopy(a)
    assert verify(a).status == verify(b).status == "ok"


def test_13_7_exchange_fragment() -> None:
    """Section 13.7: an exchange after the first step (4 lakes left), refills 2 then 1+1."""
    doc = e19()
    doc["setup"]["tile_display"] = ["lake", "lake", "lake", "lake", "forest"]
    doc["setup"]["cards"]["C9"] = {
        "cells": [{"x": 0, "y": 0, "face": "hay"}, {"x": 1, "y": 0, "face": "back"}],
        "points": 2,
    }
    doc["moves"] = [
        {
            "player": "Ann",
            "action": "turn",
            "steps": [
                {"do": "place_tile", "take": "forest", "at": [0, 0]},
                {
                    "do": "place_tile",
                    "swap": {"drawn": ["hay", "hay", "meadow", "house"]},
                    "take": "hay",
                    "at": [1, 0],
                    "tree": None,
                },
            ],
            "refill": {"tiles": ["lake", "forest"], "cards": []},
        },
        {
            "player": "Bob",
            "action": "turn",
            "steps": [
                {"do": "place_tile", "take": "meadow", "at": [0, 0]},
                {"do": "take_card", "card": "C4", "bonuses": []},
            ],
            "refill": {"tiles": ["hay"], "cards": ["C9"]},
        },
    ]
    run = replay_game(GAME, doc)
    assert not run.findings
    state = run.state
    assert sorted(state.tile_display) == ["forest", "hay", "hay", "house", "lake"]
    assert sorted(state.card_display) == ["C3", "C5", "C6", "C9"]
    assert state.tiles_left == 61 - 5 - 4 - 3
    doc["variant"]["max_swaps_per_action"] = 2
    doc["moves"][0]["steps"][1]["swap"] = [
        {"drawn": ["hay", "hay", "meadow", "house"]},
        {"drawn": ["lake"] * 4},
    ]
    assert_rejects(verify(doc), "KUH-TILE-1", "/moves/0/steps/1/swap/1")
