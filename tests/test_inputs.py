"""Every entry point checks its input (issue 11 §4): import-map, show --at, positions without
players, claims naming a non-player."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from scorer.cli import app
from tests.conftest import assert_finding, assert_rejects, load_fixture, verify

runner = CliRunner()

#: A tiny .haz file (spec §3.5): codes 6 and 7 (rocks / mountain by default), a market, pampas.
HAZ = (
    "\r\n".join(
        [
            "[Control]",
            "Version=GRHIG0101",
            "ColCount=3",
            "RowCount=5",
            "Author=A. Tester",
            "MapName=Tiny",
            "MapVersion=1",
            "[Hex]",
            "1=2",
            "3=9",
            "100=6",
            "102=3",
            "104=2",
            "201=10",
            "203=7",
        ]
    )
    + "\r\n"
)


@pytest.fixture
def haz(tmp_path: Path) -> Path:
    path = tmp_path / "TinyMap.haz"
    path.write_text(HAZ, encoding="utf-8")
    return path


def imported(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["import-map", *args])
    assert result.exit_code == 0, result.output
    doc: dict[str, object] = orjson.loads(result.stdout)
    return doc


def kinds(doc: dict[str, object]) -> list[str]:
    spaces = doc["spaces"]
    assert isinstance(spaces, list)
    return sorted(s["t"] for s in spaces)


def test_import_map_defaults(haz: Path) -> None:
    doc = imported(str(haz))
    assert (doc["id"], doc["name"], doc["author"]) == ("haz-tiny-map", "Tiny", "A. Tester")
    assert "license" not in doc


def test_import_map_name_sets_the_name_not_the_id(haz: Path) -> None:
    doc = imported(str(haz), "--name", "Club map 3")
    assert (doc["id"], doc["name"]) == ("haz-tiny-map", "Club map 3")


def test_import_map_id_author_and_license(haz: Path) -> None:
    doc = imported(str(haz), "--id", "club-3", "--author", "Ann", "--license", "CC BY 4.0")
    assert (doc["id"], doc["author"], doc["license"]) == ("club-3", "Ann", "CC BY 4.0")
    assert list(doc) == ["id", "name", "author", "license", "spaces"]  # canonical order


def test_import_map_rocks_code_swaps_rocks_and_mountain(haz: Path) -> None:
    default = imported(str(haz))
    swapped = imported(str(haz), "--rocks", "7")
    spaces_d = {(s["q"], s["r"]): s["t"] for s in default["spaces"]}  # type: ignore[attr-defined]
    spaces_s = {(s["q"], s["r"]): s["t"] for s in swapped["spaces"]}  # type: ignore[attr-defined]
    swap = {"rocks": "mountain", "mountain": "rocks"}
    assert {c: swap.get(t, t) for c, t in spaces_d.items()} == spaces_s
    assert "rocks" in spaces_d.values() and "mountain" in spaces_d.values()


def test_import_map_rocks_code_must_be_6_or_7(haz: Path) -> None:
    result = runner.invoke(app, ["import-map", str(haz), "--rocks", "5"])
    assert result.exit_code == 2


def test_show_at_beyond_the_record_is_a_usage_error() -> None:
    path = "fixtures/harmonies/valid/2p-side-a.json"
    moves = len(load_fixture("harmonies/valid/2p-side-a.json")["moves"])
    ok = runner.invoke(app, ["show", path, "--at", str(moves)])
    assert ok.exit_code == 0, ok.output
    beyond = runner.invoke(app, ["show", path, "--at", str(moves + 1)])
    assert beyond.exit_code == 2
    assert f"has {moves} moves" in beyond.stderr and not beyond.stdout


def test_citrus_position_without_players_is_CIT_SETUP_1() -> None:
    doc = load_fixture("citrus/valid/position-17-1.json")
    doc["players"] = []
    result = verify(doc)
    assert_rejects(result, "CIT-SETUP-1", "/players")
    assert result.status == "impossible"
    assert all(f.rule != "REC-INTERNAL-1" for f in result.findings)


@pytest.mark.parametrize(
    ("fixture", "claim", "pointer"),
    [
        ("hacienda/valid/2p-demo-standard.json", ("money", "Zed", 3), "/claimed/money/Zed"),
        ("hacienda/valid/2p-demo-standard.json", ("scores", "Zed", 3), "/claimed/scores/Zed"),
        (
            "kuhfstein/valid/sim-2p-seed1.json",
            ("tiles_placed", "Zed", 3),
            "/claimed/tiles_placed/Zed",
        ),
        ("harmonies/valid/solo.json", ("suns", "Zed", 3), "/claimed/suns/Zed"),
        ("citrus/valid/sim-2p.json", ("scores", "Zed", 3), "/claimed/scores/Zed"),
    ],
)
def test_claim_naming_a_non_player_is_REC_CLAIM_1(
    fixture: str, claim: tuple[str, str, int], pointer: str
) -> None:
    doc = load_fixture(fixture)
    member, name, value = claim
    doc.setdefault("claimed", {}).setdefault(member, {})[name] = value
    result = verify(doc)
    assert_finding(result, "REC-CLAIM-1", pointer)
    assert result.status == "mismatch"
    assert {f.rule for f in result.findings if f.is_error} == {"REC-CLAIM-1"}
