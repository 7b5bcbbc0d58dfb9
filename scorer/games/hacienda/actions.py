"""The turn (rules/hacienda.md §5-§6): the driver and one ``step_<kind>`` per ``do`` value.

``apply_move`` opens a :class:`scorer.core.persist.Draft` of the state, runs the steps in order
(turn limits, then HAC-REC-2, then the step's own checks as guard clauses) and ends the turn
(``events.end_turn``); the new state shares every untouched part with the old one. A handler
raises ``RuleViolation(rule, msg, ("steps", at, field))``, relative to the move object.
A handler reads the numbers it changes from ``draft["tally"]`` (layout in ``state``) and
writes them back with one ``mset``; a violation discards the whole draft, so a write may come
before a later check of the same step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from scorer.core.errors import RuleViolation
from scorer.core.gamebase import StepHandler
from scorer.core.persist import Draft
from scorer.core.words import article, plural
from scorer.games.hacienda.board import ANIMALS, LAND_CARDS, PAMPAS, bad, step_space, where
from scorer.games.hacienda.events import (
    ANIMAL_INDEX,
    DISPLAY_AT,
    LAND_INDEX,
    check_income,
    draw_card,
    end_turn,
    pile_size,
    refill_display,
)
from scorer.games.hacienda.scoring import market_income
from scorer.games.hacienda.state import (
    A_HAND,
    ANIMAL,
    CHIPS_LEFT,
    FREE,
    HACIENDAS_LEFT,
    L_DISCARD,
    LAND,
    LAND_TILES,
    MAX_ANIMAL_TILES,
    MAX_LAND_TILES,
    MONEY,
    PIECES,
    SEAT_SIZE,
    SEATS,
    TILES,
    WATER,
    WATER_LEFT,
    HaciendaState,
    is_animal_of,
)
from scorer.games.hacienda.water import pick_shape, water_target
from scorer.grid.regions import label_group

Step = Mapping[str, Any]
LIMITED = {"buy_hacienda": "HAC-TURN-5", "buy_water": "HAC-TURN-6", "harvest": "HAC-TURN-7"}
PRICE = {"display": 3, "pile": 2}


def step_buy_card(draft: Draft[HaciendaState], step: Step, at: int) -> None:
    """§6.1: buy a card from a display (with its refill) or blind from the pile."""
    seat = draft.base.seat
    deck, source, card = step["deck"], step["from"], step["card"]
    vocab = LAND_INDEX if deck == "land" else ANIMAL_INDEX
    refill = step.get("refill")
    # HAC-BUY-1: card and refill belong to the deck
    if card not in vocab or (refill is not None and refill not in vocab):
        key, name = ("card", card) if card not in vocab else ("refill", refill)
        raise RuleViolation(
            "HAC-BUY-1",
            f"{name} is not {article(deck)} card",
            ("steps", at, key),
            {"expected": f"{article(deck)} card", "found": name},
        )
    c = vocab[card]
    display = DISPLAY_AT[deck] + c
    if source == "display":
        # HAC-BUY-2: the card lies in the display
        if draft["tally"][display] <= 0:
            raise RuleViolation(
                "HAC-BUY-2",
                f"no {card} lies in the {deck} display",
                ("steps", at, "card"),
                {"found": card},
            )
    elif pile_size(draft, deck) == 0:
        # HAC-BUY-3: the pile is not empty
        raise RuleViolation(
            "HAC-BUY-3",
            f"the {deck} pile is empty",
            ("steps", at, "from"),
            {"expected": "a card in the pile", "found": 0},
        )
    price = PRICE[source]
    tally = draft["tally"]  # after pile_size: a land reshuffle changes it
    purse = SEATS + SEAT_SIZE * seat
    money = tally[purse + MONEY]
    # HAC-MONEY-1: enough pesos for the price
    if money < price:
        raise RuleViolation(
            "HAC-MONEY-1",
            f"the card costs {plural(price, 'peso')}, the player has {money}",
            ("steps", at),
            {"expected": price, "found": money},
        )
    hand = purse + (c if deck == "land" else A_HAND + c)
    if source == "pile":
        draft["tally"] = tally.set(purse + MONEY, money - price)
        draw_card(draft, deck, card, ("steps", at, "card"), hand)
        return
    draft["tally"] = tally.mset(
        purse + MONEY, money - price, hand, tally[hand] + 1, display, tally[display] - 1
    )
    refill_display(draft, deck, refill, at)


def step_buy_hacienda(draft: Draft[HaciendaState], step: Step, at: int) -> None:
    """§6.4: a neutral hacienda on an own chain or herd."""
    s = draft.base
    board, seat, path = s.board, s.seat, ("steps", at, "at")
    space = step_space(board, step["at"], path)
    cost = s.opts.hacienda_cost
    tally = draft["tally"]
    purse = SEATS + SEAT_SIZE * seat + MONEY
    money, left = tally[purse], tally[HACIENDAS_LEFT]
    # HAC-HAC-1: a neutral hacienda is left
    if left <= 0:
        raise bad("HAC-HAC-1", "no neutral hacienda is left in the supply", ("steps", at), 1, 0)
    # HAC-HAC-2: enough pesos
    if money < cost:
        raise bad(
            "HAC-HAC-2",
            f"a hacienda costs {plural(cost, 'peso')}, the player has {money}",
            ("steps", at),
            cost,
            money,
        )
    cells = draft["cells"]
    code = cells[space]
    # HAC-HAC-3: on an own land or animal tile
    if code != LAND + seat and not is_animal_of(code, seat):
        raise bad("HAC-HAC-3", f"{where(board, space)} carries no tile of the player", path)
    members = label_group(space, cells, board.neighbours)
    haciendas = draft["haciendas"]
    # HAC-HAC-4: no hacienda on that chain or herd yet
    if not haciendas.isdisjoint(members):
        raise bad("HAC-HAC-4", f"the group at {where(board, space)} already has a hacienda", path)
    # HAC-HAC-5: the group is large enough
    if len(members) < s.opts.hacienda_min_group:
        raise bad(
            "HAC-HAC-5",
            f"the group at {where(board, space)} has "
            f"{plural(len(members), 'tile')}, a hacienda needs "
            f"{s.opts.hacienda_min_group}",
            path,
            s.opts.hacienda_min_group,
            len(members),
        )
    draft["tally"] = tally.mset(purse, money - cost, HACIENDAS_LEFT, left - 1)
    draft["haciendas"] = haciendas | {space}


def step_play_land(draft: Draft[HaciendaState], step: Step, at: int) -> None:
    """§6.2: a land card played as a land tile."""
    s = draft.base
    board, seat, path = s.game.board, s.seat, ("steps", at, "at")
    space = step_space(board, step["at"], path)
    card = LAND_INDEX.get(step["card"], -1)
    tally = draft["tally"]
    hand = SEATS + SEAT_SIZE * seat + card
    # HAC-LAND-1: the card is in hand
    if card < 0 or tally[hand] <= 0:
        raise bad(
            "HAC-LAND-1", f"the player holds no {step['card']} land card", ("steps", at, "card")
        )
    tiles = tally[LAND_TILES]
    # HAC-LAND-6: a land tile is left
    if tiles >= MAX_LAND_TILES:
        raise bad("HAC-LAND-6", "all 80 land tiles are on the board", ("steps", at), "< 80", tiles)
    kind = board.types[space]
    cells = draft["cells"]
    # HAC-LAND-2: the space is empty
    if kind > PAMPAS or cells[space] != 0:
        raise bad("HAC-LAND-2", f"{where(board, space)} is not empty", path)
    as_pampas = card == PAMPAS or tally[FREE + card] == 0
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
    if as_pampas:
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
        own = LAND + seat
        for n in board.neighbours[space]:
            if cells[n] == own:
                break
        else:
            raise bad(
                "HAC-LAND-5", f"{where(board, space)} touches no land tile of the player", path
            )
    discard, empty = L_DISCARD + card, FREE + kind
    draft["tally"] = tally.mset(
        hand,
        tally[hand] - 1,
        discard,
        tally[discard] + 1,
        LAND_TILES,
        tiles + 1,
        empty,
        tally[empty] - 1,
    )
    draft["cells"] = cells.set(space, LAND + seat)


def step_play_animal(draft: Draft[HaciendaState], step: Step, at: int) -> None:
    """§6.3: an animal card played as an animal tile; adjacent markets pay."""
    s = draft.base
    board, seat, opts, path = s.game.board, s.seat, s.game.opts, ("steps", at, "at")
    space = step_space(board, step["at"], path)
    animal = ANIMAL_INDEX.get(step["card"], -1)
    tally = draft["tally"]
    purse = SEATS + SEAT_SIZE * seat
    hand = purse + A_HAND + animal
    # HAC-ANIMAL-1: the card is in hand
    if animal < 0 or tally[hand] <= 0:
        raise bad("HAC-ANIMAL-1", f"the player holds no {step['card']} card", ("steps", at, "card"))
    cells = draft["cells"]
    # HAC-ANIMAL-2: an empty pampas space
    if board.types[space] != PAMPAS or cells[space] != 0:
        raise bad("HAC-ANIMAL-2", f"{where(board, space)} is not an empty pampas space", path)
    code = ANIMAL + 4 * seat + animal
    nbrs = board.neighbours
    # HAC-ANIMAL-3: next to own land or an own tile of the same animal
    own = LAND + seat
    for n in nbrs[space]:  # a loop: all() over a generator took twice as long here
        if cells[n] == own or cells[n] == code:
            break
    else:
        raise bad(
            "HAC-ANIMAL-3",
            f"{where(board, space)} touches neither a land tile of the player "
            f"nor one of the player's {ANIMALS[animal]}",
            path,
        )
    tiles = tally[purse + TILES]
    # HAC-ANIMAL-4: an animal tile is left
    if tiles >= MAX_ANIMAL_TILES:
        raise bad(
            "HAC-ANIMAL-4",
            "the player has all 30 animal tiles on the board",
            ("steps", at),
            "< 30",
            tiles,
        )
    markets = board.markets_next[space]
    if opts.market_pay_per == "market":
        # HAC-MARKET-4: only markets the player was not connected to
        markets = tuple(
            m for m in markets if not any(is_animal_of(cells[n], seat) for n in nbrs[m])
        )
    cells = draft["cells"] = cells.set(space, code)
    income = 0
    if markets:
        # HAC-MARKET-1: every adjacent market side pays (HAC-MARKET-2/3 in market_income)
        income = market_income(cells, nbrs, space, seat, opts.market_payout, opts.market_land_count)
        income *= len(markets)
    draft["tally"] = tally.mset(
        hand,
        tally[hand] - 1,
        purse + TILES,
        tiles + 1,
        FREE + PAMPAS,
        tally[FREE + PAMPAS] - 1,
        purse + MONEY,
        tally[purse + MONEY] + income,
    )
    if "income" in step:
        check_income(draft, step, at, income, "HAC-MARKET-5")


def step_buy_water(draft: Draft[HaciendaState], step: Step, at: int) -> None:
    """§6.5: a water tile of 1-4 cells on empty pampas spaces."""
    spaces = water_target(draft, step, at)
    s = draft.base
    board, seat = s.board, s.seat
    shape_path = ("steps", at, "shape") if "shape" in step else ("steps", at, "cells")
    shapes = draft["water_shapes"]
    tally = draft["tally"]
    left = tally[WATER_LEFT]
    if shapes is None:
        # HAC-WATER-4: a tile is left (and a named shape exists)
        if left <= 0 or "shape" in step:
            raise bad(
                "HAC-WATER-4",
                "no water tile of that kind is left in the supply",
                shape_path,
                "a water tile in the supply",
                left,
            )
    else:
        pick = pick_shape(shapes, [board.coords[sp] for sp in spaces], step.get("shape"))
        # HAC-WATER-4: a tile of this shape is left
        if pick is None:
            raise bad(
                "HAC-WATER-4", "no water tile of this shape is left in the supply", shape_path
            )
        draft["water_shapes"] = shapes.set(
            pick, replace(shapes[pick], count=shapes[pick].count - 1)
        )
    cells = draft["cells"]
    # HAC-WATER-5: with the option, next to an own tile
    if s.opts.water_needs_own_neighbor and not any(
        cells[n] == LAND + seat or is_animal_of(cells[n], seat)
        for sp in spaces
        for n in board.neighbours[sp]
    ):
        raise bad(
            "HAC-WATER-5",
            "no cell touches a land or animal tile of the player",
            ("steps", at, "cells"),
        )
    purse = SEATS + SEAT_SIZE * seat + MONEY
    pieces = tally[PIECES]
    draft["cells"] = cells.mset(*(x for sp in spaces for x in (sp, WATER + pieces)))
    draft["tally"] = tally.mset(
        WATER_LEFT,
        left - 1,
        purse,
        tally[purse] - s.opts.water_cost,
        PIECES,
        pieces + 1,
        FREE + PAMPAS,
        tally[FREE + PAMPAS] - len(spaces),
    )


def step_harvest(draft: Draft[HaciendaState], step: Step, at: int) -> None:
    """§6.6: a harvest chip on an own chain; 3 pesos per tile."""
    s = draft.base
    board, seat, path = s.game.board, s.seat, ("steps", at, "at")
    space = step_space(board, step["at"], path)
    take = step.get("take_from")
    source = None if take is None else step_space(board, take, ("steps", at, "take_from"))
    cells = draft["cells"]
    # HAC-HARV-1: an own land tile
    if cells[space] != LAND + seat:
        raise bad("HAC-HARV-1", f"{where(board, space)} carries no land tile of the player", path)
    chain = label_group(space, cells, board.neighbours)
    chips = draft["chips"]
    # HAC-HARV-2: no chip on the chain
    if not chips.isdisjoint(chain):
        message = f"the chain at {where(board, space)} already carries a harvest chip"
        raise bad("HAC-HARV-2", message, path)
    # HAC-HARV-3: the chain is long enough
    if len(chain) < s.game.opts.harvest_min_chain:
        raise bad(
            "HAC-HARV-3",
            f"the chain has {plural(len(chain), 'tile')}, harvesting needs "
            f"{s.opts.harvest_min_chain}",
            path,
            s.opts.harvest_min_chain,
            len(chain),
        )
    tally = draft["tally"]
    if tally[CHIPS_LEFT] > 0:
        # HAC-HARV-4: the chip comes from the supply
        if source is not None:
            raise bad(
                "HAC-HARV-4",
                "the chip supply is not empty; take_from is not allowed",
                ("steps", at, "take_from"),
            )
        tally = tally.set(CHIPS_LEFT, tally[CHIPS_LEFT] - 1)
        chips = chips | {space}
    else:
        # HAC-HARV-5: take a chip lying on another player's land
        if source is None:
            raise bad(
                "HAC-HARV-5",
                "the chip supply is empty; name the chip taken in take_from",
                ("steps", at),
            )
        owner = cells[source] - LAND
        if source not in chips or not 0 <= owner < len(s.names) or owner == seat:
            raise bad(
                "HAC-HARV-5",
                f"{where(board, source)} carries no harvest chip on another player's land tile",
                ("steps", at, "take_from"),
            )
        chips = (chips - {source}) | {space}
    draft["chips"] = chips
    income = 3 * len(chain)
    purse = SEATS + SEAT_SIZE * seat + MONEY
    draft["tally"] = tally.set(purse, tally[purse] + income)
    if "income" in step:
        check_income(draft, step, at, income, "HAC-HARV-6")


HANDLERS: Mapping[str, StepHandler] = {
    "buy_card": step_buy_card,
    "buy_hacienda": step_buy_hacienda,
    "play_land": step_play_land,
    "play_animal": step_play_animal,
    "buy_water": step_buy_water,
    "harvest": step_harvest,
}


def apply_move(state: HaciendaState, move: Mapping[str, Any]) -> HaciendaState:
    """One turn object: its steps in order, then the end of the turn (§5, §6.7, §7)."""
    draft = Draft(state)
    steps = move["steps"]
    used: set[str] = set()
    for at, step in enumerate(steps):
        do = step["do"]
        # HAC-TURN-2: at most 3 steps
        if at >= 3:
            raise bad("HAC-TURN-2", "a turn has at most 3 actions", ("steps", 3), 3, len(steps))
        # HAC-TURN-5/6/7: once per turn
        if do in LIMITED:
            if do in used:
                raise bad(LIMITED[do], f"only one {do} per turn", ("steps", at))
            used.add(do)
        HANDLERS[do](draft, step, at)
    return end_turn(draft)


def skip_move(state: HaciendaState) -> HaciendaState:
    """Pass over a rejected turn: the next seat moves."""
    return end_turn(Draft(state))


def apply_steps(state: HaciendaState, steps: Sequence[Mapping[str, Any]]) -> HaciendaState:
    """The state inside a turn after ``steps`` (checked), before the turn ends (simulator)."""
    draft = Draft(state)
    for at, step in enumerate(steps):
        HANDLERS[step["do"]](draft, step, at)
    return draft.done()
