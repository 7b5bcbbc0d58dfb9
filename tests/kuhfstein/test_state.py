"""The replay state stays immutable: ``apply`` builds new states (copy on write through a
``TurnDraft`` inside a move) and never changes a state it returned, also when a later move is
rejected; nothing reachable from a state can be written to; a turn shares every part it does
not change."""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Mapping
from typing import Any, get_type_hints

import pytest
from pyrsistent import PSet, PVector

from scorer.core.errors import RuleViolation
from scorer.games.kuhfstein.actions import apply_step
from scorer.games.kuhfstein.events import begin_turn, end_turn
from scorer.games.kuhfstein.state import Board, BoardDraft, State, TurnDraft
from scorer.games.kuhfstein.tilemap import TileMap
from tests.roles import roles_of

GAME = roles_of("kuhfstein")


OPTIONS: list[dict[str, Any]] = [
    {},
    {"refill_timing": "after_action"},
    {"swap_discard": "return", "tile_swap_draw": "full"},
    {"partial_herd": True, "card_swap_needs_full_display": False},
]


def snapshot(state: State) -> str:
    """Everything of a state except the component data, with unordered parts sorted."""
    parts: list[Any] = [state._replace(comp=None, boards=())]
    for b in state.boards:
        parts.append((sorted(b.tiles.items()), sorted(b.cows), sorted(b.used), b[3:]))
    if state.kind_left is not None:
        parts.append(state.kind_left)
    parts.append(sorted(state.seen))
    return repr(parts)


@pytest.mark.parametrize("options", OPTIONS)
def test_returned_states_are_never_changed(options: dict[str, Any]) -> None:
    for seed in range(3):
        record = GAME.moves.simulate(2 + seed, 100 + seed, options)
        state = GAME.referee.initial_state(record)
        seen = [(state, snapshot(state))]
        for m in record["moves"]:
            state = GAME.referee.apply(state, m)
            seen.append((state, snapshot(state)))
        # every move once more from each earlier state, and every move with a broken step
        for (before, _), m in zip(seen, record["moves"], strict=False):
            GAME.referee.apply(before, copy.deepcopy(m))
            broken = copy.deepcopy(m)
            if before.phase != "over":
                broken["steps"].append({"do": "pass"})
            else:
                broken["steps"][0]["met"] = "x"
            with contextlib.suppress(RuleViolation):
                GAME.referee.apply(before, broken)
        for st, snap in seen:
            assert snapshot(st) == snap


def test_a_rejected_move_leaves_the_state_alone() -> None:
    record = GAME.moves.simulate(3, 7, {})
    state = GAME.referee.initial_state(record)
    for m in record["moves"][:12]:
        state = GAME.referee.apply(state, m)
    snap = snapshot(state)
    m = copy.deepcopy(record["moves"][12])
    m["refill"] = {"tiles": ["hay", "hay", "hay", "hay", "hay", "hay"], "cards": []}
    with pytest.raises(RuleViolation):
        GAME.referee.apply(state, m)
    assert snapshot(state) == snap


def test_a_turn_shares_what_it_does_not_change() -> None:
    record = GAME.moves.simulate(3, 8, {})
    state = GAME.referee.initial_state(record)
    for m in record["moves"][:20]:
        draft = begin_turn(state, m)
        for j, step in enumerate(m["steps"]):
            apply_step(draft, step, j)
        new = end_turn(draft, m)
        assert type(new) is State and len(new) == len(State._fields)
        board = new.boards[state.seat]
        assert type(board) is Board and len(board) == len(Board._fields)
        assert isinstance(new.tile_display, tuple) and isinstance(new.seen, frozenset)
        assert new.move_index == state.move_index + 1 and new.comp is state.comp
        assert board.dealt == state.boards[state.seat].dealt
        assert isinstance(board.cows, frozenset) and isinstance(board.hand, PVector)
        assert isinstance(board.tiles, TileMap)
        assert new.seat == (state.seat + 1) % len(state.names)
        assert all(a is b for a, b in zip(new.boards, state.boards, strict=True) if a is not board)
        assert new.tile_order is state.tile_order and new.card_order is state.card_order
        state = new


def _writable(value: Any, path: str, seen: set[int]) -> list[str]:
    """Paths below ``value`` that take a write, or hold a plain dict, list or set."""
    if id(value) in seen or isinstance(value, (str, int, float, bool, type(None))):
        return []
    seen.add(id(value))
    if isinstance(value, (dict, list, set)):
        return [f"{path}: plain {type(value).__name__}"]
    found: list[str] = []
    try:
        value.probe = 1
        found.append(f"{path}: setattr")
    except (AttributeError, TypeError):
        pass
    before = repr(value)
    for name in ("__setitem__", "append", "add", "update", "clear", "remove", "discard"):
        with contextlib.suppress(Exception):  # pyrsistent returns a new value instead
            getattr(value, name)(
                *((0, 1) if name == "__setitem__" else (1,) if name != "clear" else ())
            )
    if repr(value) != before:
        found.append(f"{path}: changed in place")
    if isinstance(value, tuple):  # NamedTuples too
        items: list[tuple[str, Any]] = [(str(k), v) for k, v in enumerate(value)]
    elif hasattr(value, "__dataclass_fields__"):
        items = [(n, getattr(value, n)) for n in value.__dataclass_fields__]
    elif isinstance(value, Mapping):
        items = [(f"{k}", v) for k, v in value.items()] + [("key", k) for k in value]
    elif isinstance(value, (PVector, PSet, frozenset)):
        items = [(str(k), v) for k, v in enumerate(value)]
    else:
        items = []
    for name, item in items:
        found += _writable(item, f"{path}/{name}", seen)
    return found


@pytest.mark.parametrize("options", OPTIONS)
def test_nothing_reachable_from_a_state_is_writable(options: dict[str, Any]) -> None:
    record = GAME.moves.simulate(3, 5, options)
    state = GAME.referee.initial_state(record)
    states = [state]
    for m in record["moves"]:
        state = GAME.referee.apply(state, m)
        states.append(state)
    for k, st in enumerate([*states[:: max(1, len(states) // 12)], states[-1]]):
        assert _writable(st, f"state {k}", set()) == []


def test_the_drafts_read_every_field_by_its_name_and_give_it_back() -> None:
    record = GAME.moves.simulate(3, 9, {})
    state = GAME.referee.initial_state(record)
    for m in record["moves"][:6]:
        state = GAME.referee.apply(state, m)
    draft = TurnDraft(state)
    assert {f: getattr(draft, f) for f in State._fields} == state._asdict()
    board = state.boards[state.seat]
    assert {f: getattr(draft.board, f) for f in Board._fields} == board._asdict()
    assert draft.done() == state and draft.board.done() == board
    assert set(get_type_hints(TurnDraft)) >= set(State._fields)
    assert set(get_type_hints(BoardDraft)) >= set(Board._fields)
