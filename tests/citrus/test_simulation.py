"""Property tests over simulated games: they verify, replay is deterministic, and at every
visited state the checker accepts every step the generator offers."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.core.errors import RuleViolation
from scorer.games.citrus.actions import apply_step, prescan
from scorer.games.citrus.events import end_turn
from scorer.games.citrus.generator import gen_steps
from scorer.games.citrus.state import Notes, State, TurnDraft
from tests.conftest import assert_ok, verify
from tests.roles import replay_game, roles_of

GAME = roles_of("citrus")

VARIANTS: list[dict[str, Any]] = [
    {},
    {"family": True},
    {"purchase_mistakes": "reject"},
    {"preset": "yucata"},
    {"random_start_sites": True},
    {"horse_points": "one"},
    {"cart_cost": 1},
    {"fusion_count_new_tile": True},
    {"site_cells_occupied": False},
    {"board_side": "short", "board": "generated"},
    {"board": "demo-2"},
    {"board": "open-9"},
    {"board": "generated"},
]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_simulated_games_verify_for_every_player_count(players: int) -> None:
    for seed in range(3):
        rec = GAME.moves.simulate(players, seed, {})
        assert_ok(verify(rec))
        assert len(rec["players"]) == players


@pytest.mark.parametrize("options", VARIANTS, ids=[str(v) for v in VARIANTS])
def test_simulated_variants_verify(options: dict[str, Any]) -> None:
    rec = GAME.moves.simulate(3, 11, options)
    assert_ok(verify(rec))
    for key, value in options.items():
        if key != "board":
            assert rec["variant"][key] == value


def test_simulation_and_replay_are_deterministic() -> None:
    a = GAME.moves.simulate(4, 7, {})
    b = GAME.moves.simulate(4, 7, {})
    assert a == b
    one, two = replay_game(GAME, a).state, replay_game(GAME, copy.deepcopy(a)).state
    assert one == two
    assert GAME.referee.score(one) == GAME.referee.score(two)


def fork(state: State, notes: Notes) -> TurnDraft:
    """A draft of ``state`` with a copy of the move's ``notes`` (for a trial step)."""
    return TurnDraft(
        state,
        dataclasses.replace(
            notes,
            waiting=list(notes.waiting),
            touched=set(notes.touched),
            fresh=set(notes.fresh),
            scored=list(notes.scored),
            warnings=list(notes.warnings),
        ),
    )


def check_generated_steps(rec: dict[str, Any]) -> int:
    """Walk the record; at every step offer the generator's steps to the checker."""
    state: State = GAME.referee.initial_state(rec)
    checked = 0
    first = list(GAME.moves.legal_steps(state))
    assert first, "the generator offers no first step"
    for move in rec["moves"]:
        t = prescan(move["steps"])
        t.seat = state.turn
        d = TurnDraft(state, t)
        for j, step in enumerate(move["steps"]):
            w = d.done()
            fresh = all(s["do"] == "unblock" for s in move["steps"][:j])
            cands = gen_steps(w, t, fresh)
            if j == 0 and not w.blocked:
                # both directions for the pass: accepted exactly when the generator offers it
                try:
                    apply_step(fork(w, Notes(seat=t.seat, main="pass")), {"do": "pass"}, 0)
                    accepted = True
                except RuleViolation:
                    accepted = False
                assert accepted == any(c["do"] == "pass" for c in cands)
            offered = {(c["do"], c.get("line"), c.get("tile")) for c in cands}
            if (
                w.static.options.purchase_mistakes == "reject"
                and not t.bought
                and (
                    t.main != "harvest"
                    and t.refill_now is None
                    and t.cart is None
                    and t.finca_due is None
                )
            ):
                # reject mode: a buy is accepted exactly when the generator offers it
                for line in sorted(w.static.layout):
                    if not any(w.market[f - 1] for f in w.static.layout[line]):
                        continue
                    try:
                        apply_step(fork(w, t), {"do": "buy", "line": line}, j)
                        accepted = True
                    except RuleViolation as exc:
                        assert exc.rule == "CIT-BUY-3"
                        accepted = False
                    assert accepted == (("buy", line, None) in offered), line
            if t.cart is None and t.finca_due is None and t.refill_now is None:
                # returns: accepted exactly when the generator offers them
                for tok in sorted({x for x, _ in t.waiting}):
                    try:
                        apply_step(fork(w, t), {"do": "return", "tile": tok}, j)
                        accepted = True
                    except RuleViolation as exc:
                        assert exc.rule == "CIT-RET-1"
                        accepted = False
                    assert accepted == (("return", None, tok) in offered), tok
            for cand in cands:
                if cand["do"] == "pass" and j != len(move["steps"]) - 1:
                    continue
                try:
                    apply_step(fork(w, t), cand, j)
                except RuleViolation as exc:  # pragma: no cover - a generator/checker bug
                    raise AssertionError(f"{move['player']} step {j}: {cand} -> {exc}") from exc
                checked += 1
            apply_step(d, step, j)
        end_turn(d)
        d.moves += 1
        state = d.done()
    return checked


@settings(max_examples=10, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(0, 10_000),
    variant=st.sampled_from(VARIANTS[:9]),
)
def test_checker_accepts_every_generated_step(
    players: int, seed: int, variant: dict[str, Any]
) -> None:
    rec = GAME.moves.simulate(players, seed, variant)
    assert check_generated_steps(rec) > 0


def test_legal_steps_at_start() -> None:
    state = GAME.referee.initial_state(GAME.moves.simulate(2, 1, {}))
    steps = list(GAME.moves.legal_steps(state))
    assert {s["do"] for s in steps} == {"buy"}
    assert [s["line"] for s in steps] == sorted(s["line"] for s in steps)
    assert Notes(seat=0).main == ""


@pytest.mark.parametrize("options", [{"purchase_mistakes": "reject"}, {}, {"preset": "yucata"}])
def test_generator_and_checker_agree_on_whole_games(options: dict[str, Any]) -> None:
    for players in (2, 4):
        rec = GAME.moves.simulate(players, 21, options)
        assert check_generated_steps(rec) > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_greedy_games_verify_and_repeat(players: int) -> None:
    a = GAME.moves.simulate(players, 5, {"policy": "greedy"})
    assert a == GAME.moves.simulate(players, 5, {"policy": "greedy"})
    assert_ok(verify(a))
    assert a["meta"]["policy"] == "greedy" and a["variant"] == {}
    assert "policy" not in GAME.moves.simulate(players, 5, {})["meta"]


@pytest.mark.parametrize(
    "options",
    [
        {"seek": "merge"},
        {"seek": "landscape", "landscape": "actions"},
        {"seek": "order", "purchase_mistakes": "reject"},
        {"landscape": "carts", "cart_cost": 2, "cart_after_build_only": True},
    ],
    ids=str,
)
def test_greedy_games_with_knobs_verify(options: dict[str, Any]) -> None:
    rec = GAME.moves.simulate(3, 4, {"policy": "greedy", **options})
    assert_ok(verify(rec))
    assert not {"seek", "landscape", "policy"} & set(rec["variant"])


def test_unknown_knob_values_are_refused() -> None:
    for options in ({"policy": "clever"}, {"seek": "gold"}, {"landscape": "sea"}):
        with pytest.raises(ValueError):
            GAME.moves.simulate(2, 0, options)


def test_knobs_reach_their_paths() -> None:
    from scorer.games.citrus.simulate import features

    merged = set().union(
        *(
            features(GAME.moves.simulate(4, s, {"policy": "greedy", "seek": "merge"}))
            for s in range(8)
        )
    )
    assert {"merge_own", "merge_neutral"} <= merged
    carts = features(GAME.moves.simulate(3, 1, {"policy": "greedy", "landscape": "carts"}))
    assert "cart_used" in carts
