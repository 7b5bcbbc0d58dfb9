"""Illegal records and turns, one or more per rule of the catalogue (rule ID and pointer)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scorer.games.citrus.state import land_at
from tests.citrus.helpers import (
    SAMPLE_MOVES,
    SAMPLE_SETUP,
    market,
    player,
    position,
    record,
    reg,
    rejects,
    start,
    turn,
)
from tests.citrus.test_examples import AB, E6_STEPS, e3_state, e6_position
from tests.conftest import assert_finding, assert_ok, assert_rejects, verify
from tests.roles import roles_of

GAME = roles_of("citrus")


FIRST = SAMPLE_MOVES[0]["steps"]


def setup_with(**changes: Any) -> dict[str, Any]:
    s = copy.deepcopy(SAMPLE_SETUP)
    for key, value in changes.items():
        if value is None:
            s.pop(key, None)
        else:
            s[key] = value
    return s


@pytest.mark.parametrize(
    ("changes", "rule", "pointer"),
    [
        ({"board": "demo-9"}, "CIT-SETUP-2", "/setup/board"),
        ({"board": {"rows": ["...", "..", "A.."]}}, "CIT-SETUP-2", "/setup/board/rows/1"),
        ({"board": {"id": "demo-1", "rows": ["...", ".A."]}}, "CIT-SETUP-2", "/setup/board/id"),
        (
            {"board": {"rows": ["...", ".A.", "..."], "paths": {"A": [[0, 0]]}}},
            "CIT-SETUP-2",
            "/setup/board/paths/A/0",
        ),
        (
            {"board": {"id": "dlp_long", "rows": ["...", ".A.", "..."]}},
            "CIT-SETUP-2",
            "/setup/board/rows",
        ),
        ({"landscape": [{"at": [0, 0], "type": "cart"}]}, "CIT-SETUP-3", "/setup/landscape/0/at"),
        (
            {
                "landscape": [
                    {"at": [8, 0], "type": "horses", "points": 2},
                    {"at": [3, 1], "type": "dragon"},
                ]
            },
            "CIT-LAND-2",
            "/setup/landscape/1/type",
        ),
        ({"landscape": "demo-2"}, "CIT-SETUP-3", "/setup/landscape"),
        (
            {"start_fincas": [{"site": "Z", "first": 8, "second": 4}]},
            "CIT-SETUP-4",
            "/setup/start_fincas/0/site",
        ),
        (
            {"start_fincas": [{"site": "A", "first": 4, "second": 8}]},
            "CIT-SETUP-4",
            "/setup/start_fincas/0/second",
        ),
        (
            {"start_fincas": [{"site": "A", "first": 7, "second": 3}]},
            "CIT-SETUP-4",
            "/setup/start_fincas/0/first",
        ),
        ({"start_fincas": []}, "CIT-SETUP-4", "/setup/start_fincas"),
        ({"marked_sites": ["D", "A"]}, "CIT-SETUP-5", "/setup/marked_sites/1"),
        ({"building_site_deck": ["E"]}, "CIT-SETUP-5", "/setup/building_site_deck/0"),
        ({"finca_tiles": "gold"}, "CIT-SETUP-6", "/setup/finca_tiles"),
        ({"finca_deck_size": 13}, "CIT-SETUP-6", "/setup/finca_deck_size"),
        ({"supply": {"lime": 20, "lemonade": 1}}, "CIT-SETUP-7", "/setup/supply/lemonade"),
        ({"market": ["lime"] * 12}, "CIT-SETUP-7", "/setup/market/4"),
        ({"market": ["lime"] * 3}, "CIT-SETUP-7", "/setup/market"),
        (
            {"start_fincas": [{"site": "A", "first": 4, "second": -1}]},
            "CIT-SETUP-4",
            "/setup/start_fincas/0/second",
        ),
        ({"money": 7}, "CIT-SETUP-8", "/setup/money"),
        (
            {"market_layout": {"fields": 12, "lines": {"big": [1, 2, 3, 4, 5]}}},
            "CIT-SETUP-9",
            "/setup/market_layout/lines/big",
        ),
        (
            {"market_layout": {"fields": 12, "lines": {"r1": [1, 2]}}},
            "CIT-SETUP-9",
            "/setup/market_layout/lines",
        ),
        ({"market_layout": "hexagon"}, "CIT-SETUP-9", "/setup/market_layout"),
    ],
)
def test_setup_rules(changes: dict[str, Any], rule: str, pointer: str) -> None:
    assert_rejects(verify(record(setup_with(**changes), moves=[])), rule, pointer)


def test_setup_players_and_printed_side() -> None:
    assert_rejects(verify(record(players=("Ann",), moves=[])), "CIT-SETUP-1", "/players")
    doc = record(moves=[])
    doc["players"] = [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "red"}]
    assert_rejects(verify(doc), "CIT-SETUP-1", "/players")
    rows = ["ABCDE", ".....", "FGHIJ", ".....", "KLMNO"]
    printed = setup_with(
        board={"id": "dlp_long", "rows": rows},
        start_fincas=[{"site": s, "first": 8, "second": 4} for s in "ABCD"],
        marked_sites=["E", "F", "G"],
        building_site_deck=None,
        finca_deck_size=None,
        supply=None,
        finca_tiles=None,
        landscape=None,
        market=["lime"] * 12,
    )
    assert verify(record(printed, moves=[])).status == "incomplete"
    short = verify(record(printed, moves=[], variant={"board_side": "short"}))
    assert_rejects(short, "CIT-SETUP-2", "/setup/board/id")
    bad = copy.deepcopy(printed)
    bad["marked_sites"] = ["E", "F"]
    assert_rejects(verify(record(bad, moves=[])), "CIT-SETUP-5", "/setup/marked_sites")


def first_turn(steps: list[dict[str, Any]], variant: dict[str, Any] | None = None) -> Any:
    return verify(
        record(moves=[{"player": "Ann", "action": "turn", "steps": steps}], variant=variant)
    )


BUY_R1 = {"do": "buy", "line": "r1"}
LIME_21 = {"do": "place", "tile": "lime", "at": [2, 1]}
LIME_31 = {"do": "place", "tile": "lime", "at": [3, 1]}


@pytest.mark.parametrize(
    ("steps", "rule", "pointer"),
    [
        ([LIME_21], "CIT-TURN-2", "/moves/0"),
        ([BUY_R1, LIME_21, {"do": "harvest", "at": [2, 1]}], "CIT-TURN-2", "/moves/0/steps/2"),
        ([{"do": "pass"}, {"do": "pass"}], "CIT-TURN-2", "/moves/0/steps/1"),
        ([{"do": "pass"}, {"do": "use_bull", "at": [0, 0]}], "CIT-TURN-3", "/moves/0/steps/1"),
        ([{"do": "buy", "line": "zz"}], "CIT-BUY-1", "/moves/0/steps/0/line"),
        ([BUY_R1, LIME_21, LIME_31, {"do": "buy", "line": "r4"}], "CIT-BUY-5", "/moves/0/steps/3"),
        ([BUY_R1, LIME_21], "CIT-BUILD-1", "/moves/0/steps/0"),
        (
            [BUY_R1, {"do": "place", "tile": "lime", "at": [20, 20]}],
            "CIT-BUILD-2",
            "/moves/0/steps/1/at",
        ),
        (
            [BUY_R1, {"do": "place", "tile": "lime", "at": [1, 1]}],
            "CIT-BUILD-3",
            "/moves/0/steps/1/at",
        ),
        (
            [BUY_R1, {"do": "place", "tile": "lime", "at": [2, 2]}],
            "CIT-BUILD-3",
            "/moves/0/steps/1/at",
        ),
        ([BUY_R1, LIME_21, LIME_21], "CIT-BUILD-4", "/moves/0/steps/2/at"),
        (
            [BUY_R1, {"do": "place", "tile": "lime", "at": [7, 5]}],
            "CIT-BUILD-5",
            "/moves/0/steps/1/at",
        ),
        (
            [BUY_R1, {"do": "place", "tile": "orange", "at": [2, 1]}],
            "CIT-BUILD-7",
            "/moves/0/steps/1/tile",
        ),
        ([BUY_R1, {"do": "return", "tile": "lime"}], "CIT-RET-1", "/moves/0/steps/1/tile"),
        (
            [BUY_R1, LIME_21, {"do": "return", "tile": "orange"}],
            "CIT-RET-1",
            "/moves/0/steps/2/tile",
        ),
        ([{"do": "use_cart", "field": 6}, BUY_R1], "CIT-ACT-1", "/moves/0/steps/0"),
        (
            [BUY_R1, LIME_21, LIME_31, {"do": "use_cart", "field": 1}],
            "CIT-CART-1",
            "/moves/0/steps/3/field",
        ),
        (
            [BUY_R1, LIME_21, LIME_31, {"do": "use_cart", "field": 6}],
            "CIT-CART-1",
            "/moves/0/steps/3",
        ),
        (
            [
                BUY_R1,
                LIME_21,
                LIME_31,
                {"do": "use_cart", "field": 6},
                {"do": "use_bull", "at": [0, 0]},
            ],
            "CIT-CART-1",
            "/moves/0/steps/4",
        ),
        (
            [
                BUY_R1,
                LIME_21,
                LIME_31,
                {"do": "use_cart", "field": 6},
                {"do": "place", "tile": "lime", "at": [2, 0]},
            ],
            "CIT-CART-1",
            "/moves/0/steps/4/tile",
        ),
        (
            [
                BUY_R1,
                {
                    "do": "new_finca",
                    "site": "D",
                    "finca": {"first": 4, "second": 2},
                    "reveal": None,
                },
            ],
            "CIT-MKT-1",
            "/moves/0/steps/1",
        ),
        (
            [BUY_R1, LIME_21, LIME_31, {"do": "refill", "drawn": []}],
            "CIT-MKT-2",
            "/moves/0/steps/3",
        ),
        ([{"do": "harvest", "at": [6, 4]}], "CIT-HARV-1", "/moves/0/steps/0/at"),
        ([{"do": "pass"}], "CIT-PASS-1", "/moves/0/steps/0"),
        (
            [
                {"do": "unblock", "site": "D", "finca": {"first": 4, "second": 2}, "reveal": None},
                BUY_R1,
            ],
            "CIT-PASS-2",
            "/moves/0/steps/0",
        ),
        (
            [{"do": "buy", "line": "r1", "tiles": ["lime", "orange"]}],
            "CIT-REC-1",
            "/moves/0/steps/0/tiles/1",
        ),
        ([{"do": "buy", "line": "r1", "tiles": ["lime"]}], "CIT-REC-1", "/moves/0/steps/0/tiles"),
        ([BUY_R1, {**LIME_21, "new_region": False}], "CIT-REC-1", "/moves/0/steps/1/new_region"),
        ([BUY_R1, LIME_21, {**LIME_31, "took": None}], "CIT-REC-1", "/moves/0/steps/2/took"),
        (
            [BUY_R1, LIME_21, LIME_31, {"do": "use_cart", "field": 6, "paid": 1}],
            "CIT-REC-1",
            "/moves/0/steps/3/paid",
        ),
    ],
)
def test_turn_rules(steps: list[dict[str, Any]], rule: str, pointer: str) -> None:
    assert_rejects(first_turn(steps), rule, pointer)


def test_buying_an_empty_line() -> None:
    moves = [
        *copy.deepcopy(SAMPLE_MOVES[:1]),
        {"player": "Bob", "action": "turn", "steps": [{"do": "buy", "line": "r1"}]},
    ]
    assert_rejects(verify(record(moves=moves)), "CIT-BUY-2", "/moves/1/steps/0/line")


def test_cart_cost_and_online_restriction() -> None:
    cart = [
        BUY_R1,
        LIME_21,
        LIME_31,
        {"do": "use_cart", "field": 6},
        {"do": "place", "tile": "lime*", "at": [2, 0]},
    ]
    assert_rejects(first_turn(cart, {"cart_cost": 7}), "CIT-CART-2", "/moves/0/steps/3")
    result = first_turn([*cart[:4], {**cart[4], "at": [2, 0]}], {"cart_cost": 1})
    assert result.status == "incomplete"
    pos = position(
        "demo-2",
        [],
        AB,
        players=("Ann", "Bob"),
        market=market(f1="lime", f2="orange", f3="lemon"),
        states={"Ann": {"actions": ["cart"]}},
        variant={"cart_after_build_only": True},
    )
    steps = [BUY_R1, {"do": "place", "tile": "lime", "at": [1, 1]}, {"do": "use_cart", "field": 3}]
    rejects(start(pos), steps, "CIT-CART-3", "/moves/0/steps/2")
    pos["variant"] = {}
    after = turn(
        start(pos),
        [
            *steps,
            {"do": "place", "tile": "lemon", "at": [2, 2]},
            {"do": "place", "tile": "orange", "at": [1, 3]},
        ],
    )
    assert player(after, "Ann").money == 4  # the cart's tile is free (cart_cost 0)


def cart_trigger_position() -> dict[str, Any]:
    return position(
        "demo-1",
        [reg("Ann", "lemon", [[2, 1]])],
        [{"site": "A", "first": 8, "second": 4}],
        players=("Ann", "Bob"),
        marked_sites=["D"],
        finca_deck_size=1,
        last_refill_complete=True,
        market=market(f1="lime", f2="orange", f3="lemon", f4="grapefruit"),
        bag={"lime": 5},
        states={"Ann": {"actions": ["cart"]}},
    )


def test_cit_cart_4_cart_take_fires_the_trigger() -> None:
    """CIT-CART-4: the cart's take counts for the market trigger (CIT-MKT-1)."""
    state = start(cart_trigger_position())
    cart = [{"do": "harvest", "at": [2, 1]}, {"do": "use_cart", "field": 1}]
    rejects(
        state,
        [*cart, {"do": "place", "tile": "lime", "at": [8, 4]}],
        "CIT-MKT-1",
        "/moves/0/steps/1",
    )
    finca = {"do": "new_finca", "site": "D", "finca": {"first": 4, "second": 2}, "reveal": None}
    after = turn(
        state,
        [
            *cart,
            finca,
            {"do": "place", "tile": "lime", "at": [8, 4]},
            {"do": "refill", "drawn": ["lime"] * 5},
        ],
    )
    assert after.sites["D"].status == "finca"
    assert after.market.count("lime") == 5 and not after.lrc


def test_bull_and_harvest_rules() -> None:
    state = start(
        position(
            "demo-2", [reg("Ann", "lime", [[1, 1]])], AB, states={"Ann": {"actions": ["bull"]}}
        )
    )
    rejects(
        state,
        [{"do": "harvest", "at": [1, 1]}, {"do": "use_bull", "at": [1, 1]}],
        "CIT-BULL-1",
        "/moves/0/steps/1/at",
    )
    rejects(
        state,
        [{"do": "harvest", "at": [1, 1]}, {"do": "use_bull", "at": [1, 2]}],
        "CIT-BULL-1",
        "/moves/0/steps/1/at",
    )
    rejects(e3_state(), [{"do": "harvest", "at": [6, 4]}], "CIT-HARV-1", "/moves/0/steps/0/at")


def test_cit_harv_3_income_table() -> None:
    """CIT-HARV-3: income 2/4/6/7/8 by workers at home, capped at 12."""
    regions = [
        reg("Ann", k, [c])
        for k, c in (
            ("lime", [1, 1]),
            ("orange", [2, 2]),
            ("lemon", [1, 3]),
            ("grapefruit", [0, 2]),
            ("bloodorange", [4, 1]),
        )
    ]
    for keep, income in ((4, 2), (3, 4), (2, 6), (1, 7), (0, 8)):
        state = start(position("demo-2", regions, AB, states={"Ann": {"money": 0}}))
        harvest = [{"do": "harvest", "at": r["cells"][0]} for r in regions[keep:]]
        after = turn(state, harvest, {"income": income})
        assert tuple(after.warnings) == ()
        assert player(after, "Ann").money == income


def test_refill_and_finca_rules() -> None:
    state = start(
        e6_position(
            {
                "orange": 1,
                "lemon": 2,
                "lime": 2,
                "grapefruit": 1,
                "bloodorange": 1,
                "orange*": 1,
                "bloodorange*": 1,
                "grapefruit*": 1,
            }
        )
    )
    short = copy.deepcopy(E6_STEPS)
    short[5]["drawn"] = short[5]["drawn"][:9]
    rejects(state, short, "CIT-MKT-2", "/moves/0/steps/5/drawn")
    wrong = copy.deepcopy(E6_STEPS)
    wrong[5]["drawn"][6] = "orange"
    rejects(state, wrong, "CIT-MKT-2", "/moves/0/steps/5/drawn/6")
    site = copy.deepcopy(E6_STEPS)
    site[1]["site"] = "A"
    rejects(state, site, "CIT-FINCA-1", "/moves/0/steps/1/site")
    values = copy.deepcopy(E6_STEPS)
    values[1]["finca"] = {"first": 2, "second": 5}
    rejects(state, values, "CIT-FINCA-1", "/moves/0/steps/1/finca")
    pos = e6_position({"lime": 10})
    pos["finca_tiles"] = "demo"
    setn = copy.deepcopy(E6_STEPS)
    setn[1]["finca"] = {"first": 9, "second": 4}
    rejects(start(pos), setn, "CIT-FINCA-1", "/moves/0/steps/1/finca")


def test_cit_finca_2_scoring_runs_once() -> None:
    """CIT-FINCA-2: a scored finca never scores again."""
    state = start(
        position("demo-2", [reg("Ann", "lime", [[1, 1]])], AB, market=market(f1="lime", f2="lime"))
    )
    after = turn(
        state,
        [
            BUY_R1,
            {"do": "place", "tile": "lime", "at": [0, 1]},
            {"do": "place", "tile": "lime", "at": [2, 1]},
        ],
    )
    assert not after.sites["A"].scored


def test_pass_rules() -> None:
    state = start(position("demo-2", [reg("Ann", "lime", [[1, 1]])], AB, market=market(f1="lime")))
    rejects(state, [{"do": "pass"}], "CIT-PASS-1", "/moves/0/steps/0")
    poor = position(
        "demo-2",
        [],
        AB,
        players=("Ann", "Bob"),
        market=market(f1="lime"),
        marked_sites=[],
        finca_deck_size=0,
        states={"Ann": {"money": 0}, "Bob": {"money": 0}},
    )
    after = turn(turn(start(poor), [{"do": "pass"}]), [{"do": "pass"}])
    assert after.over  # CIT-END-2: stalemate, nothing left to unblock
    blocked = dict(
        poor,
        passes=2,
        marked_sites=["B"],
        fincas=[{"site": "A", "first": 6, "second": 3}],
        finca_deck_size=1,
    )
    state = start(blocked)
    assert state.blocked and not state.over
    rejects(state, [{"do": "pass"}], "CIT-PASS-2", "/moves/0/steps/0")
    unblock = {"do": "unblock", "site": "B", "finca": {"first": 4, "second": 2}, "reveal": None}
    rejects(
        start(dict(blocked, passes=0)), [{"do": "pass"}, unblock], "CIT-PASS-2", "/moves/0/steps/1"
    )
    after = turn(state, [unblock, {"do": "pass"}])
    assert after.sites["B"].status == "finca" and after.passes == 1


def test_cit_end_2_stalemate_scores_normally() -> None:
    """CIT-END-2: a round of passes with nothing left ends the game; final scoring runs."""
    poor = position(
        "demo-2",
        [reg(None, "lime", [[1, 1]])],
        AB,
        players=("Ann", "Bob"),
        market=market(f1="lime"),
        states={"Ann": {"money": 0, "score": 4}, "Bob": {"money": 0}},
    )
    after = turn(turn(start(poor), [{"do": "pass"}]), [{"do": "pass"}])
    assert after.over
    assert GAME.referee.score(after).player("Ann").total == 4


def test_cit_turn_1_seat_order() -> None:
    """CIT-TURN-1: turns follow the seat order from players[0]."""
    moves = copy.deepcopy(SAMPLE_MOVES[:1])
    moves[0]["player"] = "Bob"
    assert_rejects(verify(record(moves=moves)), "REC-TURN-1", "/moves/0/player")


def test_cit_land_1_taking_landscape_tiles() -> None:
    """CIT-LAND-1: building on a landscape tile takes it; an action tile is usable at once."""
    result = verify(record(moves=SAMPLE_MOVES[:1]))
    assert result.status == "incomplete"
    state = GAME.referee.apply(GAME.referee.initial_state(record()), SAMPLE_MOVES[0])
    assert land_at(state, (3, 1)) is None and player(state, "Ann").actions == ()


def test_cit_rec_2_expect_differences_are_warnings() -> None:
    moves = copy.deepcopy(SAMPLE_MOVES)
    moves[0]["expect"] = {"money": 5, "score": 0, "mat": 3}
    result = verify(record(moves=moves))
    assert result.status == "incomplete"
    assert_finding(result, "REC-END-2", "/moves")
    state = GAME.referee.apply(GAME.referee.initial_state(record()), moves[0])
    assert [(f.rule, f.pointer, f.severity) for f in state.warnings] == [
        ("CIT-REC-2", "/moves/0/expect/money", "warning"),
        ("CIT-REC-2", "/moves/0/expect/mat", "warning"),
    ]


def test_cit_mkt_3_and_ret_2_recorded_in_notes() -> None:
    """CIT-MKT-3 / CIT-RET-2: covered by the E6b and E7 examples; the score sheet lists
    warnings as notes."""
    moves = copy.deepcopy(SAMPLE_MOVES)
    moves[0]["expect"]["money"] = 1
    state = GAME.referee.apply(GAME.referee.initial_state(record()), moves[0])
    assert any("CIT-REC-2" in n for n in GAME.referee.score(state).notes)


def test_claim_mismatch_and_complete_games() -> None:
    rec = GAME.moves.simulate(2, 3, {})
    assert_ok(verify(rec))
    bad = copy.deepcopy(rec)
    bad["claimed"]["scores"]["Ann"] += 1
    result = verify(bad)
    assert result.status == "mismatch"
    assert_finding(result, "REC-CLAIM-1", "/claimed/scores/Ann")
    bad = copy.deepcopy(rec)
    bad["claimed"]["breakdown"]["Bob"]["harvest"] += 1
    assert_finding(verify(bad), "REC-CLAIM-1", "/claimed/breakdown/Bob/harvest")
    extra = copy.deepcopy(rec)
    extra["moves"].append(copy.deepcopy(extra["moves"][-2]))
    assert_rejects(verify(extra), "REC-END-1", f"/moves/{len(rec['moves'])}")
    cut = copy.deepcopy(rec)
    cut["moves"] = cut["moves"][:-1]
    assert_rejects(verify(cut), "REC-END-2", "/moves")


def test_cit_end_1_game_ends_when_every_tile_is_built() -> None:
    """CIT-END-1: bag and market empty after a turn ends the game."""
    state = start(position("demo-2", [], AB, players=("Ann", "Bob"), market=market(f1="lime")))
    assert not state.over
    after = turn(state, [BUY_R1, {"do": "place", "tile": "lime", "at": [1, 1]}])
    assert after.over
    assert GAME.referee.score(after).player("Ann").categories["harvest_final"] == 1


def test_start_finca_complete_from_the_outset_scores_after_the_first_turn() -> None:
    """CIT-FINCA-2 for a start finca whose ring is all rock on a custom board."""
    setup = {
        "board": {"id": "rocky", "rows": ["###....", "#A#....", "###.B..", "......."]},
        "start_fincas": [
            {"site": "A", "first": 4, "second": 2},
            {"site": "B", "first": 6, "second": 3},
        ],
        "marked_sites": [],
        "building_site_deck": [],
        "finca_deck_size": 0,
        "market": [
            "lime",
            "lime",
            "orange",
            "grapefruit",
            "bloodorange",
            "lime*",
            "lemon",
            "orange*",
            "grapefruit*",
            "lemon*",
            "bloodorange*",
            "lemon",
        ],
    }
    state = GAME.referee.initial_state(record(setup, moves=[]))
    assert not state.sites["A"].scored
    after = turn(
        state,
        [
            BUY_R1,
            {"do": "place", "tile": "lime", "at": [4, 1]},
            {"do": "place", "tile": "lime", "at": [5, 1]},
        ],
    )
    assert after.sites["A"].scored and not after.sites["B"].scored
    assert [p.finca for p in after.players] == [0, 0]


SHORT_ROWS = ["A.B.C.D", ".......", "E.F.G.H", ".......", "I.J.K.."]


def short_setup(**changes: Any) -> dict[str, Any]:
    s: dict[str, Any] = {
        "board": {"id": "dlp_short", "rows": SHORT_ROWS},
        "start_fincas": [{"site": x, "first": 6, "second": 3} for x in "ABC"],
        "marked_sites": ["D", "E", "F"],
        "market": [
            "lime",
            "lime",
            "orange",
            "grapefruit",
            "bloodorange",
            "lime*",
            "lemon",
            "orange*",
            "grapefruit*",
            "lemon*",
            "bloodorange*",
            "lemon",
        ],
    }
    s.update(changes)
    return s


def test_printed_short_side_and_random_start_sites() -> None:
    short = {"board_side": "short"}
    state = GAME.referee.initial_state(record(short_setup(), moves=[], variant=short))
    assert state.finca_deck == 12 and sorted(state.site_deck) == list("GHIJK")
    assert sum(state.bag.values()) == 65 - 12
    assert_rejects(
        verify(
            record(
                short_setup(start_fincas=[{"site": x, "first": 6, "second": 3} for x in "ABD"]),
                moves=[],
                variant=short,
            )
        ),
        "CIT-SETUP-4",
        "/setup/start_fincas/2/site",
    )
    rnd = short_setup(
        start_fincas=[{"site": x, "first": 6, "second": 3} for x in "AHK"],
        marked_sites=["B", "C", "D"],
        building_site_deck=list("EFGIJ"),
    )
    state = GAME.referee.initial_state(
        record(rnd, moves=[], variant={**short, "random_start_sites": True})
    )
    assert state.sites["H"].status == "finca" and state.sites["B"].status == "marked"
    assert_rejects(
        verify(record(short_setup(finca_deck_size=11), moves=[], variant=short)),
        "CIT-SETUP-6",
        "/setup/finca_deck_size",
    )
    assert_rejects(
        verify(
            record(
                short_setup(finca_tiles=[{"first": 4, "second": 2}] * 14), moves=[], variant=short
            )
        ),
        "CIT-SETUP-6",
        "/setup/finca_tiles",
    )
    long_supply = dict.fromkeys(("lemon", "orange", "bloodorange", "lime", "grapefruit"), 12)
    assert_rejects(
        verify(record(short_setup(supply=long_supply), moves=[], variant=short)),
        "CIT-SETUP-7",
        "/setup/supply/bloodorange",
    )
    assert_rejects(
        verify(record(short_setup(building_site_deck=["G"]), moves=[], variant=short)),
        "CIT-SETUP-5",
        "/setup/building_site_deck",
    )
