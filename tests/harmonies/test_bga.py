"""Board Game Arena captures (issue 24): both forms import, score BGA's totals, and every
problem is an IMP-BGA-* finding with a pointer into the BGA file (never a traceback)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from scorer.core.values import VerifyResult
from scorer.games.harmonies.bga import detect, import_bga
from scorer.referee.pipeline import verify_bytes
from scorer.referee.settings import VerifyOptions
from tests.conftest import assert_ok, assert_rejects, describe

BGA = Path(__file__).parents[2] / "fixtures" / "harmonies" / "bga"
MANIFEST = json.loads((BGA / "manifest.json").read_text())
FINAL = "sidea_2p_nature_match08_dom_final.json"
MIDGAME = "sideb_2p_nature_match15_midgame.json"
GAMEDATAS = "gamedatas_match08.json"


def load(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((BGA / name).read_text())
    return doc


def check(doc: Any, source: str | None = None) -> VerifyResult:
    data = json.dumps(doc, indent=1).encode()
    return verify_bytes(data, "<bga>", VerifyOptions(source=source))


def totals(result: VerifyResult) -> dict[str, int]:
    assert result.scores is not None, describe(result.findings)
    return {p.name: p.total for p in result.scores.players}


@pytest.mark.parametrize("case", MANIFEST["cases"], ids=[c["name"] for c in MANIFEST["cases"]])
def test_finished_games_score_bgas_totals_without_doubt(case: dict[str, Any]) -> None:
    result = check(load(case["snapshot"]))
    assert_ok(result)
    assert totals(result) == case["expected"]
    assert not [f for f in result.findings if f.rule in ("HAR-SCORE-7", "HAR-SCORE-8")]


def test_the_midgame_capture_is_a_possible_position() -> None:
    imported = import_bga(load(MIDGAME))
    assert imported.document is not None and not imported.findings
    assert imported.document["variant"] == {"board_side": "B", "nature_spirits": True}
    assert_ok(check(load(MIDGAME), "bga"))


def test_gamedatas_form_reads_both_spellings_both_token_shapes_and_claims_the_totals() -> None:
    doc = load(GAMEDATAS)
    tokens = [p["tokensOnBoard"] for p in doc["players"].values()]
    assert isinstance(tokens[0], dict) and isinstance(tokens[1], list)
    assert any(k.startswith("cell_") for k in tokens[0])
    assert all(t["location"].startswith("player_2_cell_") for t in tokens[1])
    assert "cell_player_1_1_4" in tokens[0]  # a padding cell of side A, empty
    imported = import_bga(doc)
    assert imported.document is not None
    assert imported.document["claimed"] == {"scores": {"player_1": 116, "player_2": 113}}
    result = check(doc)
    assert_ok(result)
    assert totals(result) == {"player_1": 116, "player_2": 113}
    wrapped = check({"gamedatas": doc}, "bga")
    assert totals(wrapped) == totals(result)


def test_same_board_in_both_forms_gives_the_same_position() -> None:
    snap, raw = import_bga(load(FINAL)).document, import_bga(load(GAMEDATAS)).document
    assert snap is not None and raw is not None
    assert snap["boards"] == raw["boards"]


def test_detection_by_shape() -> None:
    assert detect(load(FINAL)) == "yes"
    assert detect(load(GAMEDATAS)) == "yes"
    assert detect({"boardSide": "sideA"}) == "unsure"
    assert detect({"format": "scorer-position/1", "boardSide": "sideA"}) == "no"
    assert_rejects(check({"boardSide": "sideA", "x": 1}), "IMP-BGA-1", "")


def _snapshot(edit: Any) -> VerifyResult:
    doc = load(FINAL)
    edit(doc)
    return check(doc)


def _gamedatas(edit: Any) -> VerifyResult:
    doc = load(GAMEDATAS)
    edit(doc)
    return check(doc, "bga")


def _p1_cell(doc: dict[str, Any], col: int, row: int) -> list[dict[str, Any]]:
    tokens: list[dict[str, Any]] = doc["players"]["player_1"]["tokensOnBoard"][
        f"cell_player_1_{col}_{row}"
    ]
    return tokens


def _stack(tokens: list[str]) -> Any:
    def edit(doc: dict[str, Any]) -> None:
        doc["players"][0]["cells"][2]["stack"]["tokens"] = tokens

    return edit


def _cube_on_padding(doc: dict[str, Any]) -> None:
    doc["cubesOnAnimalCards"][0]["location"] = "cell_player_1_1_4"


def _card_twice(doc: dict[str, Any]) -> None:
    doc["players"][1]["activeCards"].append(copy.deepcopy(doc["players"][0]["activeCards"][0]))


def _other_players_key(doc: dict[str, Any]) -> None:
    board = doc["players"]["player_1"]["tokensOnBoard"]
    board["cell_player_2_0_0"] = board.pop("cell_player_1_0_0")


def _fourth_token(doc: dict[str, Any]) -> None:
    stack = _p1_cell(doc, 2, 0)  # gray, gray, gray
    stack.append({**stack[0], "id": "x", "location_arg": "4"})


MUTATIONS = [
    (
        "colour out of range (snapshot)",
        _snapshot,
        _stack(["purple"]),
        "IMP-BGA-3",
        "/players/0/cells/2/stack/tokens/0",
    ),
    (
        "colour out of range (gamedatas)",
        _gamedatas,
        lambda d: _p1_cell(d, 0, 0)[0].update(type_arg="9"),
        "IMP-BGA-3",
        "/players/player_1/tokensOnBoard/cell_player_1_0_0/0/type_arg",
    ),
    (
        "unknown card number",
        _snapshot,
        lambda d: d["players"][0]["activeCards"][0].update(typeArg=43),
        "IMP-BGA-6",
        "/players/0/activeCards/0/typeArg",
    ),
    (
        "cube on a missing cell (gamedatas)",
        _gamedatas,
        _cube_on_padding,
        "IMP-BGA-4",
        "/cubesOnAnimalCards/0/location",
    ),
    (
        "cube on a missing cell (snapshot)",
        _snapshot,
        lambda d: d["players"][0]["cells"][21].update(lockedByCube=True),  # (1, 4): padding
        "IMP-BGA-4",
        "/players/0/cells/21/coord",
    ),
    ("card in two places", _snapshot, _card_twice, "IMP-BGA-7", "/players/1/activeCards/2/typeArg"),
    (
        "cell key for another player",
        _gamedatas,
        _other_players_key,
        "IMP-BGA-5",
        "/players/player_1/tokensOnBoard/cell_player_2_0_0/0",
    ),
    (
        "4 tokens in a stack (snapshot)",
        _snapshot,
        _stack(["mountain", "mountain", "mountain", "mountain"]),
        "IMP-BGA-8",
        "/players/0/cells/2/stack/tokens",
    ),
    (
        "4 tokens in a stack (gamedatas)",
        _gamedatas,
        _fourth_token,
        "IMP-BGA-8",
        "/players/player_1/tokensOnBoard/cell_player_1_2_0",
    ),
    (
        "unknown board side",
        _snapshot,
        lambda d: d.update(boardSide="sideC"),
        "IMP-BGA-2",
        "/boardSide",
    ),
    ("missing players", _gamedatas, lambda d: d.pop("players"), "IMP-BGA-1", "/players"),
    (
        "cubes that do not add up",
        _snapshot,
        lambda d: d["players"][0]["activeCards"][0].update(remainingCubes=1),
        "IMP-BGA-9",
        "/players/0/cells",
    ),
    (
        "completed card with cubes",
        _snapshot,
        lambda d: d["players"][0]["completedCards"][0].update(remainingCubes=1),
        "IMP-BGA-9",
        "/players/0/completedCards/0/remainingCubes",
    ),
    (
        "two spirit cards chosen",
        _snapshot,
        lambda d: d["players"][0]["activeCards"].append(
            {"cardId": 99, "typeArg": 33, "remainingCubes": 1, "isSpirit": True}
        ),
        "IMP-BGA-10",
        "/players/0",
    ),
]


@pytest.mark.parametrize(
    ("form", "edit", "rule", "pointer"),
    [m[1:] for m in MUTATIONS],
    ids=[m[0] for m in MUTATIONS],
)
def test_mutated_captures_give_their_finding(form: Any, edit: Any, rule: str, pointer: str) -> None:
    result = form(edit)
    assert result.status != "ok"
    assert not [f for f in result.findings if f.rule == "REC-INTERNAL-1"]
    assert_rejects(result, rule, pointer)
    assert result.findings[0].line is not None  # placed in the file as written


def test_a_position_finding_points_into_the_bga_file() -> None:
    doc = load(FINAL)
    doc["players"][0]["cells"][0]["stack"]["tokens"] = ["field", "water"]  # cannot be built
    result = check(doc)
    error = assert_rejects(result, "HAR-POS-3", "/players/0/cells/0")
    assert error.details["position_pointer"] == "/boards/player_1/cells/0/tokens"


def test_a_pending_spirit_choice_before_the_first_turn_imports_as_possible() -> None:
    doc = load(GAMEDATAS)
    for player in doc["players"].values():
        player.update(tokensOnBoard={}, boardAnimalCards=[], doneAnimalCards={}, score="0")
    doc["cubesOnAnimalCards"] = []
    doc["spiritsCards"] = [
        {"id": str(n), "type_arg": str(n), "location": "spirit", "location_arg": pid}
        for n, pid in ((33, "player_1"), (34, "player_1"), (35, "player_2"), (36, "player_2"))
    ]
    doc["gamestate"] = {"name": "chooseSpirit", "args": {"canChooseSpirit": True}}
    imported = import_bga(doc)
    assert imported.document is not None
    spirit = imported.document["boards"]["player_1"]["spirit"]
    assert spirit == {"choices": ["lion_spirit", "butterfly_spirit"]}
    assert "claimed" not in imported.document  # not over: BGA's scores are not claimed
    assert_ok(check(doc, "bga"))


def test_the_central_board_and_the_river_travel_in_meta() -> None:
    doc = import_bga(load(MIDGAME)).document
    assert doc is not None
    bga = doc["meta"]["bga"]
    assert bga["river"] == ["bat", "koala", "kingfisher", "wolf", "alligator"]
    assert bga["central_board"][0] == ["yellow", "brown", "green"] and bga["central_board"][4] == []
    raw = import_bga(load(GAMEDATAS)).document
    assert raw is not None and raw["meta"]["bga"]["central_board"][1] == ["blue", "yellow", "brown"]


def test_an_unknown_colour_on_the_central_board_is_imp_bga_3() -> None:
    doc = load(MIDGAME)
    doc["centralTokenGroups"][1][0] = "lava"
    assert_rejects(check(doc), "IMP-BGA-3", "/centralTokenGroups/1/0")
