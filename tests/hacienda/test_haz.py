"""The .haz importer (rules/hacienda.md §3.5, §3.6, §12 E15) and the shipped map catalogue."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from scorer.games.hacienda.board import parse_map
from scorer.games.hacienda.catalog import LANZA_AUTHOR, LANZA_LICENSE, shipped_ids, shipped_map
from scorer.games.hacienda.haz import HazFormatError, export_haz, import_haz, map_id_for, name_for
from scorer.reading.loading import parse
from tests.conftest import ROOT

HAZ_DIR = Path(ROOT).parent / "shared" / "data" / "hacienda" / "haz-maps"
HAZ_FILES = sorted(HAZ_DIR.glob("*.haz")) if HAZ_DIR.is_dir() else []
needs_maps = pytest.mark.skipif(not HAZ_FILES, reason="../shared/data/hacienda/haz-maps absent")

TINY = (
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
            "100=1",
            "102=3",
            "104=2",
            "201=10",
            "203=7",
        ]
    )
    + "\r\n"
)


def _spaces(data: dict[str, object]) -> dict[tuple[int, int], str]:
    spaces = data["spaces"]
    assert isinstance(spaces, list)
    return {(s["q"], s["r"]): s["t"] for s in spaces}


def test_e15_tiny_file() -> None:
    """§12 E15: the six spaces, market M1 at (0,0) and its three neighbours."""
    data = import_haz(TINY, "Tiny.haz")
    assert _spaces(data) == {
        (1, 0): "pampas",
        (0, 0): "market",
        (0, 1): "meadow",
        (-1, 1): "pampas",
        (0, 2): "water",
        (-1, 2): "mountain",
    }
    assert data["spaces"][0] == {"q": 0, "r": 0, "t": "market", "id": "M1"}
    assert (data["id"], data["name"], data["author"]) == ("haz-tiny", "Tiny", "A. Tester")
    assert "license" not in data
    board = parse_map(data, ("map",))
    market = board.index[(0, 0)]
    assert sorted(board.coords[n] for n in board.neighbours[market]) == [(-1, 1), (0, 1), (1, 0)]
    assert _spaces(import_haz(TINY, "Tiny.haz", seven_is_rocks=True))[(-1, 2)] == "rocks"


@pytest.mark.parametrize(
    ("text", "rule", "line"),
    [
        (TINY.replace("203=7", "203=8"), "HAC-HAZ-5", 15),
        (TINY + "101=2\r\n", "HAC-HAZ-4", 16),
        (TINY + "106=2\r\n", "HAC-HAZ-3", 16),
        (TINY + "102=2\r\n", "HAC-HAZ-3", 16),
        (TINY + "1a=2\r\n", "HAC-HAZ-3", 16),
        (TINY + "301=2\r\n", "HAC-HAZ-3", 16),
        (TINY.replace("RowCount=5\r\n", ""), "HAC-HAZ-2", 1),
        (TINY.replace("RowCount=5", "RowCount=101"), "HAC-HAZ-2", 4),
        (TINY.replace("ColCount=3", "ColCount=0"), "HAC-HAZ-2", 3),
        (TINY.replace("ColCount=3", "ColCount=three"), "HAC-HAZ-2", 3),
        (TINY.replace("Version=GRHIG0101", "ColCount=3"), "HAC-HAZ-2", 3),
        (TINY.replace("[Hex]", "[Other]"), "HAC-HAZ-1", 15),
        ("junk\r\n" + TINY, "HAC-HAZ-1", 1),
        (TINY.replace("MapVersion=1", "MapVersion 1"), "HAC-HAZ-1", 7),
        (TINY.replace("3=9", "3=2"), "HAC-MAP-4", 15),
        # absurd numbers: refused by their rule, never converted (issue 23)
        (TINY.replace("ColCount=3", "ColCount=" + "9" * 5000), "HAC-HAZ-2", 3),
        (TINY.replace("ColCount=3", "ColCount=" + str(10**30)), "HAC-HAZ-2", 3),
        (TINY.replace("RowCount=5", "RowCount=" + "1" * 5000), "HAC-HAZ-2", 4),
        (TINY + "9" * 5000 + "=2\r\n", "HAC-HAZ-3", 16),
        (TINY + str(10**30) + "=2\r\n", "HAC-HAZ-3", 16),
        (TINY.replace("203=7", "203=" + "7" * 5000), "HAC-HAZ-5", 15),
        (TINY.replace("203=7", f"203={10**30}"), "HAC-HAZ-5", 15),
    ],
)
def test_malformed_files_name_rule_and_line(text: str, rule: str, line: int) -> None:
    """§12 E15 and §3.5 steps 1-8: the first failure with its line number."""
    with pytest.raises(HazFormatError) as info:
        import_haz(text, "Tiny.haz")
    assert (info.value.rule, info.value.line) == (rule, line)
    assert isinstance(info.value, ValueError) and info.value.message


def test_tolerant_reading() -> None:
    """BOM, LF/CR line ends, comments, blank lines, other sections, case-insensitive names."""
    text = "\ufeff; a comment\n\n[other]\nx\n[CONTROL]\ncolcount = 3\nROWCOUNT=5\r[hex]\n1=2\n3=9\n"
    data = import_haz(text, "some dir/KnifeFight.haz")
    assert (data["id"], data["name"]) == ("haz-knife-fight", "Knife Fight")
    assert len(data["spaces"]) == 2


def test_ids_and_names_from_file_names() -> None:
    assert map_id_for("FourKingdomsRedux.haz") == "haz-four-kingdoms-redux"
    assert map_id_for("Peas and_Carrots2X.haz") == "haz-peas-and-carrots2-x"
    assert name_for("KnifeFight.haz") == "Knife Fight"


@needs_maps
def test_all_63_files_import_and_match_the_catalogue() -> None:
    """§3.6: every file imports, passes the map checks, round-trips, equals the shipped copy."""
    assert len(HAZ_FILES) == 63
    for path in HAZ_FILES:
        text = path.read_text(encoding="utf-8")
        data = import_haz(text, path.name, author=LANZA_AUTHOR, license=LANZA_LICENSE)
        assert data == shipped_map(str(data["id"])), path.name
        board = parse_map(data, ("map",))
        assert board.canonical() == data
        # round trip: inverse formula reproduces every key with a code other than 1
        lines = [ln for ln in text.splitlines() if "=" in ln]
        control = dict(ln.split("=", 1) for ln in lines if not ln[0].isdigit())
        codes = {int(k): int(v) for k, v in (ln.split("=", 1) for ln in lines if ln[0].isdigit())}
        width = int(control["RowCount"])
        assert export_haz(data, width, int(control["ColCount"])) == {
            k: v for k, v in codes.items() if v != 1
        }
    assert len(shipped_ids()) == 64


@needs_maps
def test_catalogue_table_rows() -> None:
    """§3.6 table (a sample of rows): spaces, pampas, markets, water, M1."""
    expected = {
        "demo-7x6": (42, 23, 2, 1, (1, 2)),
        "haz-bait": (277, 167, 11, 7, (1, 0)),
        "haz-planetary": (623, 466, 21, 5, (14, 3)),
        "haz-seed": (386, 293, 49, 7, (18, 0)),
        "haz-irrigate": (319, 210, 18, 8, (-1, 1)),
        "haz-knife-fight": (475, 343, 18, 8, (15, 3)),
    }
    for map_id, (spaces, pampas, markets, water, m1) in expected.items():
        data = shipped_map(map_id)
        assert data is not None
        kinds = Counter(s["t"] for s in data["spaces"])
        first = next(s for s in data["spaces"] if s.get("id") == "M1")
        assert (
            len(data["spaces"]),
            kinds["pampas"],
            kinds["market"],
            kinds["water"],
            (first["q"], first["r"]),
        ) == (spaces, pampas, markets, water, m1)
    knife = shipped_map("haz-knife-fight")
    assert knife is not None and knife["author"] == "M. Lanza" and knife["license"] == "CC BY 4.0"


@needs_maps
def test_bait_and_editorial_facts() -> None:
    """§12 E15: Bait key 1 → mountain (17,0); Editorial 14 rocks / 23 mountain (or swapped)."""
    bait = import_haz((HAZ_DIR / "Bait.haz").read_text(), "Bait.haz")
    assert _spaces(bait)[(17, 0)] == "mountain"
    text = (HAZ_DIR / "Editorial.haz").read_text()
    kinds = Counter(_spaces(import_haz(text, "Editorial.haz")).values())
    assert (kinds["rocks"], kinds["mountain"]) == (14, 23)
    swapped = Counter(_spaces(import_haz(text, "Editorial.haz", seven_is_rocks=True)).values())
    assert (swapped["rocks"], swapped["mountain"]) == (23, 14)


def test_credit_file_ships_with_the_maps() -> None:
    folder = ROOT / "scorer" / "games" / "hacienda" / "maps"
    assert "M. Lanza" in (folder / "CREDITS.md").read_text()
    assert "Attribution 4.0" in (folder / "LICENSE.md").read_text()
    assert parse((folder / "demo-7x6.json").read_bytes())["id"] == "demo-7x6"
