"""End-of-turn events (section 7): solo discard, refills, end triggers, end of game (E9)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import assert_finding, assert_ok, assert_rejects, verify
from tests.harmonies.helpers import DISPLAY, Script, card, put, sample, take, turn
from tests.roles import roles_of

GAME = roles_of("harmonies")


GGG = ["gray", "gray", "gray"]
BBG = ["brown", "brown", "green"]
MOUNTAIN_CELLS = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0), (1, 1)]
TREE_CELLS = [(3, 0), (3, 1), (3, 2), (3, 3), (4, 0), (4, 1), (4, 2)]


def _fillers() -> list[str]:
    pool = {"blue": 23, "yellow": 19, "red": 15, "green": 12, "brown": 7, "gray": 2}
    out = []
    while any(pool.values()):
        for colour in pool:
            if pool[colour]:
                pool[colour] -= 1
                out.append(colour)
    return out


def solo_script(option: str = "continue") -> tuple[Script, list[list[str]]]:
    """A solo game that empties the pouch: 14 triples (7 Mountains, 7 Trees) on space 1."""
    triples = [GGG if k % 2 == 0 else BBG for k in range(14)]
    fill = _fillers()
    assert len(fill) == 78
    draws: list[str] = []
    for k in range(1, 13):
        draws += triples[k] + fill[6 + 6 * (k - 1) : 6 + 6 * k]
    draws += triples[13]
    setup = {
        "central_board": [triples[0], fill[0:3], fill[3:6]],
        "display": ["koala", "fennec_fox", "shrew"],
    }
    return Script(("Ann",), {"solo_last_refill": option}, setup, draws), triples


def _solo_steps(k: int, triple: list[str]) -> list[dict[str, Any]]:
    cell = MOUNTAIN_CELLS[k // 2] if k % 2 == 0 else TREE_CELLS[k // 2]
    return [take(1)] + [put(c, *cell) for c in triple]


def solo_game(option: str = "continue", turns: int = 14) -> Script:
    s, triples = solo_script(option)
    for k in range(turns - 1):
        s.play(*_solo_steps(k, triples[k]))
    return s


def test_solo_pouch_trigger_ends_after_turn_14_HAR_END_1() -> None:
    """HAR-END-1 in solo (`continue`): the 13th refill fills space 1 only, the 14th finds the
    pouch empty; HAR-SCORE-11 suns are claimed and compared."""
    s, triples = solo_script()
    for k in range(13):
        s.play(*_solo_steps(k, triples[k]))
        assert not s.state.over
    assert s.state.pouch_size() == 0
    assert [len(x) for x in s.state.central] == [3, 0, 0]  # the 13th refill fills space 1 only
    s.play(*_solo_steps(13, triples[13]), refill={})
    assert s.state.over and s.state.triggered
    record = s.record
    record["claimed"] = {"scores": {"Ann": 98}, "suns": {"Ann": 6}}
    result = verify(record)
    assert_ok(result)
    assert result.scores is not None
    line = result.scores.player("Ann")
    assert line.categories["trees"] == 49 and line.categories["mountains"] == 49
    assert line.extras["suns"] == 3 + 1 + 2
    record["claimed"]["suns"]["Ann"] = 5
    assert_rejects(verify(record), "REC-CLAIM-1", "/claimed/suns/Ann")


def test_solo_final_turn_may_omit_refill_or_not() -> None:
    s = solo_game()
    record = s.with_turn(*_solo_steps(13, GGG if 13 % 2 == 0 else BBG))
    assert verify(record).status == "ok"
    record["moves"][-1]["refill"] = {"spaces": {}, "display": []}
    assert verify(record).status == "ok"
    record["moves"][-1]["refill"] = {"spaces": {"1": ["blue"]}}
    assert_rejects(verify(record), "HAR-REFILL-2", "/moves/13/refill/spaces/1/0")


def test_solo_empty_space_is_HAR_TAKE_2() -> None:
    s = solo_game()
    record = s.with_turn(take(2), put("gray", 2, 0))
    assert_rejects(verify(record), "HAR-TAKE-2", "/moves/13/steps/0/space")


def test_solo_13th_refill_lists_only_space_1_HAR_REFILL_1() -> None:
    s = solo_game(turns=13)
    record = s.with_turn(
        *_solo_steps(12, BBG if 12 % 2 else GGG),
        refill={"spaces": {"1": BBG, "2": []}, "display": []},
    )
    assert_rejects(verify(record), "HAR-REFILL-1", "/moves/12/refill/spaces/2")


def test_solo_end_option_ends_after_turn_13_then_REC_END_1() -> None:
    s = solo_game("end", turns=13)
    s.play(*_solo_steps(12, GGG), refill={})
    assert s.state.over
    assert verify(s.record).status == "ok"
    record = s.with_turn(take(1), put("gray", 2, 0))
    assert_rejects(verify(record), "REC-END-1", "/moves/13")


def test_solo_leftovers_leave_the_game() -> None:
    s = solo_game(turns=3)
    # each solo refill lists all three spaces: the leftovers of spaces 2 and 3 were discarded
    assert sorted(s.moves[0]["refill"]["spaces"]) == ["1", "2", "3"]
    assert s.state.pouch_size() == 111 - 18


def _solo_discard_record(**discard: Any) -> dict[str, Any]:
    s = solo_game(turns=1)
    return s.with_turn(
        *_solo_steps(0, GGG), solo_discard=discard, refill={"spaces": {}, "display": []}
    )


def test_solo_discard_with_replacement_is_legal() -> None:
    s, triples = solo_script()
    s.play(*_solo_steps(0, triples[0]), solo_discard={"card": "shrew", "replacement": "bear"})
    assert list(s.state.display) == ["koala", "fennec_fox", "bear"]
    s.play(*_solo_steps(1, triples[1]))
    assert verify(s.record).status == "incomplete"


def test_solo_discard_in_multiplayer_is_HAR_SOLO_1() -> None:
    doc = sample()
    doc["moves"][1]["solo_discard"] = {"card": "shrew", "replacement": "bear"}
    assert_rejects(verify(doc), "HAR-SOLO-1", "/moves/1/solo_discard")


def test_solo_discard_after_taking_a_card_is_HAR_SOLO_2() -> None:
    s, triples = solo_script()
    record = s.with_turn(
        *_solo_steps(0, triples[0]),
        card("koala"),
        solo_discard={"card": "shrew", "replacement": "bear"},
    )
    assert_rejects(verify(record), "HAR-SOLO-2", "/moves/0/solo_discard")


def test_solo_discard_of_card_not_in_display_is_HAR_SOLO_4() -> None:
    s, triples = solo_script()
    record = s.with_turn(
        *_solo_steps(0, triples[0]), solo_discard={"card": "otter", "replacement": "bear"}
    )
    assert_rejects(verify(record), "HAR-SOLO-4", "/moves/0/solo_discard/card")


def test_solo_discard_without_replacement_is_HAR_REFILL_3() -> None:
    s, triples = solo_script()
    record = s.with_turn(*_solo_steps(0, triples[0]), solo_discard={"card": "shrew"})
    assert_rejects(verify(record), "HAR-REFILL-3", "/moves/0/solo_discard")


def test_solo_replacement_already_seen_is_HAR_REFILL_4() -> None:
    s, triples = solo_script()
    record = s.with_turn(
        *_solo_steps(0, triples[0]), solo_discard={"card": "shrew", "replacement": "koala"}
    )
    assert_rejects(verify(record), "HAR-REFILL-4", "/moves/0/solo_discard/replacement")


# Multiplayer refills on the sample record
def test_missing_refill_is_HAR_REFILL_1() -> None:
    doc = sample()
    del doc["moves"][1]["refill"]
    assert_rejects(verify(doc), "HAR-REFILL-1", "/moves/1")


@pytest.mark.parametrize(
    ("spaces", "pointer"),
    [
        ({"4": ["red", "red", "red"]}, "/moves/1/refill/spaces/4"),
        ({"3": ["red", "red", "red"], "1": []}, "/moves/1/refill/spaces/1"),
        ({}, "/moves/1/refill/spaces"),
    ],
)
def test_wrong_refill_spaces_are_HAR_REFILL_1(spaces: dict[str, Any], pointer: str) -> None:
    doc = sample()
    doc["moves"][1]["refill"]["spaces"] = spaces
    assert_rejects(verify(doc), "HAR-REFILL-1", pointer)


def test_refill_without_spaces_is_HAR_REFILL_1_at_refill() -> None:
    doc = sample()
    doc["moves"][1]["refill"] = {"display": []}
    assert_rejects(verify(doc), "HAR-REFILL-1", "/moves/1/refill")


def test_colour_exhausted_is_HAR_REFILL_2() -> None:
    s = Script(draws=["red"] * 12)  # 1 red on the setup board, 12 drawn: 2 left
    for _ in range(4):
        s.play(*s.stacking())
    assert s.state.pouch_counts()["red"] == 2
    record = s.with_turn(
        *s.stacking(), refill={"spaces": {"1": ["red", "red", "red"]}, "display": []}
    )
    assert_rejects(verify(record), "HAR-REFILL-2", "/moves/4/refill/spaces/1/2")


@pytest.mark.parametrize(
    ("display", "pointer"),
    [
        ([], "/moves/0/refill/display"),
        (["wolf", "lizard"], "/moves/0/refill/display"),
        (None, "/moves/0/refill"),
    ],
)
def test_display_refill_count_is_HAR_REFILL_3(display: list[str] | None, pointer: str) -> None:
    doc = sample()
    if display is None:
        del doc["moves"][0]["refill"]["display"]
    else:
        doc["moves"][0]["refill"]["display"] = display
    assert_rejects(verify(doc), "HAR-REFILL-3", pointer)


def test_display_refill_of_refill_less_turn_points_at_move() -> None:
    doc = sample()
    doc["moves"][0]["refill"] = {"spaces": {"5": ["green", "gray", "blue"]}}
    assert_rejects(verify(doc), "HAR-REFILL-3", "/moves/0/refill")


@pytest.mark.parametrize("revealed", ["koala", "unicorn", "owl_spirit"])
def test_revealed_card_is_HAR_REFILL_4(revealed: str) -> None:
    doc = sample()
    doc["moves"][0]["refill"]["display"] = [revealed]
    assert_rejects(verify(doc), "HAR-REFILL-4", "/moves/0/refill/display/0")


def test_display_refill_twice_same_card_is_HAR_REFILL_4() -> None:
    doc = sample()
    doc["moves"][1]["refill"]["display"] = ["wolf"]
    doc["moves"][1]["steps"].append(card("otter"))
    assert_rejects(verify(doc), "HAR-REFILL-4", "/moves/1/refill/display/0")


# End of game
def test_board_trigger_mid_round_HAR_END_2() -> None:
    """HAR-END-2: Ann ends a turn with 2 empty cells; Ben finishes the round; then REC-END-1."""
    s = Script()
    while not s.state.triggered:
        s.play(*s.auto())
    assert len(s.moves) == 13  # Ann's 7th turn leaves her 2 empty cells
    assert s.state.empty_cells(s.state.players[0]) == 2
    assert not s.state.over
    s.play(*s.auto(), refill={})  # Ben finishes the round; his refill may be omitted
    assert s.state.over
    assert verify(s.record).status == "ok"
    record = s.with_turn(*s.auto())
    assert_rejects(verify(record), "REC-END-1", "/moves/14")
    del s.record["moves"][-1]
    assert_rejects(verify(s.record), "REC-END-2", "/moves")


def test_e9_three_players_b_triggers_on_turn_10() -> None:
    """E9: B ends its 10th turn with 2 or fewer empty cells; C plays, the game ends after move
    30, and a 31st turn object (by A) is REC-END-1 at /moves/30."""
    pairs = (
        [["brown", "green", "blue"]] * 5
        + [["gray", "gray", "yellow"]] * 5
        + [["red", "red", "yellow"]] * 5
        + [["brown", "red", "blue"]] * 5
    )
    b_stacks = [GGG, GGG, BBG, BBG]
    spread = [["blue", "blue", "yellow"]] * 6
    order: list[list[str]] = []
    for k in range(10):
        order += [pairs[2 * k], b_stacks[k] if k < 4 else spread[k - 4], pairs[2 * k + 1]]
    draws = [c for triple in order[1:] for c in triple]
    setup = {"central_board": [order[0], *[["green", "green", "green"]] * 4], "display": DISPLAY}
    s = Script(("A", "B", "C"), None, setup, draws)
    for k in range(30):
        seat = k % 3
        spreading = seat == 1 and k // 3 >= 4
        s.play(*(s.auto() if spreading else s.stacking()))
        if k < 28:
            assert not s.state.triggered, k
    assert s.state.over
    assert s.state.empty_cells(s.state.players[1]) <= 2
    assert all(p.turns == 10 for p in s.state.players)
    record = s.with_turn(*s.stacking())
    assert_rejects(verify(record), "REC-END-1", "/moves/30")


def test_e9_four_players_pouch_trigger_after_turn_36() -> None:
    """E9: nobody fills the board; the pouch is empty after the 36th turn (D's 9th), which
    ends the game at once; turn 36 may omit its refill."""
    found = 0
    for seed in range(40):
        record = GAME.moves.simulate(4, seed, {"board_side": "B"})
        if len(record["moves"]) == 36:
            found += 1
            assert "refill" not in record["moves"][-1] or record["moves"][-1]["refill"]
            assert verify(record).status == "ok"
            extra = dict(record, moves=[*record["moves"], turn("Ann", take(1))])
            assert_rejects(verify(extra), "REC-END-1", "/moves/36")
        if found >= 2:
            break
    assert found >= 2


def test_e9_two_players_stop_after_20_turns_is_REC_END_2() -> None:
    """E9: a 2-player record that stops after 20 turns while no trigger has occurred."""
    rrr = ["red", "red", "red"]
    draws = [c for triple in [GGG] * 6 + [BBG] * 9 + [rrr] * 3 for c in triple]
    s = Script(draws=draws)
    for _ in range(20):
        s.play(*s.stacking())
    assert not s.state.triggered
    result = verify(s.record)
    assert [(f.rule, f.pointer) for f in result.findings] == [("REC-END-2", "/moves")]
    assert result.status == "incomplete"
    assert result.scores is not None


def test_claims_are_compared_for_incomplete_records() -> None:
    doc = sample()
    doc["claimed"]["breakdown"]["Ben"]["mountains"] = 1
    result = verify(doc)
    assert_finding(result, "REC-CLAIM-1", "/claimed/breakdown/Ben/mountains")
