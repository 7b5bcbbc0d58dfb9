"""``evaluate`` (one pass over the board for every seat) agrees with ``evaluate_seat``."""

from __future__ import annotations

import pytest

from scorer.games.hacienda.scoring import evaluate, evaluate_seat
from tests.roles import roles_of


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
    rules = roles_of("hacienda")
    record = rules.moves.simulate(players, seed, options)
    state = rules.referee.initial_state(record)
    for k, move in enumerate(record["moves"]):
        state = rules.referee.apply(state, move)
        if k % 7 == 0 or rules.referee.is_over(state):
            expected = tuple(evaluate_seat(state, p) for p in range(players))
            assert evaluate(state) == expected
