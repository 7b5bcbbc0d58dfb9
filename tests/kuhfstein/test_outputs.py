"""What a Kuhfstein player reads: the score table (one column per name, the scoring tile beside
its points), the explanation of cards (which covered cells got cows, which are backs) and of
scoring tiles (no cells for a condition on cards), and the picture (as large as the others,
track and total per player)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from scorer.games.citrus.picture import S as CITRUS_CELL
from scorer.games.kuhfstein.scoring import chosen_tile
from scorer.games.kuhfstein.state import State
from scorer.writing.report import render_sheet
from tests.conftest import FIXTURES, load_fixture
from tests.roles import replay_game, roles_of

GAME = roles_of("kuhfstein")

NS = "{http://www.w3.org/2000/svg}"
VALID = sorted(p.name for p in (FIXTURES / "kuhfstein" / "valid").glob("sim-*.json"))
CELL = re.compile(r"\[(-?\d+),(-?\d+)\]")


def _state(name: str) -> State:
    state = replay_game(GAME, load_fixture(f"kuhfstein/valid/{name}")).state
    assert state is not None
    return state


def _header(table: str) -> list[str]:
    head = next(line for line in table.splitlines() if "player" in line)
    return [c.strip() for c in re.split(r"[┃│|]", head) if c.strip()]


@pytest.mark.parametrize("name", VALID)
def test_score_table_has_one_scoring_tile_column_with_the_tile_beside(name: str) -> None:
    state = _state(name)
    sheet = GAME.referee.score(state)
    table = render_sheet(sheet, color=False, width=200)
    header = _header(table)
    assert len(header) == len(set(header))
    assert [c for c in header if "scoring" in c] == ["scoring_tile"]
    for i, line in enumerate(sheet.players):
        tid, met = chosen_tile(state, i)
        cell = f"{line.categories['scoring_tile']} ({tid}, {'met' if met else 'not met'})"
        row = next(r for r in table.splitlines() if r.startswith(f"│ {line.name} "))
        assert cell in row, (row, cell)


@pytest.mark.parametrize("name", [*VALID, "e19-mini-game.json"])
def test_card_items_say_which_cells_got_cows_and_which_are_backs(name: str) -> None:
    state = _state(name)
    for item in GAME.pictures.explain(state):
        if item.category != "cards":
            continue
        board = state.board(item.player)
        cid = item.text.split()[1].rstrip(":")
        card = state.comp.cards.get(cid)
        assert card is not None
        cows_part, _, back_part = item.text.partition("; back")
        placed = [
            ((int(x), int(y)), kind)
            for x, y, kind in re.findall(r"\[(-?\d+),(-?\d+)\] (\w+)", cows_part)
        ]
        backs = [(int(x), int(y)) for x, y in CELL.findall(back_part)]
        assert len(placed) == card.n_faces and f" {card.n_faces} cow" in cows_part
        assert len(backs) == len(card.cells) - card.n_faces
        assert sorted([c for c, _ in placed] + backs) == sorted(item.cells)
        for cell, kind in placed:  # a cow went onto a tile of the face's kind (KUH-PLAY-4)
            assert board.tiles[cell] == kind, (item.text, cell)
        if backs:
            assert "(no cow)" in back_part


def test_e19_card_with_a_back_cell() -> None:
    """E19: Ann plays C6 rot 270 at [0,1]: the face maps to [0,1], the back to [0,0]."""
    items = GAME.pictures.explain(_state("e19-mini-game.json"))
    c6 = next(i for i in items if i.text.startswith("card C6"))
    cows, _, back = c6.text.partition("; back")
    assert CELL.findall(cows) == [("0", "1")] and CELL.findall(back) == [("0", "0")]


def test_scoring_tile_on_cards_played_lists_no_cells_and_counts_the_cards() -> None:
    seen = 0
    for name in VALID:
        state = _state(name)
        for item in GAME.pictures.explain(state):
            if item.category != "scoring_tile":
                continue
            tid = item.text.split()[2].rstrip(":")
            if state.comp.scoring_tiles[tid].ctype != "cards_played_at_least":
                continue
            seen += 1
            assert item.cells == ()
            played = len(state.board(item.player).played)
            assert f": {played} card" in item.text and "played;" in item.text
    assert seen  # the fixtures reveal at least one such tile


@pytest.mark.parametrize("name", ["sim-3p-seed2.json", "sim-4p-seed3.json"])
def test_picture_is_large_and_shows_track_and_total(name: str) -> None:
    state = _state(name)
    sheet = GAME.referee.score(state)
    root = ET.fromstring(GAME.pictures.draw_svg(state, GAME.pictures.explain(state), None))
    tiles = [
        r
        for g in root.iter(f"{NS}g")
        if g.get("class") == "board"
        for r in g.findall(f"{NS}rect")
        if r.get("stroke") == "#555"
    ]
    assert tiles and all(float(r.get("width", 0)) >= CITRUS_CELL for r in tiles)
    panels = {g.get("data-player"): g for g in root.iter(f"{NS}g") if g.get("class") == "board"}
    assert list(panels) == list(state.names)
    for line, board in zip(sheet.players, state.boards, strict=True):
        texts = {t.get("class"): t for t in panels[line.name].iter(f"{NS}text")}
        assert texts["total"].get("data-total") == str(line.total)
        assert (texts["total"].text or "").startswith(f"{line.name}: {line.total} point")
        assert texts["track"].get("data-track") == str(board.score)
        assert (texts["track"].text or "").startswith(
            f"track {board.score} + scoring tile {line.categories['scoring_tile']}"
        )
