"""The turn (rules/hacienda.md §5-§6): the driver and one ``step_<kind>`` per ``do`` value.

``apply_move`` opens a :class:`TurnDraft` of the state, runs the steps in order (turn limits,
then HAC-REC-2, then the step's own checks as guard clauses) and ends the turn
(``events.end_turn``); the new state shares every untouched part with the old one. A handler
raises ``RuleViolation(rule, msg, ("steps", at, field))``, relative to the move object; a
violation discards the whole draft, so a write may come before a later check of the same step.
The steps that buy are here, the steps that put a tile on the board in ``placing``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorer.core.draft import StepHandler
from scorer.core.errors import RuleViolation
from scorer.core.values import Move
from scorer.core.words import article, plural
from scorer.games.hacienda.board import bad, step_space, where
from scorer.games.hacienda.events import (
    ANIMAL_INDEX,
    LAND_INDEX,
    check_income,
    draw_card,
    end_turn,
    gain_card,
    pile_size,
    refill_display,
)
from scorer.games.hacienda.placing import step_buy_water, step_play_animal, step_play_land
from scorer.games.hacienda.state import LAND, State, TurnDraft, is_animal_of
from scorer.games.hacienda.steps import BuyCardStep, BuyHaciendaStep, HarvestStep, Step, as_turn
from scorer.grid.regions import label_group

LIMITED = {"buy_hacienda": "HAC-TURN-5", "buy_water": "HAC-TURN-6", "harvest": "HAC-TURN-7"}
PRICE = {"display": 3, "pile": 2}


def step_buy_card(draft: TurnDraft, step: BuyCardStep, at: int) -> None:
    """§6.1: buy a card from a display (with its refill) or blind from the pile."""
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
    if source == "display":
        display = draft.land_display if deck == "land" else draft.animal_display
        # HAC-BUY-2: the card lies in the display
        if display[c] <= 0:
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
    _pay(draft, PRICE[source], at)
    if source == "pile":
        draw_card(draft, deck, card, ("steps", at, "card"), into_hand=True)
        return
    gain_card(draft, deck, c, into_hand=True)
    if deck == "land":
        draft.land_display = draft.land_display.set(c, draft.land_display[c] - 1)
    else:
        draft.animal_display = draft.animal_display.set(c, draft.animal_display[c] - 1)
    refill_display(draft, deck, refill, at)


def _pay(draft: TurnDraft, price: int, at: int) -> None:
    """HAC-MONEY-1: the player to move pays ``price`` for a card."""
    money = draft.money[draft.seat]
    # HAC-MONEY-1: enough pesos for the price
    if money < price:
        raise RuleViolation(
            "HAC-MONEY-1",
            f"the card costs {plural(price, 'peso')}, the player has {money}",
            ("steps", at),
            {"expected": price, "found": money},
        )
    draft.money = draft.money.set(draft.seat, money - price)


def step_buy_hacienda(draft: TurnDraft, step: BuyHaciendaStep, at: int) -> None:
    """§6.4: a neutral hacienda on an own chain or herd."""
    board, opts, seat, path = draft.game.board, draft.game.opts, draft.seat, ("steps", at, "at")
    space = step_space(board, step["at"], path)
    cost, money = opts.hacienda_cost, draft.money[seat]
    # HAC-HAC-1: a neutral hacienda is left
    if draft.haciendas_left <= 0:
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
    code = draft.cells[space]
    # HAC-HAC-3: on an own land or animal tile
    if code != LAND + seat and not is_animal_of(code, seat):
        raise bad("HAC-HAC-3", f"{where(board, space)} carries no tile of the player", path)
    members = label_group(space, draft.cells, board.neighbours)
    # HAC-HAC-4: no hacienda on that chain or herd yet
    if not draft.haciendas.isdisjoint(members):
        raise bad("HAC-HAC-4", f"the group at {where(board, space)} already has a hacienda", path)
    # HAC-HAC-5: the group is large enough
    if len(members) < opts.hacienda_min_group:
        raise bad(
            "HAC-HAC-5",
            f"the group at {where(board, space)} has "
            f"{plural(len(members), 'tile')}, a hacienda needs "
            f"{opts.hacienda_min_group}",
            path,
            opts.hacienda_min_group,
            len(members),
        )
    draft.money = draft.money.set(seat, money - cost)
    draft.haciendas_left -= 1
    draft.haciendas = draft.haciendas | {space}


def step_harvest(draft: TurnDraft, step: HarvestStep, at: int) -> None:
    """§6.6: a harvest chip on an own chain; 3 pesos per tile."""
    board, opts, seat, path = draft.game.board, draft.game.opts, draft.seat, ("steps", at, "at")
    space = step_space(board, step["at"], path)
    take = step.get("take_from")
    source = None if take is None else step_space(board, take, ("steps", at, "take_from"))
    cells = draft.cells
    # HAC-HARV-1: an own land tile
    if cells[space] != LAND + seat:
        raise bad("HAC-HARV-1", f"{where(board, space)} carries no land tile of the player", path)
    chain = label_group(space, cells, board.neighbours)
    # HAC-HARV-2: no chip on the chain
    if not draft.chips.isdisjoint(chain):
        message = f"the chain at {where(board, space)} already carries a harvest chip"
        raise bad("HAC-HARV-2", message, path)
    # HAC-HARV-3: the chain is long enough
    if len(chain) < opts.harvest_min_chain:
        raise bad(
            "HAC-HARV-3",
            f"the chain has {plural(len(chain), 'tile')}, harvesting needs "
            f"{opts.harvest_min_chain}",
            path,
            opts.harvest_min_chain,
            len(chain),
        )
    _place_chip(draft, space, source, at)
    income = 3 * len(chain)
    draft.money = draft.money.set(seat, draft.money[seat] + income)
    if "income" in step:
        check_income(draft, step["income"], at, income, "HAC-HARV-6")


def _place_chip(draft: TurnDraft, space: int, source: int | None, at: int) -> None:
    """The chip of a harvest on ``space``: from the supply, or taken from ``source``."""
    if draft.chips_left > 0:
        # HAC-HARV-4: the chip comes from the supply
        if source is not None:
            raise bad(
                "HAC-HARV-4",
                "the chip supply is not empty; take_from is not allowed",
                ("steps", at, "take_from"),
            )
        draft.chips_left -= 1
        draft.chips = draft.chips | {space}
        return
    # HAC-HARV-5: take a chip lying on another player's land
    if source is None:
        raise bad(
            "HAC-HARV-5",
            "the chip supply is empty; name the chip taken in take_from",
            ("steps", at),
        )
    owner = draft.cells[source] - LAND
    if source not in draft.chips or not 0 <= owner < len(draft.game.names) or owner == draft.seat:
        raise bad(
            "HAC-HARV-5",
            f"{where(draft.game.board, source)} carries no harvest chip on another player's "
            "land tile",
            ("steps", at, "take_from"),
        )
    draft.chips = (draft.chips - {source}) | {space}


HANDLERS: Mapping[str, StepHandler[TurnDraft]] = {
    "buy_card": step_buy_card,
    "buy_hacienda": step_buy_hacienda,
    "play_land": step_play_land,
    "play_animal": step_play_animal,
    "buy_water": step_buy_water,
    "harvest": step_harvest,
}


def apply_move(state: State, move: Move) -> State:
    """One turn object: its steps in order, then the end of the turn (§5, §6.7, §7)."""
    draft = TurnDraft(state)
    steps = as_turn(move)["steps"]
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


def skip_move(state: State) -> State:
    """Pass over a rejected turn: the next seat moves."""
    return end_turn(TurnDraft(state))


def apply_steps(state: State, steps: Sequence[Step]) -> State:
    """The state inside a turn after ``steps`` (checked), before the turn ends (simulator)."""
    draft = TurnDraft(state)
    for at, step in enumerate(steps):
        HANDLERS[step["do"]](draft, step, at)
    return draft.done()
