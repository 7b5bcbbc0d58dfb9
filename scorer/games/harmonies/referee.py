"""The Referee role of Harmonies (scorer.core.roles.Referee): set-up, turns, the end, the score.

Each member is the function that does the work, imported from its room; only what is a line
of the state itself is written here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorer.core.findings import Finding
from scorer.core.values import Move, steps_of
from scorer.games.harmonies.actions import apply_move as apply
from scorer.games.harmonies.actions import skip_move as skip
from scorer.games.harmonies.scoring import compare_suns as extra_claims
from scorer.games.harmonies.scoring import score_state as score
from scorer.games.harmonies.setup import initial_state
from scorer.games.harmonies.state import State

__all__ = [
    "CLAIMS_WHEN_INCOMPLETE",
    "apply",
    "count_steps",
    "end_reason",
    "expected_players",
    "extra_claims",
    "initial_state",
    "is_over",
    "score",
    "skip",
    "warnings",
]

#: Claimed totals are compared with the provisional scores of an incomplete record too.
CLAIMS_WHEN_INCOMPLETE = True


def expected_players(state: State) -> frozenset[str]:
    """The player in the seat to move (turns go round in seat order)."""
    return frozenset((state.players[state.seat].name,))


def is_over(state: State) -> bool:
    return state.over


def count_steps(move: Move) -> int:
    return len(steps_of(move))


def end_reason(state: State) -> str | None:
    """The end trigger that fired first (HAR-END-1/2), None while the game goes on."""
    return (state.trigger or None) if state.over else None


def warnings(state: State) -> tuple[Finding, ...]:
    """A replay of Harmonies collects no warnings."""
    return ()


if TYPE_CHECKING:
    from scorer.core.roles import Referee
    from scorer.games.harmonies import referee as _module

    _check: Referee[State] = _module
