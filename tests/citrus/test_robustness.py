"""Bad input never escapes as an internal error: random schema-valid mutations of simulated
records, their positions and their setups end as findings (never REC-INTERNAL-1)."""

from __future__ import annotations

import copy
import random
from typing import Any

from scorer.games.citrus.data import TOKENS
from tests.conftest import verify
from tests.roles import replay_game, roles_of

GAME = roles_of("citrus")


BASE = [
    GAME.moves.simulate(n, s, o)
    for n, s, o in ((2, 1, {}), (4, 2, {}), (3, 3, {"purchase_mistakes": "reject"}))
]


def mutate_moves(rng: random.Random, rec: dict[str, Any]) -> dict[str, Any]:
    r = copy.deepcopy(rec)
    moves = r["moves"]
    steps = moves[rng.randrange(len(moves))]["steps"]
    k = rng.randrange(len(steps))
    st = steps[k]
    op = rng.randrange(7)
    if op == 0 and "at" in st:
        st["at"] = [rng.randint(-2, 16), rng.randint(-2, 13)]
    elif op == 1 and "tile" in st:
        st["tile"] = rng.choice(TOKENS)
    elif op == 2:
        del steps[k]
    elif op == 3:
        steps.insert(k, copy.deepcopy(rng.choice(rng.choice(moves)["steps"])))
    elif op == 4 and "site" in st:
        st["site"] = rng.choice("ABCDEFGHIJKLMNOZ")
    elif op == 5 and "drawn" in st:
        st["drawn"] = [rng.choice(TOKENS) for _ in range(rng.randint(0, 12))]
    elif op == 6 and "field" in st:
        st["field"] = rng.randint(1, 12)
    if not steps:
        steps.append({"do": "pass"})
    return r


def mutate_position(rng: random.Random, doc: dict[str, Any]) -> dict[str, Any]:
    d = copy.deepcopy(doc)
    op = rng.randrange(6)
    cell = [rng.randint(-2, 16), rng.randint(-2, 13)]
    if op == 0 and d["regions"]:
        rng.choice(d["regions"])["cells"].append(cell)
    elif op == 1 and d["regions"]:
        rng.choice(d["regions"])["owner"] = rng.choice([None, "Ann", "Zed"])
    elif op == 2:
        d["fincas"].append(
            {"site": rng.choice("ABCZ"), "first": rng.randint(-1, 9), "second": rng.randint(-1, 9)}
        )
    elif op == 3:
        d["bulls"] = [cell]
    elif op == 4:
        d["market"] = [rng.choice([*TOKENS, None]) for _ in range(rng.randint(10, 13))]
    else:
        d["player_state"].pop(rng.choice(sorted(d["player_state"])))
    return d


def test_mutated_records_and_positions_never_crash() -> None:
    rng = random.Random(1)
    for _ in range(150):
        assert verify(mutate_moves(rng, rng.choice(BASE))).status != "error"
    rec = BASE[1]
    doc = GAME.positions.export_position(
        replay_game(GAME, rec, upto=len(rec["moves"]) // 2).state, rec
    )
    for _ in range(150):
        assert verify(mutate_position(rng, doc)).status != "error"
