"""Simulator and generator properties (rules/hacienda.md §14): simulated games verify, replay
is deterministic, the checker accepts every generated step, and a changed step is accepted
exactly when the generator also offers it (perft-style)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core.errors import RuleViolation
from scorer.games.hacienda.actions import apply_move, apply_steps
from scorer.games.hacienda.generator import legal_steps
from scorer.games.hacienda.setup import initial_state
from scorer.games.hacienda.state import State
from tests.conftest import assert_ok, verify
from tests.roles import roles_of

GAME = roles_of("hacienda")


MAPS = ["demo-7x6", "haz-bait", "haz-cinnamon", "haz-jelly-donut"]


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 10**6),
    map_id=st.sampled_from(MAPS),
    v1=st.booleans(),
    v2=st.booleans(),
)
def test_simulated_games_verify(players: int, seed: int, map_id: str, v1: bool, v2: bool) -> None:
    options: dict[str, Any] = {"map": map_id, "variant1": v1, "variant2": v2}
    doc = GAME.moves.simulate(players, seed, options)
    result = verify(doc)
    assert_ok(result)
    assert result.moves_verified == len(doc["moves"])
    assert ("intermediate" in doc["claimed"]) is not v2


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_player_count_on_the_demo_map(players: int) -> None:
    for seed in range(3):
        assert_ok(verify(GAME.moves.simulate(players, seed, {})))


def test_simulation_and_replay_are_deterministic() -> None:
    first = GAME.moves.simulate(3, 42, {"map": "haz-bait"})
    assert first == GAME.moves.simulate(3, 42, {"map": "haz-bait"})
    one, two = verify(first), verify(first)
    assert one.scores == two.scores and one.findings == two.findings
    assert GAME.moves.simulate(3, 43, {"map": "haz-bait"}) != first


def test_simulate_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError):
        GAME.moves.simulate(6, 1, {})
    with pytest.raises(ValueError):
        GAME.moves.simulate(2, 1, {"map": "haz-atlantis"})


def _visited(doc: dict[str, Any], every: int) -> list[tuple[State, list[dict[str, Any]]]]:
    """(state inside a turn, steps taken so far) at every ``every``-th turn of a record."""
    out = []
    state = initial_state(doc)
    for k, move in enumerate(doc["moves"]):
        if k % every == 0:
            for j in range(len(move["steps"]) + 1):
                out.append((state, move["steps"][:j]))
        state = apply_move(state, move)
    return out


def _key(step: dict[str, Any]) -> str:
    norm = dict(step)
    norm.pop("income", None)
    if "cells" in norm:
        norm["cells"] = sorted(norm["cells"])
    return repr(sorted(norm.items()))


def _generated(state: State, taken: list[dict[str, Any]]) -> list[dict[str, Any]]:
    mid = apply_steps(state, taken)
    used = frozenset(s["do"] for s in taken)
    return list(itertools.islice(legal_steps(mid, used, len(taken)), 3000))


def _accepted(state: State, taken: list[dict[str, Any]], step: dict[str, Any]) -> bool:
    try:
        GAME.referee.apply(
            state, {"player": state.names[state.seat], "action": "turn", "steps": [*taken, step]}
        )
    except RuleViolation:
        return False
    return True


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 11, {}),
        (3, 12, {"variant1": True}),
        (4, 13, {"map": "haz-cinnamon"}),
        (5, 14, {"harvest_chips": 2}),
        (2, 15, {"harvest_chips": 1, "neutral_haciendas": 1}),
        (
            3,
            16,
            {
                "water_supply": [{"shape": "I2", "cells": [[0, 0], [1, 0]], "count": 3}],
                "water_needs_own_neighbor": True,
                "start_money": 60,
            },
        ),
    ],
)
def test_checker_accepts_exactly_what_the_generator_offers(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    doc = GAME.moves.simulate(players, seed, options)
    rng = random.Random(seed)
    board = initial_state(doc).board
    for state, taken in _visited(doc, 5):
        offered = _generated(state, taken)
        keys = {_key(s) for s in offered}
        for step in offered:
            assert _accepted(state, taken, step), step
        for step in rng.sample(offered, min(len(offered), 6)):
            changed = _mutate(step, rng, board.coords)
            assert _accepted(state, taken, changed) == (_key(changed) in keys), changed


def _mutate(
    step: dict[str, Any], rng: random.Random, coords: tuple[tuple[int, int], ...]
) -> dict[str, Any]:
    """One field changed: a coordinate, the card, the source, or one water cell."""
    out = dict(step)
    if step["do"] == "buy_card":
        field = rng.choice(["card", "from"])
        if field == "from":
            out["from"] = "pile" if step["from"] == "display" else "display"
            out.pop("refill", None)
        else:
            out["card"] = rng.choice(
                [
                    "mountain",
                    "forest",
                    "meadow",
                    "rocks",
                    "swamp",
                    "pampas",
                    "cattle",
                    "horse",
                    "pig",
                    "sheep",
                ]
            )
    elif step["do"] == "buy_water":
        cells = [list(c) for c in step["cells"]]
        cells[rng.randrange(len(cells))] = list(rng.choice(coords))
        out["cells"] = cells
    elif step["do"] in ("play_land", "play_animal") and rng.random() < 0.3:
        land = ["mountain", "forest", "meadow", "rocks", "swamp", "pampas"]
        out["card"] = rng.choice(
            land if step["do"] == "play_land" else ["cattle", "horse", "pig", "sheep"]
        )
    else:
        out["at"] = list(rng.choice(coords))
    return out


def test_legal_steps_at_the_start_is_the_protocol_entry() -> None:
    doc = GAME.moves.simulate(2, 3, {})
    state = initial_state(doc)
    steps = list(GAME.moves.legal_steps(state))
    # no land tile yet: no animal, hacienda or harvest; water may go anywhere
    assert {s["do"] for s in steps} == {"buy_card", "play_land", "buy_water"}
    assert steps == list(GAME.moves.legal_steps(state))


CARDS = [
    "mountain",
    "forest",
    "meadow",
    "rocks",
    "swamp",
    "pampas",
    "cattle",
    "horse",
    "pig",
    "sheep",
]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), value=st.integers(-3, 40))
def test_a_changed_step_is_never_an_internal_error(seed: int, value: int) -> None:
    """A random single-step change is rejected with a rule ID or still a legal game."""
    rng = random.Random(seed)
    doc = GAME.moves.simulate(rng.randint(2, 5), seed % 7, {})
    moves = [m for m in doc["moves"] if m["steps"]]
    step = rng.choice(rng.choice(moves)["steps"])
    key = rng.choice([k for k in step if k != "do"])
    if key in ("at", "take_from"):
        step[key] = [value % 9 - 1, rng.randint(-1, 6)]
    elif key == "cells":
        step[key] = [[value % 8, rng.randint(0, 5)]]
    elif key in ("card", "refill"):
        step[key] = rng.choice(CARDS)
    elif key == "income":
        step[key] = abs(value)
    else:
        step[key] = rng.choice(["land", "animal"] if key == "deck" else ["pile", "display"])
    result = verify(doc)
    assert result.status in ("ok", "illegal", "mismatch", "malformed")
    assert all(f.rule != "REC-INTERNAL-1" for f in result.findings)
