"""Countdown's Moves role: the generator, and the core's default alternatives."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from scorer.core import legal
from scorer.core.values import Legal
from tests.fakegame import Pile

SIMULATE_OPTIONS: Mapping[str, str] = {}
describe_step = legal.describe_step


def legal_steps(state: Pile, prefix: Sequence[Mapping[str, Any]] = ()) -> Iterator[Any]:
    taken = sum(step["n"] for step in prefix)
    most = min(3 - taken, state.left - taken)
    yield from ({"do": "take", "n": n} for n in range(1, most + 1))


def unoffered_step(state: Pile, move: Mapping[str, Any]) -> int | None:
    return legal.first_unoffered(lambda prefix: legal_steps(state, prefix), move)


def legal_alternatives(state: Pile, move: Mapping[str, Any], at: int, rule: str) -> Legal | None:
    return legal.alternatives_of_kind(lambda p: legal_steps(state, p), move, at)


def simulate(players: int, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    raise ValueError("not supported")
