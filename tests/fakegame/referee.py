"""Countdown's Referee role."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from scorer.core.errors import RuleViolation
from scorer.core.findings import Finding
from scorer.core.values import PlayerScore, ScoreSheet
from tests.fakegame import Pile
from tests.fakegame.rules import CATEGORIES

CLAIMS_WHEN_INCOMPLETE = True


def end_reason(state: Pile) -> str | None:
    return "pile_empty" if state.left == 0 else None


def initial_state(record: Mapping[str, Any]) -> Pile:
    size = record["setup"].get("pile", 5)
    if size < 1:
        raise RuleViolation("HAR-FAKE-1", "pile must not be empty", ("setup", "pile"))
    return Pile(tuple(p["name"] for p in record["players"]), size)


def expected_players(state: Pile) -> frozenset[str]:
    return frozenset({state.players[state.seat]})


def is_over(state: Pile) -> bool:
    return state.left == 0


def apply(state: Pile, move: Mapping[str, Any]) -> Pile:
    taken = 0
    for j, step in enumerate(move["steps"]):
        taken += step["n"]
        if taken > 3 or taken > state.left:
            raise RuleViolation(
                "HAR-FAKE-1",
                f"cannot take {taken}",
                ("steps", j, "n"),
                {"expected": "at most 3", "found": taken},
            )
    return replace(
        state,
        left=state.left - taken,
        seat=(state.seat + 1) % len(state.players),
        last=move["player"],
    )


def skip(state: Pile, move: Mapping[str, Any]) -> Pile:
    return replace(state, seat=(state.seat + 1) % len(state.players))


def count_steps(move: Mapping[str, Any]) -> int:
    return len(move["steps"])


def score(state: Pile) -> ScoreSheet:
    lines = tuple(
        PlayerScore(p, {"last": int(p == state.last)}, int(p == state.last)) for p in state.players
    )
    ranking = tuple(
        t
        for t in (
            tuple(p for p in state.players if p == state.last),
            tuple(p for p in state.players if p != state.last),
        )
        if t
    )
    return ScoreSheet(CATEGORIES, lines, ranking, end_reason=end_reason(state))


def warnings(state: Pile) -> tuple[Finding, ...]:
    return ()


def extra_claims(sheet: ScoreSheet, claimed: Mapping[str, Any]) -> list[Finding]:
    return []
