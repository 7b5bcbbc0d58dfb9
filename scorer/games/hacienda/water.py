"""Water tiles (rules/hacienda.md §6.5): connectivity, the 12 symmetries of the grid, and the
placement checks of ``buy_water`` (HAC-WATER-1 … HAC-WATER-4) used by its step handler."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from scorer.core.words import plural
from scorer.games.hacienda.board import PAMPAS, bad, step_space, where
from scorer.grid.hexgrid import neighbours, rotate_cw
from scorer.grid.regions import connected_groups

if TYPE_CHECKING:
    from scorer.games.hacienda.state import TurnDraft, WaterShape
    from scorer.games.hacienda.steps import BuyWaterStep

Hex = tuple[int, int]


def is_connected(cells: Sequence[Hex]) -> bool:
    """True if the cells form one connected group (by hex adjacency)."""
    return len(connected_groups(cells, neighbours)) == 1


def _transforms(cells: Iterable[Hex]) -> Iterable[list[Hex]]:
    base = list(cells)
    for mirror in (False, True):
        cur = [(r, q) for q, r in base] if mirror else base
        for _ in range(6):
            yield cur
            cur = [rotate_cw(c) for c in cur]


def canonical_form(cells: Iterable[Hex]) -> tuple[Hex, ...]:
    """The smallest translated form over the twelve symmetries (rotations, reflection)."""
    best: tuple[Hex, ...] | None = None
    cells = list(cells)
    if not cells:
        return ()
    for variant in _transforms(cells):
        q0 = min(q for q, _ in variant)
        r0 = min(r for _, r in variant)
        form = tuple(sorted((q - q0, r - r0) for q, r in variant))
        if best is None or form < best:
            best = form
    return best or ()


def water_target(draft: TurnDraft, step: BuyWaterStep, at: int) -> list[int]:
    """The spaces of a water tile: HAC-REC-2, HAC-WATER-1, HAC-WATER-2, HAC-WATER-3."""
    board = draft.game.board
    spaces = [step_space(board, c, ("steps", at, "cells", k)) for k, c in enumerate(step["cells"])]
    cost = draft.game.opts.water_cost
    money = draft.money[draft.seat]
    # HAC-WATER-1: enough pesos
    if money < cost:
        raise bad(
            "HAC-WATER-1",
            f"a water tile costs {plural(cost, 'peso')}, the player has {money}",
            ("steps", at),
            cost,
            money,
        )
    coords = [board.coords[sp] for sp in spaces]
    # HAC-WATER-2: 1-4 distinct cells in one connected group
    if not 1 <= len(spaces) <= 4 or len(set(spaces)) != len(spaces) or not is_connected(coords):
        raise bad(
            "HAC-WATER-2",
            "a water tile covers 1 to 4 distinct connected spaces",
            ("steps", at, "cells"),
            "1-4 connected cells",
            [list(c) for c in coords],
        )
    cells = draft.cells
    for k, sp in enumerate(spaces):
        # HAC-WATER-3: every cell an empty pampas space
        if board.types[sp] != PAMPAS or cells[sp] != 0:
            raise bad(
                "HAC-WATER-3",
                f"{where(board, sp)} is not an empty pampas space",
                ("steps", at, "cells", k),
            )
    return spaces


def pick_shape(shapes: Iterable[WaterShape], cells: Iterable[Hex], name: str | None) -> int | None:
    """The index of the first listed shape left that ``cells`` form (and ``name`` names)."""
    form = canonical_form(cells)
    return next(
        (
            k
            for k, sh in enumerate(shapes)
            if sh.form == form and sh.count > 0 and (name is None or name == sh.shape)
        ),
        None,
    )
