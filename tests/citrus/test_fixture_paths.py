"""Citrus's option fixtures take the path their option is about, and the greedy fixtures are
greedy games (issue 13 §6): read off the record and ``simulate.features``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorer.games.citrus.simulate import features
from tests.citrus.fixture_games import GAMES

VALID = Path(__file__).resolve().parents[2] / "fixtures" / "citrus" / "valid"


def load(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((VALID / name).read_text())
    return doc


def steps(record: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for m in record["moves"] for s in m["steps"]]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_regenerated_fixture_shows_its_paths(name: str) -> None:
    record = load(name)
    assert GAMES[name][3] <= features(record)
    assert record["meta"]["policy"] == "greedy"


def test_the_option_fixtures_are_different_games() -> None:
    names = [p.name for p in VALID.glob("sim-*.json") if "greedy" not in p.name]
    moves = {json.dumps(load(n)["moves"]) for n in names}
    assert len(moves) == len(names)


def test_yucata_takes_a_horse_at_once_and_carts_after_building() -> None:
    record = load("sim-yucata.json")
    assert record["variant"] == {"preset": "yucata"}
    took = [s["took"] for s in steps(record) if s["do"] == "place" and s.get("took")]
    assert any(t["type"] == "horses" for t in took)
    assert any(s["do"] == "use_cart" for s in steps(record))


def test_horse_one_cart_cost_takes_a_horse_worth_more_and_pays_the_cart() -> None:
    record = load("sim-horse-one-cart-cost.json")
    took = [s["took"] for s in steps(record) if s["do"] == "place" and s.get("took")]
    assert any(t["type"] == "horses" and t["points"] >= 2 for t in took)
    assert any(s["do"] == "use_cart" and s["paid"] == 1 for s in steps(record))


def test_fusion_new_tile_makes_a_fusion_only_the_new_tile_allows() -> None:
    assert "fusion_by_new_tile" in features(load("sim-fusion-new-tile.json"))


def test_family_builds_one_kind_twice_on_a_site_s_paths() -> None:
    assert "same_kind_paths" in features(load("sim-family.json"))


def test_the_other_option_fixtures_use_their_option() -> None:
    reject = load("sim-reject.json")
    assert reject["variant"] == {"purchase_mistakes": "reject"}
    assert not any(s["do"] == "return" for s in steps(reject))
    start = load("sim-random-start.json")
    assert [f["site"] for f in start["setup"]["start_fincas"]] != ["A", "B", "C"]
    short = load("sim-short-generated.json")
    assert (
        short["variant"] == {"board_side": "short"} and sum(short["setup"]["supply"].values()) == 65
    )
    assert load("sim-demo-2.json")["setup"]["board"] == "demo-2"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_greedy_fixture_for_every_player_count(players: int) -> None:
    record = load(f"sim-greedy-{players}p.json")
    assert len(record["players"]) == players and record["variant"] == {}
