"""The worked examples of rules/kuhfstein.md section 15 (E1–E18, E21, E22), exact numbers.

E19 and E20 (the complete mini game and its position) are in test_e19.py.
"""

from __future__ import annotations

from scorer.core.errors import RuleViolation
from tests.kuhfstein.helpers import (
    move,
    partial,
    play,
    rejects,
    situation,
    step_rejects,
    tiles,
)
from tests.roles import roles_of

GAME = roles_of("kuhfstein")


FULL = ["forest", "lake", "meadow", "hay", "house"]


def test_e1_tree_of_four_different_kinds() -> None:
    """E1: F, L, M + S at [1,1] with tree [0,0] → legal; trees 4 → 3; +5."""
    state = situation({"Ann": {"tiles": tiles("F0,0 L1,0 M0,1")}, "Bob": {}})
    assert state.trees_left == 4
    w = partial(
        state, [{"do": "place_tile", "take": "house", "at": [1, 1], "tree": [0, 0], "bonuses": []}]
    )
    assert w.trees_left == 3
    assert w.score == 5


def test_e2_tree_of_four_equal_kinds() -> None:
    """E2: L, L, L + L at [1,1] with tree [0,0] → +5."""
    state = situation(
        {"Ann": {"tiles": tiles("L0,0 L1,0 L0,1")}, "Bob": {}},
        {"tile_display": ["lake", "lake", "hay", "hay", "hay"]},
    )
    w = partial(state, [{"do": "place_tile", "take": "lake", "at": [1, 1], "tree": [0, 0]}])
    assert w.score == 5


def test_e3_three_plus_one_does_not_qualify() -> None:
    """E3: F, F, F + L with tree → KUH-TREE-4; without tree legal, no points."""
    state = situation({"Ann": {"tiles": tiles("F0,0 F1,0 F0,1")}, "Bob": {}})
    step_rejects(
        state,
        [{"do": "place_tile", "take": "lake", "at": [1, 1], "tree": [0, 0]}],
        "KUH-TREE-4",
        "/moves/0/steps/0/tree",
    )
    w = partial(state, [{"do": "place_tile", "take": "lake", "at": [1, 1], "tree": None}])
    assert w.score == 0


def test_e4_a_tile_serves_one_tree_only() -> None:
    """E4: after E1 and H[2,0], F at [2,1] with tree [1,0] → KUH-TREE-5."""
    state = situation(
        {
            "Ann": {"tiles": tiles("F0,0 L1,0 M0,1 S1,1 H2,0"), "trees": [[0, 0]], "score": 5},
            "Bob": {},
        }
    )
    step_rejects(
        state,
        [{"do": "place_tile", "take": "forest", "at": [2, 1], "tree": [1, 0]}],
        "KUH-TREE-5",
        "/moves/0/steps/0/tree",
    )


def test_e5_late_tree_impossible() -> None:
    """E5: the square was completed earlier; H at [2,0] with tree [0,0] → KUH-TREE-2."""
    state = situation({"Ann": {"tiles": tiles("F0,0 L1,0 M0,1 S1,1")}, "Bob": {}})
    step_rejects(
        state,
        [{"do": "place_tile", "take": "hay", "at": [2, 0], "tree": [0, 0]}],
        "KUH-TREE-2",
        "/moves/0/steps/0/tree",
    )


def test_e6_empty_tree_supply() -> None:
    """E6: 2 players, 4 trees gained already → KUH-TREE-6."""
    two = "L0,0 L1,0 L0,1 L1,1 L2,0 L3,0 L2,1 L3,1"
    state = situation(
        {
            "Ann": {
                "tiles": tiles(two + " F0,2 F1,2 F0,3"),
                "trees": [[0, 0], [2, 0]],
                "score": 10,
            },
            "Bob": {"tiles": tiles(two), "trees": [[0, 0], [2, 0]], "score": 10},
        }
    )
    assert state.trees_left == 0
    step_rejects(
        state,
        [{"do": "place_tile", "take": "forest", "at": [1, 3], "tree": [0, 2]}],
        "KUH-TREE-6",
        "/moves/0/steps/0/tree",
    )


def test_e7_adjacency() -> None:
    """E7: diagonal → KUH-TILE-6; occupied → KUH-TILE-5; [-1,0] legal."""
    state = situation({"Ann": {"tiles": tiles("F0,0")}, "Bob": {}})
    step_rejects(
        state,
        [{"do": "place_tile", "take": "lake", "at": [1, 1]}],
        "KUH-TILE-6",
        "/moves/0/steps/0/at",
    )
    step_rejects(
        state,
        [{"do": "place_tile", "take": "lake", "at": [0, 0]}],
        "KUH-TILE-5",
        "/moves/0/steps/0/at",
    )
    w = partial(state, [{"do": "place_tile", "take": "lake", "at": [-1, 0]}])
    assert w.tiles[(-1, 0)] == "lake"


def test_e8_rotation() -> None:
    """E8: K rotated 90 at [2,0]: cows on [2,0] and [1,0]; supply 4 → 2; +4."""
    state = situation({"Ann": {"tiles": tiles("L1,0 F2,0 M1,1"), "hand": ["K"]}, "Bob": {}})
    assert state.boards[0].supply == 4
    w = partial(
        state,
        [
            {
                "do": "play_card",
                "card": "K",
                "rotation": 90,
                "offset": [2, 0],
                "cows": [[2, 0], [1, 0]],
            }
        ],
    )
    assert w.cows == {(2, 0), (1, 0)}
    assert w.supply == 2
    assert w.score == 4


def test_e9_no_mirroring() -> None:
    """E9: the mirror image of K's pattern: no rotation and offset fits (KUH-PLAY-3/4)."""
    state = situation({"Ann": {"tiles": tiles("F0,0 L0,1 M-1,1"), "hand": ["K"]}, "Bob": {}})
    step_rejects(
        state,
        [{"do": "play_card", "card": "K", "rotation": 0, "offset": [0, 0]}],
        "KUH-PLAY-3",
        "/moves/0/steps/0/offset",
    )
    for rotation in (0, 90, 180, 270):
        for ox in range(-3, 4):
            for oy in range(-3, 4):
                step = {"do": "play_card", "card": "K", "rotation": rotation, "offset": [ox, oy]}
                try:
                    partial(state, [step])
                except RuleViolation as exc:
                    assert exc.rule in ("KUH-PLAY-3", "KUH-PLAY-4")
                else:
                    raise AssertionError(f"mirror image accepted: {step}")


def test_e10_cows_on_face_and_back_cells() -> None:
    """E10: a cow on the back cell [1,1] is fine; on the face cell [1,0] → KUH-PLAY-5."""
    step = {"do": "play_card", "card": "K", "rotation": 90, "offset": [2, 0]}
    back = situation(
        {"Ann": {"tiles": tiles("L1,0 F2,0 M1,1", cows=[(1, 1)]), "hand": ["K"]}, "Bob": {}}
    )
    assert partial(back, [step]).score == 4
    face = situation(
        {"Ann": {"tiles": tiles("L1,0 F2,0 M1,1", cows=[(1, 0)]), "hand": ["K"]}, "Bob": {}}
    )
    step_rejects(face, [step], "KUH-PLAY-5", "/moves/0/steps/0/offset")


def test_e11_not_enough_cows() -> None:
    """E11: 3 face cells, supply 2 → KUH-PLAY-6 even though 20 points would pass space 15."""
    state = situation(
        {
            "Ann": {
                "tiles": tiles("H0,0 H1,0 H2,0 M0,1 M1,1", cows=[(0, 1), (1, 1)]),
                "hand": ["T3"],
                "cows_in_supply": 2,
            },
            "Bob": {},
        }
    )
    assert state.boards[0].supply == 2
    step_rejects(
        state,
        [{"do": "play_card", "card": "T3", "rotation": 0, "offset": [0, 0]}],
        "KUH-PLAY-6",
        "/moves/0/steps/0/card",
    )


def _e12():  # type: ignore[no-untyped-def]
    cows = [(0, 0), (1, 0), (1, 1), (3, 1), (2, 2)]
    return situation(
        {
            "Ann": {
                "tiles": tiles("F0,0 F1,0 F1,1 F2,1 F3,1 F2,2", cows=cows),
                "score": 20,
                "cows_in_supply": 0,
            },
            "Bob": {},
        }
    )


def test_e12_herds() -> None:
    """E12: herd {[0,0],[1,0],[1,1]} goes back (supply 3); part → HERD-2; no cow → HERD-1."""
    state = _e12()
    w = partial(state, [{"do": "return_herd", "at": [0, 0]}])
    assert w.supply == 3
    assert w.cows == {(3, 1), (2, 2)}
    step_rejects(
        state,
        [{"do": "return_herd", "cells": [[0, 0], [1, 0]]}],
        "KUH-HERD-2",
        "/moves/0/steps/0/cells",
    )
    step_rejects(state, [{"do": "return_herd", "at": [2, 1]}], "KUH-HERD-1", "/moves/0/steps/0/at")
    w = partial(state, [{"do": "return_herd", "cells": [[1, 1], [0, 0], [1, 0]], "at": [1, 0]}])
    assert w.supply == 3


TRACK_35 = {
    "bonus_spaces": [
        {"space": 15, "bonus": "cow"},
        {"space": 25, "bonus": "cow"},
        {"space": 35, "bonus": "extra_action"},
    ]
}


def test_e13_bonus_reach_or_pass() -> None:
    """E13: 13 + 13 → 26 triggers 15 and 25 (supply 1 − 1 + 2 = 2); 31 + 4 = 35 → budget 3."""
    state = situation(
        {
            "Ann": {
                "tiles": tiles("M0,0 H1,0 H0,1 H1,1 H2,1", cows=[(0, 1), (1, 1), (2, 1)]),
                "score": 13,
                "cows_in_supply": 1,
                "hand": ["P13"],
            },
            "Bob": {},
        },
        track=TRACK_35,
    )
    w = partial(
        state,
        [{"do": "play_card", "card": "P13", "rotation": 0, "offset": [0, 0], "bonuses": [15, 25]}],
    )
    assert w.score == 26
    assert w.supply == 2
    later = situation(
        {
            "Ann": {
                "tiles": tiles(
                    "M0,0 H1,0 H0,1 H1,1 H2,1 H3,1", cows=[(0, 1), (1, 1), (2, 1), (3, 1)]
                ),
                "score": 31,
                "cows_in_supply": 2,
                "hand": ["P4"],
            },
            "Bob": {},
        },
        track=TRACK_35,
    )
    steps = [
        {"do": "play_card", "card": "P4", "rotation": 0, "offset": [0, 0], "bonuses": [35]},
        {"do": "place_tile", "take": "forest", "at": [0, -1]},
        {"do": "place_tile", "take": "lake", "at": [1, -1]},
    ]
    w = partial(later, steps)
    assert w.score == 35
    assert w.regular == 3
    step_rejects(
        later,
        [*steps, {"do": "place_tile", "take": "hay", "at": [2, -1]}],
        "KUH-TURN-2",
        "/moves/0/steps/3",
    )


def test_e14_tile_display_exchange() -> None:
    """E14: [L,L,L,L,F] may exchange; [L,L,L,F,M] → KUH-TILE-1; [F,F,F,F] draws 4; 2 → TILE-2."""
    board = {"Ann": {"tiles": tiles("F0,0")}, "Bob": {}}
    four = situation(board, {"tile_display": ["lake", "lake", "lake", "lake", "forest"]})
    w = partial(
        four,
        [
            {
                "do": "place_tile",
                "swap": {"drawn": ["hay", "hay", "meadow", "house", "lake"]},
                "take": "hay",
                "at": [1, 0],
            }
        ],
    )
    assert sorted(w.tile_display) == ["hay", "house", "lake", "meadow"]
    three = situation(board, {"tile_display": ["lake", "lake", "lake", "forest", "meadow"]})
    step_rejects(
        three,
        [{"do": "place_tile", "swap": {"drawn": ["hay"] * 5}, "take": "hay", "at": [1, 0]}],
        "KUH-TILE-1",
        "/moves/0/steps/0/swap",
    )
    forests = situation(board, {"tile_display": ["forest"] * 4 + ["lake"]})
    w = partial(
        forests,
        [
            {"do": "place_tile", "take": "lake", "at": [1, 0]},
            {
                "do": "place_tile",
                "swap": {"drawn": ["hay", "hay", "meadow", "house"]},
                "take": "house",
                "at": [2, 0],
            },
        ],
    )
    assert sorted(w.tile_display) == ["hay", "hay", "meadow"]
    step_rejects(
        four,
        [
            {
                "do": "place_tile",
                "swap": [{"drawn": ["hay"] * 5}, {"drawn": ["hay"] * 5}],
                "take": "hay",
                "at": [1, 0],
            }
        ],
        "KUH-TILE-2",
        "/moves/0/steps/0/swap/1",
    )


def test_e15_card_display_exchange() -> None:
    """E15: faces {F,L}, {F}, {F,S}, {M,F} share forest → legal; {M} → KUH-TAKE-1; 3 cards too."""
    board = {"Ann": {"tiles": tiles("F0,0")}, "Bob": {}}
    ok = situation(board)
    w = partial(ok, [{"do": "take_card", "swap": {"drawn": ["C1", "C5", "C6", "K"]}, "card": "C5"}])
    assert w.hand == ["C5"]
    assert sorted(w.card_display) == ["C1", "C6", "K"]
    no_common = situation(board, {"card_display": ["F1", "F2", "F3", "M1"]})
    step_rejects(
        no_common,
        [{"do": "take_card", "swap": {"drawn": ["C1", "C5", "C6", "K"]}, "card": "C5"}],
        "KUH-TAKE-1",
        "/moves/0/steps/0/swap",
    )
    three = situation(board, {"card_display": ["F1", "F2", "F3"]})
    step_rejects(
        three,
        [{"do": "take_card", "swap": {"drawn": ["C1", "C5", "C6"]}, "card": "C5"}],
        "KUH-TAKE-1",
        "/moves/0/steps/0/swap",
    )


THREE = {"tile_display": ["lake"] * 5, "tiles_left": 40}


def _three(scores: tuple[int, int, int], nxt: str):  # type: ignore[no-untyped-def]
    boards = {
        n: {"tiles": tiles("M0,0 H1,0"), "score": s, "hand": ["P4"] if n == nxt else []}
        for n, s in zip(("A", "B", "C"), scores, strict=True)
    }
    return situation(
        boards,
        {**THREE, "next": nxt},
        track={"bonus_spaces": [{"space": 15, "bonus": "cow"}, {"space": 25, "bonus": "cow"}]},
    )


def _trigger(state, player):  # type: ignore[no-untyped-def]
    return play(
        state,
        move(
            [
                {"do": "play_card", "card": "P4", "rotation": 0, "offset": [0, 0]},
                {"do": "place_tile", "take": "lake", "at": [0, 1]},
            ],
            {"tiles": ["lake"]},
            player,
        ),
    )


def _plain(state, player, y):  # type: ignore[no-untyped-def]
    return play(
        state,
        move(
            [
                {"do": "place_tile", "take": "lake", "at": [0, y]},
                {"do": "place_tile", "take": "lake", "at": [1, y]},
            ],
            {"tiles": ["lake", "lake"]},
            player,
        ),
    )


def test_e16_end_of_game_three_players() -> None:
    """E16: B reaches 66 → C plays once more, then reveals; A → B, C; C → ends at once."""
    state = _trigger(_three((40, 62, 30), "B"), "B")
    assert state.boards[1].score == 66
    assert GAME.referee.expected_players(state) == {"C"}
    state = _plain(state, "C", 1)
    assert state.phase == "over"
    assert GAME.referee.expected_players(state) == {"A", "B", "C"}
    rejects(
        state,
        move(
            [
                {"do": "place_tile", "take": "lake", "at": [0, 2]},
                {"do": "place_tile", "take": "lake", "at": [1, 2]},
            ],
            player="A",
        ),
        "KUH-END-3",
        "/moves/0",
    )
    state = _trigger(_three((62, 40, 30), "A"), "A")
    assert state.phase == "finishing"
    state = _plain(_plain(state, "B", 1), "C", 1)
    assert state.phase == "over"
    state = _trigger(_three((40, 30, 62), "C"), "C")
    assert state.phase == "over"


def _final(tiles_a: int, tiles_b: int):  # type: ignore[no-untyped-def]
    def row(n: int) -> str:
        return " ".join(f"H{x},0" for x in range(n))

    return situation(
        {
            "A": {"tiles": tiles(row(tiles_a)), "score": 70, "dealt": ["W2"]},
            "B": {"tiles": tiles(row(tiles_b)), "score": 70, "dealt": ["W3"]},
        },
        {"tile_display": [], "card_display": [], "phase": "over"},
    )


def test_e17_tie_break() -> None:
    """E17: 70 with 20 tiles vs 70 with 22 tiles → B wins; equal tiles → shared victory."""
    sheet = GAME.referee.score(_final(20, 22))
    assert [p.total for p in sheet.players] == [70, 70]
    assert sheet.ranking == (("B",), ("A",))
    assert GAME.referee.score(_final(21, 21)).ranking == (("A", "B"),)


def _e18(ann_score: int):  # type: ignore[no-untyped-def]
    return situation(
        {"Ann": {"tiles": tiles("F0,0"), "score": ann_score}, "Bob": {"score": 58}},
        {"tile_display": ["lake", "lake", "hay", "hay"], "tiles_left": 1},
    )


def test_e18_early_end() -> None:
    """E18: display 2, 1 tile left, top 58 → refill 1, play ends; 2 listed → KUH-REFILL-4."""
    steps = [
        {"do": "place_tile", "take": "lake", "at": [1, 0]},
        {"do": "place_tile", "take": "hay", "at": [2, 0]},
    ]
    state = play(_e18(50), move(steps, {"tiles": ["hay"]}))
    assert state.tile_display == ("lake", "hay", "hay")
    assert state.phase == "over"
    assert GAME.referee.expected_players(state) == {"Ann", "Bob"}
    rejects(
        _e18(50), move(steps, {"tiles": ["hay", "lake"]}), "KUH-REFILL-4", "/moves/0/refill/tiles/1"
    )
    state = play(_e18(65), move(steps, {"tiles": ["hay"]}))
    assert state.phase == "finishing"
    assert GAME.referee.expected_players(state) == {"Bob"}


def test_e21_refill_level() -> None:
    """E21: a step-level refill under end_of_turn → KUH-REFILL-5; after_action per step."""
    board = {"Ann": {}, "Bob": {}}
    table = {"tile_display": ["forest", "forest", "lake", "meadow", "house"]}
    state = situation(board, table)
    rejects(
        state,
        move(
            [
                {"do": "place_tile", "take": "forest", "at": [0, 0], "refill": {"tiles": ["lake"]}},
                {"do": "place_tile", "take": "forest", "at": [1, 0]},
            ]
        ),
        "KUH-REFILL-5",
        "/moves/0/steps/0/refill",
    )
    after = situation(board, table, {"refill_timing": "after_action"})
    steps = [
        {"do": "place_tile", "take": "forest", "at": [0, 0], "refill": {"tiles": ["lake"]}},
        {"do": "place_tile", "take": "forest", "at": [1, 0], "refill": {"tiles": ["lake"]}},
    ]
    out = play(after, move(steps))
    assert sorted(out.tile_display) == sorted(["lake", "meadow", "house", "lake", "lake"])
    rejects(after, move(steps, {"tiles": []}), "KUH-REFILL-5", "/moves/0/refill")


def _stuck(variant: dict[str, object], cards: list[str]):  # type: ignore[no-untyped-def]
    return situation(
        {"Ann": {"tiles": tiles("F0,0")}, "Bob": {"tiles": tiles("H0,0"), "hand": ["K"]}},
        {
            "tile_display": [],
            "card_display": cards,
            "tiles_left": 0,
            "deck_left": 0,
            "next": "Bob",
            "phase": "finishing",
        },
        {"early_end_finish_round": True, **variant},
    )


def test_e22_stuck_player() -> None:
    """E22: a stuck player passes twice; a displayed card → KUH-TURN-4; never → no steps."""
    state = play(_stuck({}, []), move([{"do": "pass"}, {"do": "pass"}], player="Bob"))
    assert state.phase == "over"
    rejects(
        _stuck({}, ["F1"]),
        move([{"do": "pass"}, {"do": "pass"}], player="Bob"),
        "KUH-TURN-4",
        "/moves/0/steps/0",
    )
    state = play(_stuck({"allow_pass": "never"}, []), move([], player="Bob"))
    assert state.phase == "over"
    rejects(
        _stuck({"allow_pass": "never"}, []),
        move([{"do": "pass"}], player="Bob"),
        "KUH-TURN-4",
        "/moves/0/steps/0",
    )
