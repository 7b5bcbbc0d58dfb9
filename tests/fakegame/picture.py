"""Countdown's Pictures role."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.core.values import Mark, ScoreItem
from tests.fakegame import Pile


def draw_svg(state: Pile, items: Sequence[ScoreItem], mark: Mark | None) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20">'
        f"<text x='2' y='15'>{state.left} left</text></svg>"
    )


draw_editor_svg = draw_svg


def render(state: Pile, color: bool = False) -> str:
    return "*" * state.left


def explain(state: Pile) -> list[ScoreItem]:
    return []


def editor_data() -> dict[str, object]:
    return {}
