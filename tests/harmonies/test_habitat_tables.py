"""The side rotation tables the referee matches habitats with (``board.rotations_on``) agree
with the cell-keyed placements (``board.matching_rotations``) on every card, cell and side."""

from __future__ import annotations

import random

import pytest

from scorer.games.harmonies.board import (
    HABITATS,
    LEGAL_STACKS,
    SIDE_CELLS,
    Cell,
    Stack,
    matching_rotations,
    placements,
    rotations_on,
)

STACKS: list[Stack] = [(), *sorted(LEGAL_STACKS)]


def _agree(side: str, board: dict[Cell, Stack]) -> int:
    """Check every card on every cell of ``board``; return the number of matches seen."""
    cells = SIDE_CELLS[side]
    vector = [board.get(c, ()) for c in cells]
    seen = 0
    for card in HABITATS:
        for number, cell in enumerate(cells):
            want = matching_rotations(side, card, cell, board)
            assert rotations_on(side, card, number, vector) == want, (side, card, cell)
            seen += len(want)
    return seen


@pytest.mark.parametrize("side", sorted(SIDE_CELLS))
def test_rotations_on_agrees_on_random_boards(side: str) -> None:
    rng = random.Random(7)
    seen = 0
    for _ in range(30):
        pool = rng.sample(STACKS, 4)  # few kinds of stack, so that habitats do match
        board = {c: s for c in SIDE_CELLS[side] if (s := rng.choice(pool))}
        seen += _agree(side, board)
    assert seen > 0


@pytest.mark.parametrize("side", sorted(SIDE_CELLS))
def test_rotations_on_finds_every_planted_habitat(side: str) -> None:
    cells = SIDE_CELLS[side]
    for card in HABITATS:
        for cell, fits in placements(side, card).items():
            for k, placed in fits:
                board = {c: min(accepted) for c, accepted in placed}
                vector = [board.get(c, ()) for c in cells]
                assert k in rotations_on(side, card, cells.index(cell), vector), (card, cell, k)


def test_rotations_on_off_the_side_or_unknown_card_is_empty() -> None:
    vector: list[Stack] = [("blue",)] * len(SIDE_CELLS["A"])
    assert rotations_on("A", "frog", None, vector) == []
    assert rotations_on("A", "no_such_card", 0, vector) == []


def test_every_rotation_starts_with_the_cube_cell() -> None:
    """``side_habitats`` reads the cube cell's stacks from the first cell of rotation 0."""
    for habitat in HABITATS.values():
        firsts = {rotated[0] for rotated in habitat.rotations}
        assert len(firsts) == 1
        assert next(iter(firsts))[:2] == (0, 0)
