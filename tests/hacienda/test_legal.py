"""What was legal instead of a rejected step, the generator after a prefix of a turn, and why a
game ended (issue 13 §2, §4, §5). Findings are asserted by rule, pointer and details."""

from __future__ import annotations

from typing import Any

from scorer.games.hacienda.setup import initial_state
from tests.conftest import assert_rejects, load_fixture, verify
from tests.hacienda.helpers import (
    ANN_CHAIN,
    PASS_BOB,
    animal,
    buy,
    hacienda,
    land,
    record,
    run,
    turn,
)
from tests.roles import roles_of

GAME = roles_of("hacienda")


E3 = [ANN_CHAIN, PASS_BOB, turn("Ann", animal("cattle", 1, 1, 4))]


def _cells(details: dict[str, Any]) -> list[tuple[int, int]]:
    return [tuple(s["at"]) for s in details["legal"]]  # type: ignore[misc]


def test_a_land_card_on_the_wrong_terrain_shows_the_spaces_of_its_terrain() -> None:
    finding = assert_rejects(
        run([turn("Ann", land("mountain", 1, 1))]), "HAC-LAND-3", "/moves/0/steps/0/at"
    )
    details = dict(finding.details)
    assert {s["card"] for s in details["legal"]} == {"mountain"}
    assert _cells(details) == [(0, 0), (1, 0), (2, 0), (5, 5)]  # (r, q) order, §3.4
    assert details["legal_more"] == 0
    assert details["legal_text"].startswith("mountain at [0, 0]; mountain at [1, 0]")


def test_an_animal_away_from_own_tiles_shows_where_that_animal_could_go() -> None:
    finding = assert_rejects(
        run([*E3, PASS_BOB, turn("Ann", animal("cattle", 4, 4))]),
        "HAC-ANIMAL-3",
        "/moves/4/steps/0/at",
    )
    details = dict(finding.details)
    assert {s["card"] for s in details["legal"]} == {"cattle"}
    assert _cells(details) == [(0, 1), (2, 1), (0, 2)]


def test_a_card_the_player_does_not_hold_shows_the_cards_in_hand() -> None:
    finding = assert_rejects(
        run([turn("Ann", land("rocks", 6, 1))]), "HAC-LAND-1", "/moves/0/steps/0/card"
    )
    details = dict(finding.details)
    assert details["legal"] and all(s["card"] != "rocks" for s in details["legal"])
    assert "holds no rocks" in details["legal_note"]


def test_a_step_after_the_first_ones_sees_the_turn_so_far() -> None:
    # after two mountains, the third mountain may go on (2, 0) or (5, 5) only
    moves = [turn("Ann", land("mountain", 0, 0), land("mountain", 1, 0), land("mountain", 1, 1))]
    finding = assert_rejects(run(moves), "HAC-LAND-3", "/moves/0/steps/2/at")
    assert _cells(dict(finding.details)) == [(2, 0), (5, 5)]


def test_a_refused_purchase_shows_what_could_be_bought_without_the_draws() -> None:
    result = run(
        [turn("Ann", buy("animal", "display", "horse", "pig"))],
        animal_display=["cattle", "cattle", "pig", "sheep"],
    )
    finding = assert_rejects(result, "HAC-BUY-2", "/moves/0/steps/0/card")
    details = dict(finding.details)
    legal = details["legal"]
    assert legal[:4] == [
        {"do": "buy_card", "deck": "land", "from": "display", "card": c}
        for c in ("forest", "meadow", "rocks", "pampas")  # vocabulary order, §10.2
    ]
    assert legal[4] == {"do": "buy_card", "deck": "land", "from": "pile"}
    assert details["legal_more"] == 4  # the animal display's cattle, pig, sheep and its pile


def test_nothing_to_buy_with_one_peso_says_so() -> None:
    result = run([turn("Ann", buy("land", "pile", "forest"))], variant={"start_money": 1})
    finding = assert_rejects(result, "HAC-MONEY-1", "/moves/0/steps/0")
    details = dict(finding.details)
    assert details["legal"] == [] and details["legal_more"] == 0
    assert details["legal_note"] == "the player could buy no card here"
    assert details["legal_text"] == "none (the player could buy no card here)"


def test_a_second_hacienda_in_a_turn_has_no_alternative() -> None:
    result = run(
        [ANN_CHAIN, PASS_BOB, turn("Ann", hacienda(0, 0), hacienda(1, 0))],
        variant={"start_money": 40},
    )
    finding = assert_rejects(result, "HAC-TURN-5", "/moves/2/steps/1")
    assert dict(finding.details)["legal"] == []
    assert dict(finding.details)["legal_note"] == "no hacienda can be bought here"


def test_a_draw_that_chance_decided_has_no_alternatives() -> None:
    # 14 mountain cards, 4 in the demo hands (3 Ann, 1 Bob): the land pile holds 10
    three = [buy("land", "pile", "mountain")] * 3
    moves = [
        turn("Ann", *three),
        turn("Bob", *three),
        turn("Ann", *three),
        turn("Bob", buy("land", "pile", "mountain")),
        turn("Ann", buy("land", "pile", "mountain")),
    ]
    finding = assert_rejects(run(moves), "HAC-BUY-4", "/moves/4/steps/0/card")
    assert "legal" not in finding.details and "legal_note" not in finding.details


def test_legal_steps_after_a_prefix_leave_the_draws_out_and_see_the_refill() -> None:
    doc = record([])
    state = initial_state(doc)
    prefix = [buy("animal", "display", "pig", "horse")]
    steps = list(GAME.moves.legal_steps(state, prefix))
    animal_display = [s["card"] for s in steps if s["do"] == "buy_card" and s["from"] == "display"][
        4:
    ]
    assert animal_display == ["cattle", "horse", "sheep"]  # pig bought, horse refilled
    assert all("refill" not in s for s in steps)
    assert {"do": "buy_card", "deck": "animal", "from": "pile"} in steps
    three = [*prefix, buy("land", "pile", "forest"), land("mountain", 0, 0)]
    assert list(GAME.moves.legal_steps(state, three)) == []  # three steps: the turn is over


def test_unoffered_step_names_the_first_step_the_generator_would_not_offer() -> None:
    state = initial_state(record([]))
    legal = turn("Ann", land("mountain", 0, 0), buy("land", "pile", "forest"))
    assert GAME.moves.unoffered_step(state, legal) is None
    drawn = turn("Ann", land("mountain", 0, 0), buy("land", "pile", "forest", "meadow"))
    assert GAME.moves.unoffered_step(state, drawn) == 1  # a pile purchase has no refill
    wrong = turn("Ann", land("mountain", 0, 0), land("mountain", 3, 3))
    assert GAME.moves.unoffered_step(state, wrong) == 1


def test_steps_in_words() -> None:
    say = GAME.moves.describe_step
    assert (
        say(buy("animal", "display", "horse", "pig"))
        == "a horse from the animal display, refill pig"
    )
    assert (
        say({"do": "buy_card", "deck": "land", "from": "pile"}) == "a blind land card from the pile"
    )
    assert say(hacienda(0, 0)) == "a hacienda at [0, 0]"
    assert say({"do": "buy_water", "cells": [[1, 1], [2, 1]]}) == "water on [1, 1] [2, 1]"
    harvest = {"do": "harvest", "at": [0, 0], "take_from": [6, 1]}
    assert say(harvest) == "harvest at [0, 0], the chip from [6, 1]"


def test_a_finished_game_ended_because_both_animal_stacks_were_drawn() -> None:
    assert GAME.catalogue.END_REASONS.keys() == {"animal_stacks_exhausted"}
    result = verify(load_fixture("hacienda/valid/2p-demo-standard.json"))
    assert result.scores is not None
    assert result.scores.end_reason == "animal_stacks_exhausted"
    assert result.scores.end_text == GAME.catalogue.END_REASONS["animal_stacks_exhausted"]


def test_an_unfinished_game_and_a_position_have_no_end_reason() -> None:
    unfinished = verify(load_fixture("hacienda/invalid/end-2-incomplete.json"))
    assert unfinished.scores is not None and unfinished.scores.end_reason is None
    position = verify(load_fixture("hacienda/valid/position-e14.json"))
    assert position.scores is not None and position.scores.end_reason is None


def test_a_rejected_water_tile_shows_where_a_tile_of_its_shape_could_go() -> None:
    step = {"do": "buy_water", "cells": [[3, 2], [3, 3]]}  # a market and a pampas space
    finding = assert_rejects(run([turn("Ann", step)]), "HAC-WATER-3", "/moves/0/steps/0/cells/0")
    details = dict(finding.details)
    assert details["legal"][0] == {"do": "buy_water", "cells": [[0, 1], [1, 1]]}
    assert all(len(s["cells"]) == 2 for s in details["legal"])
    assert details["legal_note"] == "placements of a water tile of that shape"
