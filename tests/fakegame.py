"""A tiny game for testing the referee without any real game: "countdown".

Players take 1–3 from a pile in seat order (one move = one turn with one or more `take` steps
adding up to at most 3). Whoever takes the last item scores 1. Rule ID prefix REC is reused only
for referee checks; the game's own rules use the HAR family grammar with a fake family name.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from scorer.core.components import Components, keyed
from scorer.core.errors import RuleViolation
from scorer.core.findings import Finding
from scorer.core.gamebase import BaseRules
from scorer.core.values import Mark, PlayerScore, PositionResult, ScoreItem, ScoreSheet


@dataclass(frozen=True)
class Pile:
    players: tuple[str, ...]
    left: int
    seat: int = 0
    last: str | None = None


class Countdown(BaseRules[Pile]):
    name: ClassVar[str] = "countdown"
    title: ClassVar[str] = "Countdown"
    rule_ids: ClassVar[dict[str, str]] = {"HAR-FAKE-1": "take 1 to 3 per turn"}
    categories: ClassVar[tuple[str, ...]] = ("last",)
    player_counts: ClassVar[tuple[int, int]] = (1, 9)
    end_reasons: ClassVar[dict[str, str]] = {"pile_empty": "the last item was taken"}

    def end_reason(self, state: Pile) -> str | None:
        return "pile_empty" if state.left == 0 else None

    def initial_state(self, record: Mapping[str, Any]) -> Pile:
        size = record["setup"].get("pile", 5)
        if size < 1:
            raise RuleViolation("HAR-FAKE-1", "pile must not be empty", ("setup", "pile"))
        return Pile(tuple(p["name"] for p in record["players"]), size)

    def expected_players(self, state: Pile) -> frozenset[str]:
        return frozenset({state.players[state.seat]})

    def is_over(self, state: Pile) -> bool:
        return state.left == 0

    def apply(self, state: Pile, move: Mapping[str, Any]) -> Pile:
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

    def skip(self, state: Pile, move: Mapping[str, Any]) -> Pile:
        return replace(state, seat=(state.seat + 1) % len(state.players))

    def count_steps(self, move: Mapping[str, Any]) -> int:
        return len(move["steps"])

    def score(self, state: Pile) -> ScoreSheet:
        lines = tuple(
            PlayerScore(p, {"last": int(p == state.last)}, int(p == state.last))
            for p in state.players
        )
        ranking = tuple(
            t
            for t in (
                tuple(p for p in state.players if p == state.last),
                tuple(p for p in state.players if p != state.last),
            )
            if t
        )
        return ScoreSheet(self.categories, lines, ranking, end_reason=self.end_reason(state))

    def extra_claims(self, sheet: ScoreSheet, claimed: Mapping[str, Any]) -> list[Finding]:
        return []

    def load_position(self, doc: Mapping[str, Any]) -> PositionResult:
        return PositionResult(self.initial_state(doc))

    def export_position(self, state: Pile, record: Mapping[str, Any]) -> dict[str, Any]:
        return {"left": state.left}

    def draw_svg(self, state: Pile, items: Sequence[ScoreItem], mark: Mark | None) -> str:
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20">'
            f"<text x='2' y='15'>{state.left} left</text></svg>"
        )

    def render(self, state: Pile, color: bool = False) -> str:
        return "*" * state.left

    def simulate(self, players: int, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
        raise ValueError("not supported")

    def legal_steps(self, state: Pile, prefix: Sequence[Mapping[str, Any]] = ()) -> Iterator[Any]:
        taken = sum(step["n"] for step in prefix)
        most = min(3 - taken, state.left - taken)
        yield from ({"do": "take", "n": n} for n in range(1, most + 1))

    def effective_options(self, variant: Mapping[str, Any]) -> dict[str, Any]:
        return {"fast": False, **variant}

    def component_data(self, doc: Mapping[str, Any]) -> Components:
        pile = doc.get("setup", {}).get("pile", 5)
        return {"pile": keyed("/setup", {"pile": pile}, "/setup")}


RULES = Countdown()
