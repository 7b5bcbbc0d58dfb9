"""One test per remaining rule family: TURN, TILE, TREE, TAKE, PLAY, BONUS, REFILL, END,
FINAL and POS, each asserting the rule ID and the pointer."""

from __future__ import annotations

from typing import Any

from tests.conftest import assert_finding, assert_ok, assert_rejects, verify
from tests.kuhfstein.helpers import (
    e19,
    move,
    partial,
    play,
    rejects,
    situation,
    situation_doc,
    step_rejects,
    tiles,
)
from tests.roles import replay_game, roles_of

GAME = roles_of("kuhfstein")


BOARD = {"Ann": {"tiles": tiles("F0,0 L1,0 M0,1"), "hand": ["K", "C6"]}, "Bob": {}}


def test_turn_1_seat_order_and_single_reveal() -> None:
    """KUH-TURN-1 is enforced by the envelope's turn check (REC-TURN-1)."""
    doc = e19()
    doc["moves"][0]["player"] = "Bob"
    assert_rejects(verify(doc), "REC-TURN-1", "/moves/0/player")
    doc = e19()
    doc["moves"][7] = {
        "player": "Ann",
        "action": "turn",
        "steps": [{"do": "reveal_scoring_tile", "tile": "W1"}],
    }
    assert_rejects(verify(doc), "REC-TURN-1", "/moves/7/player")
    doc = e19()
    doc["moves"][6], doc["moves"][7] = doc["moves"][7], doc["moves"][6]
    assert_ok(verify(doc))


def test_turn_2_too_few_steps() -> None:
    state = situation(BOARD)
    rejects(
        state,
        move([{"do": "place_tile", "take": "hay", "at": [1, 1]}], {"tiles": ["hay"]}),
        "KUH-TURN-2",
        "/moves/0/steps",
    )


def test_turn_5_end_of_turn_order() -> None:
    """KUH-TURN-5: refill first, then the early end (KUH-END-2), then the trigger (KUH-END-1)."""
    state = situation(BOARD, {"tiles_left": 2})
    out = play(
        state,
        move(
            [
                {"do": "place_tile", "take": "hay", "at": [1, 1]},
                {"do": "place_tile", "take": "house", "at": [2, 0]},
            ],
            {"tiles": ["lake", "lake"]},
        ),
    )
    assert len(out.tile_display) == 5
    assert out.phase == "play"


def test_tile_3_and_tile_4() -> None:
    state = situation(BOARD, {"tile_display": ["lake"] * 4 + ["hay"]})
    step_rejects(
        state,
        [{"do": "place_tile", "swap": {"drawn": ["hay"] * 4}, "take": "hay", "at": [1, 1]}],
        "KUH-TILE-3",
        "/moves/0/steps/0/swap/drawn",
    )
    step_rejects(
        state,
        [{"do": "place_tile", "take": "forest", "at": [1, 1]}],
        "KUH-TILE-4",
        "/moves/0/steps/0/take",
    )
    full = situation(
        BOARD, {"tile_display": ["lake"] * 5}, {"tile_swap_draw": "full", "max_swaps_per_action": 2}
    )
    w = partial(
        full,
        [
            {"do": "place_tile", "take": "lake", "at": [1, 1]},
            {
                "do": "place_tile",
                "swap": [{"drawn": ["hay"] * 4 + ["lake"]}, {"drawn": ["meadow"] * 5}],
                "take": "meadow",
                "at": [2, 0],
            },
        ],
    )
    assert w.tile_display == ["meadow"] * 4


def test_tree_1_tree_only_on_place_tile() -> None:
    """KUH-TREE-1: the schema allows ``tree`` on place_tile steps only."""
    doc = e19()
    doc["moves"][2]["steps"][1]["tree"] = [0, 0]
    result = verify(doc)
    assert result.status == "malformed"
    assert_rejects(result, "REC-SCHEMA-1", "/moves/2/steps/1")


def test_tree_3_incomplete_square() -> None:
    state = situation(BOARD)
    step_rejects(
        state,
        [{"do": "place_tile", "take": "hay", "at": [2, 0], "tree": [1, 0]}],
        "KUH-TREE-3",
        "/moves/0/steps/0/tree",
    )


def test_take_2_3_4() -> None:
    state = situation(BOARD)
    step_rejects(
        state,
        [{"do": "take_card", "swap": {"drawn": ["C1", "C5", "T3"]}, "card": "C5"}],
        "KUH-TAKE-2",
        "/moves/0/steps/0/swap/drawn",
    )
    step_rejects(state, [{"do": "take_card", "card": "C5"}], "KUH-TAKE-3", "/moves/0/steps/0/card")
    step_rejects(
        state,
        [
            {
                "do": "take_card",
                "swap": [{"drawn": ["C1", "C5", "C6", "T3"]}, {"drawn": ["P4", "P13", "M1", "C6"]}],
                "card": "C5",
            }
        ],
        "KUH-TAKE-4",
        "/moves/0/steps/0/swap/1",
    )


def test_play_1_2_7() -> None:
    state = situation({"Ann": {"tiles": tiles("F0,0 L0,1 M1,1"), "hand": ["K"]}, "Bob": {}})
    step_rejects(
        state,
        [{"do": "play_card", "card": "C5", "rotation": 0, "offset": [0, 0]}],
        "KUH-PLAY-1",
        "/moves/0/steps/0/card",
    )
    step_rejects(
        state,
        [{"do": "play_card", "card": "K", "rotation": 45, "offset": [0, 0]}],
        "KUH-PLAY-2",
        "/moves/0/steps/0/rotation",
    )
    step_rejects(
        state,
        [{"do": "play_card", "card": "K", "rotation": 0, "offset": [0, 0], "cows": [[0, 0]]}],
        "KUH-PLAY-7",
        "/moves/0/steps/0/cows",
    )
    step_rejects(
        state,
        [{"do": "play_card", "card": "K", "rotation": 0, "offset": [1, 0]}],
        "KUH-PLAY-3",
        "/moves/0/steps/0/offset",
    )
    w = partial(
        state,
        [
            {
                "do": "play_card",
                "card": "K",
                "rotation": 0,
                "offset": [0, 0],
                "cows": [[0, 1], [0, 0]],
            }
        ],
    )
    assert w.cows == {(0, 0), (0, 1)}


def test_play_4_wrong_kind() -> None:
    state = situation({"Ann": {"tiles": tiles("F0,0 M0,1 L1,1"), "hand": ["K"]}, "Bob": {}})
    step_rejects(
        state,
        [{"do": "play_card", "card": "K", "rotation": 0, "offset": [0, 0]}],
        "KUH-PLAY-4",
        "/moves/0/steps/0/offset",
    )


TRACK = {
    "bonus_spaces": [
        {"space": 15, "bonus": "cow"},
        {"space": 25, "bonus": "cow"},
        {"space": 3, "bonus": "extra_tile"},
        {"space": 5, "bonus": "mystery"},
    ]
}


def test_bonus_1_3_4_5() -> None:
    """KUH-BONUS-1 (reach or pass, ascending), KUH-BONUS-3, KUH-BONUS-4, KUH-BONUS-5."""
    state = situation(
        {"Ann": {"tiles": tiles("F0,0 F1,0"), "hand": ["C1"]}, "Bob": {}}, track=TRACK
    )
    play_c1 = {"do": "play_card", "card": "C1", "rotation": 0, "offset": [0, 0]}
    step_rejects(state, [{**play_c1, "bonuses": [5]}], "KUH-BONUS-3", "/moves/0/steps/0/bonuses")
    step_rejects(
        state,
        [{"do": "place_tile", "take": "hay", "at": [2, 0], "bonus_space": 3}],
        "KUH-BONUS-4",
        "/moves/0/steps/0/bonus_space",
    )
    bonus_tile = {"do": "place_tile", "take": "hay", "at": [2, 0], "bonus_space": 3}
    w = partial(
        state,
        [
            {**play_c1, "bonuses": [3]},
            bonus_tile,
            {"do": "place_tile", "take": "lake", "at": [3, 0]},
        ],
    )
    assert (w.regular, w.score, w.bonus_used) == (2, 3, {3})
    step_rejects(
        state,
        [play_c1, bonus_tile, {**bonus_tile, "at": [2, 1]}],
        "KUH-BONUS-4",
        "/moves/0/steps/2/bonus_space",
    )
    state = situation(
        {"Ann": {"tiles": tiles("F0,0 L1,0 M0,1"), "score": 0}, "Bob": {}}, track=TRACK
    )
    w = partial(
        state,
        [{"do": "place_tile", "take": "house", "at": [1, 1], "tree": [0, 0], "bonuses": [3, 5]}],
    )
    assert [(f.rule, f.pointer, f.severity) for f in w.warnings] == [
        ("KUH-BONUS-5", "/moves/0/steps/0", "warning")
    ]


def test_bonus_2_final_scoring_triggers_nothing() -> None:
    """KUH-BONUS-2: Bob's scoring tile takes him from 14 to 19 past space 15; supply stays 0."""
    final = replay_game(GAME, e19()).state
    bob = final.boards[1]
    assert (bob.score, bob.supply) == (14, 0)
    assert GAME.referee.score(final).player("Bob").total == 19


def test_refill_1_2_3() -> None:
    doc = e19()
    doc["moves"][0]["refill"]["tiles"] = ["lake"]
    assert_rejects(verify(doc), "KUH-REFILL-1", "/moves/0/refill/tiles")
    doc = e19()
    doc["moves"][2]["refill"]["cards"] = []
    assert_rejects(verify(doc), "KUH-REFILL-2", "/moves/2/refill/cards")
    doc = e19()
    del doc["moves"][0]["refill"]
    assert_rejects(verify(doc), "KUH-REFILL-1", "/moves/0")
    doc = e19()
    doc["moves"][2]["refill"]["cards"] = ["C4"]
    assert_rejects(verify(doc), "KUH-REFILL-3", "/moves/2/refill/cards/0")
    doc = e19()
    doc["moves"][2]["refill"]["cards"] = ["C99"]
    assert_rejects(verify(doc), "KUH-REFILL-3", "/moves/2/refill/cards/0")


def ordered() -> dict[str, Any]:
    from tests.conftest import load_fixture

    doc: dict[str, Any] = load_fixture("kuhfstein/valid/e19-with-orders.json")
    return doc


def test_refill_6_orders() -> None:
    assert_ok(verify(ordered()))
    doc = ordered()
    doc["moves"][1]["refill"]["tiles"] = ["meadow", "forest"]
    assert_rejects(verify(doc), "KUH-REFILL-6", "/moves/1/refill/tiles/0")
    doc = ordered()
    doc["moves"][3]["refill"]["cards"] = ["C9"]
    assert_rejects(verify(doc), "KUH-REFILL-6", "/moves/3/refill/cards/0")


def test_refill_4_per_kind_with_tile_counts() -> None:
    doc = e19()
    doc["setup"]["tile_counts"] = {"hay": 12, "meadow": 12, "forest": 2, "lake": 23, "house": 12}
    doc["moves"][1]["refill"]["tiles"] = ["forest", "meadow"]
    assert_rejects(verify(doc), "KUH-REFILL-4", "/moves/1/refill/tiles/0")


def test_end_1_end_2_complete_round() -> None:
    """KUH-END-1 (E19: Bob, the last seat, triggers → play ends at once) and KUH-END-2 (E18)."""
    states = [replay_game(GAME, e19(), upto=n).state for n in (5, 6)]
    assert [s.phase for s in states] == ["play", "over"]
    state = situation(BOARD, {"tiles_left": 0})
    out = play(
        state,
        move(
            [
                {"do": "place_tile", "take": "hay", "at": [1, 1]},
                {"do": "place_tile", "take": "house", "at": [2, 0]},
            ]
        ),
    )
    assert out.phase == "over"
    late = situation(BOARD, {"tiles_left": 0}, {"early_end_finish_round": True})
    out = play(
        late,
        move(
            [
                {"do": "place_tile", "take": "hay", "at": [1, 1]},
                {"do": "place_tile", "take": "house", "at": [2, 0]},
            ]
        ),
    )
    assert out.phase == "finishing"
    extra = situation(
        {"Ann": {"score": 64, "tiles": tiles("F0,0")}, "Bob": {}},
        {"next": "Bob"},
        {"extra_final_round": True, "end_threshold": 1},
    )
    out = play(
        extra,
        move(
            [
                {"do": "place_tile", "take": "hay", "at": [0, 0]},
                {"do": "place_tile", "take": "house", "at": [1, 0]},
            ],
            {"tiles": ["hay", "hay"]},
            "Bob",
        ),
    )
    assert out.phase == "extra_round"


def test_final_1_reveal_shape() -> None:
    doc = e19()
    doc["moves"][6]["refill"] = {"tiles": []}
    assert_rejects(verify(doc), "KUH-FINAL-1", "/moves/6/refill")
    doc = e19()
    doc["moves"][6]["steps"].append({"do": "reveal_scoring_tile", "tile": "W2"})
    assert_rejects(verify(doc), "KUH-FINAL-1", "/moves/6/steps")


def test_final_3_unmet_tile_scores_nothing() -> None:
    """KUH-FINAL-3: an unmet revealed tile scores 0 (Ann 5 instead of 9)."""
    doc = e19()
    doc["moves"][6]["steps"][0] = {"do": "reveal_scoring_tile", "tile": "W2", "met": False}
    result = verify(doc)
    assert result.status == "mismatch"
    assert result.scores is not None
    assert result.scores.player("Ann").categories["scoring_tile"] == 0
    assert result.scores.player("Ann").total == 5


def _custom() -> dict[str, Any]:
    doc = e19()
    doc["setup"]["scoring_tiles"]["W2"]["condition"] = {"type": "custom", "text": "most forests"}
    doc["claimed"]["scores"]["Ann"] = 11
    doc["claimed"]["breakdown"]["Ann"]["scoring_tile"] = 6
    doc["moves"][6]["steps"][0] = {"do": "reveal_scoring_tile", "tile": "W2", "met": True}
    return doc


def test_final_5_and_6_custom_condition() -> None:
    result = verify(_custom())
    assert_ok(result)
    assert assert_finding(result, "KUH-FINAL-6", "/moves/6/steps/0/met").severity == "warning"
    state = replay_game(GAME, _custom()).state
    assert [(w.rule, w.pointer) for w in GAME.referee.warnings(state)] == [
        ("KUH-FINAL-6", "/moves/6/steps/0/met")
    ]
    doc = _custom()
    del doc["moves"][6]["steps"][0]["met"]
    assert_rejects(verify(doc), "KUH-FINAL-5", "/moves/6/steps/0")


def _pos(change: Any, boards: dict[str, Any] | None = None) -> Any:
    doc = situation_doc(boards or {"Ann": {"tiles": tiles("F0,0")}, "Bob": {}})
    change(doc)
    return verify(doc)


def test_pos_1_players_and_boards() -> None:
    assert_rejects(_pos(lambda d: d["boards"].pop("Bob")), "KUH-POS-1", "/boards")
    r = _pos(lambda d: d["boards"].update(Zed={"tiles": [], "score": 0, "dealt": ["W5"]}))
    assert_rejects(r, "KUH-POS-1", "/boards/Zed")
    r = _pos(
        lambda d: (
            d["players"].__setitem__(1, {"name": "Bob", "color": "x"})
            or d["players"][0].update(color="x")
        )
    )
    assert_rejects(r, "KUH-POS-1", "/players/1")


def test_pos_4_tile_total() -> None:
    r = _pos(lambda d: d["table"].update(tiles_left=60))
    assert_rejects(r, "KUH-POS-4", "/table/tiles_left")


def test_pos_6_and_7_trees() -> None:
    eight = "L0,0 L1,0 L0,1 L1,1 L2,0 L2,1"
    r = _pos(
        lambda d: None,
        {"Ann": {"tiles": tiles(eight), "trees": [[0, 0], [1, 0]], "score": 10}, "Bob": {}},
    )
    assert_rejects(r, "KUH-POS-6", "/boards/Ann/trees/1")
    two = "L0,0 L1,0 L0,1 L1,1 L2,0 L3,0 L2,1 L3,1 L4,0 L5,0 L4,1 L5,1"
    board = {"tiles": tiles(two), "trees": [[0, 0], [2, 0], [4, 0]], "score": 15}
    r = _pos(lambda d: None, {"Ann": board, "Bob": {**board, "dealt": ["W3"]}})
    assert_rejects(r, "KUH-POS-7", "/boards")


def test_pos_10_card_ids() -> None:
    r = _pos(lambda d: d["boards"]["Ann"].update(hand=["ZZ"]))
    assert_rejects(r, "KUH-POS-10", "/boards/Ann/hand/0")
    r = _pos(lambda d: d["boards"]["Ann"].update(hand=["F1"]))
    assert_rejects(r, "KUH-POS-10", "/table/card_display/0")
    r = _pos(lambda d: d["table"].update(deck_left=52))
    assert_rejects(r, "KUH-POS-10", "/table/deck_left")


def test_pos_12_table() -> None:
    assert_rejects(_pos(lambda d: d["table"].update(phase="nope")), "KUH-POS-12", "/table/phase")
    assert_rejects(_pos(lambda d: d["table"].update(next="Zed")), "KUH-POS-12", "/table/next")
    r = _pos(lambda d: d["table"].update(tile_display=["lake"] * 6))
    assert_rejects(r, "KUH-POS-12", "/table/tile_display")


def test_position_final_4_5_6() -> None:
    r = _pos(lambda d: d["boards"]["Ann"].update(revealed="W1", met=True))
    assert_rejects(r, "KUH-FINAL-4", "/boards/Ann/met")

    def custom(d: dict[str, Any]) -> None:
        d["components"]["scoring_tiles"]["W2"] = {
            "points": 6,
            "condition": {"type": "custom", "text": "most forests"},
        }
        d["boards"]["Ann"]["revealed"] = "W2"

    assert_rejects(_pos(custom), "KUH-FINAL-5", "/boards/Ann")
    r = _pos(lambda d: (custom(d), d["boards"]["Ann"].update(met=True)))
    assert_ok(r)
    assert_finding(r, "KUH-FINAL-6", "/boards/Ann/met")
    assert r.scores is not None
    assert r.scores.player("Ann").categories["scoring_tile"] == 6


def test_bonus_5_unknown_kind_in_a_record_is_a_warning() -> None:
    """KUH-BONUS-5: an unknown bonus kind triggers without effect; the record still verifies."""
    doc = e19()
    doc["setup"]["track"]["bonus_spaces"].append({"space": 3, "bonus": "mystery"})
    doc["moves"][2]["steps"][0]["bonuses"] = [3]
    doc["moves"][5]["steps"][0]["bonuses"] = [3]
    result = verify(doc)
    assert_ok(result)
    for pointer in ("/moves/2/steps/0", "/moves/5/steps/0"):
        assert assert_finding(result, "KUH-BONUS-5", pointer).severity == "warning"
