"""Issue 13 for Kuhfstein: the generator after a prefix of a move, what was legal instead of a
rejected step (rule ID, pointer and ``details["legal"]``, never message text), the end reason,
the greedy policy and the knobs, the features of finished games, and fixtures that exercise
the option they are named after."""

from __future__ import annotations

import copy
import time
from typing import Any

import pytest

from scorer.games.kuhfstein.simulate import features
from scorer.writing.report import render_text
from tests.conftest import assert_ok, assert_rejects, load_fixture, verify
from tests.kuhfstein.helpers import e19, situation, tiles
from tests.roles import replay_game, roles_of

GAME = roles_of("kuhfstein")


def _state_before(record: dict[str, Any], index: int) -> Any:
    state = GAME.referee.initial_state(record)
    for move in record["moves"][:index]:
        state = GAME.referee.apply(state, move)
    return state


# -- the generator after a prefix -----------------------------------------------------------


def test_legal_steps_after_a_prefix_see_the_steps_taken() -> None:
    record = e19()
    state = _state_before(record, 0)
    first = record["moves"][0]["steps"][0]  # Ann places a forest at [0, 0]
    after = list(GAME.moves.legal_steps(state, [first]))
    places = [s for s in after if s["do"] == "place_tile"]
    assert places and all(s["at"] != [0, 0] for s in places)
    assert {tuple(s["at"]) for s in places} == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    assert {s["take"] for s in places} == {"forest", "lake", "meadow", "house"}
    # two regular steps taken: nothing more is offered
    assert list(GAME.moves.legal_steps(state, record["moves"][0]["steps"])) == []


def test_legal_steps_after_an_exchange_take_the_recorded_draw() -> None:
    state = situation(
        {"Ann": {"tiles": tiles("F0,0")}, "Bob": {}},
        table={"tile_display": ["lake", "lake", "lake", "lake", "forest"], "tiles_left": 20},
    )
    swap = {"do": "place_tile", "swap": {"drawn": ["hay"] * 5}, "take": "hay", "at": [1, 0]}
    after = list(GAME.moves.legal_steps(state, [swap]))
    assert {s["take"] for s in after if s["do"] == "place_tile"} == {"hay"}


def test_every_move_of_simulated_games_is_offered_by_the_generator() -> None:
    for options in ({}, {"policy": "greedy"}, {"partial_herd": True, "partial_returns": 1.0}):
        record = GAME.moves.simulate(3, 2, options)
        state = GAME.referee.initial_state(record)
        for move in record["moves"]:
            assert GAME.moves.unoffered_step(state, move) is None, move
            state = GAME.referee.apply(state, move)


def test_a_first_tile_anywhere_and_a_herd_named_by_its_cells_are_offered() -> None:
    record = e19()
    state = _state_before(record, 0)
    moved = copy.deepcopy(record["moves"][0])
    for step in moved["steps"]:
        step["at"] = [step["at"][0] + 5, step["at"][1] - 2]
    assert GAME.moves.unoffered_step(state, moved) is None
    herd = situation({"Ann": {"tiles": tiles("F0,0 F1,0 L0,1", cows=[(0, 0), (1, 0)])}, "Bob": {}})
    whole = {"do": "return_herd", "cells": [[1, 0], [0, 0]], "at": [1, 0]}
    move = {"player": "Ann", "action": "turn", "steps": [whole, {"do": "take_card", "card": "F1"}]}
    assert GAME.moves.unoffered_step(herd, move) is None


def test_a_step_the_generator_would_not_offer_is_found() -> None:
    record = e19()
    state = _state_before(record, 0)
    move = copy.deepcopy(record["moves"][0])
    move["steps"][1]["at"] = [0, 0]  # the cell the first step filled
    assert GAME.moves.unoffered_step(state, move) == 1


# -- legal alternatives --------------------------------------------------------------------


def test_a_rejected_card_play_lists_where_the_card_fits() -> None:
    record = e19()
    record["moves"][4]["steps"][1]["rotation"] = 90  # E19: Ann 3 with rotation 90
    finding = assert_rejects(verify(record), "KUH-PLAY-3", "/moves/4/steps/1/offset")
    assert finding.details["legal"] == [
        {"do": "play_card", "card": "C6", "rotation": 270, "offset": [0, 1], "cows": [[0, 1]]}
    ]
    assert finding.details["legal_more"] == 0


def test_a_card_that_fits_nowhere_says_so() -> None:
    record = e19()
    steps = record["moves"][5]["steps"]
    steps[0], steps[1] = steps[1], steps[0]  # E19: Bob 3 with the two steps swapped
    finding = assert_rejects(verify(record), "KUH-PLAY-3", "/moves/5/steps/0/offset")
    assert finding.details["legal"] == []
    assert "C5" in finding.details["legal_note"]


def test_a_card_short_of_cows_says_so() -> None:
    state = situation(
        {
            "Ann": {
                "tiles": tiles("H0,0 H1,0 H2,0 F0,1 F1,1", cows=[(0, 1), (1, 1)]),
                "hand": ["T3"],
                "cows_in_supply": 2,
            },
            "Bob": {},
        }
    )
    move = {
        "player": "Ann",
        "action": "turn",
        "steps": [{"do": "play_card", "card": "T3", "rotation": 0, "offset": [0, 0]}],
    }
    found = GAME.moves.legal_alternatives(state, move, 0, "KUH-PLAY-6")
    assert found is not None and found.steps == () and "cows" in found.note


def test_a_rejected_placement_lists_the_cells_of_that_tile() -> None:
    record = e19()
    record["moves"][0]["steps"][1]["at"] = [1, 1]  # diagonal to Ann's first forest (E7)
    finding = assert_rejects(verify(record), "KUH-TILE-6", "/moves/0/steps/1/at")
    legal = finding.details["legal"]
    assert {s["take"] for s in legal} == {"forest"}
    assert {tuple(s["at"]) for s in legal} == {(1, 0), (0, 1), (-1, 0), (0, -1)}
    assert {tuple(s["at"]) for s in legal[:2]} == {(1, 0), (0, 1)}  # nearest first


def test_a_rejected_tree_lists_the_trees_of_that_placement() -> None:
    record = e19()
    record["moves"][5]["steps"][0]["tree"] = [1, 1]  # not a square of the tile at [1, 1]
    finding = assert_rejects(verify(record), "KUH-TREE-3", "/moves/5/steps/0/tree")
    assert finding.details["legal"][0] == {
        "do": "place_tile",
        "take": "lake",
        "at": [1, 1],
        "tree": [0, 0],
    }


def test_a_rejected_take_and_herd_list_the_cards_and_the_herds() -> None:
    record = e19()
    record["moves"][2]["steps"][1]["card"] = "C8"  # not displayed yet
    finding = assert_rejects(verify(record), "KUH-TAKE-3", "/moves/2/steps/1/card")
    assert [s["card"] for s in finding.details["legal"]] == ["C3", "C4", "C5", "C6"]
    record = e19()
    record["moves"][2]["steps"][1] = {"do": "return_herd", "at": [0, 1]}
    finding = assert_rejects(verify(record), "KUH-HERD-1", "/moves/2/steps/1/at")
    assert finding.details["legal"] == [
        {"do": "return_herd", "at": [0, 0], "cells": [[0, 0], [1, 0]]}
    ]


def test_draws_and_cross_checks_get_no_alternatives() -> None:
    record = e19()
    record["moves"][0]["refill"]["tiles"] = ["lake"]
    finding = assert_rejects(verify(record), "KUH-REFILL-1", "/moves/0/refill/tiles")
    assert "legal" not in finding.details
    record = e19()
    record["moves"][2]["steps"][0]["bonuses"] = [15]
    finding = assert_rejects(verify(record), "KUH-BONUS-3", "/moves/2/steps/0/bonuses")
    assert "legal" not in finding.details


def test_a_surplus_action_says_the_turn_is_over() -> None:
    record = e19()
    record["moves"][0]["steps"].append({"do": "take_card", "card": "C3"})
    finding = assert_rejects(verify(record), "KUH-TURN-2", "/moves/0/steps/2")
    assert finding.details["legal"] == [] and finding.details["legal_note"]


def test_a_foreign_scoring_tile_lists_the_players_own() -> None:
    record = e19()
    record["moves"][6]["steps"][0] = {"do": "reveal_scoring_tile", "tile": "W3"}
    finding = assert_rejects(verify(record), "KUH-FINAL-2", "/moves/6/steps/0/tile")
    assert [s["tile"] for s in finding.details["legal"]] == ["W1", "W2"]
    assert [s["met"] for s in finding.details["legal"]] == [True, False]


def test_text_output_prints_what_was_legal() -> None:
    record = e19()
    record["moves"][4]["steps"][1]["rotation"] = 90
    text = render_text([verify(record)])
    assert "legal here: C6 rotated 270 at offset [0, 1]" in text


def test_alternatives_stay_fast_late_in_a_game() -> None:
    record = GAME.moves.simulate(4, 1, {"policy": "greedy"})
    index = max(i for i, m in enumerate(record["moves"]) if len(m["steps"]) == 2)
    state = _state_before(record, index)
    move = copy.deepcopy(record["moves"][index])
    move["steps"][0] = {"do": "play_card", "card": "C1", "rotation": 0, "offset": [99, 99]}
    t0 = time.process_time()
    for rule in ("KUH-PLAY-1", "KUH-TILE-6", "KUH-TURN-4"):
        GAME.moves.legal_alternatives(state, move, 0, rule)
    assert time.process_time() - t0 < 0.5


# -- end reasons ---------------------------------------------------------------------------


def test_end_reasons_are_threshold_and_tiles_exhausted() -> None:
    assert set(GAME.catalogue.END_REASONS) == {"threshold", "tiles_exhausted"}
    result = verify(e19())
    assert result.scores is not None and result.scores.end_reason == "threshold"
    assert "Game ended: threshold" in render_text([result])
    random_game = verify(GAME.moves.simulate(2, 0, {}))
    assert random_game.scores is not None
    assert random_game.scores.end_reason == "tiles_exhausted"


def test_an_unfinished_game_and_a_position_have_no_end_reason() -> None:
    record = e19()
    record["moves"] = record["moves"][:3]
    state = replay_game(GAME, record).state
    assert GAME.referee.end_reason(state) is None
    position = GAME.positions.load_position(load_fixture("kuhfstein/valid/position-14-4.json"))
    assert GAME.referee.end_reason(position.state) is None


def test_the_early_end_wins_when_it_comes_first() -> None:
    record = GAME.moves.simulate(
        4, 3, {"policy": "greedy", "drain": True, "early_end_finish_round": True}
    )
    state = replay_game(GAME, record).state
    assert state is not None and state.end == "tiles_exhausted"
    assert "finish_round" in features(record)


# -- policies, knobs and features ----------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_verify_repeat_and_say_their_policy(players: int) -> None:
    record = GAME.moves.simulate(players, 5, {"policy": "greedy"})
    assert record == GAME.moves.simulate(players, 5, {"policy": "greedy"})
    assert record["meta"]["policy"] == "greedy" and record["variant"] == {}
    assert_ok(verify(record))
    assert "policy" not in GAME.moves.simulate(players, 5, {})["meta"]


def test_greedy_games_mostly_end_by_the_threshold() -> None:
    ends = [
        replay_game(GAME, GAME.moves.simulate(players, seed, {"policy": "greedy"})).state.end
        for players in (2, 3, 4)
        for seed in range(4)
    ]
    assert ends.count("threshold") >= 8, ends


@pytest.mark.parametrize(
    ("options", "word"),
    [
        ({"allow_pass": "always", "pass_chance": 0.5}, "pass"),
        ({"partial_herd": True, "partial_returns": 1.0}, "partial_herd"),
        ({"policy": "greedy", "extra_final_round": True}, "extra_final_round"),
        ({"max_swaps_per_action": 2, "swap_chance": 1.0}, "tile_swap"),
    ],
)
def test_knobs_reach_their_rare_path(options: dict[str, Any], word: str) -> None:
    record = GAME.moves.simulate(3, 1, options)
    assert_ok(verify(record))
    assert word in features(record)
    assert not set(record["variant"]) & {"policy", "pass_chance", "partial_returns", "swap_chance"}


def test_a_drained_game_finds_a_player_stuck() -> None:
    options = {"policy": "greedy", "drain": True, "early_end_finish_round": True}
    words = features(
        GAME.moves.simulate(4, 0, {**options, "allow_pass": "never", "end_threshold": 200})
    )
    assert {"stuck_turn", "finish_round"} <= words


def test_bad_knob_values_are_refused() -> None:
    for options in ({"pass_chance": 2}, {"drain": "yes"}, {"policy": "clever"}, {"nope": 1}):
        with pytest.raises(ValueError):
            GAME.moves.simulate(2, 0, options)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_the_random_policy_plays_as_before(players: int, seed: int) -> None:
    """Without knobs the random policy writes the games it wrote before policies existed
    (the default-option fixtures were simulated then)."""
    record = GAME.moves.simulate(players, seed, {})
    assert record == load_fixture(f"kuhfstein/valid/sim-{players}p-seed{seed}.json")
    assert record == GAME.moves.simulate(players, seed, {"swap_chance": 0.25}) | {
        "meta": record["meta"]
    }


# -- fixtures that exercise their option ----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("sim-2p-extra-round.json", {"extra_final_round"}),
        ("sim-2p-return-full.json", {"tile_swap", "double_swap", "full_draw"}),
        ("sim-4p-finish-round.json", {"finish_round", "stuck_turn", "partial_herd"}),
    ],
)
def test_option_fixtures_take_the_path_of_their_option(name: str, words: set[str]) -> None:
    assert words <= features(load_fixture(f"kuhfstein/valid/{name}"))


def test_the_after_action_fixture_refills_on_every_step() -> None:
    record = load_fixture("kuhfstein/valid/sim-3p-after-action.json")
    play = [m for m in record["moves"] if m["steps"][0]["do"] != "reveal_scoring_tile"]
    assert all("refill" not in m for m in play)
    assert all("refill" in s for m in play for s in m["steps"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_fixtures_are_greedy_games(players: int) -> None:
    record = load_fixture(f"kuhfstein/valid/greedy-{players}p.json")
    assert record["meta"]["policy"] == "greedy" and len(record["players"]) == players
    state = replay_game(GAME, record).state
    assert state is not None and state.end == "threshold"
