"""What was legal instead of a rejected step (issue 13 §5), the end reason (§2), and the
generator after a prefix of a turn's steps (§4): rule ID, pointer and ``details["legal"]``."""

from __future__ import annotations

from typing import Any

from scorer.core.values import Legal
from scorer.games.harmonies.board import NEIGHBOURS
from scorer.referee.pipeline import verify_document
from tests.conftest import load_fixture
from tests.harmonies.helpers import Script, card, cube, put, sample, take
from tests.roles import roles_of

GAME = roles_of("harmonies")


def _finding(doc: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    result = verify_document(doc)
    first = next(f for f in result.findings if f.is_error)
    return first.rule, first.pointer, dict(first.details)


def test_a_cube_where_the_habitat_is_not_lists_the_cells_where_it_is() -> None:
    doc = sample()
    doc["moves"][2]["steps"][2] = cube("koala", 2, 1)
    rule, pointer, details = _finding(doc)
    assert (rule, pointer) == ("HAR-CUBE-3", "/moves/2/steps/2/cell")
    assert details["legal"] == [
        {"do": "place_cube", "card": "koala", "cell": [2, 2], "rotation": 1}
    ]
    assert details["legal_more"] == 0


def test_a_wrong_rotation_lists_the_cell_with_its_matching_rotation() -> None:
    doc = sample()
    doc["moves"][2]["steps"][2]["rotation"] = 0
    rule, pointer, details = _finding(doc)
    assert (rule, pointer) == ("HAR-CUBE-3", "/moves/2/steps/2/rotation")
    assert [s["cell"] for s in details["legal"]] == [[2, 2]]


def test_a_token_that_cannot_stack_lists_legal_cells_for_that_colour_nearest_first() -> None:
    doc = sample()
    doc["moves"][1]["steps"] = [
        {"do": "choose_spirit", "card": "ram_spirit"},
        take(3),
        put("gray", 0, 0),
        put("gray", 0, 0),
        put("red", 0, 0),
    ]
    rule, pointer, details = _finding(doc)
    assert (rule, pointer) == ("HAR-STACK-5", "/moves/1/steps/4/cell")
    legal = details["legal"]
    assert len(legal) == 5 and details["legal_more"] == 22 - 5  # every other cell of side A
    assert all(s["do"] == "place_token" and s["color"] == "red" for s in legal)
    assert all(s["cell"] != [0, 0] for s in legal)
    assert tuple(legal[0]["cell"]) in NEIGHBOURS["A"][(0, 0)]


def test_a_token_before_the_take_has_nothing_legal_and_says_why() -> None:
    doc = sample()
    steps = doc["moves"][0]["steps"]
    steps[1], steps[2] = steps[2], steps[1]
    rule, pointer, details = _finding(doc)
    assert (rule, pointer) == ("HAR-TOK-1", "/moves/0/steps/1/color")
    assert details["legal"] == [] and details["legal_more"] == 0
    assert details["legal_note"]


def test_a_colour_not_in_hand_lists_the_placements_of_the_tokens_in_hand() -> None:
    doc = sample()
    doc["moves"][0]["steps"][2] = put("red", 2, 2)  # Ann took brown, brown, green
    rule, pointer, details = _finding(doc)
    assert (rule, pointer) == ("HAR-TOK-1", "/moves/0/steps/2/color")
    assert {s["color"] for s in details["legal"]} <= {"brown", "green"}
    assert details["legal"] and details["legal"][0]["cell"] == [2, 2]


def test_a_space_that_does_not_exist_lists_the_spaces_to_take() -> None:
    doc = sample()
    doc["moves"][1]["steps"][1] = take(6)
    rule, pointer, details = _finding(doc)
    assert (rule, pointer) == ("HAR-TAKE-1", "/moves/1/steps/1/space")
    assert [s["space"] for s in details["legal"]] == [1, 2, 3, 4, 5]
    assert details["legal"][2] == {
        "do": "take_tokens",
        "space": 3,
        "tokens": ["red", "gray", "gray"],
    }


def test_a_second_take_has_nothing_legal_of_its_kind() -> None:
    doc = sample()
    doc["moves"][1]["steps"].append(take(1))
    rule, pointer, details = _finding(doc)
    assert (rule, pointer) == ("HAR-TURN-2", "/moves/1/steps/5")
    assert details["legal"] == [] and "already" in details["legal_note"]


def test_a_fifth_card_has_nothing_legal_and_says_the_limit() -> None:
    doc = load_fixture("harmonies/invalid/card-limit.json")
    rule, pointer, details = _finding(doc)
    assert (rule, pointer) == ("HAR-CARD-3", "/moves/8/steps/4")
    assert details["legal"] == [] and "4 incomplete" in details["legal_note"]


def test_a_card_not_in_the_display_lists_the_display() -> None:
    doc = sample()
    doc["moves"][0]["steps"][4] = card("wolf")
    rule, pointer, details = _finding(doc)
    assert (rule, pointer) == ("HAR-CARD-1", "/moves/0/steps/4/card")
    assert [s["card"] for s in details["legal"]] == sorted(
        ["koala", "fennec_fox", "shrew", "otter", "bear"]
    )


def test_a_spirit_not_dealt_lists_the_dealt_ones() -> None:
    doc = load_fixture("harmonies/invalid/spirit-not-dealt.json")
    rule, pointer, details = _finding(doc)
    assert (rule, pointer) == ("HAR-SPIRIT-2", "/moves/0/steps/0/card")
    assert details["legal"] == [
        {"do": "choose_spirit", "card": "lion_spirit"},
        {"do": "choose_spirit", "card": "owl_spirit"},
    ]


def test_a_cube_of_a_card_not_held_lists_the_cubes_of_the_cards_held() -> None:
    doc = sample()
    doc["moves"][2]["steps"][2] = cube("bear", 2, 2)
    rule, pointer, details = _finding(doc)
    assert (rule, pointer) == ("HAR-CUBE-1", "/moves/2/steps/2/card")
    assert [(s["card"], s["cell"]) for s in details["legal"]] == [("koala", [2, 2])]


def test_alternatives_are_described_in_words_and_bounded() -> None:
    state = GAME.referee.initial_state(sample())
    move = sample()["moves"][0]
    found = GAME.moves.legal_alternatives(state, move, 2, "HAR-STACK-3")
    assert isinstance(found, Legal)
    assert found.texts[0].startswith("brown at [")
    assert found.total == len(found.steps) + 18  # 23 empty cells, 5 shown
    assert GAME.moves.legal_alternatives(state, move, 99, "HAR-STACK-3") is None
    assert GAME.moves.describe_step({"do": "place_cube", "card": "koala", "cell": [2, 2]}) == (
        "koala cube at [2, 2]"
    )


def test_the_generator_follows_a_recorded_prefix() -> None:
    state = GAME.referee.initial_state(sample())
    steps = sample()["moves"][0]["steps"]
    after_take = list(GAME.moves.legal_steps(state, steps[:2]))
    assert {s["do"] for s in after_take} == {"place_token", "take_card"}
    assert {s["color"] for s in after_take if s["do"] == "place_token"} == {"brown", "green"}
    # a prefix the generator would not play (a token before the take) leaves nothing
    assert list(GAME.moves.legal_steps(state, [steps[2]])) == []
    assert GAME.moves.unoffered_step(state, sample()["moves"][0]) is None
    bad = sample()["moves"][0]
    bad["steps"][3] = put("green", 0, 0)  # green on an empty cell is legal, but in hand once
    assert GAME.moves.unoffered_step(state, bad) is None
    bad["steps"][5] = put("green", 0, 1)  # the second green was never in hand
    assert GAME.moves.unoffered_step(state, bad) == 5


def test_end_reasons() -> None:
    assert set(GAME.catalogue.END_REASONS) == {"pouch_empty", "board_full"}
    pouch = verify_document(load_fixture("harmonies/valid/solo-pouch-trigger-14-turns.json"))
    assert pouch.scores is not None and pouch.scores.end_reason == "pouch_empty"
    board = verify_document(load_fixture("harmonies/valid/2p-side-a.json"))
    assert board.scores is not None and board.scores.end_reason == "board_full"
    incomplete = verify_document(sample())
    assert incomplete.scores is not None and incomplete.scores.end_reason is None
    st = Script(players=("Ann",))
    assert GAME.referee.end_reason(st.state) is None
