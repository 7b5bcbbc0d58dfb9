"""Claim findings name the player and, for a claim about an intermediate scoring or a step, the
scoring and the move — in ``details`` for machines and in the message for people (issue 11 §2).
The message checks read only those names, not the rest of the wording."""

from __future__ import annotations

import json

import pytest

from scorer.core.claims import claim_mismatch, claimants, scoring_when
from scorer.core.findings import Finding
from scorer.referee.pipeline import verify_file
from scorer.registry import game_names
from tests.conftest import FIXTURES, assert_finding, load_fixture, verify

CLAIM_RULES = {"REC-CLAIM-1", "KUH-CLAIM-1", "HAC-MARKET-5", "HAC-HARV-6"}


def _claim_findings() -> list[tuple[str, Finding]]:
    out = []
    for game in game_names():
        for case in json.loads((FIXTURES / game / "cases.json").read_text()):
            if case["expect"]["status"] != "mismatch":
                continue
            result = verify_file(str(FIXTURES / game / case["file"]))
            out += [(case["file"], f) for f in result.findings if f.rule in CLAIM_RULES]
    # no fixture claims a wrong market income: bump the first claimed one of a valid game
    doc = load_fixture("hacienda/valid/2p-demo-standard.json")
    step = next(
        s for m in doc["moves"] for s in m["steps"] if s["do"] == "play_animal" and "income" in s
    )
    step["income"] += 1
    out += [("2p-demo-standard.json", f) for f in verify(doc).findings if f.rule in CLAIM_RULES]
    return out


CLAIMS = _claim_findings()


def test_the_fixtures_hold_claims_of_every_kind() -> None:
    assert {f.rule for _, f in CLAIMS} == CLAIM_RULES


@pytest.mark.parametrize(
    ("file", "finding"), CLAIMS, ids=[f"{f.rule}:{f.pointer}" for _, f in CLAIMS]
)
def test_every_claim_finding_names_its_player_and_move(file: str, finding: Finding) -> None:
    player = finding.details.get("player")
    if player is None:  # a claim block that should not exist at all names its claimants
        assert finding.pointer in ("/claimed/suns", "/claimed/intermediate"), finding
        assert finding.message.startswith(f"{finding.pointer.rsplit('/', 1)[1]} claimed for ")
        return
    assert finding.message.startswith(f"{player}"), finding.message
    move = finding.details.get("move")
    if move is not None:
        assert f"move {int(str(move)) + 1}" in finding.message, finding.message


def test_intermediate_claim_names_scoring_and_move() -> None:
    result = verify_file(str(FIXTURES / "hacienda/invalid/claim-intermediate.json"))
    f = assert_finding(result, "REC-CLAIM-1", "/claimed/intermediate/scores/Bob")
    assert f.details["player"] == "Bob" and f.details["scoring"] == "intermediate"
    state = result.state
    assert state is not None and f.details["move"] == state.inter_after
    assert f.message.startswith(f"Bob, intermediate scoring after move {state.inter_after + 1}:")


def test_final_scoring_claim_says_so() -> None:
    result = verify_file(str(FIXTURES / "hacienda/invalid/claim-final.json"))
    f = assert_finding(result, "REC-CLAIM-1", "/claimed/final/breakdown/Ann/money")
    assert f.details["scoring"] == "final" and "move" not in f.details
    assert f.message.startswith("Ann, final scoring:")


def test_step_income_claim_names_player_move_and_step() -> None:
    result = verify_file(str(FIXTURES / "hacienda/invalid/harv-6-income-claim.json"))
    f = assert_finding(result, "HAC-HARV-6", "/moves/1/steps/2/income")
    doc = load_fixture("hacienda/invalid/harv-6-income-claim.json")
    assert f.details == {"player": doc["moves"][1]["player"], "move": 1, "expected": 3, "found": 6}
    assert f.message.startswith(f"{doc['moves'][1]['player']}, move 2, step 3:")


def test_suns_in_a_multiplayer_game_name_the_claimants() -> None:
    doc = load_fixture("harmonies/invalid/claim-suns-multiplayer.json")
    doc["claimed"]["suns"] = {"Ben": 2, "Ann": 3}
    f = assert_finding(verify(doc), "REC-CLAIM-1", "/claimed/suns")
    assert f.message.startswith("suns claimed for Ben, Ann:")


def test_claim_mismatch_shape() -> None:
    f = claim_mismatch(
        "/claimed/money/Ann",
        "Ann",
        "pesos",
        1,
        0,
        unit="peso",
        when=scoring_when("intermediate", 26),
        details={"move": 26},
    )
    assert (f.rule, f.pointer) == ("REC-CLAIM-1", "/claimed/money/Ann")
    assert f.details == {"player": "Ann", "move": 26, "expected": 0, "found": 1}
    assert f.message == "Ann, intermediate scoring after move 27: claimed 1 peso, computed 0"


def test_claimants_of_blocks() -> None:
    assert claimants({"scores": {"Ann": 1}, "breakdown": {"Bob": {}, "Ann": {}}}) == ["Ann", "Bob"]
    assert claimants({"Cid": 3}) == ["Cid"]
    assert claimants(None) == []
