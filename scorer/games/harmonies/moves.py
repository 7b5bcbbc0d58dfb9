"""The Moves role of Harmonies (scorer.core.roles.Moves): the generator and the simulator.

The generator (``generator``) is written apart from the checks; ``alternatives`` puts its
steps in words; ``simulate`` plays complete games with it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from scorer.core.values import Json, Legal, Move, RuleId, steps_of
from scorer.games.harmonies import alternatives, generator
from scorer.games.harmonies.alternatives import describe_step
from scorer.games.harmonies.rules import SIMULATE_OPTIONS
from scorer.games.harmonies.simulate import simulate
from scorer.games.harmonies.state import State

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
    pending = generator.follow(state, prefix)
    return iter(()) if pending is None else generator.legal_steps(pending)


def unoffered_step(state: State, move: Move) -> int | None:
    return generator.first_unoffered(state, steps_of(move))


def legal_alternatives(state: State, move: Move, at: int, rule: RuleId) -> Legal | None:
    """The legal steps of the rejected step's kind (the rule does not change them)."""
    return alternatives.legal_alternatives(state, move, at)


if TYPE_CHECKING:
    from scorer.core.roles import Moves
    from scorer.games.harmonies import moves as _module

    _check: Moves[State] = _module
