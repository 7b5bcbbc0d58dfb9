"""Step and turn checks (section 6) on the sample record (E11) and scripted games."""

from __future__ import annotations

from typing import Any

import pytest

from scorer.core.errors import RuleViolation
from scorer.games.harmonies.actions import check_stacking
from tests.conftest import assert_finding, assert_rejects, verify
from tests.harmonies.helpers import Script, card, cube, put, sample, spirit, take


def _steps(doc: dict[str, Any], move: int) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = doc["moves"][move]["steps"]
    return steps


# E1 — stacking legality (section 14)
E1 = [
    ((), "brown", None),
    (("brown",), "brown", None),
    (("brown", "brown"), "brown", "HAR-STACK-3"),
    (("brown", "brown"), "green", None),
    (("brown", "brown"), "red", "HAR-STACK-5"),
    (("gray", "gray"), "gray", None),
    (("gray", "gray"), "red", "HAR-STACK-5"),
    (("gray",), "red", None),
    (("red",), "red", None),
    (("green",), "brown", "HAR-STACK-3"),
    (("gray",), "green", "HAR-STACK-4"),
    (("yellow",), "red", "HAR-STACK-5"),
    (("brown",), "blue", "HAR-STACK-1"),
    (("gray",), "yellow", "HAR-STACK-1"),
    (("red",), "gray", "HAR-STACK-2"),
    (("gray", "gray", "gray"), "gray", "HAR-STACK-2"),
]


@pytest.mark.parametrize(("stack", "colour", "rule"), E1)
def test_e1_stacking(stack: tuple[str, ...], colour: str, rule: str | None) -> None:
    if rule is None:
        check_stacking(colour, stack, ())
        return
    with pytest.raises(RuleViolation) as exc:
        check_stacking(colour, stack, ("steps", 0, "cell"))
    assert exc.value.rule == rule
    assert exc.value.path == ("steps", 0, "cell")


@pytest.mark.parametrize("colour", ["blue", "gray", "brown", "green", "yellow", "red"])
def test_e1_any_colour_on_empty_cell(colour: str) -> None:
    check_stacking(colour, (), ())


def test_e1_cube_cell_is_HAR_TOK_3_before_stacking() -> None:
    doc = sample()
    _steps(doc, 2).insert(3, put("gray", 2, 2))
    assert_rejects(verify(doc), "HAR-TOK-3", "/moves/2/steps/3/cell")


# E11 — rejected records (modifications of the sample record)
def test_e11_red_onto_two_tokens_is_HAR_STACK_5() -> None:
    doc = sample()
    doc["moves"][1]["steps"] = [
        spirit("ram_spirit"),
        take(3),
        put("gray", 0, 0),
        put("gray", 0, 0),
        put("red", 0, 0),
    ]
    assert_rejects(verify(doc), "HAR-STACK-5", "/moves/1/steps/4/cell")


def test_e11_two_placements_is_HAR_TURN_3() -> None:
    doc = sample()
    _steps(doc, 1).pop()
    assert_rejects(verify(doc), "HAR-TURN-3", "/moves/1/steps")


def test_e11_first_turn_without_spirit_is_HAR_TURN_6() -> None:
    doc = sample()
    _steps(doc, 1).pop(0)
    assert_rejects(verify(doc), "HAR-TURN-6", "/moves/1/steps")


def test_e11_second_card_is_HAR_TURN_4() -> None:
    doc = sample()
    _steps(doc, 0).append(card("shrew"))
    assert_rejects(verify(doc), "HAR-TURN-4", "/moves/0/steps/6")


def test_e11_place_before_take_is_HAR_TOK_1() -> None:
    doc = sample()
    steps = _steps(doc, 0)
    steps[1], steps[2] = steps[2], steps[1]
    assert_rejects(verify(doc), "HAR-TOK-1", "/moves/0/steps/1/color")


def test_e11_koala_on_height_one_tree_is_HAR_CUBE_3() -> None:
    doc = sample()
    _steps(doc, 2)[2] = cube("koala", 2, 1)
    assert_rejects(verify(doc), "HAR-CUBE-3", "/moves/2/steps/2/cell")


def test_e11_wrong_rotation_is_HAR_CUBE_3_at_rotation() -> None:
    doc = sample()
    _steps(doc, 2)[2] = cube("koala", 2, 2, rotation=0)
    assert_rejects(verify(doc), "HAR-CUBE-3", "/moves/2/steps/2/rotation")


def test_e11_rotation_omitted_searches_all() -> None:
    doc = sample()
    _steps(doc, 2)[2] = cube("koala", 2, 2)
    result = verify(doc)
    assert result.status == "incomplete"


def test_e11_short_refill_is_HAR_REFILL_1() -> None:
    doc = sample()
    doc["moves"][1]["refill"]["spaces"] = {"3": ["yellow", "blue"]}
    assert_rejects(verify(doc), "HAR-REFILL-1", "/moves/1/refill/spaces/3")


def test_e11_turn_order_is_REC_TURN_1() -> None:
    doc = sample()
    doc["moves"][1]["player"] = "Ann"
    assert_rejects(verify(doc), "REC-TURN-1", "/moves/1/player")


def test_unknown_player_is_REC_PLAYER_1() -> None:
    doc = sample()
    doc["moves"][1]["player"] = "Zed"
    assert_rejects(verify(doc), "REC-PLAYER-1", "/moves/1/player")


def test_e11_fifth_card_is_HAR_CARD_3() -> None:
    s = Script()
    for _ in range(4):
        s.play(*s.auto(card(s.state.display[0])))  # Ann takes a card every turn
        s.play(*s.auto())  # Ben
    assert s.state.players[0].incomplete() == 4
    record = s.with_turn(*s.auto(card(s.state.display[0])))
    assert_rejects(verify(record), "HAR-CARD-3", "/moves/8/steps/4")


def test_spirit_card_counts_toward_the_limit_HAR_CARD_3() -> None:
    doc = sample()
    s = Script(variant={"nature_spirits": True}, setup=doc["setup"])
    s.play(*s.auto(spirit("owl_spirit"), card("koala")))
    s.play(*s.auto(spirit("ram_spirit")))
    s.play(*s.auto(card(s.state.display[0])))
    s.play(*s.auto())
    s.play(*s.auto(card(s.state.display[0])))
    s.play(*s.auto())
    assert s.state.players[0].incomplete() == 4  # 3 Animal cards + the unplaced spirit cube
    record = s.with_turn(*s.auto(card(s.state.display[0])))
    assert_rejects(verify(record), "HAR-CARD-3", "/moves/6/steps/4")


def test_take_card_not_in_display_is_HAR_CARD_1() -> None:
    doc = sample()
    _steps(doc, 0)[4] = card("wolf")
    assert_rejects(verify(doc), "HAR-CARD-1", "/moves/0/steps/4/card")


def test_limited_reserve_is_HAR_CARD_4() -> None:
    doc = sample()
    doc["variant"]["animal_cube_supply"] = 3
    assert_rejects(verify(doc), "HAR-CARD-4", "/moves/0/steps/4")


def test_reserve_large_enough_is_fine() -> None:
    doc = sample()
    doc["variant"]["animal_cube_supply"] = 4
    assert verify(doc).status == "incomplete"
    doc["variant"]["animal_cube_supply"] = 3
    _steps(doc, 0).pop(4)
    _steps(doc, 2).pop(2)
    doc["moves"][0]["refill"]["display"] = []
    result = verify(doc)
    assert result.status == "incomplete"
    assert_finding(result, "REC-CLAIM-1", "/claimed/scores/Ann")  # the koala no longer scores


def test_take_nonexistent_space_is_HAR_TAKE_1() -> None:
    doc = sample()
    _steps(doc, 1)[1] = take(6)
    assert_rejects(verify(doc), "HAR-TAKE-1", "/moves/1/steps/1/space")


def test_wrong_listed_tokens_is_HAR_TAKE_3() -> None:
    doc = sample()
    _steps(doc, 0)[1]["tokens"] = ["brown", "green", "green"]
    assert_rejects(verify(doc), "HAR-TAKE-3", "/moves/0/steps/1/tokens")


def test_listed_tokens_in_any_order_are_fine() -> None:
    doc = sample()
    _steps(doc, 0)[1]["tokens"] = ["green", "brown", "brown"]
    assert verify(doc).status == "incomplete"


def test_second_take_is_HAR_TURN_2() -> None:
    doc = sample()
    _steps(doc, 0).insert(3, take(1))
    assert_rejects(verify(doc), "HAR-TURN-2", "/moves/0/steps/3")


def test_no_take_is_HAR_TURN_2() -> None:
    doc = sample()
    doc["moves"][0]["steps"] = [spirit("owl_spirit")]
    assert_rejects(verify(doc), "HAR-TURN-2", "/moves/0/steps")


def test_fourth_token_is_HAR_TOK_1() -> None:
    doc = sample()
    _steps(doc, 0).append(put("brown", 3, 3))
    assert_rejects(verify(doc), "HAR-TOK-1", "/moves/0/steps/6/color")


def test_colour_not_in_hand_is_HAR_TOK_1() -> None:
    doc = sample()
    _steps(doc, 1)[2]["color"] = "blue"
    assert_rejects(verify(doc), "HAR-TOK-1", "/moves/1/steps/2/color")


@pytest.mark.parametrize("cell", [[5, 0], [1, 4], [-1, 0], [0, 5]])
def test_cell_off_side_A_is_HAR_TOK_2(cell: list[int]) -> None:
    doc = sample()
    _steps(doc, 1)[2]["cell"] = cell
    assert_rejects(verify(doc), "HAR-TOK-2", "/moves/1/steps/2/cell")


def test_side_B_cells() -> None:
    doc = sample()
    doc["variant"]["board_side"] = "B"
    doc.pop("claimed")
    _steps(doc, 1)[2]["cell"] = [6, 3]
    # Ben's [6,3] exists on side B; Ann's gray at [3,3] does not (odd columns have rows 0-2)
    assert_rejects(verify(doc), "HAR-TOK-2", "/moves/2/steps/3/cell")
    _steps(doc, 2)[3]["cell"] = [5, 2]
    assert_rejects(verify(doc), "HAR-TOK-2", "/moves/2/steps/4/cell")  # blue at [0,4]
    _steps(doc, 2)[4]["cell"] = [0, 3]
    assert verify(doc).status == "incomplete"
    _steps(doc, 1)[2]["cell"] = [0, 4]
    assert_rejects(verify(doc), "HAR-TOK-2", "/moves/1/steps/2/cell")


def test_stacking_failures_carry_their_ids() -> None:
    doc = sample()
    _steps(doc, 0)[5] = put("brown", 2, 2)  # brown on brown-green
    assert_rejects(verify(doc), "HAR-STACK-3", "/moves/0/steps/5/cell")
    doc = sample()
    _steps(doc, 1)[2:5] = [put("red", 0, 0), put("gray", 0, 0), put("gray", 0, 1)]
    assert_rejects(verify(doc), "HAR-STACK-2", "/moves/1/steps/3/cell")
    doc = sample()
    _steps(doc, 2)[1] = put("green", 2, 2)  # green on brown-green
    assert_rejects(verify(doc), "HAR-STACK-4", "/moves/2/steps/1/cell")
    doc = sample()
    _steps(doc, 2)[4] = put("blue", 2, 1)  # blue on green
    assert_rejects(verify(doc), "HAR-STACK-1", "/moves/2/steps/4/cell")


def test_cube_from_unheld_card_is_HAR_CUBE_1() -> None:
    doc = sample()
    _steps(doc, 2)[2] = cube("fennec_fox", 2, 2)
    assert_rejects(verify(doc), "HAR-CUBE-1", "/moves/2/steps/2/card")


def test_cube_on_cube_is_HAR_CUBE_2() -> None:
    doc = sample()
    _steps(doc, 2).insert(3, cube("koala", 2, 2))
    assert_rejects(verify(doc), "HAR-CUBE-2", "/moves/2/steps/3/cell")


def test_spirit_cube_also_obeys_HAR_CUBE_2() -> None:
    doc = sample()
    _steps(doc, 2).insert(3, cube("owl_spirit", 2, 2))
    assert_rejects(verify(doc), "HAR-CUBE-2", "/moves/2/steps/3/cell")


def test_spirit_habitat_is_HAR_CUBE_3() -> None:
    doc = sample()
    _steps(doc, 2).insert(3, cube("owl_spirit", 2, 1))
    assert_rejects(verify(doc), "HAR-CUBE-3", "/moves/2/steps/3/cell")


def test_cube_target_off_board_is_HAR_CUBE_3() -> None:
    doc = sample()
    _steps(doc, 2)[2] = cube("koala", 9, 9)
    assert_rejects(verify(doc), "HAR-CUBE-3", "/moves/2/steps/2/cell")


def test_choose_spirit_without_module_is_HAR_SPIRIT_1() -> None:
    doc = sample()
    doc["variant"]["nature_spirits"] = False
    doc["setup"].pop("spirits_dealt")
    assert_rejects(verify(doc), "HAR-SPIRIT-1", "/moves/0/steps/0")


def test_undealt_spirit_is_HAR_SPIRIT_2() -> None:
    doc = sample()
    _steps(doc, 0)[0] = spirit("ram_spirit")
    assert_rejects(verify(doc), "HAR-SPIRIT-2", "/moves/0/steps/0/card")


def test_second_choice_is_HAR_SPIRIT_3() -> None:
    doc = sample()
    _steps(doc, 0).insert(1, spirit("lion_spirit"))
    assert_rejects(verify(doc), "HAR-SPIRIT-3", "/moves/0/steps/1")


def test_choice_in_later_turn_is_HAR_SPIRIT_3() -> None:
    doc = sample()
    _steps(doc, 2).insert(0, spirit("lion_spirit"))
    assert_rejects(verify(doc), "HAR-SPIRIT-3", "/moves/2/steps/0")


def test_completed_card_has_no_cube_HAR_CUBE_1() -> None:
    s = Script(
        setup={
            "central_board": [["yellow", "gray", "gray"]] * 5,
            "display": ["meerkat", "koala", "shrew", "otter", "bear"],
        },
        draws=["yellow", "gray", "gray"] * 20,
    )
    # meerkat: cube on a gray next to a yellow; track of 4
    s.play(
        take(1),
        put("yellow", 0, 0),
        put("gray", 0, 1),
        put("gray", 1, 0),
        card("meerkat"),
        cube("meerkat", 0, 1),
        cube("meerkat", 1, 0),
    )
    s.play(take(1), put("yellow", 0, 0), put("gray", 0, 1), put("gray", 1, 0))
    s.play(
        take(2),
        put("yellow", 2, 2),
        put("gray", 2, 1),
        put("gray", 2, 3),
        cube("meerkat", 2, 1),
        cube("meerkat", 2, 3),
    )
    assert s.state.players[0].cards[0].complete
    s.play(take(2), put("yellow", 2, 2), put("gray", 2, 1), put("gray", 2, 3))
    record = s.with_turn(
        take(3), put("yellow", 4, 0), put("gray", 4, 1), put("gray", 3, 0), cube("meerkat", 4, 1)
    )
    assert_rejects(verify(record), "HAR-CUBE-1", "/moves/4/steps/4/card")
