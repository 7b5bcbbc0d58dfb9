"""Helpers for the Kuhfstein tests: the E19 record, positions as one-line situations, and
single-move checks that assert rule ID and pointer."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scorer.core.errors import RuleViolation
from scorer.core.pointer import to_pointer
from scorer.games.kuhfstein.actions import apply_step
from scorer.games.kuhfstein.events import begin_turn
from scorer.games.kuhfstein.state import State, TurnDraft
from tests.conftest import load_fixture
from tests.roles import roles_of

GAME = roles_of("kuhfstein")

CARDS: dict[str, Any] = {
    "C1": {
        "cells": [{"x": 0, "y": 0, "face": "forest"}, {"x": 1, "y": 0, "face": "forest"}],
        "points": 3,
    },
    "C5": {
        "cells": [
            {"x": 0, "y": 0, "face": "lake"},
            {"x": 1, "y": 0, "face": "lake"},
            {"x": 0, "y": 1, "face": "lake"},
            {"x": 1, "y": 1, "face": "lake"},
        ],
        "points": 9,
    },
    "C6": {
        "cells": [{"x": 0, "y": 0, "face": "hay"}, {"x": 1, "y": 0, "face": "back"}],
        "points": 2,
    },
    # E8: K = (0,0) forest, (0,1) lake, (1,1) back; 4 points
    "K": {
        "cells": [
            {"x": 0, "y": 0, "face": "forest"},
            {"x": 0, "y": 1, "face": "lake"},
            {"x": 1, "y": 1, "face": "back"},
        ],
        "points": 4,
    },
    # 3 face cells in a row (E11)
    "T3": {
        "cells": [
            {"x": 0, "y": 0, "face": "hay"},
            {"x": 1, "y": 0, "face": "hay"},
            {"x": 2, "y": 0, "face": "hay"},
        ],
        "points": 20,
    },
    # one face cell, 13 points (E13) and 4 points
    "P13": {
        "cells": [{"x": 0, "y": 0, "face": "meadow"}, {"x": 1, "y": 0, "face": "back"}],
        "points": 13,
    },
    "P4": {
        "cells": [{"x": 0, "y": 0, "face": "meadow"}, {"x": 1, "y": 0, "face": "back"}],
        "points": 4,
    },
    "F1": {
        "cells": [{"x": 0, "y": 0, "face": "forest"}, {"x": 0, "y": 1, "face": "lake"}],
        "points": 3,
    },
    "F2": {
        "cells": [{"x": 0, "y": 0, "face": "forest"}, {"x": 0, "y": 1, "face": "back"}],
        "points": 2,
    },
    "F3": {
        "cells": [{"x": 0, "y": 0, "face": "forest"}, {"x": 1, "y": 0, "face": "house"}],
        "points": 3,
    },
    "F4": {
        "cells": [{"x": 0, "y": 0, "face": "meadow"}, {"x": 1, "y": 0, "face": "forest"}],
        "points": 3,
    },
    "M1": {
        "cells": [{"x": 0, "y": 0, "face": "meadow"}, {"x": 0, "y": 1, "face": "back"}],
        "points": 2,
    },
}
SCORING: dict[str, Any] = {
    "W1": {"points": 4, "condition": {"type": "kind_count_at_least", "kind": "forest", "n": 2}},
    "W2": {"points": 6, "condition": {"type": "trees_at_least", "n": 1}},
    "W3": {"points": 5, "condition": {"type": "kind_count_at_least", "kind": "lake", "n": 3}},
    "W4": {"points": 3, "condition": {"type": "tiles_at_least", "n": 6}},
    "W5": {"points": 5, "condition": {"type": "kind_majority", "kind": "hay"}},
    "W6": {"points": 2, "condition": {"type": "cards_played_at_least", "n": 1}},
}
COWS_15_25 = {"bonus_spaces": [{"space": 15, "bonus": "cow"}, {"space": 25, "bonus": "cow"}]}
LETTERS = {"F": "forest", "L": "lake", "M": "meadow", "H": "hay", "S": "house"}


def e19() -> dict[str, Any]:
    """The complete sample record of section 13.6 (a fresh copy)."""
    doc: dict[str, Any] = load_fixture("kuhfstein/valid/e19-mini-game.json")
    return doc


def tiles(spec: str, cows: Iterable[tuple[int, int]] = ()) -> list[dict[str, Any]]:
    """``"F0,0 L1,0"`` → position tiles (cows on the listed cells)."""
    cow_set = set(cows)
    out = []
    for item in spec.split():
        x, y = (int(v) for v in item[1:].split(","))
        out.append({"at": [x, y], "kind": LETTERS[item[0]], "cow": (x, y) in cow_set})
    return out


def situation(
    boards: Mapping[str, Mapping[str, Any]],
    table: Mapping[str, Any] | None = None,
    variant: Mapping[str, Any] | None = None,
    track: Mapping[str, Any] | None = None,
) -> State:
    """A mid-game state from a position (the first player to move unless the table says
    otherwise). Each board spec may leave out ``score`` (0) and ``dealt``."""
    doc = situation_doc(boards, table, variant, track)
    result = GAME.positions.load_position(doc)
    assert result.state is not None, result.findings
    state: State = result.state
    return state


def situation_doc(
    boards: Mapping[str, Mapping[str, Any]],
    table: Mapping[str, Any] | None = None,
    variant: Mapping[str, Any] | None = None,
    track: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    names = list(boards)
    dealt = [["W1", "W2"], ["W3", "W4"], ["W5"], ["W6"]]
    docs: dict[str, Any] = {}
    for i, name in enumerate(names):
        board = {"tiles": [], "score": 0, "dealt": dealt[i]}
        board.update(copy.deepcopy(dict(boards[name])))
        docs[name] = board
    base_table = {
        "tile_display": ["forest", "lake", "meadow", "hay", "house"],
        "card_display": ["F1", "F2", "F3", "F4"],
        "next": names[0],
        "phase": "play",
    }
    base_table.update(table or {})
    return {
        "format": "scorer-position/1",
        "game": "kuhfstein",
        "variant": dict(variant or {}),
        "players": [{"name": n} for n in names],
        "components": copy.deepcopy(
            {"track": dict(track or COWS_15_25), "cards": CARDS, "scoring_tiles": SCORING}
        ),
        "boards": docs,
        "table": base_table,
    }


def move(
    steps: Sequence[Mapping[str, Any]], refill: Mapping[str, Any] | None = None, player: str = "Ann"
) -> dict[str, Any]:
    m: dict[str, Any] = {"player": player, "action": "turn", "steps": list(steps)}
    if refill is not None:
        m["refill"] = dict(refill)
    return m


def play(state: State, m: Mapping[str, Any]) -> State:
    """Apply one move that must be legal."""
    out: State = GAME.referee.apply(state, m)
    return out


def violation(state: State, m: Mapping[str, Any], index: int = 0) -> tuple[str, str]:
    """The (rule, pointer) of the violation ``m`` raises as move ``index``."""
    try:
        GAME.referee.apply(state, m)
    except RuleViolation as exc:
        return exc.rule, to_pointer(("moves", index, *exc.path))
    raise AssertionError("the move was accepted")


def rejects(state: State, m: Mapping[str, Any], rule: str, pointer: str) -> None:
    got = violation(state, m)
    assert got == (rule, pointer), f"expected {rule} at {pointer}, got {got}"


class Progress:
    """What the tests read of a turn in progress: its draft's values and working notes."""

    def __init__(self, draft: TurnDraft) -> None:
        self.draft = draft

    def __getattr__(self, name: str) -> Any:
        draft = self.draft
        if name in ("tiles", "cows", "supply", "hand", "score"):
            return getattr(draft.board, name)
        return {
            "tile_display": lambda: list(draft.tile_display),
            "card_display": lambda: list(draft.card_display),
            "regular": lambda: draft.regular,
            "bonus_used": lambda: draft.spent,
            "warnings": lambda: list(draft.warnings[len(draft.base.warnings) :]),
            "trees_left": lambda: draft.trees_left,
        }[name]()


def partial(state: State, steps: Sequence[Mapping[str, Any]]) -> Progress:
    """The turn in progress after ``steps`` (no end-of-turn processing)."""
    m = move(steps, player=state.names[state.seat])
    draft = begin_turn(state, m)
    for j, step in enumerate(steps):
        apply_step(draft, step, j)
    return Progress(draft)


def step_rejects(state: State, steps: Sequence[Mapping[str, Any]], rule: str, pointer: str) -> None:
    """The steps (without the end of the turn) raise ``rule`` at ``pointer`` (move 0)."""
    try:
        partial(state, steps)
    except RuleViolation as exc:
        got = (exc.rule, to_pointer(("moves", 0, *exc.path)))
        assert got == (rule, pointer), f"expected {rule} at {pointer}, got {got}"
        return
    raise AssertionError(f"expected {rule}, the steps were accepted")
