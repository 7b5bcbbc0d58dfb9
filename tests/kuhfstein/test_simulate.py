"""The generator and the simulator (spec 16): simulated games verify, replay is
deterministic, the checker accepts every generated step, and a mutated step is either
rejected with a rule ID or one the generator also offers."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core.errors import RuleViolation
from scorer.games.kuhfstein.generator import Plan
from scorer.games.kuhfstein.state import State
from tests.conftest import assert_ok, verify
from tests.kuhfstein.helpers import partial, situation, tiles
from tests.roles import replay_game, roles_of

GAME = roles_of("kuhfstein")

IDENTITY = ("cows", "bonuses", "met")


def _states(record: dict[str, Any]) -> list[State]:
    """The state before every play turn of a record."""
    out = []
    state = GAME.referee.initial_state(record)
    for m in record["moves"]:
        if state.phase == "over":
            break
        out.append(state)
        state = GAME.referee.apply(state, m)
    return out


def _accepted(state: State, steps: list[dict[str, Any]]) -> bool:
    try:
        partial(state, steps)
    except RuleViolation:
        return False
    return True


def _key(step: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(
        sorted(
            (k, repr(v))
            for k, v in step.items()
            if k not in IDENTITY and not (k == "tree" and v is None)
        )
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulated_games_verify(players: int) -> None:
    for seed in range(3):
        record = GAME.moves.simulate(players, seed, {})
        result = verify(record)
        assert_ok(result)
        assert result.moves_verified == len(record["moves"])


@pytest.mark.parametrize(
    "options",
    [
        {"refill_timing": "after_action"},
        {"swap_discard": "return", "tile_swap_draw": "full"},
        {"allow_pass": "never", "early_end_finish_round": True},
        {"extra_final_round": True, "end_threshold": 25},
        {"max_swaps_per_action": 2},
        {"partial_herd": True, "card_swap_needs_full_display": False, "majority_tie": "strict"},
    ],
)
def test_simulated_variants_verify(options: dict[str, Any]) -> None:
    record = GAME.moves.simulate(3, 11, options)
    assert record["variant"] == options
    assert_ok(verify(record))


def test_simulation_is_reproducible_and_replay_deterministic() -> None:
    a = GAME.moves.simulate(3, 42, {})
    b = GAME.moves.simulate(3, 42, {})
    assert a == b
    assert GAME.moves.simulate(3, 43, {}) != a
    first, second = replay_game(GAME, a), replay_game(GAME, copy.deepcopy(a))
    assert first.state == second.state
    assert GAME.referee.score(first.state) == GAME.referee.score(second.state)


def test_generated_setup_follows_16_4() -> None:
    record = GAME.moves.simulate(4, 5, {})
    setup = record["setup"]
    assert len(setup["cards"]) == 55
    assert sum(setup["tile_counts"].values()) == 71
    assert len(setup["scoring_tiles"]) == 9
    assert len(setup["card_order"]) == 55 - 4 - 4
    sizes = sorted(len(c["cells"]) for c in setup["cards"].values())
    assert sizes == [2] * 10 + [3] * 16 + [4] * 17 + [5] * 12
    state = replay_game(GAME, record).state
    assert not GAME.referee.warnings(state)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_checker_accepts_every_generated_step(seed: int, players: int) -> None:
    record = GAME.moves.simulate(players, seed, {})
    rng = random.Random(seed)
    for state in _states(record)[::3]:
        steps = list(GAME.moves.legal_steps(state))
        assert steps
        for step in rng.sample(steps, min(len(steps), 12)):
            assert _accepted(state, [step]), step
        turn = Plan(state)
        options = [(s, c) for s, c in turn.plays()] + [
            (s, frozenset()) for s in turn.steps() if s["do"] != "play_card"
        ]
        for first, cows in rng.sample(options, min(len(options), 3)):
            model = Plan(state)
            chosen = copy.deepcopy(first)
            model.do(chosen, cows)
            for second in rng.sample(model.steps(), min(len(model.steps()), 6)):
                assert _accepted(state, [chosen, second]), (chosen, second)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_mutated_steps_are_rejected_or_generated(seed: int, players: int) -> None:
    record = GAME.moves.simulate(players, seed, {})
    rng = random.Random(seed)
    for state in _states(record)[::4]:
        offered = {_key(s) for s in GAME.moves.legal_steps(state)}
        empty = not state.boards[state.seat].tiles
        for step in rng.sample(list(GAME.moves.legal_steps(state)), 5):
            mutant = _mutate(step, rng)
            try:
                partial(state, [mutant])
            except RuleViolation as exc:
                assert exc.rule.startswith("KUH-")
                continue
            if empty and mutant["do"] == "place_tile":
                mutant = {**mutant, "at": [0, 0]}  # the first tile up to translation
            if mutant["do"] == "return_herd":  # any cell names the herd: its first cell
                mutant = {**mutant, "at": _herd_first(state, mutant["at"])}
            assert _key(mutant) in offered, mutant


def _herd_first(state: State, at: list[int]) -> list[int]:
    cows = state.boards[state.seat].cows
    herd, todo = {(at[0], at[1])}, [(at[0], at[1])]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cows and n not in herd:
                herd.add(n)
                todo.append(n)
    first = min(herd, key=lambda c: (c[1], c[0]))
    return [first[0], first[1]]


def _mutate(step: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    out = copy.deepcopy(step)
    if "at" in out:
        out["at"] = [out["at"][0] + rng.choice((-1, 0, 1)), out["at"][1] + rng.choice((-1, 1))]
    if "take" in out:
        out["take"] = rng.choice(["forest", "lake", "meadow", "hay", "house"])
    if "rotation" in out:
        out["rotation"] = rng.choice([0, 90, 180, 270, 45])
        out["offset"] = [out["offset"][0] + rng.choice((-1, 0, 1)), out["offset"][1]]
    if "card" in out and out["do"] == "take_card":
        out["card"] = rng.choice(["C1", "C2", "C3", out["card"]])
    return out


def test_generator_offers_bonus_steps_and_stuck_passes() -> None:
    track = {
        "bonus_spaces": [
            {"space": 15, "bonus": "cow"},
            {"space": 25, "bonus": "cow"},
            {"space": 3, "bonus": "extra_tile"},
            {"space": 6, "bonus": "extra_action"},
        ]
    }
    state = situation(
        {"Ann": {"tiles": tiles("F0,0 F1,0 H0,1 M1,1"), "hand": ["C1", "P4"]}, "Bob": {}},
        track=track,
    )
    turn = Plan(state)
    step, cows = next((s, c) for s, c in turn.plays() if s["card"] == "C1")
    turn.do(step, cows)
    assert step["bonuses"] == [3]
    bonus = [s for s in turn.steps() if "bonus_space" in s]
    assert bonus and all(s["do"] == "place_tile" for s in bonus)
    for s in bonus[:10]:
        assert _accepted(state, [step, s])
    play2, cows2 = next((s, c) for s, c in turn.plays() if s["card"] == "P4")
    turn.do(play2, cows2)
    assert play2["bonuses"] == [6] and turn.regular_open()
    stuck = situation(
        {"Ann": {"tiles": tiles("F0,0")}, "Bob": {}},
        {
            "tile_display": [],
            "card_display": [],
            "tiles_left": 0,
            "deck_left": 0,
            "phase": "finishing",
        },
    )
    assert list(GAME.moves.legal_steps(stuck)) == [{"do": "pass"}]
    assert _accepted(stuck, [{"do": "pass"}, {"do": "pass"}])


def test_reveal_steps_after_the_end() -> None:
    record = GAME.moves.simulate(2, 1, {})
    state = replay_game(GAME, record, upto=len(record["moves"]) - 2).state
    assert state.phase == "over"
    reveals = list(GAME.moves.legal_steps(state))
    assert len(reveals) == 4
    assert {r["player"] for r in reveals} == {"P1", "P2"}


def test_bad_simulation_requests() -> None:
    with pytest.raises(ValueError):
        GAME.moves.simulate(5, 1, {})
    with pytest.raises(ValueError):
        GAME.moves.simulate(2, 1, {"nonsense": 1})


def test_partial_herds_are_generated_and_accepted() -> None:
    cows = [(0, 0), (1, 0), (1, 1)]
    state = situation(
        {"Ann": {"tiles": tiles("F0,0 F1,0 F1,1 F2,1", cows=cows)}, "Bob": {}},
        variant={"partial_herd": True},
    )
    herds = [s for s in GAME.moves.legal_steps(state) if s["do"] == "return_herd"]
    parts = [s for s in herds if "cells" in s]
    assert len(parts) == 6  # {a}, {b}, {c}, {a,b}, {b,c}, {a,b,c}
    for step in herds:
        assert _accepted(state, [step])
    assert not _accepted(state, [{"do": "return_herd", "cells": [[0, 0], [1, 1]]}])
    whole = situation({"Ann": {"tiles": tiles("F0,0 F1,0 F1,1 F2,1", cows=cows)}, "Bob": {}})
    assert not _accepted(whole, [{"do": "return_herd", "cells": [[0, 0]]}])


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_exported_positions_are_possible(seed: int, players: int) -> None:
    """Every exported position of a simulated game passes the KUH-POS checks and loads back
    to the same boards; the final one scores like the record."""
    record = GAME.moves.simulate(
        players, seed, {"refill_timing": "after_action"} if seed % 2 else {}
    )
    n = len(record["moves"])
    for upto in sorted({1, n // 3, n // 2, n - players, n}):
        state = replay_game(GAME, record, upto=upto).state
        doc = GAME.positions.export_position(state, record)
        result = verify(doc)
        assert_ok(result)
        loaded = GAME.positions.load_position(doc).state
        assert loaded is not None
        assert [b.tiles for b in loaded.boards] == [b.tiles for b in state.boards]
        assert [b.supply for b in loaded.boards] == [b.supply for b in state.boards]
    assert result.scores is not None
    assert {p.name: p.total for p in result.scores.players} == record["claimed"]["scores"]
