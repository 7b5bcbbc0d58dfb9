"""Round timing and scorings (rules/hacienda.md §7, §12 E10), claims (§7.5), scoring IDs."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest

from scorer.games.hacienda.scoring import score_markets
from tests.conftest import assert_finding, assert_ok, assert_rejects, verify
from tests.hacienda.helpers import buy, record, state_of, turn

PLAYERS = ("Ann", "Bob", "Cid")
RICH: dict[str, Any] = {"variant": {"start_money": 200}, "start_money": 200}


class Draws:
    """Blind animal purchases with card names that stay within 18 per animal."""

    def __init__(self) -> None:
        self.cycle = itertools.cycle(["sheep", "horse", "pig", "cattle"])

    def turn(self, player: str, count: int) -> dict[str, Any]:
        return turn(player, *(buy("animal", "pile", next(self.cycle)) for _ in range(count)))


def e10_moves(variant2: bool = False) -> tuple[list[dict[str, Any]], Draws]:
    """Rounds 1-3 of E10: 17 blind draws, then Ann's refill empties stack 1."""
    d = Draws()
    moves = [
        d.turn("Ann", 3),
        d.turn("Bob", 3),
        d.turn("Cid", 3),
        d.turn("Ann", 3),
        d.turn("Bob", 3),
        d.turn("Cid", 2),
        turn(
            "Ann",
            buy("animal", "display", "cattle", next(d.cycle)),
            buy("animal", "pile", next(d.cycle)),
        ),
        turn("Bob"),
        turn("Cid"),
    ]
    return moves, d


def e10_complete() -> list[dict[str, Any]]:
    """E10 to the end: stack 2 runs out in Bob's turn of round 6, Cid still plays."""
    moves, d = e10_moves()
    moves += [
        d.turn("Ann", 3),
        d.turn("Bob", 3),
        d.turn("Cid", 3),
        d.turn("Ann", 3),
        d.turn("Bob", 3),
        turn("Cid"),
        turn("Ann"),
        d.turn("Bob", 2),
        turn("Cid"),
    ]
    return moves


def _doc(moves: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    return record(moves, players=PLAYERS, **{**RICH, **kw})


def test_e10_intermediate_scoring_waits_for_the_end_of_the_round() -> None:
    """§12 E10 / HAC-END-1: the refill empties stack 1 in Ann's turn; scoring after Cid's."""
    moves, _ = e10_moves()
    after_ann = state_of(_doc(moves[:7]))
    assert list(after_ann.stacks) == [0, 17] and after_ann.inter == 1
    assert state_of(_doc(moves[:8])).inter == 1
    done = state_of(_doc(moves))
    assert done.inter == 2 and done.inter_after == 8 and done.seat == 0


def test_e10_cid_triggers_then_scoring_follows_directly() -> None:
    d = Draws()
    moves = [
        d.turn("Ann", 3),
        d.turn("Bob", 3),
        d.turn("Cid", 3),
        d.turn("Ann", 3),
        d.turn("Bob", 3),
        d.turn("Cid", 2),
        turn("Ann"),
        turn("Bob"),
        d.turn("Cid", 1),
    ]
    assert state_of(_doc(moves[:8])).inter == 0
    assert state_of(_doc(moves)).inter == 2


def test_e10_end_of_game_and_after() -> None:
    """HAC-END-2: Bob empties stack 2, Cid plays, the game ends; REC-END-1 / REC-END-2."""
    moves = e10_complete()
    assert_ok(verify(_doc(moves)))
    assert_rejects(verify(_doc([*moves, turn("Ann")])), "REC-END-1", f"/moves/{len(moves)}")
    short = verify(_doc(moves[:-1]))
    assert short.status == "incomplete"
    assert_rejects(short, "REC-END-2", "/moves")


def test_e10_variant2_has_no_intermediate_scoring() -> None:
    moves = e10_complete()
    state = state_of(_doc(moves, variant={"start_money": 200, "variant2": True}))
    assert state.inter == 0 and state.final == 2 and state.inter_scores is None


def _claims_of(doc: dict[str, Any]) -> dict[str, Any]:
    from scorer.games.hacienda.simulate import claims

    return claims(state_of(doc))


def test_claims_of_a_complete_game() -> None:
    """§7.5: every claim member compared; one REC-CLAIM-1 per differing value."""
    doc = _doc(e10_complete())
    doc["claimed"] = _claims_of(doc)
    assert_ok(verify(doc))
    sheet = verify(doc).scores
    assert sheet is not None and [name for name, _ in sheet.stages] == ["intermediate", "final"]
    changes = [
        ("intermediate", "scores", "Bob"),
        ("intermediate", "breakdown", "Bob", "money"),
        ("final", "scores", "Ann"),
        ("final", "breakdown", "Cid", "markets"),
        ("money", "Bob"),
        ("scores", "Cid"),
        ("breakdown", "Ann", "money"),
    ]
    for path in changes:
        bad = copy.deepcopy(doc)
        node = bad["claimed"]
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] += 1
        result = verify(bad)
        assert result.status == "mismatch"
        assert [(f.rule, f.pointer) for f in result.findings] == [
            ("REC-CLAIM-1", "/claimed/" + "/".join(path))
        ]
    bad = copy.deepcopy(doc)
    bad["claimed"]["money"]["Zed"] = 3
    assert_finding(verify(bad), "REC-CLAIM-1", "/claimed/money/Zed")


def test_claims_of_an_unfinished_game() -> None:
    """§7.5, §11 A19: money and a done intermediate scoring are compared; final is not."""
    moves, _ = e10_moves()
    doc = _doc(moves)
    claimed = _claims_of(doc)
    claimed["final"]["scores"]["Ann"] += 5
    claimed.pop("scores"), claimed.pop("breakdown")
    claimed["intermediate"]["scores"]["Cid"] += 1
    doc["claimed"] = claimed
    result = verify(doc)
    assert [(f.rule, f.pointer) for f in result.findings] == [
        ("REC-END-2", "/moves"),
        ("REC-CLAIM-1", "/claimed/intermediate/scores/Cid"),
    ]


@pytest.mark.parametrize(
    ("markets", "points"),
    [
        (0, 0),
        (1, 1),
        (2, 3),
        (3, 6),
        (4, 10),
        (5, 15),
        (6, 21),
        (7, 28),
        (8, 36),
        (9, 45),
        (10, 55),
        (11, 66),
        (49, 1225),
    ],
)
def test_score_1_triangular_market_table(markets: int, points: int) -> None:
    """HAC-SCORE-1: m(m+1)/2, continued past 11 for custom maps."""
    assert score_markets(markets) == points


def _tie_position(tiebreak: str) -> dict[str, Any]:
    variant = {"tiebreak": tiebreak}
    return {
        "format": "scorer-position/1",
        "game": "hacienda",
        "variant": variant,
        "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cid"}],
        "map": {"id": "demo-7x6"},
        "land": {},
        "animals": {},
        "money": {"Ann": 25, "Bob": 29, "Cid": 5},
        "track": {"Cid": 2},
    }


def test_score_5_and_score_7_ranking_and_tiebreak() -> None:
    """HAC-SCORE-5 (money 25 → 2, 29 → 2) and HAC-SCORE-7 (tied players share a rank unless
    tiebreak "money" ranks them by pesos)."""
    result = verify(_tie_position("none"))
    assert result.scores is not None
    assert result.scores.ranking == (("Ann", "Bob", "Cid"),)
    result = verify(_tie_position("money"))
    assert result.scores is not None
    assert result.scores.ranking == (("Bob",), ("Ann",), ("Cid",))


def test_score_2_3_4_6_on_a_position() -> None:
    """HAC-SCORE-2 (chains of 3+), HAC-SCORE-3 (hacienda groups), HAC-SCORE-4 (water),
    HAC-SCORE-6 (herds of 3+)."""
    doc = {
        "format": "scorer-position/1",
        "game": "hacienda",
        "variant": {"herd_points": True},
        "players": [{"name": "Ann"}, {"name": "Bob"}],
        "map": {"id": "demo-7x6"},
        "land": {"Ann": [[0, 0], [1, 0], [5, 0], [6, 0], [6, 1]]},
        "animals": {"Ann": {"pig": [[0, 1], [0, 2]], "sheep": [[5, 1], [5, 2], [4, 2]]}},
        "haciendas": {"Ann": [[5, 1]]},
        "money": {"Ann": 0, "Bob": 0},
    }
    result = verify(doc)
    assert_ok(result)
    assert result.scores is not None
    ann = result.scores.player("Ann").categories
    # chains: (0,0)-(1,0) of 2 scores 0, (5,0)-(6,0)-(6,1) scores 6; the sheep herd has the
    # hacienda (3); (5,2) and (4,2) touch the printed water (4,3); the herd of 3 sheep scores 3
    assert (ann["land_chains"], ann["haciendas"], ann["water"], ann["herds"]) == (6, 3, 2, 3)
    assert ann["markets"] == 3  # pig (0,2) and sheep (4,2) reach M1 and M2
