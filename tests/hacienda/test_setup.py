"""Setup and map checks (rules/hacienda.md §3.3, §4): HAC-MAP-* and HAC-SETUP-*."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scorer.games.hacienda.catalog import shipped_map
from tests.conftest import assert_rejects, verify
from tests.hacienda.helpers import record, state_of

DEMO_ROWS = {"rows": ["MMMFFEE", "PPPPPPR", "PKPKPPR", "SPPPWPR", "FPPPPPP", "EEPPPMF"]}


def _map(doc: dict[str, Any], new_map: dict[str, Any]) -> dict[str, Any]:
    doc["setup"]["map"] = new_map
    return doc


def test_inline_rows_map_equals_demo_map() -> None:
    """§3.3 compact form; market ids M1, M2 assigned in (r, q) order."""
    state = state_of(_map(record([]), {"id": "demo-7x6", **DEMO_ROWS}))
    assert sorted(state.board.market_ids.values()) == ["M1", "M2"]
    assert state.board.coords[min(state.board.market_ids)] == (1, 2)


def test_inline_spaces_with_partial_ids() -> None:
    """Markets without ids get the smallest unused M<n>."""
    spaces = [
        {"q": 0, "r": 0, "t": "market", "id": "M1"},
        {"q": 1, "r": 0, "t": "pampas"},
        {"q": 2, "r": 0, "t": "market"},
        {"q": 0, "r": 1, "t": "market", "id": "M2"},
    ]
    state = state_of(_map(record([]), {"spaces": spaces}))
    assert sorted(state.board.market_ids.values()) == ["M1", "M2", "M3"]


@pytest.mark.parametrize(
    ("new_map", "rule", "pointer"),
    [
        (
            {
                "spaces": [
                    {"q": 0, "r": 0, "t": "market"},
                    {"q": 1, "r": 0, "t": "pampas"},
                    {"q": 0, "r": 0, "t": "pampas"},
                ]
            },
            "HAC-MAP-1",
            "/setup/map/spaces/2",
        ),
        (
            {
                "spaces": [
                    {"q": 0, "r": 0, "t": "market", "id": "A"},
                    {"q": 1, "r": 0, "t": "pampas"},
                    {"q": 2, "r": 0, "t": "market", "id": "A"},
                ]
            },
            "HAC-MAP-3",
            "/setup/map/spaces/2/id",
        ),
        ({"rows": ["PPP", "MMM"]}, "HAC-MAP-4", "/setup/map"),
        ({"id": "hacienda-symmetric", **DEMO_ROWS}, "HAC-MAP-5", "/setup/map"),
        ({"id": "haz-nowhere"}, "HAC-MAP-6", "/setup/map/id"),
        ({"id": "demo-7x6", "rows": ["PKPKPPR"]}, "HAC-MAP-7", "/setup/map"),
    ],
)
def test_map_checks(new_map: dict[str, Any], rule: str, pointer: str) -> None:
    assert_rejects(verify(_map(record([]), new_map)), rule, pointer)


def test_inline_copy_of_shipped_map_passes_map_7() -> None:
    data = shipped_map("haz-bait")
    assert data is not None
    state_of(_map(record([]), copy.deepcopy(data)))


def _with(players: tuple[str, ...] = ("Ann", "Bob"), **extra: Any) -> dict[str, Any]:
    return record([], players=players, **extra)


def _hands(**changes: Any) -> dict[str, Any]:
    doc = _with()
    hands = doc["setup"]["hands"]
    hands.update(changes)
    return {"hands": hands}


@pytest.mark.parametrize(
    ("doc", "rule", "pointer"),
    [
        (lambda: _with(players=("Ann",)), "HAC-SETUP-1", "/players"),
        (
            lambda: _with(**_hands(Cid={"land": [], "animal": []})),
            "HAC-SETUP-2",
            "/setup/hands/Cid",
        ),
        (
            lambda: _with(hands={"Ann": {"land": ["forest"] * 8, "animal": ["pig"] * 4}}),
            "HAC-SETUP-2",
            "/setup/hands",
        ),
        (
            lambda: _with(**_hands(Ann={"land": ["forest"] * 7, "animal": ["pig"] * 4})),
            "HAC-SETUP-2",
            "/setup/hands/Ann",
        ),
        (lambda: _with(land_display=["forest"] * 3), "HAC-SETUP-3", "/setup/land_display"),
        (lambda: _with(animal_display=["pig"] * 5), "HAC-SETUP-3", "/setup/animal_display"),
        (
            lambda: _with(
                **_hands(Ann={"land": ["pampas"] * 8, "animal": ["pig"] * 4}),
                land_display=["pampas"] * 4,
            ),
            "HAC-SETUP-4",
            "/setup/land_display",
        ),
        (
            lambda: _with(removed_animal_types=["cattle"] * 30),
            "HAC-SETUP-4",
            "/setup/removed_animal_types",
        ),
        (lambda: _with(removed_animal_cards=20), "HAC-SETUP-5", "/setup/removed_animal_cards"),
        (
            lambda: _with(removed_animal_types=["pig"] * 3),
            "HAC-SETUP-5",
            "/setup/removed_animal_types",
        ),
        (lambda: _with(land_pile_size=52), "HAC-SETUP-6", "/setup/land_pile_size"),
        (lambda: _with(decks={"land": ["forest"]}), "HAC-SETUP-7", "/setup/decks/land"),
        (lambda: _with(start_money=25), "HAC-SETUP-8", "/setup/start_money"),
    ],
)
def test_setup_checks(doc: Any, rule: str, pointer: str) -> None:
    assert_rejects(verify(doc()), rule, pointer)


def test_setup_4_running_count_reaches_the_stacks() -> None:
    """HAC-SETUP-4: 3 sheep dealt or displayed + 15 in stack 1 fit; stack 2's first is the 19th.

    (With every animal card listed and each list of the right length, 72 cards with at most 18
    per animal are exactly 18 each, so HAC-SETUP-7's composition clause follows from -4.)
    """
    doc = _with(
        removed_animal_types=["cattle"] * 10 + ["horse"] * 10 + ["pig"] * 10,
        decks={"animal_stack_1": ["sheep"] * 15, "animal_stack_2": ["sheep"] * 15},
    )
    assert_rejects(verify(doc), "HAC-SETUP-4", "/setup/decks/animal_stack_2")
