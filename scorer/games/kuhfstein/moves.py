"""The Moves role of Kuhfstein (scorer.core.roles.Moves): the generator and the simulator.

The generator (``generator``) is written apart from the checks; ``alternatives`` puts its
steps in words and compares a recorded move with them; ``simulate`` plays complete games.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from scorer.core.values import Json
from scorer.games.kuhfstein import generator
from scorer.games.kuhfstein.alternatives import (
    describe_step,
    legal_alternatives,
    unoffered_step,
)
from scorer.games.kuhfstein.knobs import SIMULATE_OPTIONS
from scorer.games.kuhfstein.simulate import simulate
from scorer.games.kuhfstein.state import State

__all__ = [
    "SIMULATE_OPTIONS",
    "describe_step",
    "legal_alternatives",
    "legal_steps",
    "simulate",
    "unoffered_step",
]


def legal_steps(state: State, prefix: Sequence[Json] = ()) -> Iterator[Json]:
    """The legal next steps once the recorded steps ``prefix`` of the turn are taken."""
    return generator.legal_steps(state, prefix)


if TYPE_CHECKING:
    from scorer.core.roles import Moves
    from scorer.games.kuhfstein import moves as _module

    _check: Moves[State] = _module
