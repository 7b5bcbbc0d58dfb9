"""Setup checks KUH-SETUP-1..11 and the card definitions KUH-CARDDEF-1..7, on E19 variants."""

from __future__ import annotations

from typing import Any

from tests.conftest import assert_finding, assert_ok, assert_rejects, verify
from tests.kuhfstein.helpers import e19, situation_doc
from tests.roles import replay_game, roles_of

GAME = roles_of("kuhfstein")


def _setup(**changes: Any) -> dict[str, Any]:
    doc = e19()
    doc["setup"].update(changes)
    return doc


def test_setup_1_player_count_and_colours() -> None:
    doc = e19()
    doc["players"] += [{"name": n} for n in ("Cid", "Dan", "Eve")]
    assert_rejects(verify(doc), "KUH-SETUP-1", "/players/4")
    doc = e19()
    doc["players"][1]["color"] = "red"
    assert_rejects(verify(doc), "KUH-SETUP-1", "/players/1")


def test_setup_2_tile_display() -> None:
    doc = _setup(tile_display=["forest", "forest", "lake", "meadow"])
    assert_rejects(verify(doc), "KUH-SETUP-2", "/setup/tile_display")
    doc = _setup(tile_display=["forest", "forest", "desert", "meadow", "house"])
    assert_rejects(verify(doc), "KUH-SETUP-2", "/setup/tile_display/2")


def test_setup_3_card_display() -> None:
    assert_rejects(
        verify(_setup(card_display=["C3", "C4", "C5"])), "KUH-SETUP-3", "/setup/card_display"
    )
    assert_rejects(
        verify(_setup(card_display=["C3", "C4", "C5", "C99"])),
        "KUH-SETUP-3",
        "/setup/card_display/3",
    )


def test_setup_4_hands() -> None:
    assert_rejects(
        verify(_setup(hands={"Ann": ["C1", "C7"], "Bob": ["C2"]})),
        "KUH-SETUP-4",
        "/setup/hands/Ann",
    )
    assert_rejects(
        verify(_setup(hands={"Ann": ["C1"], "Bob": ["C3"]})), "KUH-SETUP-4", "/setup/hands/Bob"
    )


def test_setup_5_scoring_dealt() -> None:
    assert_rejects(
        verify(_setup(scoring_dealt={"Ann": ["W1"], "Bob": ["W3", "W4"]})),
        "KUH-SETUP-5",
        "/setup/scoring_dealt/Ann",
    )
    assert_rejects(
        verify(_setup(scoring_dealt={"Ann": ["W1", "W2"], "Bob": ["W2", "W4"]})),
        "KUH-SETUP-5",
        "/setup/scoring_dealt/Bob",
    )


def test_setup_6_trees() -> None:
    assert_rejects(verify(_setup(trees=5)), "KUH-SETUP-6", "/setup/trees")


def test_setup_7_bonus_layout() -> None:
    doc = e19()
    del doc["setup"]["track"]
    assert_rejects(verify(doc), "KUH-SETUP-7", "/setup/track")
    doc = _setup(track={"bonus_spaces": [{"space": 70, "bonus": "cow"}]})
    assert_rejects(verify(doc), "KUH-SETUP-7", "/setup/track/bonus_spaces/0")
    seven = [{"space": p, "bonus": "cow"} for p in range(10, 17)]
    assert_rejects(
        verify(_setup(track={"bonus_spaces": seven})), "KUH-SETUP-7", "/setup/track/bonus_spaces/6"
    )


def test_setup_8_scoring_tiles() -> None:
    doc = e19()
    doc["setup"]["scoring_tiles"]["W1"]["condition"]["type"] = "most_cows"
    assert_rejects(verify(doc), "KUH-SETUP-8", "/setup/scoring_tiles/W1/condition/type")
    doc = e19()
    doc["setup"]["scoring_tiles"]["W2"]["points"] = 0
    assert_rejects(verify(doc), "KUH-SETUP-8", "/setup/scoring_tiles/W2/points")
    doc = e19()
    del doc["setup"]["scoring_tiles"]["W3"]["condition"]["kind"]
    assert_rejects(verify(doc), "KUH-SETUP-8", "/setup/scoring_tiles/W3/condition")


COUNTS = {"hay": 12, "meadow": 12, "forest": 12, "lake": 13, "house": 12}


def test_setup_9_tile_counts() -> None:
    assert_ok(verify(_setup(tile_counts=COUNTS)))
    assert_rejects(
        verify(_setup(tile_counts={**COUNTS, "lake": 14})), "KUH-SETUP-9", "/setup/tile_counts"
    )
    doc = _setup(tile_counts={**COUNTS, "house": 0, "lake": 25})
    assert_rejects(verify(doc), "KUH-SETUP-9", "/setup/tile_counts")


def test_setup_10_tile_order() -> None:
    assert_rejects(verify(_setup(tile_order=["lake"] * 10)), "KUH-SETUP-10", "/setup/tile_order")
    doc = _setup(tile_order=["lake"] * 56)
    doc["variant"]["swap_discard"] = "return"
    assert_rejects(verify(doc), "KUH-SETUP-10", "/setup/tile_order")


def test_setup_11_card_order() -> None:
    assert_rejects(verify(_setup(card_order=["C3"])), "KUH-SETUP-11", "/setup/card_order/0")
    assert_rejects(verify(_setup(card_order=["C7", "C8"])), "KUH-SETUP-11", "/setup/card_order")


def test_all_setup_problems_are_listed() -> None:
    doc = _setup(trees=5, tile_display=["forest"])
    result = verify(doc)
    assert_rejects(result, "KUH-SETUP-2", "/setup/tile_display")
    assert [f.rule for f in result.findings] == ["KUH-SETUP-2", "KUH-SETUP-6"]
    assert result.findings[1].pointer == "/setup/trees"


def _card(cid: str, cells: list[tuple[int, int, str]], points: int = 2) -> dict[str, Any]:
    doc = e19()
    doc["setup"]["cards"][cid] = {
        "cells": [{"x": x, "y": y, "face": f} for x, y, f in cells],
        "points": points,
    }
    return doc


def test_carddef_1_normalised_distinct_cells() -> None:
    doc = _card("C3", [(1, 0, "meadow"), (2, 0, "back")])
    assert_rejects(verify(doc), "KUH-CARDDEF-1", "/setup/cards/C3/cells")
    doc = _card("C3", [(0, 0, "meadow"), (0, 0, "back")])
    assert_rejects(verify(doc), "KUH-CARDDEF-1", "/setup/cards/C3/cells")


def test_carddef_2_card_with_a_gap() -> None:
    doc = _card("C3", [(0, 0, "meadow"), (2, 0, "meadow")])
    assert_rejects(verify(doc), "KUH-CARDDEF-2", "/setup/cards/C3/cells")


def test_carddef_3_faces() -> None:
    doc = _card("C3", [(0, 0, "meadow"), (1, 0, "desert")])
    assert_rejects(verify(doc), "KUH-CARDDEF-3", "/setup/cards/C3/cells/1/face")
    doc = _card("C3", [(0, 0, "back"), (1, 0, "back")])
    assert_rejects(verify(doc), "KUH-CARDDEF-3", "/setup/cards/C3/cells/0/face")


def test_carddef_4_points() -> None:
    doc = _card("C3", [(0, 0, "meadow"), (1, 0, "back")], points=0)
    assert_rejects(verify(doc), "KUH-CARDDEF-4", "/setup/cards/C3/points")


def test_carddef_5_at_most_55_cards() -> None:
    doc = e19()
    for i in range(9, 57):
        doc["setup"]["cards"][f"C{i}"] = {
            "cells": [{"x": 0, "y": 0, "face": "hay"}, {"x": 1, "y": 0, "face": "back"}],
            "points": 2,
        }
    assert_rejects(verify(doc), "KUH-CARDDEF-5", "/setup/cards")


def test_carddef_6_official_catalog_is_refused() -> None:
    """KUH-CARDDEF-6 needs an official catalog; none exists, so card_catalog 'official' is
    refused by the variant check (spec 9.3) and no record is checked against missing data."""
    doc = e19()
    doc["variant"]["card_catalog"] = "official"
    assert_rejects(verify(doc), "REC-SCHEMA-1", "/variant/card_catalog")
    doc["variant"]["card_catalog"] = "inline"
    assert_ok(verify(doc))


def test_carddef_7_card_size_warning() -> None:
    """A 6-cell card is a warning: the record still verifies; the note names it."""
    doc = _card("C9", [(x, 0, "hay") for x in range(6)], points=9)
    result = verify(doc)
    assert_ok(result)
    found = assert_finding(result, "KUH-CARDDEF-7", "/setup/cards/C9/cells")
    assert found.severity == "warning"
    state = replay_game(GAME, doc).state
    warnings = GAME.referee.warnings(state)
    assert [(w.rule, w.pointer, w.severity) for w in warnings] == [
        ("KUH-CARDDEF-7", "/setup/cards/C9/cells", "warning")
    ]
    assert result.scores is not None
    assert any("KUH-CARDDEF-7" in n for n in result.scores.notes)
    pos = situation_doc({"Ann": {}, "Bob": {}})
    pos["components"]["cards"] = {
        **pos["components"]["cards"],
        "X6": {"cells": [{"x": x, "y": 0, "face": "hay"} for x in range(6)], "points": 9},
    }
    result = verify(pos)
    assert_ok(result)
    assert_finding(result, "KUH-CARDDEF-7", "/components/cards/X6/cells")


def test_mirrored_duplicate_is_not_an_error() -> None:
    """Spec 3.3: a mirror image (or the same pattern) under another id is a different card."""
    doc = _card("C9", [(1, 0, "house"), (1, 1, "hay"), (0, 1, "back")], points=4)
    doc = _card_into(doc, "C10", [(0, 0, "house"), (0, 1, "hay"), (1, 1, "back")])
    assert_ok(verify(doc))


def _card_into(doc: dict[str, Any], cid: str, cells: list[tuple[int, int, str]]) -> dict[str, Any]:
    doc["setup"]["cards"][cid] = {
        "cells": [{"x": x, "y": y, "face": f} for x, y, f in cells],
        "points": 4,
    }
    return doc


def test_warning_and_incomplete_record() -> None:
    """A warning (KUH-CARDDEF-7) does not hide an incomplete record (REC-END-2)."""
    doc = _card("C9", [(x, 0, "hay") for x in range(6)], points=9)
    doc["moves"].pop()
    result = verify(doc)
    assert result.status == "incomplete"
    assert_finding(result, "REC-END-2", "/moves")
    assert_finding(result, "KUH-CARDDEF-7", "/setup/cards/C9/cells")
