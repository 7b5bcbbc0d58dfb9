"""Every worked example of the spec (section 19 E1–E11, the sample record 16.6, the position
17.1) with its exact numbers."""

from __future__ import annotations

import copy

from scorer.games.citrus import events
from scorer.games.citrus.state import land_at, live
from tests.citrus.helpers import (
    SAMPLE_MOVES,
    market,
    player,
    position,
    record,
    reg,
    rejects,
    score_of,
    start,
    turn,
)
from tests.citrus.test_positions import POSITION_171
from tests.conftest import assert_finding, assert_rejects, verify
from tests.roles import roles_of

GAME = roles_of("citrus")


A_84 = {"site": "A", "first": 8, "second": 4}


def e1_position(bob_lemon: list[list[int]], bob: str | None = "Bob") -> dict:
    return position(
        "demo-1",
        [
            reg("Ann", "lime", [[2, 1], [2, 0]]),
            reg("Ann", "orange", [[3, 2], [4, 2], [4, 3]]),
            reg(bob, "lemon", bob_lemon),
            reg("Cara", "grapefruit", [[1, 2], [0, 2], [1, 3]]),
        ],
        [A_84],
        to_move="Bob",
        market=market(f1="lemon"),
    )


def test_e1_tie_for_first_place_drops_second() -> None:
    state = start(e1_position([[2, 3], [2, 4], [3, 4], [2, 5]]))
    expect = {"finca_scorings": [{"site": "A", "points": {"Ann": 8, "Bob": 8}}]}
    after = turn(
        state, [{"do": "buy", "line": "r1"}, {"do": "place", "tile": "lemon", "at": [3, 3]}], expect
    )
    assert after.sites["A"].scored
    assert (score_of(after, "Ann"), score_of(after, "Bob"), score_of(after, "Cara")) == (8, 8, 0)
    assert tuple(after.warnings) == ()  # the expect matched: no CIT-REC-2


def test_e1b_neutral_region_counts_for_nobody() -> None:
    pos = e1_position([[2, 3], [3, 3], [2, 4], [3, 4], [2, 5]], bob=None)
    pos["fincas"] = [{**A_84, "scored": True}]
    adj = events.adjacency(start(pos), "A")
    assert adj == [5, 0, 3]
    assert events.finca_points(adj, 8, 4) == [8, 0, 4]


def test_e2_edge_finca_with_five_ring_cells() -> None:
    state = start(
        position(
            "demo-1",
            [
                reg("Ann", "orange", [[8, 4], [8, 3], [8, 2]]),
                reg("Bob", "lime", [[7, 5], [7, 4], [6, 5], [6, 4]]),
            ],
            [{"site": "D", "first": 6, "second": 3}],
            to_move="Cara",
            market=market(f1="lemon"),
        )
    )
    after = turn(
        state,
        [
            {"do": "buy", "line": "r1"},
            {"do": "place", "tile": "lemon", "at": [8, 6], "new_region": True},
        ],
    )
    assert land_at(after, (7, 6)) == ("milestone", 0)
    assert after.sites["D"].scored
    assert [p.finca for p in after.players] == [3, 6, 0]


def e3_state():
    return start(
        position(
            "demo-2",
            [
                reg("Ann", "orange", [[2, 2], [2, 1], [2, 0], [3, 0]], [[2, 0]]),
                reg("Ann", "lime", [[1, 1], [0, 1]]),
                reg("Ann", "lemon", [[4, 1]]),
            ],
            [{"site": "A", "first": 6, "second": 3}, {"site": "B", "first": 8, "second": 4}],
            states={"Ann": {"money": 9}},
        )
    )


def test_e3_harvest_income_and_money_cap() -> None:
    state = e3_state()
    assert player(state, "Ann").mat == 2
    after = turn(
        state,
        [{"do": "harvest", "at": [3, 0]}, {"do": "harvest", "at": [0, 1]}],
        {"score": 7, "income": 7, "money": 12, "mat": 4},
    )
    ann = player(after, "Ann")
    assert (ann.score, ann.mat, ann.money) == (7, 4, 12)
    assert tuple(after.warnings) == ()
    assert [r.owner for r in live(after.regions) if r.kind in ("orange", "lime")] == [-1, -1]


def test_e3_harvesting_a_region_twice() -> None:
    rejects(
        e3_state(),
        [
            {"do": "harvest", "at": [3, 0]},
            {"do": "harvest", "at": [0, 1]},
            {"do": "harvest", "at": [2, 2]},
        ],
        "CIT-HARV-2",
        "/moves/0/steps/2/at",
    )


AB = [{"site": "A", "first": 6, "second": 3}, {"site": "B", "first": 8, "second": 4}]


def build(tile: str, at: list[int]) -> list[dict]:
    return [{"do": "buy", "line": "r1"}, {"do": "place", "tile": tile, "at": at}]


def test_e4a_own_regions_fuse() -> None:
    state = start(
        position(
            "demo-2",
            [reg("Ann", "lime", [[2, 2], [2, 1]]), reg("Ann", "lime", [[4, 1], [4, 0], [5, 0]])],
            AB,
            market=market(f1="lime"),
        )
    )
    after = turn(state, build("lime", [3, 1]))
    assert [len(r.cells) for r in live(after.regions)] == [6]
    assert player(after, "Ann").mat == 4  # one worker came back


def test_e4b_neutral_region_joins_when_not_larger() -> None:
    state = start(
        position(
            "demo-2",
            [
                reg("Ann", "orange", [[2, 2], [2, 1], [2, 0]]),
                reg(None, "orange", [[4, 1], [5, 1], [5, 0]]),
            ],
            AB,
            market=market(f1="orange"),
        )
    )
    after = turn(state, build("orange", [3, 1]))
    (region,) = live(after.regions)
    assert (len(region.cells), region.owner, player(after, "Ann").mat) == (7, 0, 4)


def test_e4c_larger_neutral_region_refused() -> None:
    state = start(
        position(
            "demo-2",
            [
                reg("Ann", "orange", [[2, 2], [2, 1], [2, 0]]),
                reg(None, "orange", [[4, 1], [5, 1], [5, 0], [6, 0]]),
            ],
            AB,
            market=market(f1="orange"),
        )
    )
    rejects(state, build("orange", [3, 1]), "CIT-FUSE-1", "/moves/0/steps/1/at")


def test_e4d_new_region_next_to_neutral() -> None:
    pos = position("demo-2", [reg(None, "orange", [[2, 2]])], AB, market=market(f1="orange"))
    rejects(start(pos), build("orange", [3, 2]), "CIT-FUSE-1", "/moves/0/steps/1/at")
    pos["variant"] = {"fusion_count_new_tile": True}
    after = turn(start(pos), build("orange", [3, 2]))
    (region,) = live(after.regions)
    assert (len(region.cells), region.owner, player(after, "Ann").mat) == (2, 0, 4)


def test_e4e_other_players_region() -> None:
    state = start(
        position(
            "demo-2",
            [reg("Bob", "lime", [[4, 1]]), reg("Ann", "lime", [[2, 2], [2, 1]])],
            AB,
            market=market(f1="lime"),
        )
    )
    rejects(state, build("lime", [3, 1]), "CIT-BUILD-6", "/moves/0/steps/1/at")


def test_e5_different_kinds_on_path_fields() -> None:
    pos = position(
        "demo-2",
        [reg("Ann", "lime", [[1, 1]]), reg("Bob", "orange", [[2, 2]])],
        AB,
        to_move="Cara",
        market=market(f1="lime"),
    )
    rejects(start(pos), build("lime", [0, 2]), "CIT-PATH-1", "/moves/0/steps/1/at")
    pos["variant"] = {"family": True}
    after = turn(start(pos), build("lime", [0, 2]))
    assert player(after, "Cara").mat == 4
    pos2 = position("demo-2", [reg("Ann", "lime", [[1, 1], [0, 1]])], AB, market=market(f1="lime"))
    rejects(start(pos2), build("lime", [0, 2]), "CIT-PATH-1", "/moves/0/steps/1/at")


E6_BAG = {
    "orange": 1,
    "lemon": 2,
    "lime": 2,
    "grapefruit": 1,
    "bloodorange": 1,
    "orange*": 1,
    "bloodorange*": 1,
    "grapefruit*": 1,
}
E6_STEPS = [
    {"do": "buy", "line": "c3", "tiles": ["lemon*", "grapefruit", "lime*"]},
    {"do": "new_finca", "site": "D", "finca": {"first": 10, "second": 5}, "reveal": None},
    {"do": "place", "tile": "lemon*", "at": [8, 4], "new_region": True},
    {"do": "place", "tile": "grapefruit", "at": [7, 5], "new_region": True},
    {"do": "place", "tile": "lime*", "at": [8, 6], "new_region": True},
    {
        "do": "refill",
        "drawn": [
            "orange",
            "lemon",
            "lime",
            "grapefruit",
            "bloodorange",
            "orange*",
            "lemon",
            "lime",
            "bloodorange*",
            "grapefruit*",
        ],
    },
]


def e6_position(bag: dict[str, int]) -> dict:
    return position(
        "demo-1",
        [],
        [A_84, {"site": "B", "first": 6, "second": 3}, {"site": "C", "first": 10, "second": 5}],
        players=("Ann", "Bob"),
        marked_sites=["D", "E"],
        finca_deck_size=2,
        last_refill_complete=True,
        bag=bag,
        states={"Ann": {"money": 5}},
        market=market(f1="lime", f5="lemon*", f8="orange", f9="grapefruit", f12="lime*"),
    )


def test_e6_trigger_new_finca_and_refill() -> None:
    after = turn(start(e6_position(E6_BAG)), E6_STEPS, {"money": 2})
    assert tuple(after.warnings) == ()
    assert player(after, "Ann").money == 2
    assert after.sites["D"].status == "finca" and not after.sites["D"].scored  # [7,4] empty
    assert [s for s, v in after.sites.items() if v.status == "marked"] == ["E"]
    assert tuple(after.market) == (
        "lime",
        "orange",
        "lemon",
        "lime",
        "grapefruit",
        "bloodorange",
        "orange*",
        "orange",
        "lemon",
        "lime",
        "bloodorange*",
        "grapefruit*",
    )
    assert after.lrc and not after.bag


def test_e6_missing_or_misplaced_steps() -> None:
    state = start(e6_position(E6_BAG))
    rejects(state, [E6_STEPS[0], *E6_STEPS[2:]], "CIT-MKT-1", "/moves/0/steps/0")
    moved = [*E6_STEPS[:4], E6_STEPS[5], E6_STEPS[4]]
    rejects(state, moved, "CIT-MKT-2", "/moves/0/steps/4")
    bad = copy.deepcopy(E6_STEPS)
    bad[1]["reveal"] = "F"
    rejects(state, bad, "CIT-FINCA-1", "/moves/0/steps/1/reveal")


def test_e6b_bag_runs_out() -> None:
    bag = {"orange": 1, "lemon": 2, "lime": 2, "grapefruit": 1}
    steps = [
        *E6_STEPS[:5],
        {"do": "refill", "drawn": ["orange", "lemon", "lime", "grapefruit", "lemon", "lime"]},
    ]
    after = turn(start(e6_position(bag)), steps)
    assert tuple(after.market[1:7]) == ("orange", "lemon", "lime", "grapefruit", "lemon", "lime")
    assert tuple(after.market[8:]) == (None, None, None, None)
    assert not after.lrc  # CIT-MKT-3
    # later the market drops to ≤ 3 tiles: no new finca, no refill
    bob = turn(
        after,
        [
            {"do": "buy", "line": "r2"},
            {"do": "place", "tile": "lemon", "at": [2, 1]},
            {"do": "place", "tile": "lemon", "at": [2, 0]},
            {"do": "place", "tile": "lime", "at": [6, 1]},
            {"do": "place", "tile": "grapefruit", "at": [4, 4]},
        ],
    )
    ann = turn(
        bob,
        [
            {"do": "buy", "line": "r1", "tiles": ["lime", "orange"]},
            {"do": "place", "tile": "lime", "at": [7, 6], "took": {"type": "milestone"}},
            {"do": "place", "tile": "orange", "at": [3, 2], "new_region": True},
        ],
    )
    assert sum(1 for t in ann.market if t) == 2
    assert ann.sites["E"].status == "marked"


E7_MARKET = market(
    f1="grapefruit",
    f2="lime*",
    f3="orange",
    f4="lime",
    f6="lemon",
    f7="orange*",
    f8="lemon",
    f10="grapefruit*",
    f11="lime",
)
E7_STEPS = [
    {"do": "buy", "line": "r2", "tiles": ["orange", "lime", "lemon"]},
    {"do": "place", "tile": "orange", "at": [1, 1], "new_region": True},
    {"do": "place", "tile": "lime", "at": [2, 2], "new_region": True},
    {"do": "return", "tile": "lemon"},
]


def e7_position(variant: dict | None = None) -> dict:
    return position(
        "demo-2",
        [],
        AB,
        players=("Ann", "Bob"),
        market=E7_MARKET,
        last_refill_complete=True,
        states={"Ann": {"money": 2}},
        variant=variant or {},
    )


def test_e7_mistaken_purchase() -> None:
    after = turn(start(e7_position()), E7_STEPS, {"money": 0, "score": -3, "mat": 3})
    ann = player(after, "Ann")
    assert (ann.money, ann.score, ann.mat, ann.penalties) == (0, -3, 3, -3)
    assert tuple(after.market) == (
        "grapefruit",
        "lime*",
        "lemon",
        None,
        None,
        None,
        "orange*",
        "lemon",
        None,
        "grapefruit*",
        "lime",
        None,
    )
    assert [(f.rule, f.pointer, f.severity) for f in after.warnings] == [
        ("CIT-RET-2", "/moves/0/steps/3", "warning")
    ]


def test_e7_placing_without_money_and_reject_mode() -> None:
    placed = [*E7_STEPS[:3], {"do": "place", "tile": "lemon", "at": [1, 3]}]
    rejects(start(e7_position()), placed, "CIT-BUY-4", "/moves/0/steps/3")
    rejects(
        start(e7_position({"purchase_mistakes": "reject"})),
        E7_STEPS,
        "CIT-BUY-3",
        "/moves/0/steps/0/line",
    )


B_63 = {"site": "B", "first": 6, "second": 3}
E8_REGIONS = [
    reg("Ann", "lemon", [[6, 1], [5, 1], [5, 0]]),
    reg("Bob", "orange", [[7, 2], [7, 1], [8, 1]]),
    reg("Cara", "lime", [[5, 2], [4, 2]]),
]


def test_e8_bull_completes_a_finca() -> None:
    state = start(
        position(
            "demo-1", E8_REGIONS, [B_63], to_move="Cara", states={"Cara": {"actions": ["bull"]}}
        )
    )
    after = turn(
        state,
        [{"do": "harvest", "at": [4, 2]}, {"do": "use_bull", "at": [6, 3]}],
        {"finca_scorings": [{"site": "B", "points": {"Ann": 6, "Bob": 6}}]},
    )
    assert [p.finca for p in after.players] == [6, 6, 0]
    assert tuple(after.warnings) == ()
    assert land_at(after, (6, 3)) == ("bull", 0)


def test_e8_later_builds_on_the_bull() -> None:
    pos = position(
        "demo-1",
        E8_REGIONS,
        [{**B_63, "scored": True}],
        bulls=[[6, 3]],
        market=market(f1="lemon", f2="grapefruit"),
    )
    rejects(
        start(pos),
        [{"do": "buy", "line": "c2"}, {"do": "place", "tile": "lemon", "at": [6, 3]}],
        "CIT-PATH-1",
        "/moves/0/steps/1/at",
    )
    pos["to_move"] = "Bob"
    after = turn(
        start(pos),
        [
            {"do": "buy", "line": "c3"},
            {
                "do": "place",
                "tile": "grapefruit",
                "at": [6, 3],
                "new_region": True,
                "took": {"type": "bull"},
            },
        ],
    )
    assert player(after, "Bob").actions == ("bull",)


def test_e9_final_scoring() -> None:
    result = verify(copy.deepcopy(POSITION_171))
    assert result.status == "ok"
    assert result.scores is not None
    totals = {p.name: p.total for p in result.scores.players}
    assert totals == {"Ann": 48, "Bob": 38, "Cara": 38}
    cats = {p.name: p.categories for p in result.scores.players}
    assert [cats[n]["finca_final"] for n in ("Ann", "Bob", "Cara")] == [7, 4, 0]
    assert [cats[n]["harvest_final"] for n in ("Ann", "Bob", "Cara")] == [8, 4, 4]
    assert [cats[n]["horses"] for n in ("Ann", "Bob", "Cara")] == [3, 1, 0]
    assert [cats[n]["unused_actions"] for n in ("Ann", "Bob", "Cara")] == [0, 1, 1]
    assert result.scores.winners == ("Ann",)
    one = copy.deepcopy(POSITION_171)
    one["variant"] = {"horse_points": "one"}
    res = verify(one)
    assert res.scores is not None
    assert {p.name: p.total for p in res.scores.players} == {"Ann": 46, "Bob": 38, "Cara": 38}


def e10_state(milestones: int):
    return start(
        position(
            "demo-1",
            [],
            [A_84, B_63, {"site": "C", "first": 10, "second": 5}],
            marked_sites=["D", "E"],
            finca_deck_size=2,
            to_move="Cara",
            market=market(f1="lime"),
            states={"Cara": {"actions": ["milestone"] * milestones}},
        )
    )


def test_e10_milestone() -> None:
    use = {"do": "use_milestone", "site": "E", "finca": {"first": 6, "second": 3}, "reveal": None}
    after = turn(
        e10_state(1),
        [
            use,
            {"do": "buy", "line": "r1"},
            {"do": "place", "tile": "lime", "at": [1, 5], "new_region": True},
        ],
    )
    assert after.sites["E"].status == "finca"
    assert [s for s, v in after.sites.items() if v.status == "marked"] == ["D"]
    second = {**use, "site": "D", "finca": {"first": 4, "second": 2}}
    third = {**use, "site": "D"}
    rejects(
        e10_state(3),
        [
            use,
            second,
            third,
            {"do": "buy", "line": "r1"},
            {"do": "place", "tile": "lime", "at": [1, 5]},
        ],
        "CIT-MILE-1",
        "/moves/0/steps/2",
    )


def e11(variant: dict) -> tuple[int, int]:
    pos = position(
        "demo-1",
        [reg("Ann", "lime", [[7, 2], [7, 1], [7, 0]])],
        [B_63],
        market=market(f1="lime"),
        variant=variant,
    )
    after = turn(
        start(pos),
        [
            {"do": "buy", "line": "r1"},
            {"do": "place", "tile": "lime", "at": [8, 0], "took": {"type": "horses", "points": 2}},
        ],
    )
    sheet = GAME.referee.score(after)
    return score_of(after, "Ann"), sheet.player("Ann").categories["horses"]


def test_e11_wild_horses_timing() -> None:
    assert e11({}) == (0, 2)
    assert e11({"wild_horses_immediate": True}) == (2, 2)
    assert e11({"horse_points": "one"}) == (0, 1)
    assert e11({"wild_horses_immediate": True, "horse_points": "one"}) == (1, 1)


def test_sample_record_16_6() -> None:
    result = verify(record())
    assert result.status == "incomplete"
    assert_finding(result, "REC-END-2", "/moves")
    assert not [f for f in result.findings if f.rule == "CIT-REC-2"]
    bad = copy.deepcopy(SAMPLE_MOVES)
    bad[1]["steps"][3]["at"] = [7, 5]
    assert_rejects(verify(record(moves=bad)), "CIT-BUILD-5", "/moves/1/steps/3/at")
