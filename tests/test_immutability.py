"""A state returned by `apply` is never changed afterwards: not by the next move, not by a
rejected move, not by re-applying a move to an older state (every game, simulated records)."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from scorer.core.errors import RuleViolation
from scorer.registry import game_names
from tests.roles import roles_of


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("seed", [3, 11])
def test_states_never_change_once_returned(game: str, seed: int) -> None:
    rules = roles_of(game)
    record = rules.moves.simulate(3, seed, {})
    states: list[Any] = [rules.referee.initial_state(record)]
    before: list[str] = [repr(states[0])]
    for index, move in enumerate(record["moves"]):
        states.append(rules.referee.apply(states[-1], move))
        before.append(repr(states[-1]))
        if index >= 1:  # the same move again on the state two moves back: legal or not
            with contextlib.suppress(RuleViolation):
                rules.referee.apply(states[-3], move)
    assert [repr(s) for s in states] == before
