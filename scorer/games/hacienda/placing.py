"""The steps that put a tile on the board (rules/hacienda.md §6.2, §6.3, §6.5): a land tile, an
animal tile (with the income of the markets next to it) and a water tile.

Each is a ``step_<kind>(draft, step, at)`` of ``actions.HANDLERS``; the checks are guard clauses
in the order of the rules, and a violation discards the whole draft.
"""

from __future__ import annotations

from dataclasses import replace

from scorer.core.errors import PathPart
from scorer.core.words import article
from scorer.games.hacienda.board import ANIMALS, LAND_CARDS, PAMPAS, Board, bad, step_space, where
from scorer.games.hacienda.events import ANIMAL_INDEX, LAND_INDEX, check_income
from scorer.games.hacienda.scoring import market_income
from scorer.games.hacienda.state import (
    ANIMAL,
    LAND,
    MAX_ANIMAL_TILES,
    MAX_LAND_TILES,
    WATER,
    TurnDraft,
    is_animal_of,
    plus,
)
from scorer.games.hacienda.steps import BuyWaterStep, PlayAnimalStep, PlayLandStep
from scorer.games.hacienda.water import pick_shape, water_target


def step_play_land(draft: TurnDraft, step: PlayLandStep, at: int) -> None:
    """§6.2: a land card played as a land tile."""
    board, seat, path = draft.game.board, draft.seat, ("steps", at, "at")
    space = step_space(board, step["at"], path)
    card = LAND_INDEX.get(step["card"], -1)
    hand = draft.land_hands[seat]
    # HAC-LAND-1: the card is in hand
    if card < 0 or hand[card] <= 0:
        raise bad(
            "HAC-LAND-1", f"the player holds no {step['card']} land card", ("steps", at, "card")
        )
    # HAC-LAND-6: a land tile is left
    if draft.land_tiles >= MAX_LAND_TILES:
        raise bad(
            "HAC-LAND-6",
            "all 80 land tiles are on the board",
            ("steps", at),
            "< 80",
            draft.land_tiles,
        )
    kind = board.types[space]
    # HAC-LAND-2: the space is empty
    if kind > PAMPAS or draft.cells[space] != 0:
        raise bad("HAC-LAND-2", f"{where(board, space)} is not empty", path)
    _check_land_space(draft, board, space, card, kind, path)
    draft.land_hands = draft.land_hands.set(seat, plus(hand, card, -1))
    draft.land_discard = plus(draft.land_discard, card)
    draft.land_tiles += 1
    draft.free = plus(draft.free, kind, -1)
    draft.cells = draft.cells.set(space, LAND + seat)


def _check_land_space(
    draft: TurnDraft, board: Board, space: int, card: int, kind: int, path: tuple[PathPart, ...]
) -> None:
    """HAC-LAND-3 … 5: a terrain card on its terrain while one is empty, else on pampas next to
    an own land tile."""
    as_pampas = card == PAMPAS or draft.free[card] == 0
    # HAC-LAND-3: a terrain card goes on its terrain while one is empty
    if not as_pampas and kind != card:
        raise bad(
            "HAC-LAND-3",
            f"{where(board, space)} is {LAND_CARDS[kind]}, "
            f"{article(LAND_CARDS[card])} card goes on an empty {LAND_CARDS[card]} space",
            path,
            LAND_CARDS[card],
            LAND_CARDS[kind],
        )
    if not as_pampas:
        return
    # HAC-LAND-4: pampas (or fallback) on a pampas space
    if kind != PAMPAS:
        raise bad(
            "HAC-LAND-4",
            f"{where(board, space)} is {LAND_CARDS[kind]}; this card goes on a pampas space",
            path,
            "pampas",
            LAND_CARDS[kind],
        )
    # HAC-LAND-5: next to an own land tile
    own, cells = LAND + draft.seat, draft.cells
    for n in board.neighbours[space]:
        if cells[n] == own:
            return
    raise bad("HAC-LAND-5", f"{where(board, space)} touches no land tile of the player", path)


def step_play_animal(draft: TurnDraft, step: PlayAnimalStep, at: int) -> None:
    """§6.3: an animal card played as an animal tile; adjacent markets pay."""
    board, seat, path = draft.game.board, draft.seat, ("steps", at, "at")
    space = step_space(board, step["at"], path)
    animal = ANIMAL_INDEX.get(step["card"], -1)
    hand, tiles = draft.animal_hands[seat], draft.animal_tiles[seat]
    # HAC-ANIMAL-1: the card is in hand
    if animal < 0 or hand[animal] <= 0:
        raise bad("HAC-ANIMAL-1", f"the player holds no {step['card']} card", ("steps", at, "card"))
    cells = draft.cells
    # HAC-ANIMAL-2: an empty pampas space
    if board.types[space] != PAMPAS or cells[space] != 0:
        raise bad("HAC-ANIMAL-2", f"{where(board, space)} is not an empty pampas space", path)
    code = ANIMAL + 4 * seat + animal
    own = LAND + seat
    # HAC-ANIMAL-3: next to own land or an own tile of the same animal
    for n in board.neighbours[space]:
        if cells[n] == own or cells[n] == code:
            break
    else:
        raise bad(
            "HAC-ANIMAL-3",
            f"{where(board, space)} touches neither a land tile of the player "
            f"nor one of the player's {ANIMALS[animal]}",
            path,
        )
    # HAC-ANIMAL-4: an animal tile is left
    if tiles >= MAX_ANIMAL_TILES:
        raise bad(
            "HAC-ANIMAL-4",
            "the player has all 30 animal tiles on the board",
            ("steps", at),
            "< 30",
            tiles,
        )
    paying = _paying_markets(draft, space)
    draft.cells = cells.set(space, code)
    income = 0
    if paying:
        # HAC-MARKET-1: every adjacent market side pays (HAC-MARKET-2/3 in market_income)
        opts = draft.game.opts
        income = market_income(
            draft.cells, board.neighbours, space, seat, opts.market_payout, opts.market_land_count
        )
        income *= paying
    draft.animal_hands = draft.animal_hands.set(seat, plus(hand, animal, -1))
    draft.animal_tiles = draft.animal_tiles.set(seat, tiles + 1)
    draft.money = draft.money.set(seat, draft.money[seat] + income)
    draft.free = plus(draft.free, PAMPAS, -1)
    if "income" in step:
        check_income(draft, step["income"], at, income, "HAC-MARKET-5")


def _paying_markets(draft: TurnDraft, space: int) -> int:
    """The markets next to ``space`` that pay for an animal tile put there (before it is)."""
    board, seat = draft.game.board, draft.seat
    markets = board.markets_next[space]
    if draft.game.opts.market_pay_per != "market":
        return len(markets)
    # HAC-MARKET-4: only markets the player was not connected to
    cells, nbrs = draft.cells, board.neighbours
    return sum(1 for m in markets if not any(is_animal_of(cells[n], seat) for n in nbrs[m]))


def step_buy_water(draft: TurnDraft, step: BuyWaterStep, at: int) -> None:
    """§6.5: a water tile of 1-4 cells on empty pampas spaces."""
    spaces = water_target(draft, step, at)
    board, seat, opts = draft.game.board, draft.seat, draft.game.opts
    shape_path = ("steps", at, "shape") if "shape" in step else ("steps", at, "cells")
    shapes = draft.water_shapes
    if shapes is None:
        # HAC-WATER-4: a tile is left (and a named shape exists)
        if draft.water_left <= 0 or "shape" in step:
            raise bad(
                "HAC-WATER-4",
                "no water tile of that kind is left in the supply",
                shape_path,
                "a water tile in the supply",
                draft.water_left,
            )
    else:
        pick = pick_shape(shapes, [board.coords[sp] for sp in spaces], step.get("shape"))
        # HAC-WATER-4: a tile of this shape is left
        if pick is None:
            raise bad(
                "HAC-WATER-4", "no water tile of this shape is left in the supply", shape_path
            )
        draft.water_shapes = shapes.set(pick, replace(shapes[pick], count=shapes[pick].count - 1))
    cells = draft.cells
    # HAC-WATER-5: with the option, next to an own tile
    if opts.water_needs_own_neighbor and not any(
        cells[n] == LAND + seat or is_animal_of(cells[n], seat)
        for sp in spaces
        for n in board.neighbours[sp]
    ):
        raise bad(
            "HAC-WATER-5",
            "no cell touches a land or animal tile of the player",
            ("steps", at, "cells"),
        )
    piece = WATER + draft.pieces
    for sp in spaces:
        cells = cells.set(sp, piece)
    draft.cells = cells
    draft.water_left -= 1
    draft.money = draft.money.set(seat, draft.money[seat] - opts.water_cost)
    draft.pieces += 1
    draft.free = plus(draft.free, PAMPAS, -len(spaces))
