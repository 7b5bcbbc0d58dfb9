"""The simulator's policies and knobs (issue 13 §1): the random policy plays the games it
played before policies existed, the greedy policy is reproducible and plays better, the knobs
steer games toward the end triggers, and ``features`` names the rare paths taken."""

from __future__ import annotations

import hashlib
import json
import statistics

import pytest

from scorer.games.harmonies.simulate import features
from tests.conftest import verify
from tests.roles import roles_of

GAME = roles_of("harmonies")


#: sha256 (first 16 hex digits, keys sorted) of the random game of seed 0 per player count,
#: as the simulator wrote it before policies existed (``scorer simulate --seed 0``).
RANDOM_SEED_0 = {
    1: "0b60537d734e82cf",
    2: "0615b79ee9c2a3ff",
    3: "c971dd9ff7760f9e",
    4: "bcec2398fb2dc80b",
}


def _digest(record: object) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_random_policy_plays_the_games_it_played_before(players: int) -> None:
    record = GAME.moves.simulate(players, 0, {})
    assert _digest(record) == RANDOM_SEED_0[players]
    assert "policy" not in record["meta"] and "options" not in record["meta"]


@pytest.mark.parametrize("players", [1, 4])
def test_greedy_games_are_reproducible_and_say_so(players: int) -> None:
    first = GAME.moves.simulate(players, 7, {"policy": "greedy"})
    assert GAME.moves.simulate(players, 7, {"policy": "greedy"}) == first
    assert first["meta"]["policy"] == "greedy"
    assert verify(first).status == "ok"


def test_greedy_players_score_more_than_random_ones() -> None:
    def mean(options: dict[str, str]) -> float:
        totals = []
        for seed in range(4):
            result = verify(GAME.moves.simulate(2, seed, options))
            assert result.scores is not None
            totals += [p.total for p in result.scores.players]
        return statistics.mean(totals)

    assert mean({"policy": "greedy"}) > mean({}) + 10


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_the_end_knob_steers_toward_a_trigger(policy: str) -> None:
    pouch = {"policy": policy, "end": "pouch", "board_side": "B"}
    board = {"policy": policy, "end": "board"}
    reasons = set()
    for seed in range(4):
        stacked = verify(GAME.moves.simulate(4, seed, pouch))
        spread = verify(GAME.moves.simulate(4, seed, board))
        assert stacked.scores is not None and spread.scores is not None
        reasons.add(stacked.scores.end_reason)
        assert spread.scores.end_reason == "board_full"
    assert "pouch_empty" in reasons


def test_knobs_are_recorded_and_checked() -> None:
    record = GAME.moves.simulate(1, 3, {"policy": "greedy", "discard": "always", "cards": "eager"})
    assert record["meta"]["options"] == {"cards": "eager", "discard": "always"}
    assert "solo_discard" in features(record, verify(record).state)
    for bad in ({"end": "never"}, {"policy": "clever"}, {"cards": True}):
        with pytest.raises(ValueError):
            GAME.moves.simulate(2, 0, bad)
    assert set(GAME.moves.SIMULATE_OPTIONS) == {"end", "cards", "discard"}


def test_features_name_the_rare_paths_of_a_game() -> None:
    record = GAME.moves.simulate(
        4, 2, {"policy": "greedy", "cards": "eager", "animal_cube_supply": 30}
    )
    words = features(record, verify(record).state)
    assert {"card_limit", "reserve_short"} <= words
    assert words <= {
        "spirit_cube",
        "card_completed",
        "card_limit",
        "draw_pile_exhausted",
        "reserve_short",
        "solo_discard",
        "solo_short_refill",
        "round_finished",
        "final_refill_omitted",
        "rotation_written",
        "shared_victory",
        "tie_by_cubes",
    }
