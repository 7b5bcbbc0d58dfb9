"""The Moves role of Hacienda (scorer.core.roles.Moves): the generator and the simulator.

The generator (``generator``) is written apart from the checks; ``alternatives`` puts its
steps in words; ``simulate`` plays complete games with it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from scorer.core.legal import first_unoffered
from scorer.core.values import Json, Move
from scorer.games.hacienda.alternatives import describe_step, legal_alternatives
from scorer.games.hacienda.generator import same_step, steps_after
from scorer.games.hacienda.simulate import simulate
from scorer.games.hacienda.state import State

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
    "map": "a shipped map id (--map)",
    "decks": "true: write the full deck orders",
    "harvest_chips": "chips in the supply",
    "neutral_haciendas": "haciendas in the supply",
    "water_supply": "buyable water tiles (a number or shapes)",
    "land_rush": "true (greedy): every player buys land cards while any can be drawn",
    "animal_hoarder": "true (greedy): the first player buys every animal card, no one else",
}


def legal_steps(state: State, prefix: Sequence[Json] = ()) -> Iterator[Json]:
    """The legal next steps once the recorded steps ``prefix`` of the turn are taken."""
    return steps_after(state, prefix)


def unoffered_step(state: State, move: Move) -> int | None:
    """Compared with every chance outcome the generator allows (a drawn card or refill must
    be one the pile can show), the income claim aside (``generator.same_step``)."""
    return first_unoffered(
        lambda prefix: steps_after(state, prefix, draws=True), move, same=same_step
    )


if TYPE_CHECKING:
    from scorer.core.roles import Moves
    from scorer.games.hacienda import moves as _module

    _check: Moves[State] = _module
