"""Setup checks (section 5): HAR-SETUP-5, -1, -3, -4 with their pointers (11.6)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import assert_rejects, make_record, verify
from tests.harmonies.helpers import CENTRAL, DISPLAY, sample


def _record(
    setup: dict[str, Any],
    players: tuple[str, ...] = ("Ann", "Ben"),
    variant: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return make_record("harmonies", setup, [], players, variant)


def test_sample_setup_is_accepted() -> None:
    doc = sample()
    doc["moves"] = []
    doc.pop("claimed")
    result = verify(doc)
    assert_rejects(result, "REC-END-2", "/moves")


@pytest.mark.parametrize("players", [(), ("A", "B", "C", "D", "E")])
def test_player_count_is_HAR_SETUP_5(players: tuple[str, ...]) -> None:
    result = verify(_record({"central_board": [], "display": []}, players))
    assert_rejects(result, "HAR-SETUP-5", "/players")


def test_wrong_number_of_spaces_is_HAR_SETUP_1() -> None:
    result = verify(_record({"central_board": CENTRAL[:4], "display": DISPLAY}))
    assert_rejects(result, "HAR-SETUP-1", "/setup/central_board")


def test_solo_has_three_spaces_HAR_SETUP_1() -> None:
    result = verify(_record({"central_board": CENTRAL, "display": DISPLAY[:3]}, ("Ann",)))
    assert_rejects(result, "HAR-SETUP-1", "/setup/central_board")


def test_space_with_two_tokens_is_HAR_SETUP_1() -> None:
    central = [list(s) for s in CENTRAL]
    central[2] = ["red", "gray"]
    result = verify(_record({"central_board": central, "display": DISPLAY}))
    assert_rejects(result, "HAR-SETUP-1", "/setup/central_board/2")


def test_setup_checks_run_in_spec_order() -> None:
    # HAR-SETUP-1 is checked before HAR-SETUP-3
    result = verify(_record({"central_board": CENTRAL[:2], "display": ["x"]}))
    assert_rejects(result, "HAR-SETUP-1", "/setup/central_board")


def test_display_count_is_HAR_SETUP_3() -> None:
    result = verify(_record({"central_board": CENTRAL, "display": DISPLAY[:4]}))
    assert_rejects(result, "HAR-SETUP-3", "/setup/display")


@pytest.mark.parametrize(
    ("display", "index"),
    [
        (["koala", "unicorn", "shrew", "otter", "bear"], 1),
        (["koala", "fennec_fox", "shrew", "koala", "bear"], 3),
        (["koala", "fennec_fox", "shrew", "otter", "owl_spirit"], 4),
    ],
)
def test_display_ids_are_HAR_SETUP_3(display: list[str], index: int) -> None:
    result = verify(_record({"central_board": CENTRAL, "display": display}))
    assert_rejects(result, "HAR-SETUP-3", f"/setup/display/{index}")


def _spirits(dealt: dict[str, Any] | None, module: bool = True) -> Any:
    setup: dict[str, Any] = {"central_board": CENTRAL, "display": DISPLAY}
    if dealt is not None:
        setup["spirits_dealt"] = dealt
    return verify(_record(setup, variant={"nature_spirits": module}))


def test_spirits_without_module_is_HAR_SETUP_4() -> None:
    result = _spirits({"Ann": ["lion_spirit", "owl_spirit"]}, module=False)
    assert_rejects(result, "HAR-SETUP-4", "/setup/spirits_dealt")


def test_empty_spirits_without_module_is_fine() -> None:
    result = _spirits({}, module=False)
    assert_rejects(result, "REC-END-2", "/moves")


def test_module_without_deal_is_HAR_SETUP_4() -> None:
    assert_rejects(_spirits(None), "HAR-SETUP-4", "/setup")


@pytest.mark.parametrize(
    ("dealt", "pointer"),
    [
        ({"Ann": ["lion_spirit", "owl_spirit"]}, "/setup/spirits_dealt"),
        (
            {
                "Ann": ["lion_spirit", "owl_spirit"],
                "Ben": ["ram_spirit", "cat_spirit"],
                "Zed": [None, None],
            },
            "/setup/spirits_dealt/Zed",
        ),
        ({"Ann": ["lion_spirit"], "Ben": ["ram_spirit", "cat_spirit"]}, "/setup/spirits_dealt/Ann"),
        (
            {"Ann": ["lion_spirit", "koala"], "Ben": ["ram_spirit", "cat_spirit"]},
            "/setup/spirits_dealt/Ann/1",
        ),
        (
            {"Ann": ["lion_spirit", "owl_spirit"], "Ben": ["owl_spirit", "cat_spirit"]},
            "/setup/spirits_dealt/Ben/0",
        ),
    ],
)
def test_bad_deal_is_HAR_SETUP_4(dealt: dict[str, Any], pointer: str) -> None:
    assert_rejects(_spirits(dealt), "HAR-SETUP-4", pointer)


def test_null_spirit_entries_are_allowed() -> None:
    result = _spirits({"Ann": ["lion_spirit", None], "Ben": [None, None]})
    assert_rejects(result, "REC-END-2", "/moves")


def test_sample_record_verifies_as_incomplete_with_matching_claims() -> None:
    """Section 11.7: REC-END-2 at /moves, provisional Ann 7, Ben 0, no REC-CLAIM-1."""
    result = verify(sample())
    assert result.status == "incomplete"
    assert [(f.rule, f.pointer) for f in result.findings] == [("REC-END-2", "/moves")]
    assert result.scores is not None
    assert {p.name: p.total for p in result.scores.players} == {"Ann": 7, "Ben": 0}
    ann = result.scores.player("Ann").categories
    assert (ann["trees"], ann["animals"], ann["water"], ann["spirit"]) == (4, 3, 0, 0)


def test_sample_with_one_more_complete_turn_is_legal() -> None:
    doc = sample()
    doc["moves"].append(
        {
            "player": "Ben",
            "action": "turn",
            "steps": [
                {"do": "take_tokens", "space": 1},
                {"do": "place_token", "color": "blue", "cell": [4, 4]},
                {"do": "place_token", "color": "blue", "cell": [4, 3]},
                {"do": "place_token", "color": "gray", "cell": [1, 0]},
            ],
            "refill": {"spaces": {"1": ["red", "red", "red"]}},
        }
    )
    doc.pop("claimed")
    result = verify(doc)
    assert_rejects(result, "REC-END-2", "/moves")
    assert result.moves_verified == 4
    assert result.scores is not None
    assert result.scores.player("Ben").extras["river"] == 2
