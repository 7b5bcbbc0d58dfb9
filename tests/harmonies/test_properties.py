"""Property tests: simulated games verify, replay is deterministic, the generator and the
checker agree (also on mutated steps), and random input never crashes the pipeline."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.core.errors import RuleViolation
from scorer.games.harmonies.actions import apply_step, begin_turn
from scorer.games.harmonies.board import TRACKS
from scorer.games.harmonies.cards import SPIRIT_DATA
from scorer.games.harmonies.events import check_turn_complete
from scorer.games.harmonies.generator import END_TURN, advance, legal_steps, start
from scorer.games.harmonies.state import State, TurnDraft
from scorer.referee.pipeline import verify_bytes, verify_document
from tests.conftest import assert_ok, describe, verify
from tests.roles import roles_of

GAME = roles_of("harmonies")

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STATUSES = {"ok", "mismatch", "illegal", "incomplete", "malformed", "impossible"}
CARD_IDS = sorted(TRACKS) + sorted(SPIRIT_DATA)
COLOURS = ["blue", "gray", "brown", "green", "yellow", "red"]


@SETTINGS
@given(
    players=st.integers(1, 4),
    seed=st.integers(0, 2**32),
    side=st.sampled_from("AB"),
    module=st.booleans(),
)
def test_simulated_games_verify(players: int, seed: int, side: str, module: bool) -> None:
    record = GAME.moves.simulate(players, seed, {"board_side": side, "nature_spirits": module})
    result = verify(record)
    assert_ok(result)
    assert result.moves_verified == len(record["moves"])
    assert set(record["claimed"]["breakdown"][record["players"][0]["name"]]) == set(
        GAME.catalogue.CATEGORIES
    )
    assert ("suns" in record["claimed"]) == (players == 1)


@SETTINGS
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32))
def test_simulation_and_replay_are_deterministic(players: int, seed: int) -> None:
    first = GAME.moves.simulate(players, seed, {})
    assert GAME.moves.simulate(players, seed, {}) == first
    a, b = verify(first), verify(json.loads(json.dumps(first)))
    assert (a.status, a.findings, a.scores) == (b.status, b.findings, b.scores)


def test_batch_covers_both_triggers_and_record_forms() -> None:
    board = pouch = omitted = written = 0
    for seed in range(24):
        for players in (1, 2, 3, 4):
            record = GAME.moves.simulate(players, seed, {})
            state = _final_state(record)
            dry = state.pouch_size() == 0  # HAR-END-1 (only the pouch trigger empties it)
            pouch += dry
            board += not dry and any(state.empty_cells(p) <= 2 for p in state.players)
            last = record["moves"][-1]
            omitted += "refill" not in last
            written += "refill" in last
    assert board and pouch and omitted and written


def _final_state(record: Mapping[str, Any]) -> State:
    state: State = GAME.referee.initial_state(record)
    for move in record["moves"]:
        state = GAME.referee.apply(state, move)
    assert state.over
    return state


def test_options_can_be_fixed_and_are_checked() -> None:
    record = GAME.moves.simulate(
        2, 7, {"board_side": "B", "nature_spirits": True, "animal_cube_supply": 20}
    )
    assert record["variant"]["board_side"] == "B"
    assert record["variant"]["animal_cube_supply"] == 20
    assert_ok(verify(record))
    for bad in (
        {"board_side": "C"},
        {"colour": 1},
        {"animal_cube_supply": -2},
        {"nature_spirits": "yes"},
    ):
        with pytest.raises(ValueError):
            GAME.moves.simulate(2, 1, bad)
    with pytest.raises(ValueError):
        GAME.moves.simulate(5, 1, {})


def _turn_after(state: State, steps: Sequence[Mapping[str, Any]]) -> TurnDraft:
    t = begin_turn(state)
    for j, step in enumerate(steps):
        apply_step(t, step, j)
    return t


def _key(step: Mapping[str, Any]) -> tuple[Any, ...]:
    cell = tuple(step["cell"]) if "cell" in step else None
    return (step["do"], step.get("color"), cell, step.get("card"), step.get("space"))


def _states(record: Mapping[str, Any]) -> list[tuple[State, list[Mapping[str, Any]]]]:
    """(state at turn start, steps so far) for every step position of every turn."""
    out = []
    state: State = GAME.referee.initial_state(record)
    for move in record["moves"]:
        for j in range(len(move["steps"]) + 1):
            out.append((state, move["steps"][:j]))
        state = GAME.referee.apply(state, move)
    return out


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (1, 11, {"nature_spirits": True}),
        (2, 12, {"board_side": "B"}),
        (4, 13, {"nature_spirits": True, "animal_cube_supply": 30}),
    ],
)
def test_checker_accepts_every_generated_step(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    record = GAME.moves.simulate(players, seed, options)
    for state, prefix in _states(record)[::3]:
        p = start(state)
        for step in prefix:
            p = advance(p, step)
        for step in legal_steps(p):
            t = _turn_after(state, prefix)
            if step is END_TURN:
                check_turn_complete(t)
                continue
            apply_step(t, step, len(prefix))
        t = _turn_after(state, prefix)
        try:
            check_turn_complete(t)
            complete = True
        except RuleViolation:
            complete = False
        assert complete == any(s is END_TURN for s in legal_steps(p))


def _mutate(step: Mapping[str, Any], data: st.DataObject) -> dict[str, Any]:
    mutated = dict(step)
    fields = [f for f in ("cell", "color", "card", "space", "rotation") if f in step]
    field = data.draw(st.sampled_from(fields))
    if field == "cell":
        mutated["cell"] = [data.draw(st.integers(-1, 7)), data.draw(st.integers(-1, 5))]
    elif field == "color":
        mutated["color"] = data.draw(st.sampled_from(COLOURS))
    elif field == "card":
        mutated["card"] = data.draw(st.sampled_from(CARD_IDS))
    elif field == "space":
        mutated["space"] = data.draw(st.integers(0, 6))
    else:
        mutated["rotation"] = data.draw(st.integers(0, 5))
    return mutated


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 4), data=st.data())
def test_mutated_step_is_rejected_or_generated(
    seed: int, players: int, data: st.DataObject
) -> None:
    record = GAME.moves.simulate(players, seed % 50, {})
    states = _states(record)
    state, prefix = states[data.draw(st.integers(0, len(states) - 1))]
    p = start(state)
    for step in prefix:
        p = advance(p, step)
    legal = [s for s in legal_steps(p) if s is not END_TURN]
    if not legal:
        return
    mutated = _mutate(data.draw(st.sampled_from(legal)), data)
    t = _turn_after(state, prefix)
    try:
        apply_step(t, mutated, len(prefix))
    except RuleViolation as exc:
        assert exc.rule in GAME.catalogue.RULE_IDS
        assert exc.path[:2] == ("steps", len(prefix))
        return
    assert _key(mutated) in {_key(s) for s in legal}, mutated


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=300))
def test_random_bytes_never_crash(data: bytes) -> None:
    result = verify_bytes(data)
    assert result.status in STATUSES, describe(result.findings)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 30)
    | st.sampled_from(
        ["harmonies", "turn", "blue", "red", "koala", "owl_spirit", "Ann", "A", "B", "1"]
    ),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "do",
                    "cell",
                    "color",
                    "space",
                    "card",
                    "steps",
                    "player",
                    "refill",
                    "spaces",
                    "display",
                    "boards",
                    "cells",
                    "tokens",
                    "cubes",
                    "spirit",
                    "cube",
                    "Ann",
                    "3",
                ]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, (*prefix, i))
    return out


def _replace(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(doc))
    target = copy
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return copy


BASE_RECORD = GAME.moves.simulate(2, 3, {"nature_spirits": True})
BASE_POSITION = {
    "format": "scorer-position/1",
    "game": "harmonies",
    "variant": {"nature_spirits": True},
    "players": [{"name": "Ann"}],
    "boards": {
        "Ann": {
            "cells": [
                {"cell": [2, 2], "tokens": ["brown", "green"]},
                {"cell": [2, 1], "tokens": ["green"]},
            ],
            "cards": [{"card": "koala", "cubes": [[2, 2]]}],
            "spirit": {"card": "owl_spirit", "cube": None},
        }
    },
}


@settings(max_examples=80, deadline=None)
@given(which=st.booleans(), data=st.data(), value=JSON)
def test_random_json_in_a_valid_document_never_crashes(
    which: bool, data: st.DataObject, value: Any
) -> None:
    base = BASE_RECORD if which else BASE_POSITION
    paths = _paths(base)
    path = data.draw(st.sampled_from(paths[1:]))
    result = verify_document(_replace(base, path, value))
    assert result.status in STATUSES, describe(result.findings)


@settings(max_examples=40, deadline=None)
@given(doc=JSON)
def test_random_json_documents_never_crash(doc: Any) -> None:
    result = verify_document(doc)
    assert result.status in STATUSES, describe(result.findings)


def test_perft_counts_on_the_sample() -> None:
    """Legal next steps from the sample's first state, counted by hand: 2 spirit choices,
    5 spaces, 5 display cards; after taking space 5 (brown, brown, green): 23 cells for each
    of the 2 distinct colours, 5 cards, 2 spirits; the end is never offered before the
    tokens are placed and the spirit chosen."""
    from tests.harmonies.helpers import sample

    state = GAME.referee.initial_state(sample())
    first = list(legal_steps(state))
    assert [s["do"] for s in first].count("choose_spirit") == 2
    assert len(first) == 12
    p = advance(
        start(state), {"do": "take_tokens", "space": 5, "tokens": ["brown", "brown", "green"]}
    )
    after = list(legal_steps(p))
    assert len(after) == 2 * 23 + 5 + 2
    assert END_TURN not in after
