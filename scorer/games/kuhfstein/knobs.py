"""The simulator's own options (``scorer simulate kuhfstein --option NAME=VALUE``): the policy
and the knobs that steer simulated games onto Kuhfstein's rare paths. None of them is a
variant option: they never reach a record's ``variant`` (greedy records say
``meta.policy``, and knobs are written to ``meta.knobs``).

Absent knobs change nothing: the random policy without knobs plays the same games, byte for
byte, as before the knobs existed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

SIMULATE_OPTIONS: Mapping[str, str] = {
    "pass_chance": (
        "with allow_pass 'always': the chance (0 to 1) that a player passes in a free slot "
        "of the first two actions (default 0)"
    ),
    "partial_returns": (
        "with partial_herd: the chance (0 to 1) that a herd return takes back only a "
        "connected part of a herd of two or more cows (default 0)"
    ),
    "swap_chance": (
        "random policy: the chance (0 to 1) that a player exchanges a display when the "
        "rules allow it (default 0.25, spec 16.5)"
    ),
    "drain": (
        "true: the players empty the card deck and the displays and bring their cows home, "
        "so that late turns find a player stuck (passes under allow_pass 'if_stuck', short "
        "turns under 'never'; pair it with early_end_finish_round) (default false)"
    ),
}


@dataclass(frozen=True, slots=True)
class Knobs:
    """How the simulated players play: the policy and the knobs of SIMULATE_OPTIONS."""

    policy: str = "random"
    pass_chance: float = 0.0
    partial_returns: float = 0.0
    swap_chance: float = 0.25
    drain: bool = False

    @property
    def any(self) -> bool:
        """Whether a knob is set (a random game without knobs plays as it always did)."""
        return bool(
            self.pass_chance or self.partial_returns or self.drain or self.swap_chance != 0.25
        )

    def meta(self) -> dict[str, Any]:
        """The knobs set, for ``meta.knobs``."""
        out: dict[str, Any] = {}
        if self.pass_chance:
            out["pass_chance"] = self.pass_chance
        if self.partial_returns:
            out["partial_returns"] = self.partial_returns
        if self.swap_chance != 0.25:
            out["swap_chance"] = self.swap_chance
        if self.drain:
            out["drain"] = True
        return out


def _chance(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise ValueError(f"{name} is a chance from 0 to 1, not {value!r}")
    return float(value)


def split(options: Mapping[str, Any]) -> tuple[Knobs, dict[str, Any]]:
    """The simulator's options and the variant (the rest). Raises ValueError for a bad value."""
    policy = options.get("policy", "random")
    if policy not in ("random", "greedy"):
        raise ValueError(f"unknown policy {policy!r}; the policies are random and greedy")
    drain = options.get("drain", False)
    if not isinstance(drain, bool):
        raise ValueError(f"drain is true or false, not {drain!r}")
    knobs = Knobs(
        policy=policy,
        pass_chance=_chance("pass_chance", options.get("pass_chance", 0)),
        partial_returns=_chance("partial_returns", options.get("partial_returns", 0)),
        swap_chance=_chance("swap_chance", options.get("swap_chance", 0.25)),
        drain=drain,
    )
    variant = {k: v for k, v in options.items() if k != "policy" and k not in SIMULATE_OPTIONS}
    return knobs, variant
