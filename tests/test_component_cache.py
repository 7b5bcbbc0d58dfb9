"""Component data parsed once per content (scorer.core.cache.by_content): records with the
same component data share one parsed object, records with other data do not, and a rule
violation is reported every time, never cached away."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from scorer.core.cache import SIZE, by_content, by_repeated_content
from scorer.core.errors import RuleViolation
from scorer.games.citrus.board import parse_board
from scorer.games.hacienda import catalog
from scorer.games.hacienda.board import parse_map
from scorer.games.kuhfstein.setup import initial_state as kuhfstein_start

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _record(game: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / game / "valid" / name).read_text())
    return data


def test_same_arguments_share_one_result_other_arguments_do_not() -> None:
    calls: list[object] = []

    @by_content
    def parse(data: object) -> tuple[object, ...]:
        calls.append(data)
        return (len(calls),)

    first = parse({"a": [1, 2]})
    assert parse({"a": [1, 2]}) is first
    assert parse({"a": [2, 1]}) is not first
    assert parse({"a": [1.0, 2]}) is not first  # 1.0 and 1 are written differently
    assert len(calls) == 3


def test_member_order_is_part_of_the_key() -> None:
    @by_content
    def keys(data: dict[str, int]) -> tuple[str, ...]:
        return tuple(data)

    assert keys({"x": 1, "y": 2}) == ("x", "y")
    assert keys({"y": 2, "x": 1}) == ("y", "x")


def test_the_cache_is_bounded_and_raises_are_not_kept() -> None:
    calls: list[int] = []

    @by_content
    def check(n: int) -> int:
        calls.append(n)
        if n < 0:
            raise RuleViolation("X-1", "negative", ("n",))
        return n

    for n in range(SIZE + 5):
        check(n)
    check(0)  # dropped: the oldest went first
    assert calls.count(0) == 2
    for _ in range(2):
        with pytest.raises(RuleViolation):
            check(-1)
    assert calls.count(-1) == 2


def test_repeated_content_is_kept_from_its_second_call_on() -> None:
    calls: list[object] = []

    @by_repeated_content
    def parse(data: object) -> tuple[object, ...]:
        calls.append(data)
        return (len(calls),)

    first = parse({"a": [1, 2]})
    second = parse({"a": [1, 2]})
    assert second is not first
    assert parse({"a": [1, 2]}) is second
    assert parse({"a": [2, 1]}) is not second
    assert len(calls) == 3
    for n in range(SIZE + 1):  # the contents met once are bounded too
        parse({"n": n})
    parse({"n": 0})
    assert parse({"n": 0}) is parse({"n": 0})


def test_arguments_that_are_not_json_are_not_cached() -> None:
    calls: list[object] = []

    @by_content
    def ident(data: object) -> int:
        calls.append(data)
        return len(calls)

    marker = object()
    assert ident(marker) != ident(marker)


def test_kuhfstein_records_with_the_same_cards_share_one_card_book() -> None:
    record = _record("kuhfstein", "greedy-2p.json")
    met = kuhfstein_start(copy.deepcopy(record))  # met once: kept from the next record on
    one = kuhfstein_start(copy.deepcopy(record))
    assert one.comp.cards == met.comp.cards
    two = kuhfstein_start(copy.deepcopy(record))
    assert one.comp.cards is two.comp.cards
    assert one.comp.scoring_tiles is two.comp.scoring_tiles
    other = copy.deepcopy(record)
    first = next(iter(other["setup"]["cards"]))
    other["setup"]["cards"][first]["points"] += 1
    three = kuhfstein_start(other)
    assert three.comp.cards is not one.comp.cards
    assert three.comp.cards[first].points == one.comp.cards[first].points + 1


def test_kuhfstein_card_violations_are_reported_every_time() -> None:
    record = _record("kuhfstein", "greedy-2p.json")
    first = next(iter(record["setup"]["cards"]))
    record["setup"]["cards"][first]["points"] = 0
    for _ in range(2):
        with pytest.raises(RuleViolation) as caught:
            kuhfstein_start(copy.deepcopy(record))
        assert caught.value.rule.startswith("KUH-CARDDEF")
        assert caught.value.path[:3] == ("setup", "cards", first)


def test_hacienda_inline_maps_share_one_board_per_content() -> None:
    demo = catalog.shipped_map("demo-7x6")
    other = catalog.shipped_map("haz-bait")
    assert demo is not None and other is not None
    demo = {**demo, "id": "mine"}
    one = parse_map(copy.deepcopy(demo), ("setup", "map"))
    assert parse_map(copy.deepcopy(demo), ("setup", "map")) is one
    assert parse_map({**other, "id": "mine"}, ("setup", "map")) is not one


def test_hacienda_map_violations_are_reported_every_time() -> None:
    for _ in range(2):
        with pytest.raises(RuleViolation) as caught:
            parse_map({"id": "no-such-map"}, ("setup", "map"))
        assert caught.value.rule == "HAC-MAP-6"
        assert caught.value.path == ("setup", "map", "id")


def test_citrus_boards_share_one_parsed_board_per_content() -> None:
    one = parse_board("demo-1", ("setup", "board"), "short")
    assert parse_board("demo-1", ("setup", "board"), "short") is one
    assert parse_board("demo-2", ("setup", "board"), "short") is not one
    for _ in range(2):
        with pytest.raises(RuleViolation) as caught:
            parse_board("no-such-board", ("setup", "board"), "short")
        assert caught.value.rule == "CIT-SETUP-2"
        assert caught.value.path == ("setup", "board")


@pytest.mark.parametrize(
    ("game", "name", "member"),
    [
        ("kuhfstein", "greedy-2p.json", "cards"),
        ("citrus", "sim-2p.json", "supply"),
        ("hacienda", "2p-demo-standard.json", "water_supply"),
    ],
)
def test_component_data_and_its_fingerprint_once_per_content(
    game: str, name: str, member: str
) -> None:
    from scorer.core.components import fingerprint
    from scorer.core.roles import CATALOGUE
    from scorer.registry import get

    catalogue = get(game, CATALOGUE)
    record = _record(game, name)
    met = catalogue.component_data(copy.deepcopy(record))  # Kuhfstein keeps the second
    one = catalogue.component_data(copy.deepcopy(record))
    assert fingerprint(met) == fingerprint(one)
    assert catalogue.component_data(copy.deepcopy(record)) is one
    assert fingerprint(one) == fingerprint(catalogue.component_data(copy.deepcopy(record)))
    other = copy.deepcopy(record)
    other["setup"][member] = _changed(game, record["setup"].get(member))
    two = catalogue.component_data(other)
    assert two is not one
    assert fingerprint(two) != fingerprint(one)


def _changed(game: str, value: Any) -> Any:
    """Other component data than ``value`` (one card's points, a token count, the water)."""
    if game == "kuhfstein":
        cards = copy.deepcopy(value)
        cards[next(iter(cards))]["points"] += 1
        return cards
    if game == "citrus":
        supply = dict(value or {})
        supply["lemon"] = supply.get("lemon", 0) + 1
        return supply
    return 13 if value != 13 else 12
