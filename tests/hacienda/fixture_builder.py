"""Writes fixtures/hacienda/ (run: ``python -m tests.hacienda.fixture_builder``).

Valid games come from the simulator (seeded, so the files are reproducible); illegal records are
small hand-made records on the demo map; ``cases.json`` lists every file with its expectation.
"""

from __future__ import annotations

import copy
from typing import Any

import orjson

from scorer.referee.pipeline import verify_document
from tests.conftest import FIXTURES
from tests.hacienda.helpers import (
    ANN_CHAIN,
    PASS_BOB,
    animal,
    buy,
    hacienda,
    harvest,
    land,
    record,
    turn,
    water,
)
from tests.roles import roles_of

GAME = roles_of("hacienda")


OUT = FIXTURES / "hacienda"
OPTIONS = {
    "market_land_count": "adjacent",
    "market_pay_per": "market",
    "water_scoring": "per_piece",
    "water_needs_own_neighbor": True,
    "harvest_min_chain": 2,
    "hacienda_min_group": 2,
    "land_reshuffle": True,
    "tiebreak": "money",
    "start_money": 30,
    "hacienda_cost": 10,
    "water_cost": 8,
    "pesos_per_point": 5,
    "herd_points": True,
}
DEMO = {"map": "demo-7x6"}
GREEDY = {"policy": "greedy"}
#: Option fixtures must exercise their option (tests/hacienda/test_fixture_options.py); the
#: greedy games cover every player count, the knob games the rare paths.
VALID: list[tuple[str, str, int, int, dict[str, Any]]] = [
    ("valid/2p-demo-standard.json", "2 players, demo map, standard rules", 2, 1, DEMO),
    (
        "valid/3p-bait-variant1.json",
        "3 players, Bait, variant 1 (greedy: markets pay herd x land, herds score, a hacienda)",
        3,
        2,
        {"map": "haz-bait", "variant1": True, **GREEDY},
    ),
    (
        "valid/4p-planetary-variant2.json",
        "4 players, Planetary, variant 2",
        4,
        3,
        {"map": "haz-planetary", "variant2": True},
    ),
    (
        "valid/5p-seed-both-variants.json",
        "5 players, Seed, variants 1 and 2 (greedy)",
        5,
        4,
        {"map": "haz-seed", "variant1": True, "variant2": True, **GREEDY},
    ),
    (
        "valid/2p-ginger-chew-decks.json",
        "2 players, Ginger Chew, full deck orders",
        2,
        5,
        {"map": "haz-ginger-chew", "decks": True},
    ),
    (
        "valid/3p-demo-all-options.json",
        "3 players, demo map, every non-default option (greedy, land rush: the pile reshuffles)",
        3,
        10,
        {**OPTIONS, "start_money": 80, **DEMO, **GREEDY, "land_rush": True},
    ),
    (
        "valid/4p-twofer-standard.json",
        "4 players, Twofer, standard rules",
        4,
        7,
        {"map": "haz-twofer"},
    ),
    ("valid/5p-demo-standard.json", "5 players, demo map, standard rules", 5, 8, DEMO),
    *(
        (f"valid/{n}p-greedy.json", f"{n} players, greedy policy", n, 20 + n, GREEDY)
        for n in (2, 3, 4, 5)
    ),
    (
        "valid/4p-greedy-land-rush.json",
        "4 players, greedy policy, land rush: the land pile runs out and reshuffles",
        4,
        31,
        {**GREEDY, "land_rush": True, "land_reshuffle": True},
    ),
    (
        "valid/2p-greedy-animal-hoarder.json",
        "2 players, greedy policy, animal hoarder: Ann puts all 30 animal tiles on the board",
        2,
        32,
        {**GREEDY, "animal_hoarder": True},
    ),
]


def _write(name: str, doc: Any) -> None:
    path = OUT / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(orjson.dumps(doc, option=orjson.OPT_INDENT_2) + b"\n")


def _illegal() -> list[tuple[str, str, dict[str, Any]]]:
    e3 = [ANN_CHAIN, PASS_BOB, turn("Ann", animal("cattle", 1, 1, 4))]
    docs = [
        (
            "map-6-unknown-map",
            "a map id that is not shipped",
            record([], map={"id": "haz-atlantis"}),
        ),
        (
            "setup-5-stack-sizes",
            "stack sizes that do not fit 2 players",
            record([], animal_stack_sizes=[18, 17]),
        ),
        (
            "turn-2-four-steps",
            "a fourth step in one turn",
            record(
                [
                    turn(
                        "Ann",
                        *(buy("land", "pile", c) for c in ("forest", "forest", "meadow", "meadow")),
                    )
                ]
            ),
        ),
        (
            "money-1-broke",
            "a blind purchase with 1 peso",
            record([turn("Ann", buy("land", "pile", "forest"))], variant={"start_money": 1}),
        ),
        (
            "buy-2-not-displayed",
            "buying a horse that is not in the display",
            record(
                [turn("Ann", buy("animal", "display", "horse", "pig"))],
                animal_display=["cattle", "cattle", "pig", "sheep"],
            ),
        ),
        (
            "hac-4-second-hacienda",
            "a second hacienda on one chain",
            record(
                [
                    ANN_CHAIN,
                    PASS_BOB,
                    turn("Ann", hacienda(0, 0)),
                    PASS_BOB,
                    turn("Ann", hacienda(2, 0)),
                ],
                variant={"start_money": 40},
            ),
        ),
        (
            "land-3-wrong-terrain",
            "a mountain card on a pampas space",
            record([turn("Ann", land("mountain", 1, 1))]),
        ),
        (
            "animal-3-not-adjacent",
            "an animal far from the player's tiles",
            record([*e3, PASS_BOB, turn("Ann", animal("cattle", 4, 4))]),
        ),
        ("water-3-on-market", "a water tile on a market", record([turn("Ann", water((3, 2)))])),
        (
            "harv-2-chain-harvested",
            "harvesting a chain that carries a chip",
            record(
                [
                    ANN_CHAIN,
                    PASS_BOB,
                    turn("Ann", harvest(0, 0)),
                    PASS_BOB,
                    turn("Ann", harvest(2, 0)),
                ]
            ),
        ),
        (
            "rec-2-off-the-map",
            "a coordinate outside the map",
            record([turn("Ann", land("mountain", 0, 9))]),
        ),
        ("turn-1-wrong-player", "Bob moves first", record([turn("Bob", land("rocks", 6, 1))])),
    ]
    return [(f"invalid/{n}.json", d, doc) for n, d, doc in docs]


def _mutations(base: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    over = copy.deepcopy(base)
    over["moves"].append({"player": "Ann", "action": "turn", "steps": []})
    out.append(("invalid/end-1-turn-after-the-end.json", "a turn after the final scoring", over))
    inter = copy.deepcopy(base)
    inter["claimed"]["intermediate"]["scores"]["Bob"] += 2
    out.append(("invalid/claim-intermediate.json", "a wrong intermediate claim", inter))
    final = copy.deepcopy(base)
    final["claimed"]["final"]["breakdown"]["Ann"]["money"] += 1
    out.append(("invalid/claim-final.json", "a wrong final breakdown claim", final))
    income = copy.deepcopy(base)
    move, step = next(
        (i, j)
        for i, m in enumerate(income["moves"])
        for j, s in enumerate(m["steps"])
        if s["do"] == "harvest"
    )
    income["moves"][move]["steps"][step]["income"] += 3
    out.append(("invalid/harv-6-income-claim.json", "a wrong harvest income", income))
    short = copy.deepcopy(base)
    short["moves"] = short["moves"][:-1]
    out.append(("invalid/end-2-incomplete.json", "the last turn is missing", short))
    bad_schema = copy.deepcopy(base)
    bad_schema["variant"] = {"variant3": True}
    out.append(("invalid/schema-unknown-option.json", "an unknown variant option", bad_schema))
    return out


E14: dict[str, Any] = {
    "format": "scorer-position/1",
    "game": "hacienda",
    "variant": {},
    "players": [{"name": "Ann", "color": "red"}, {"name": "Bob", "color": "blue"}],
    "map": {"id": "demo-7x6"},
    "land": {
        "Ann": [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [0, 4]],
        "Bob": [[5, 1], [6, 1], [6, 2], [6, 3]],
    },
    "animals": {"Ann": {"cattle": [[1, 1], [2, 1], [2, 2]]}, "Bob": {"sheep": [[5, 2], [4, 2]]}},
    "haciendas": {"Ann": [[0, 0]], "Bob": [[4, 2]]},
    "water": [[[1, 3]], [[3, 1], [4, 1]]],
    "chips": [[1, 0]],
    "money": {"Ann": 15, "Bob": 20},
    "track": {"Ann": 21, "Bob": 17},
    "claimed": {"scores": {"Ann": 45, "Bob": 33}},
}


def _extra() -> list[tuple[str, str, dict[str, Any]]]:
    """Positions, inline maps and the spec's sample record."""
    from scorer.games.hacienda.catalog import shipped_map

    out: list[tuple[str, str, dict[str, Any]]] = [
        ("valid/position-e14.json", "the position of §12 E14 (track 21 / 17)", E14)
    ]
    bad = copy.deepcopy(E14)
    bad["animals"]["Bob"]["horse"] = [[2, 4]]
    out.append(
        ("invalid/position-pos-7-lonely-herd.json", "a herd away from its owner's land", bad)
    )
    game = GAME.moves.simulate(2, 9, {"map": "haz-twofer"})
    inline = copy.deepcopy(game)
    inline["setup"]["map"] = copy.deepcopy(shipped_map("haz-twofer"))
    out.append(
        ("valid/2p-twofer-inline-copy.json", "a shipped map written inline (HAC-MAP-7)", inline)
    )
    custom = copy.deepcopy(inline)
    custom["setup"]["map"] = {
        "id": "club-map-3",
        "name": "Club map 3",
        "spaces": inline["setup"]["map"]["spaces"],
    }
    out.append(("valid/2p-inline-custom-map.json", "an inline club map", custom))
    changed = copy.deepcopy(inline)
    first = changed["setup"]["map"]["spaces"][0]
    first["t"] = "forest" if first["t"] != "forest" else "swamp"
    out.append(("invalid/map-7-changed-copy.json", "an inline map changes a shipped map", changed))
    sample = record(
        [ANN_CHAIN, PASS_BOB],
        start_money=20,
        removed_animal_cards=30,
        animal_stack_sizes=[15, 15],
        land_pile_size=60,
        neutral_haciendas=5,
        harvest_chips=8,
        water_supply=14,
    )
    sample["claimed"] = {"money": {"Ann": 20, "Bob": 20}}
    out.append(("invalid/end-2-opening.json", "the opening of a game only", sample))
    return out


def build() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    base: dict[str, Any] | None = None
    for name, description, players, seed, options in VALID:
        doc = GAME.moves.simulate(players, seed, options)
        base = base or doc
        _write(name, doc)
        cases.append(
            {
                "file": name,
                "description": description,
                "expect": {"status": "ok", "scores": doc["claimed"]["scores"]},
            }
        )
    assert base is not None
    for name, description, doc in [*_illegal(), *_mutations(base), *_extra()]:
        _write(name, doc)
        result = verify_document(doc)
        expect: dict[str, Any] = {"status": result.status}
        errors = [f for f in result.findings if f.is_error]
        if errors:
            expect.update(rule=errors[0].rule, pointer=errors[0].pointer)
        if result.status == "ok" and result.scores is not None:
            expect["scores"] = {p.name: p.total for p in result.scores.players}
        cases.append({"file": name, "description": description, "expect": expect})
    return cases


def main() -> None:
    cases = build()
    (OUT / "cases.json").write_bytes(orjson.dumps(cases, option=orjson.OPT_INDENT_2) + b"\n")


if __name__ == "__main__":
    main()
