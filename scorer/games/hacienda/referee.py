"""The Referee role of Hacienda (scorer.core.roles.Referee): set-up, turns, the end, the score.

Each member is the function that does the work, imported from its room; only what is a line
of the state itself is written here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorer.core.findings import Finding
from scorer.core.values import Move, ScoreSheet, steps_of
from scorer.games.hacienda.actions import apply_move as apply
from scorer.games.hacienda.actions import skip_move
from scorer.games.hacienda.setup import initial_state
from scorer.games.hacienda.sheet import extra_claims, position_sheet, record_sheet
from scorer.games.hacienda.state import State

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

#: §7.5 / A19: claims are compared only once the game is over.
CLAIMS_WHEN_INCOMPLETE = False


def expected_players(state: State) -> frozenset[str]:
    """The player of the seat to move."""
    return state.game.to_move[state.seat]


def is_over(state: State) -> bool:
    return bool(state.scorings.final == 2)


def skip(state: State, move: Move) -> State:
    """A rejected turn passes: the next seat is to move."""
    return skip_move(state)


def count_steps(move: Move) -> int:
    return len(steps_of(move))


def score(state: State) -> ScoreSheet:
    """The sheet of a replayed record, or of a position scored as it stands (its track)."""
    if state.track is not None:
        return position_sheet(state, state.track, (state.board.describe(),))
    return record_sheet(state, (state.board.describe(),))


def end_reason(state: State) -> str | None:
    """§7.2: the only way a game ends; a position is scored as it stands (§13.4), with none
    (its ``track`` is set)."""
    if state.final == 2 and state.track is None and sum(state.stacks) == 0:
        return "animal_stacks_exhausted"
    return None


def warnings(state: State) -> tuple[Finding, ...]:
    """A replay of Hacienda collects no warnings."""
    return ()


if TYPE_CHECKING:
    from scorer.core.roles import Referee
    from scorer.games.hacienda import referee as _module

    _check: Referee[State] = _module
