"""What was legal instead of a rejected step (issue 13 §5), why a game ended (§3), and the
generator after a prefix of a move (§1): rule ID, pointer and ``details.legal``, never the
message text."""

from __future__ import annotations

import copy
from typing import Any

from scorer.games.citrus.generator import after_prefix, gen_steps
from scorer.referee.pipeline import verify_document
from tests.citrus.helpers import SAMPLE_MOVES, market, position, record, start
from tests.citrus.test_examples import AB, E7_STEPS, e7_position
from tests.roles import replay_game, roles_of

GAME = roles_of("citrus")


def first_error(moves: list[dict[str, Any]], **kw: Any) -> Any:
    result = verify_document(record(moves=moves, **kw), "<test>")
    return next(f for f in result.findings if f.severity == "error")


def sample() -> list[dict[str, Any]]:
    return copy.deepcopy(SAMPLE_MOVES)


def cells(details: dict[str, Any]) -> list[list[int]]:
    return [s["at"] for s in details["legal"]]


def test_a_rejected_placement_lists_legal_cells_of_the_same_tile() -> None:
    moves = sample()
    moves[1]["steps"][3]["at"] = [7, 5]  # D is only marked (spec 16.6 notes)
    f = first_error(moves)
    assert (f.rule, f.pointer) == ("CIT-BUILD-5", "/moves/1/steps/3/at")
    assert {s["tile"] for s in f.details["legal"]} == {"bloodorange"}
    assert all(s["do"] == "place" and s["new_region"] for s in f.details["legal"])
    assert cells(f.details) == [[1, 2], [2, 3], [3, 2], [3, 5], [4, 6]]
    assert f.details["legal_more"] == 4
    assert [7, 5] not in cells(f.details)


def test_a_refused_pass_shows_the_lines_with_a_complete_plan() -> None:
    moves = sample()
    moves[0]["steps"] = [{"do": "pass"}]
    f = first_error(moves)
    assert (f.rule, f.pointer) == ("CIT-PASS-1", "/moves/0/steps/0")
    assert [s["do"] for s in f.details["legal"]] == ["buy"] * 5
    assert f.details["legal"][0] == {"do": "buy", "line": "c1", "tiles": ["orange", "lemon"]}
    assert f.details["legal_more"] == 3
    assert f.details["legal_note"]


def test_a_refused_pass_of_a_region_owner_shows_the_harvests() -> None:
    moves = sample()[:2]
    moves.append({"player": "Ann", "action": "turn", "steps": [{"do": "pass"}]})
    f = first_error(moves)
    assert (f.rule, f.pointer) == ("CIT-PASS-1", "/moves/2/steps/0")
    harvests = [s for s in f.details["legal"] if s["do"] == "harvest"]
    assert harvests == [{"do": "harvest", "at": [2, 0]}]


def test_a_refused_return_shows_the_cells_and_a_whole_plan() -> None:
    moves = sample()
    moves[0]["steps"][1] = {"do": "return", "tile": "lime"}
    f = first_error(moves)
    assert (f.rule, f.pointer) == ("CIT-RET-1", "/moves/0/steps/1/tile")
    assert {(s["do"], s["tile"]) for s in f.details["legal"]} == {("place", "lime")}
    assert [2, 1] in cells(f.details)
    assert f.details["legal_more"] == 7
    assert "legal_note" in f.details  # the plan for both waiting limes


def test_a_tile_left_waiting_shows_where_it_could_go() -> None:
    moves = sample()
    moves[0]["steps"] = moves[0]["steps"][:2]
    f = first_error(moves)
    assert (f.rule, f.pointer) == ("CIT-BUILD-1", "/moves/0/steps/0")
    assert {s["tile"] for s in f.details["legal"]} == {"lime"}
    assert {"do": "place", "tile": "lime", "at": [3, 1], "new_region": False,
            "took": {"type": "cart"}} in f.details["legal"]  # fmt: skip


def test_placing_without_money_lists_nothing_and_says_why() -> None:
    state = start(e7_position())
    move = {"player": "Ann", "action": "turn",
            "steps": [*E7_STEPS[:3], {"do": "place", "tile": "lemon", "at": [1, 3]}]}  # fmt: skip
    found = GAME.moves.legal_alternatives(state, move, 3, "CIT-BUY-4")
    assert found is not None
    assert found.steps == () and found.total == 0
    assert "return" in found.note  # the only legal step left


def test_a_refused_buy_lists_the_lines_that_can_be_built() -> None:
    state = start(e7_position({"purchase_mistakes": "reject"}))
    move = {"player": "Ann", "action": "turn", "steps": E7_STEPS}
    found = GAME.moves.legal_alternatives(state, move, 0, "CIT-BUY-3")
    assert found is not None and found.steps
    lines = [s["line"] for s in found.steps]
    assert "r2" not in lines and all(s["do"] == "buy" for s in found.steps)
    assert all(len(s["tiles"]) <= 2 for s in found.steps)  # money 2
    assert all(":" in text for text in found.texts)  # each with its placement plan


def test_chance_and_cross_checks_have_no_alternatives() -> None:
    moves = sample()
    moves[0]["steps"][1]["new_region"] = False
    f = first_error(moves)
    assert (f.rule, f.pointer) == ("CIT-REC-1", "/moves/0/steps/1/new_region")
    assert "legal" not in f.details
    state = start(e7_position())
    refill = {"player": "Ann", "action": "turn", "steps": [{"do": "refill", "drawn": []}]}
    assert GAME.moves.legal_alternatives(state, refill, 0, "CIT-MKT-2") is None


# ---- end reasons -----------------------------------------------------------------------------
def test_end_reasons_of_simulated_games() -> None:
    reasons = {}
    for seed in range(6):
        rec = GAME.moves.simulate(2, seed, {})
        result = verify_document(rec, "<sim>")
        assert result.scores is not None
        reasons[result.scores.end_reason] = result.state
    assert set(reasons) == {"stalemate", "tiles_exhausted"}
    assert set(GAME.catalogue.END_REASONS) == {"stalemate", "tiles_exhausted"}
    done = reasons["tiles_exhausted"]
    assert not any(done.market) and not done.bag
    stuck = reasons["stalemate"]
    assert stuck.passes == 2 and (any(stuck.market) or stuck.bag)


def test_no_end_reason_while_the_game_goes_on() -> None:
    result = verify_document(record(), "<sample>")
    assert result.status == "incomplete"
    assert result.scores is not None and result.scores.end_reason is None


def test_a_stalemate_position_ends_by_stalemate() -> None:
    doc = position("demo-2", [], AB, players=("Ann", "Bob"), passes=2, market=market(f1="lime"))
    state = start(doc)
    assert GAME.referee.is_over(state) and GAME.referee.end_reason(state) == "stalemate"


# ---- the generator after a prefix ------------------------------------------------------------
def test_every_step_offered_after_a_prefix_is_accepted() -> None:
    """The converse of tests/test_checker_generator.py: after every prefix of every move of
    simulated games, each step the generator offers is one the checker takes."""
    from scorer.core.errors import RuleViolation
    from scorer.games.citrus.actions import apply_step
    from scorer.games.citrus.state import Notes, TurnDraft

    for options in ({}, {"purchase_mistakes": "reject"}, {"preset": "yucata", "cart_cost": 1}):
        rec = GAME.moves.simulate(3, 2, options)
        state = replay_game(GAME, rec, upto=0).state
        for move in rec["moves"]:
            steps = move["steps"]
            for i in range(len(steps)):
                for w, t, first in after_prefix(state, steps[:i]):
                    for step in gen_steps(w, t, first):
                        d = TurnDraft(w, Notes(t.seat))
                        notes = d.notes
                        for name in ("main", "last_harvest", "bought", "cart", "fired"):
                            setattr(notes, name, getattr(t, name))
                        notes.waiting = list(t.waiting)
                        notes.finca_due, notes.refill_now = t.finca_due, t.refill_now
                        notes.refill_due, notes.harvesting_done = t.refill_due, t.harvesting_done
                        try:
                            apply_step(d, step, i)
                        except RuleViolation as exc:  # pragma: no cover - the failure message
                            raise AssertionError((options, move, i, step, exc.rule)) from exc
            state = GAME.referee.apply(state, move)
