"""The replay state stays immutable: ``apply`` builds new states (copy on write inside a move)
and never changes a state it returned, also when a later move is rejected; ``Work.freeze``
builds the NamedTuples positionally in their declared field order."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import pytest

from scorer.errors import RuleViolation
from scorer.games.kuhfstein import RULES
from scorer.games.kuhfstein.events import apply_step, begin_turn, end_turn
from scorer.games.kuhfstein.state import Board, KState

OPTIONS: list[dict[str, Any]] = [
    {},
    {"refill_timing": "after_action"},
    {"swap_discard": "return", "tile_swap_draw": "full"},
    {"partial_herd": True, "card_swap_needs_full_display": False},
]


def snapshot(state: KState) -> str:
    """Everything of a state except the component data, with unordered parts sorted."""
    parts: list[Any] = [state._replace(comp=None, boards=())]
    for b in state.boards:
        parts.append((sorted(b.tiles.items()), sorted(b.cows), sorted(b.used), b[3:]))
    if state.kind_left is not None:
        parts.append(sorted(state.kind_left.items()))
    parts.append(sorted(state.seen))
    return repr(parts)


@pytest.mark.parametrize("options", OPTIONS)
def test_returned_states_are_never_changed(options: dict[str, Any]) -> None:
    for seed in range(3):
        record = RULES.simulate(2 + seed, 100 + seed, options)
        state = RULES.initial_state(record)
        seen = [(state, snapshot(state))]
        for m in record["moves"]:
            state = RULES.apply(state, m)
            seen.append((state, snapshot(state)))
        # every move once more from each earlier state, and every move with a broken step
        for (before, _), m in zip(seen, record["moves"], strict=False):
            RULES.apply(before, copy.deepcopy(m))
            broken = copy.deepcopy(m)
            if before.phase != "over":
                broken["steps"].append({"do": "pass"})
            else:
                broken["steps"][0]["met"] = "x"
            with contextlib.suppress(RuleViolation):
                RULES.apply(before, broken)
        for st, snap in seen:
            assert snapshot(st) == snap


def test_a_rejected_move_leaves_the_state_alone() -> None:
    record = RULES.simulate(3, 7, {})
    state = RULES.initial_state(record)
    for m in record["moves"][:12]:
        state = RULES.apply(state, m)
    snap = snapshot(state)
    m = copy.deepcopy(record["moves"][12])
    m["refill"] = {"tiles": ["hay", "hay", "hay", "hay", "hay", "hay"], "cards": []}
    with pytest.raises(RuleViolation):
        RULES.apply(state, m)
    assert snapshot(state) == snap


def test_freeze_builds_the_fields_in_declared_order() -> None:
    # the positional constructions (Work.freeze, events.apply_reveal) rely on these
    assert Board._fields[-2:] == ("revealed", "tile_met")
    assert KState._fields[3] == "boards"
    assert KState._fields[18:20] == ("move_index", "warnings")
    record = RULES.simulate(3, 8, {})
    state = RULES.initial_state(record)
    for m in record["moves"][:20]:
        w = begin_turn(state, m)
        for j, step in enumerate(m["steps"]):
            apply_step(w, step, j)
        new = end_turn(w, m)
        assert type(new) is KState and len(new) == len(KState._fields)
        board = new.boards[state.seat]
        assert type(board) is Board and len(board) == len(Board._fields)
        assert isinstance(new.tile_display, tuple) and isinstance(new.seen, frozenset)
        assert new.move_index == state.move_index + 1 and new.comp is state.comp
        assert board.dealt == state.boards[state.seat].dealt
        assert isinstance(board.cows, frozenset) and isinstance(board.hand, tuple)
        assert new.seat == (state.seat + 1) % len(state.names)
        assert new.boards[: state.seat] == state.boards[: state.seat]
        state = new
