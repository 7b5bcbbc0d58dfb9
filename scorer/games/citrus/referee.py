"""The Referee role of Citrus (scorer.core.roles.Referee): set-up, turns, the end, the score.

Each member is the function that does the work, imported from its room; only what is a line
of the state itself is written here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorer.core.findings import Finding
from scorer.core.values import Json, Move, ScoreSheet, steps_of
from scorer.games.citrus import actions, setup
from scorer.games.citrus.scoring import score as score
from scorer.games.citrus.state import State

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


def initial_state(record: Json) -> State:
    return setup.initial_state(dict(record))


def apply(state: State, move: Move) -> State:
    return actions.apply_move(state, move)


def skip(state: State, move: Move) -> State:
    return actions.skip_move(state, move)


def expected_players(state: State) -> frozenset[str]:
    return state.static.seats[state.turn]


def is_over(state: State) -> bool:
    return state.over


def count_steps(move: Move) -> int:
    return len(steps_of(move))


def end_reason(state: State) -> str | None:
    """``tiles_exhausted`` when bag and market are empty (checked first, as the end of a turn
    does), else ``stalemate``; None while the game is not over."""
    if not state.over:
        return None
    if not any(state.market) and not state.bag:
        return "tiles_exhausted"
    return "stalemate"


def warnings(state: State) -> tuple[Finding, ...]:
    """The warnings (CIT-RET-2, CIT-REC-2) collected during the replay."""
    return tuple(state.warnings)


def extra_claims(sheet: ScoreSheet, claimed: Json) -> list[Finding]:
    """Citrus claims nothing beyond the referee's ``scores`` and ``breakdown``."""
    return []


if TYPE_CHECKING:
    from scorer.core.roles import Referee
    from scorer.games.citrus import referee as _module

    _check: Referee[State] = _module
