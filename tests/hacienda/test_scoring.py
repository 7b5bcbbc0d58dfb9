"""``evaluate`` (one pass over the board for every seat) agrees with ``evaluate_seat``."""

from __future__ import annotations

import pytest

from scorer.games.hacienda.scoring import evaluate, evaluate_seat
from scorer.registry import get_rules


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 1, {}),
        (3, 2, {"variant1": True}),
        (4, 3, {"water_scoring": "per_piece", "herd_points": True}),
        (5, 4, {"variant2": True}),
    ],
)
def test_evaluate_is_evaluate_seat_for_every_seat(
    players: int, seed: int, options: dict[str, object]
) -> None:
    rules = get_rules("hacienda")
    record = rules.simulate(players, seed, options)
    state = rules.initial_state(record)
    for k, move in enumerate(record["moves"]):
        state = rules.apply(state, move)
        if k % 7 == 0 or rules.is_over(state):
            expected = tuple(evaluate_seat(state, p) for p in range(players))
            assert evaluate(state) == expected
