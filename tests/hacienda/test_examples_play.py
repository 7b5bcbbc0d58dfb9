"""Worked examples E1-E8 and E12 of rules/hacienda.md §12 (placements, payments, purchases)."""

from __future__ import annotations

from typing import Any

import pytest

from scorer.games.hacienda.state import State
from tests.conftest import assert_rejects
from tests.hacienda.helpers import (
    ANN_CHAIN,
    BOB_CHAIN,
    PASS_ANN,
    PASS_BOB,
    animal,
    buy,
    hacienda,
    harvest,
    land,
    money,
    record,
    run,
    state_of,
    turn,
    water,
)


def _incomplete_only(moves: list[dict[str, Any]], **kw: Any) -> None:
    result = run(moves, **kw)
    assert [f.rule for f in result.findings] == ["REC-END-2"], result.findings


def test_e1_setup_numbers_three_players() -> None:
    """§12 E1: 3 players remove 20 animal cards, stacks 18 + 18, land pile 52, 7 haciendas."""
    doc = record(
        [],
        players=("Ann", "Bob", "Cid"),
        removed_animal_cards=20,
        animal_stack_sizes=[18, 18],
        land_pile_size=52,
        start_money=20,
    )
    state = state_of(doc)
    assert list(state.stacks) == [18, 18]
    assert sum(state.land_pile) == 52
    assert state.haciendas_left == 7
    assert list(state.money) == [20, 20, 20]
    bad = record([], players=("Ann", "Bob", "Cid"), animal_stack_sizes=[18, 17])
    assert_rejects(run_doc(bad), "HAC-SETUP-5", "/setup/animal_stack_sizes")


def run_doc(doc: dict[str, Any]) -> Any:
    from tests.conftest import verify

    return verify(doc)


BUY_PAMPAS = buy("land", "display", "pampas", "forest")


@pytest.mark.parametrize(
    ("moves", "rule", "pointer"),
    [
        ([turn("Ann", BUY_PAMPAS, land("pampas", 0, 1))], "HAC-LAND-5", "/moves/0/steps/1/at"),
        ([turn("Ann", land("mountain", 1, 1))], "HAC-LAND-3", "/moves/0/steps/0/at"),
        (
            [turn("Ann", land("mountain", 0, 0), BUY_PAMPAS, land("pampas", 3, 3))],
            "HAC-LAND-5",
            "/moves/0/steps/2/at",
        ),
        (
            [
                turn("Ann", land("swamp", 0, 3)),
                turn("Bob", land("rocks", 6, 1), land("swamp", 6, 2)),
            ],
            "HAC-LAND-4",
            "/moves/1/steps/1/at",
        ),
        (
            [
                turn("Ann", land("swamp", 0, 3)),
                turn("Bob", land("rocks", 6, 1), land("swamp", 3, 3)),
            ],
            "HAC-LAND-5",
            "/moves/1/steps/1/at",
        ),
        ([turn("Ann", land("forest", 4, 3))], "HAC-LAND-2", "/moves/0/steps/0/at"),
        ([turn("Ann", land("forest", 1, 2))], "HAC-LAND-2", "/moves/0/steps/0/at"),
        ([turn("Ann", land("forest", 7, 0))], "HAC-REC-2", "/moves/0/steps/0/at"),
    ],
)
def test_e2_land_placement_rejections(moves: list[dict[str, Any]], rule: str, pointer: str) -> None:
    """§12 E2: pampas needs own land, terrain first, fallback to pampas, occupied spaces."""
    assert_rejects(run(moves), rule, pointer)


def test_e2_legal_placements_and_fallback() -> None:
    """§12 E2.3-4: mountain (0,0) then pampas (0,1); swamp (0,3) then Bob's swamp on (5,1)."""
    _incomplete_only(
        [
            turn("Ann", land("mountain", 0, 0), BUY_PAMPAS, land("pampas", 0, 1)),
            turn("Bob", land("rocks", 6, 1)),
            turn("Ann", land("swamp", 0, 3)),
            turn("Bob", land("swamp", 5, 1)),
        ]
    )


E3 = [
    ANN_CHAIN,
    PASS_BOB,
    turn("Ann", animal("cattle", 1, 1, 4), animal("cattle", 2, 1, 5), animal("cattle", 2, 2, 12)),
    PASS_BOB,
]


def test_e3_market_income_standard() -> None:
    """§12 E3: 4, 5, 12 then 7 pesos; Ann ends with 48 and 2 markets (3 points)."""
    moves = [*E3, turn("Ann", animal("cattle", 3, 1, 7))]
    doc = record(moves)
    assert money(doc)["Ann"] == 48
    result = run(moves)
    assert [f.rule for f in result.findings] == ["REC-END-2"]
    assert result.scores is not None
    assert result.scores.player("Ann").categories["markets"] == 3
    assert result.scores.player("Ann").extras["pesos"] == 48


def test_e3_horse_next_to_own_cattle_only_is_animal_3() -> None:
    """§12 E3.4: a horse at (3,1) touches only Ann's cattle → HAC-ANIMAL-3."""
    moves = [*E3, turn("Ann", buy("animal", "display", "horse", "cattle"), animal("horse", 3, 1))]
    assert_rejects(run(moves), "HAC-ANIMAL-3", "/moves/4/steps/1/at")


def test_e3_market_pay_per_market() -> None:
    """§12 E3 with market_pay_per "market": 4, 0, 6, 0 (HAC-MARKET-4)."""
    moves = [
        ANN_CHAIN,
        PASS_BOB,
        turn(
            "Ann", animal("cattle", 1, 1, 4), animal("cattle", 2, 1, 0), animal("cattle", 2, 2, 6)
        ),
        PASS_BOB,
        turn("Ann", animal("cattle", 3, 1, 0)),
    ]
    _incomplete_only(moves, variant={"market_pay_per": "market"})


def test_e4_variant1_payments() -> None:
    """§12 E4: variant 1 pays herd × bordering land tiles: 2, 4, 12, 8 (HAC-MARKET-3)."""
    moves = [
        ANN_CHAIN,
        PASS_BOB,
        turn(
            "Ann", animal("cattle", 1, 1, 2), animal("cattle", 2, 1, 4), animal("cattle", 2, 2, 12)
        ),
        PASS_BOB,
        turn("Ann", animal("cattle", 3, 1, 8)),
    ]
    _incomplete_only(moves, variant={"variant1": True})


def test_e4_income_claim_mismatch_is_market_5() -> None:
    """A wrong claimed income is a claim finding (HAC-MARKET-5) and replay continues."""
    moves = [ANN_CHAIN, PASS_BOB, turn("Ann", animal("cattle", 1, 1, 5))]
    result = run(moves)
    assert [(f.rule, f.pointer) for f in result.findings] == [
        ("REC-END-2", "/moves"),
        ("HAC-MARKET-5", "/moves/2/steps/0/income"),
    ]


def test_e5_merged_chain_in_payment() -> None:
    """§12 E5: Bob's chain of 4 (pampas land joins): sheep pays 0, then 2 + 4 = 6 (HAC-MARKET-2)."""
    moves = [
        PASS_ANN,
        BOB_CHAIN,
        PASS_ANN,
        turn("Bob", land("pampas", 5, 1), animal("sheep", 5, 2, 0), animal("sheep", 4, 2, 6)),
    ]
    _incomplete_only(moves)
    assert money(record(moves))["Bob"] == 26


def test_e5_market_land_count_adjacent() -> None:
    """§11 A2 option: market_land_count "adjacent": the herd touches (6,1), (6,2), (5,1) → 2 + 3."""
    moves = [
        PASS_ANN,
        BOB_CHAIN,
        PASS_ANN,
        turn("Bob", land("pampas", 5, 1), animal("sheep", 5, 2, 0), animal("sheep", 4, 2, 5)),
    ]
    _incomplete_only(moves, variant={"market_land_count": "adjacent"})


E6 = [
    ANN_CHAIN,
    BOB_CHAIN,
    turn("Ann", harvest(1, 0, income=9), land("forest", 4, 0), land("meadow", 5, 0)),
    turn("Bob", land("pampas", 5, 1)),
    turn("Ann", land("meadow", 6, 0), harvest(5, 0, income=9), land("forest", 3, 0)),
]


def test_e6_harvest_and_taking_a_chip() -> None:
    """§12 E6: +9, +9, then Bob takes the chip of (1,0) for +12 (HAC-HARV-5 satisfied)."""
    moves = [*E6, turn("Bob", harvest(6, 1, take_from=[1, 0], income=12))]
    _incomplete_only(moves, harvest_chips=2)
    assert money(record(moves, harvest_chips=2)) == {"Ann": 38, "Bob": 32}
    state: State = state_of(record(moves, harvest_chips=2))
    assert state.chips == {state.board.index[(6, 1)], state.board.index[(5, 0)]}


@pytest.mark.parametrize(
    ("moves", "rule", "pointer"),
    [
        (
            [ANN_CHAIN, PASS_BOB, turn("Ann", harvest(1, 0), harvest(2, 0))],
            "HAC-TURN-7",
            "/moves/2/steps/1",
        ),
        (
            [ANN_CHAIN, PASS_BOB, turn("Ann", harvest(1, 0)), PASS_BOB, turn("Ann", harvest(0, 0))],
            "HAC-HARV-2",
            "/moves/4/steps/0/at",
        ),
        ([*E6, PASS_BOB, turn("Ann", harvest(0, 0))], "HAC-HARV-2", "/moves/6/steps/0/at"),
        (
            [*E6, turn("Bob", harvest(6, 1, take_from=[2, 0]))],
            "HAC-HARV-5",
            "/moves/5/steps/0/take_from",
        ),
        ([*E6, turn("Bob", harvest(6, 1))], "HAC-HARV-5", "/moves/5/steps/0"),
        (
            [
                ANN_CHAIN,
                BOB_CHAIN,
                turn("Ann", harvest(1, 0)),
                turn("Bob", harvest(6, 1, take_from=[1, 0])),
            ],
            "HAC-HARV-4",
            "/moves/3/steps/0/take_from",
        ),
        ([*E6, PASS_BOB, turn("Ann", harvest(6, 1))], "HAC-HARV-1", "/moves/6/steps/0/at"),
    ],
)
def test_e6_harvest_rejections(moves: list[dict[str, Any]], rule: str, pointer: str) -> None:
    """§12 E6: second harvest, chipped chains, take_from rules."""
    assert_rejects(run(moves, harvest_chips=2), rule, pointer)


def test_e6_harvest_income_claim_is_harv_6() -> None:
    """§12 E6 / §10.5: a harvest claiming the wrong income → HAC-HARV-6 at …/income."""
    result = run([ANN_CHAIN, PASS_BOB, turn("Ann", harvest(1, 0, income=10))])
    assert ("HAC-HARV-6", "/moves/2/steps/0/income") in [
        (f.rule, f.pointer) for f in result.findings
    ]


E7 = [
    ANN_CHAIN,
    turn("Bob", land("rocks", 6, 1)),
    turn("Ann", land("forest", 4, 0), land("meadow", 5, 0), land("meadow", 6, 0)),
    PASS_BOB,
    turn("Ann", hacienda(0, 0)),
    PASS_BOB,
]
RICH = {"variant": {"start_money": 40}}


@pytest.mark.parametrize(
    ("step", "rule", "pointer"),
    [
        (hacienda(1, 0), "HAC-HAC-4", "/moves/6/steps/0/at"),
        (hacienda(6, 1), "HAC-HAC-3", "/moves/6/steps/0/at"),
    ],
)
def test_e7_hacienda_rejections(step: dict[str, Any], rule: str, pointer: str) -> None:
    """§12 E7: a second hacienda on a chain, or one on Bob's tile."""
    assert_rejects(run([*E7, turn("Ann", step)], **RICH), rule, pointer)


def test_e7_second_hacienda_in_one_turn_is_turn_5() -> None:
    moves = [*E7[:4], turn("Ann", hacienda(0, 0), hacienda(5, 0))]
    assert_rejects(run(moves, **RICH), "HAC-TURN-5", "/moves/4/steps/1")


def test_e7_hacienda_scoring_and_merge() -> None:
    """§12 E7: chains 12 and haciendas 6; after the merge chains 14 and haciendas 7."""
    moves = [*E7, turn("Ann", hacienda(5, 0))]
    assert money(record(moves, **RICH))["Ann"] == 16
    sheet = run(moves, **RICH).scores
    assert sheet is not None
    assert (
        sheet.player("Ann").categories["land_chains"],
        sheet.player("Ann").categories["haciendas"],
    ) == (12, 6)
    merged = run([*moves, PASS_BOB, turn("Ann", land("forest", 3, 0))], **RICH).scores
    assert merged is not None
    assert (
        merged.player("Ann").categories["land_chains"],
        merged.player("Ann").categories["haciendas"],
    ) == (14, 7)


E8_OK = turn("Bob", water((3, 1), (4, 1)))


@pytest.mark.parametrize(
    ("step", "rule", "pointer"),
    [
        (water((3, 2)), "HAC-WATER-3", "/moves/1/steps/0/cells/0"),
        (water((4, 3)), "HAC-WATER-3", "/moves/1/steps/0/cells/0"),
        (water((0, 0)), "HAC-WATER-3", "/moves/1/steps/0/cells/0"),
        (water((2, 3), (4, 4)), "HAC-WATER-2", "/moves/1/steps/0/cells"),
        (water((1, 3), (2, 3), (3, 3), (4, 4), (5, 4)), "HAC-WATER-2", "/moves/1/steps/0/cells"),
        (water((3, 9)), "HAC-REC-2", "/moves/1/steps/0/cells/0"),
    ],
)
def test_e8_water_rejections(step: dict[str, Any], rule: str, pointer: str) -> None:
    """§12 E8: market, printed water, land space, not connected, five cells, off the map."""
    assert_rejects(run([PASS_ANN, turn("Bob", step)]), rule, pointer)


def test_e8_water_legal_second_and_poor() -> None:
    """§12 E8: legal for 12 pesos; a second tile → HAC-TURN-6; 11 pesos → HAC-WATER-1."""
    assert money(record([PASS_ANN, E8_OK]))["Bob"] == 8
    twice = turn("Bob", water((3, 1), (4, 1)), water((1, 3)))
    assert_rejects(run([PASS_ANN, twice]), "HAC-TURN-6", "/moves/1/steps/1")
    assert_rejects(
        run([PASS_ANN, E8_OK], variant={"start_money": 11}), "HAC-WATER-1", "/moves/1/steps/0"
    )


def test_e12_card_purchases() -> None:
    """§12 E12: 20 − 3 − 2 − 2 = 13 pesos; a fourth step → HAC-TURN-2."""
    steps = [
        buy("land", "display", "forest", "pampas"),
        buy("land", "pile", "swamp"),
        buy("animal", "pile", "pig"),
    ]
    assert money(record([turn("Ann", *steps)]))["Ann"] == 13
    four = turn("Ann", *steps, buy("land", "pile", "swamp"))
    assert_rejects(run([four]), "HAC-TURN-2", "/moves/0/steps/3")


def test_e12_eleventh_pampas_is_buy_4() -> None:
    hands = {
        "Ann": {"land": ["pampas"] * 8, "animal": ["cattle"] * 4},
        "Bob": {
            "land": ["pampas", "rocks", "rocks", "rocks", "forest", "forest", "meadow", "meadow"],
            "animal": ["sheep"] * 4,
        },
    }
    result = run([turn("Ann", buy("land", "pile", "pampas"))], hands=hands)
    assert_rejects(result, "HAC-BUY-4", "/moves/0/steps/0/card")


@pytest.mark.parametrize(
    ("step", "rule", "pointer", "extra"),
    [
        (
            buy("animal", "display", "horse", "cattle"),
            "HAC-BUY-2",
            "/moves/0/steps/0/card",
            {"animal_display": ["cattle", "cattle", "pig", "sheep"]},
        ),
        (buy("land", "display", "forest"), "HAC-BUY-5", "/moves/0/steps/0", {}),
        (buy("land", "pile", "horse"), "HAC-BUY-1", "/moves/0/steps/0/card", {}),
        (buy("land", "display", "forest", "cattle"), "HAC-BUY-1", "/moves/0/steps/0/refill", {}),
        (buy("land", "pile", "swamp"), "HAC-MONEY-1", "/moves/0/steps/0", {"start_money": 1}),
    ],
)
def test_e12_purchase_rejections(
    step: dict[str, Any], rule: str, pointer: str, extra: dict[str, Any]
) -> None:
    """§12 E12: no such card displayed, missing refill, wrong deck, one peso."""
    money_ = extra.pop("start_money", None)
    variant = {"start_money": money_} if money_ is not None else None
    assert_rejects(run([turn("Ann", step)], variant=variant, **extra), rule, pointer)
