"""Step rules not covered by the worked examples (rules/hacienda.md §6), one test per ID."""

from __future__ import annotations

from typing import Any

import pytest
from pyrsistent import pvector

from scorer.core.errors import RuleViolation
from scorer.games.hacienda.state import LAND_TOTAL, State
from tests.conftest import assert_rejects
from tests.hacienda.helpers import (
    ANN_CHAIN,
    HANDS,
    PASS_ANN,
    PASS_BOB,
    animal,
    buy,
    hacienda,
    harvest,
    land,
    record,
    run,
    state_of,
    turn,
    water,
)
from tests.roles import roles_of

GAME = roles_of("hacienda")

LAND_ORDER_NAMES = ("mountain", "forest", "meadow", "rocks", "swamp", "pampas")


def _land_order() -> list[str]:
    """The 60 land cards left after the test hands and display, in vocabulary order."""
    left = list(LAND_TOTAL)
    for hand in (
        HANDS["Ann"]["land"],
        HANDS["Bob"]["land"],
        ["forest", "meadow", "pampas", "rocks"],
    ):
        for card in hand:
            left[LAND_ORDER_NAMES.index(card)] -= 1
    return [c for c, k in zip(LAND_ORDER_NAMES, left, strict=True) for _ in range(k)]


def _drain_land() -> tuple[list[dict[str, Any]], list[str]]:
    """Turns in which Ann buys the whole land pile blind (Bob passes)."""
    order = _land_order()
    moves = []
    for k in range(0, len(order), 3):
        moves += [turn("Ann", *(buy("land", "pile", c) for c in order[k : k + 3])), PASS_BOB]
    return moves, order


RICH: dict[str, Any] = {"variant": {"start_money": 200}, "start_money": 200}


def test_buy_3_and_buy_5_with_an_empty_land_pile() -> None:
    """HAC-BUY-3 (blind from an empty pile), HAC-BUY-5 (refill named though none is left)."""
    moves, order = _drain_land()
    assert_ok_incomplete(moves, decks={"land": order}, **RICH)
    assert_rejects(
        run([*moves, turn("Ann", buy("land", "pile", "forest"))], **RICH),
        "HAC-BUY-3",
        f"/moves/{len(moves)}/steps/0/from",
    )
    bad = turn("Ann", buy("land", "display", "forest", "meadow"))
    assert_rejects(run([*moves, bad], **RICH), "HAC-BUY-5", f"/moves/{len(moves)}/steps/0/refill")
    fine = turn("Ann", buy("land", "display", "forest"), buy("land", "display", "meadow"))
    assert_ok_incomplete([*moves, fine], **RICH)


def test_land_reshuffle_refills_the_pile_from_played_cards() -> None:
    """Option land_reshuffle (§8): the played cards form a new pile; draws are checked on it."""
    moves, _ = _drain_land()
    play = turn("Ann", land("mountain", 0, 0))
    after = [*moves, play, PASS_BOB, turn("Ann", buy("land", "pile", "mountain"))]
    variant = {"start_money": 200, "land_reshuffle": True}
    assert_ok_incomplete(after, variant=variant, start_money=200)
    wrong = [*moves, play, PASS_BOB, turn("Ann", buy("land", "pile", "forest"))]
    assert_rejects(
        run(wrong, variant=variant, start_money=200),
        "HAC-BUY-4",
        f"/moves/{len(moves) + 2}/steps/0/card",
    )


def assert_ok_incomplete(moves: list[dict[str, Any]], **kw: Any) -> None:
    result = run(moves, **kw)
    assert [f.rule for f in result.findings] == ["REC-END-2"], result.findings


def test_buy_6_top_card_of_a_known_order() -> None:
    order = _land_order()
    assert_rejects(
        run([turn("Ann", buy("land", "pile", "forest"))], decks={"land": order}),
        "HAC-BUY-6",
        "/moves/0/steps/0/card",
    )
    assert_rejects(
        run([turn("Ann", buy("land", "display", "rocks", "swamp"))], decks={"land": order}),
        "HAC-BUY-6",
        "/moves/0/steps/0/refill",
    )
    stack = ["pig"] * 15
    assert_rejects(
        run([turn("Ann", buy("animal", "pile", "horse"))], decks={"animal_stack_1": stack}),
        "HAC-BUY-6",
        "/moves/0/steps/0/card",
    )


def test_buy_4_animal_limit_with_removed_cards() -> None:
    """HAC-BUY-4: 13 cattle removed, 5 dealt or displayed: no cattle can be drawn."""
    removed = ["cattle"] * 13 + ["horse"] * 5 + ["pig"] * 6 + ["sheep"] * 6
    result = run([turn("Ann", buy("animal", "pile", "cattle"))], removed_animal_types=removed)
    assert_rejects(result, "HAC-BUY-4", "/moves/0/steps/0/card")


@pytest.mark.parametrize(
    ("moves", "extra", "rule", "pointer"),
    [
        (
            [ANN_CHAIN, PASS_BOB, turn("Ann", hacienda(0, 0))],
            {"neutral_haciendas": 0},
            "HAC-HAC-1",
            "/moves/2/steps/0",
        ),
        (
            [ANN_CHAIN, PASS_BOB, turn("Ann", hacienda(0, 0))],
            {"variant": {"start_money": 11}},
            "HAC-HAC-2",
            "/moves/2/steps/0",
        ),
        (
            [turn("Ann", land("mountain", 0, 0), hacienda(0, 0))],
            {"variant": {"hacienda_min_group": 2}},
            "HAC-HAC-5",
            "/moves/0/steps/1/at",
        ),
        ([turn("Ann", hacienda(3, 3))], {}, "HAC-HAC-3", "/moves/0/steps/0/at"),
        ([turn("Ann", land("rocks", 6, 1))], {}, "HAC-LAND-1", "/moves/0/steps/0/card"),
        (
            [PASS_ANN, turn("Bob", animal("cattle", 5, 1))],
            {},
            "HAC-ANIMAL-1",
            "/moves/1/steps/0/card",
        ),
        (
            [turn("Ann", land("mountain", 0, 0), animal("cattle", 1, 0))],
            {},
            "HAC-ANIMAL-2",
            "/moves/0/steps/1/at",
        ),
        (
            [turn("Ann", land("mountain", 0, 0), animal("cattle", 0, 0))],
            {},
            "HAC-ANIMAL-2",
            "/moves/0/steps/1/at",
        ),
        (
            [PASS_ANN, turn("Bob", water((0, 1)))],
            {"water_supply": 0},
            "HAC-WATER-4",
            "/moves/1/steps/0/cells",
        ),
        (
            [PASS_ANN, turn("Bob", {"do": "buy_water", "cells": [[0, 1]], "shape": "I"})],
            {},
            "HAC-WATER-4",
            "/moves/1/steps/0/shape",
        ),
        (
            [PASS_ANN, turn("Bob", water((0, 1), (1, 1)))],
            {"water_supply": [{"shape": "one", "cells": [[0, 0]], "count": 1}]},
            "HAC-WATER-4",
            "/moves/1/steps/0/cells",
        ),
        (
            [PASS_ANN, turn("Bob", water((0, 1)))],
            {"variant": {"water_needs_own_neighbor": True}},
            "HAC-WATER-5",
            "/moves/1/steps/0/cells",
        ),
        (
            [turn("Ann", land("mountain", 0, 0), harvest(0, 0))],
            {"variant": {"harvest_min_chain": 2}},
            "HAC-HARV-3",
            "/moves/0/steps/1/at",
        ),
        (
            [turn("Ann", harvest(0, 0, take_from=[9, 9]))],
            {},
            "HAC-REC-2",
            "/moves/0/steps/0/take_from",
        ),
    ],
)
def test_step_rejections(
    moves: list[dict[str, Any]], extra: dict[str, Any], rule: str, pointer: str
) -> None:
    assert_rejects(run(moves, **extra), rule, pointer)


def test_water_shapes_match_by_symmetry() -> None:
    """§6.5: a listed shape matches its rotations and reflections; the count runs out."""
    supply = [{"shape": "bar", "cells": [[0, 0], [1, 0]], "count": 1}]
    one = turn("Bob", water((1, 3), (1, 4)))
    assert_ok_incomplete([PASS_ANN, one], water_supply=supply)
    again = [PASS_ANN, one, PASS_ANN, turn("Bob", water((4, 4), (5, 4)))]
    assert_rejects(
        run(again, water_supply=supply, variant={"start_money": 40}),
        "HAC-WATER-4",
        "/moves/3/steps/0/cells",
    )


def _state_after(moves: list[dict[str, Any]], **kw: Any) -> State:
    return state_of(record(moves, **kw))


def _reject(state: State, move: dict[str, Any]) -> tuple[str, tuple[object, ...]]:
    with pytest.raises(RuleViolation) as info:
        GAME.referee.apply(state, move)
    return info.value.rule, info.value.path


def test_land_6_and_animal_4_limits() -> None:
    """HAC-LAND-6 (80 land tiles on the board) and HAC-ANIMAL-4 (30 animal tiles)."""
    state = _state_after([ANN_CHAIN, PASS_BOB])
    full = state._replace(land_tiles=80)
    assert _reject(full, turn("Ann", land("forest", 3, 0))) == ("HAC-LAND-6", ("steps", 0))
    herd = state._replace(animal_tiles=pvector([30, 0]))
    assert _reject(herd, turn("Ann", animal("cattle", 1, 1))) == ("HAC-ANIMAL-4", ("steps", 0))


def test_market_1_and_2_two_sides_in_one_step() -> None:
    """HAC-MARKET-1: (2,2) touches M1 and M2, each pays; HAC-MARKET-2: herd 1 + chain 3 = 4."""
    moves = [
        ANN_CHAIN,
        PASS_BOB,
        turn("Ann", land("forest", 3, 0), land("meadow", 5, 0)),
        PASS_BOB,
        turn("Ann", animal("cattle", 2, 1, 5), animal("cattle", 2, 2, 12)),
    ]
    assert_ok_incomplete(moves)
    assert dict(zip(("Ann", "Bob"), _state_after(moves).money, strict=True))["Ann"] == 37


def test_keep_going_skips_a_rejected_turn() -> None:
    """With --keep-going the next seat moves after a rejected turn (skip)."""
    from tests.conftest import verify

    doc = record(
        [
            turn("Ann", land("rocks", 6, 1)),
            turn("Bob", land("rocks", 6, 1)),
            turn("Ann", land("mountain", 0, 0)),
        ]
    )
    result = verify(doc, keep_going=True)
    assert [(f.rule, f.pointer) for f in result.findings] == [
        ("HAC-LAND-1", "/moves/0/steps/0/card")
    ]
    assert result.moves_verified == 2


def test_pass_turns_are_legal() -> None:
    """§6.7: a turn object without steps is a pass."""
    assert_ok_incomplete([PASS_ANN, PASS_BOB])
