"""The Moves role of Citrus (scorer.core.roles.Moves): the generator and the simulator.

The generator (``generator``) is written apart from the checks; ``alternatives`` puts its
steps in words; ``simulate`` plays complete games with it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from scorer.core.values import Json, Move, steps_of
from scorer.games.citrus import generator
from scorer.games.citrus import simulate as simulator
from scorer.games.citrus.alternatives import describe as describe_step
from scorer.games.citrus.alternatives import legal_alternatives as legal_alternatives
from scorer.games.citrus.state import State

__all__ = [
    "SIMULATE_OPTIONS",
    "describe_step",
    "legal_alternatives",
    "legal_steps",
    "simulate",
    "unoffered_step",
]

#: Simulator options besides the variant's (``scorer simulate --option``).
SIMULATE_OPTIONS: Mapping[str, str] = {
    "board": "a shipped board id or 'generated' (--board)",
    "seek": "greedy policy: favour 'merge', 'landscape' or 'order' (order-dependent buys)",
    "landscape": "the landscape tiles dealt: 'mix', 'horses', 'carts' or 'actions'",
}


def legal_steps(state: State, prefix: Sequence[Json] = ()) -> Iterator[Json]:
    """The legal next steps once the recorded steps ``prefix`` of the turn are taken."""
    return generator.legal_steps(state, prefix)


def unoffered_step(state: State, move: Move) -> int | None:
    """The first step the generator would not offer (``generator.offered`` compares:
    cross-checks where given, chance members never, a harvest by its region)."""
    return generator.first_unoffered(state, steps_of(move))


def simulate(players: int, seed: int, options: Json) -> dict[str, object]:
    """One complete legal game (the random or the greedy policy)."""
    return simulator.simulate(players, seed, dict(options))


if TYPE_CHECKING:
    from scorer.core.roles import Moves
    from scorer.games.citrus import moves as _module

    _check: Moves[State] = _module
