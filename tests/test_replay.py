"""The referee, exercised with the tiny fake game in tests/fakegame.py."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from scorer import registry
from scorer.referee.replay import score_position, verify_record
from tests.conftest import assert_finding, assert_rejects
from tests.fakegame import referee
from tests.roles import replay_game, roles_of


@pytest.fixture(autouse=True)
def _countdown() -> Iterator[None]:
    registry.GAME_MODULES["countdown"] = "tests.fakegame"
    registry.role_module.cache_clear()
    yield
    del registry.GAME_MODULES["countdown"]
    registry.role_module.cache_clear()


def record(
    moves: list[tuple[str, list[int]]],
    pile: int = 5,
    claimed: Any = None,
    players: tuple[str, ...] = ("Ann", "Ben"),
) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "scorer-record/1",
        "game": "countdown",
        "players": [{"name": p} for p in players],
        "setup": {"pile": pile},
        "moves": [{"player": p, "steps": [{"do": "take", "n": n} for n in ns]} for p, ns in moves],
    }
    if claimed is not None:
        doc["claimed"] = claimed
    return doc


def test_complete_game_verifies() -> None:
    result = verify_record(record([("Ann", [2]), ("Ben", [1, 1]), ("Ann", [1])]))
    assert result.status == "ok"
    assert (result.moves_verified, result.steps_verified) == (3, 4)
    assert result.scores is not None and result.scores.winners == ("Ann",)


def test_wrong_player_is_REC_TURN_1() -> None:
    result = verify_record(record([("Ann", [2]), ("Ann", [1])]))
    assert_rejects(result, "REC-TURN-1", "/moves/1/player")
    assert result.status == "illegal"


def test_unknown_player_is_REC_PLAYER_1() -> None:
    result = verify_record(record([("Cleo", [2])]))
    assert_rejects(result, "REC-PLAYER-1", "/moves/0/player")


def test_duplicate_names_are_REC_PLAYER_2() -> None:
    result = verify_record(record([], players=("Ann", "Ann")))
    assert_rejects(result, "REC-PLAYER-2", "/players/1/name")


def test_move_after_end_is_REC_END_1() -> None:
    result = verify_record(record([("Ann", [3]), ("Ben", [2]), ("Ann", [1])]))
    assert_rejects(result, "REC-END-1", "/moves/2")


def test_incomplete_is_REC_END_2_with_provisional_scores() -> None:
    result = verify_record(record([("Ann", [3])]))
    assert_rejects(result, "REC-END-2", "/moves")
    assert result.status == "incomplete"
    assert result.scores is not None


def test_game_may_skip_claims_of_incomplete_records(monkeypatch: pytest.MonkeyPatch) -> None:
    doc = record([("Ann", [3])], claimed={"scores": {"Ann": 7}})
    assert_finding(verify_record(doc), "REC-CLAIM-1", "/claimed/scores/Ann")
    monkeypatch.setattr(referee, "CLAIMS_WHEN_INCOMPLETE", False)
    result = verify_record(doc)
    assert [f.rule for f in result.findings] == ["REC-END-2"]


def test_game_warnings_are_reported_without_failing(monkeypatch: pytest.MonkeyPatch) -> None:
    from scorer.core.findings import Finding

    warn = Finding("HAR-FAKE-1", "/moves/0", "suspicious", "warning")
    monkeypatch.setattr(referee, "warnings", lambda state: [warn])
    result = verify_record(record([("Ann", [3]), ("Ben", [2])]))
    assert result.status == "ok"
    assert result.findings == (warn,)
    incomplete = verify_record(record([("Ann", [3])]))
    assert incomplete.status == "incomplete"
    assert [f.rule for f in incomplete.findings] == ["REC-END-2", "HAR-FAKE-1"]


def test_claim_of_a_category_the_sheet_lacks_is_not_compared() -> None:
    doc = record([("Ann", [3]), ("Ben", [2])], claimed={"breakdown": {"Ann": {"harvest": 4}}})
    assert verify_record(doc).status == "ok"


def test_keep_going_passes_the_seat_of_an_unknown_player() -> None:
    doc = record([("Ann", [1]), ("Zed", [1]), ("Ann", [3]), ("Ben", [1])])
    result = verify_record(doc, keep_going=True)
    assert [(f.rule, f.pointer) for f in result.findings] == [("REC-PLAYER-1", "/moves/1/player")]


def test_rule_violation_pointer_is_prefixed_and_labelled() -> None:
    result = verify_record(record([("Ann", [2, 2])]))
    finding = assert_rejects(result, "HAR-FAKE-1", "/moves/0/steps/1/n")
    assert finding.message.startswith("Ann, move 1, step 2: ")
    assert finding.details["move"] == 0


def test_setup_violation_points_into_setup() -> None:
    result = verify_record(record([], pile=0))
    assert_rejects(result, "HAR-FAKE-1", "/setup/pile")


def test_claims_every_mismatch_is_REC_CLAIM_1() -> None:
    claimed = {"scores": {"Ann": 1, "Ben": 0}, "breakdown": {"Ann": {"last": 1}}}
    result = verify_record(record([("Ann", [3]), ("Ben", [2])], claimed=claimed))
    assert result.status == "mismatch"
    pointers = [f.pointer for f in result.findings if f.rule == "REC-CLAIM-1"]
    assert pointers == ["/claimed/scores/Ann", "/claimed/scores/Ben", "/claimed/breakdown/Ann/last"]


def test_claim_for_unknown_player_is_REC_CLAIM_1() -> None:
    result = verify_record(record([("Ann", [3]), ("Ben", [2])], claimed={"scores": {"Zoe": 1}}))
    assert_finding(result, "REC-CLAIM-1", "/claimed/scores/Zoe")
    assert [f.rule for f in result.findings] == ["REC-CLAIM-1"]  # REC-CLAIM-2 is retired


def test_claim_pointer_escapes_names() -> None:
    result = verify_record(
        record(
            [("A/B", [3]), ("C~D", [2])],
            players=("A/B", "C~D"),
            claimed={"scores": {"A/B": 1, "C~0D": 5, "C~D": 1}},
        )
    )
    assert_finding(result, "REC-CLAIM-1", "/claimed/scores/A~1B")
    assert_finding(result, "REC-CLAIM-1", "/claimed/scores/C~00D")
    assert [f.rule for f in result.findings] == ["REC-CLAIM-1", "REC-CLAIM-1"]


def test_keep_going_reports_later_findings_marked() -> None:
    doc = record([("Ann", [2, 2]), ("Ben", [9]), ("Ann", [3]), ("Ben", [2])])
    result = verify_record(doc, keep_going=True)
    rules = [(f.rule, f.pointer) for f in result.findings]
    assert rules[0] == ("HAR-FAKE-1", "/moves/0/steps/1/n")
    assert rules[1] == ("HAR-FAKE-1", "/moves/1/steps/0/n")
    assert result.findings[1].details["after_first_error"] is True
    assert result.status == "illegal"
    assert result.scores is not None


def test_replay_upto_stops_early() -> None:
    run = replay_game(roles_of("countdown"), record([("Ann", [2]), ("Ben", [1])]), upto=1)
    assert run.moves_applied == 1 and run.state.left == 3


def test_position_is_scored() -> None:
    doc = {
        "format": "scorer-position/1",
        "game": "countdown",
        "players": [{"name": "Ann"}],
        "setup": {"pile": 2},
        "claimed": {"scores": {"Ann": 1}},
    }
    result = score_position(doc)
    assert result.status == "mismatch"
    assert_finding(result, "REC-CLAIM-1", "/claimed/scores/Ann")
