"""Countdown's Positions role."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorer.core.values import PositionResult
from tests.fakegame import Pile
from tests.fakegame.referee import initial_state


def load_position(doc: Mapping[str, Any]) -> PositionResult[Pile]:
    return PositionResult(initial_state(doc))


def export_position(state: Pile, record: Mapping[str, Any]) -> dict[str, object]:
    return {"left": state.left}


def blank_position(players: Sequence[str], options: Mapping[str, Any]) -> dict[str, object]:
    return {"left": 5}


def draft_state(doc: Mapping[str, Any]) -> Pile | None:
    return None
