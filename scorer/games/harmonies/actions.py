"""The turn driver and the steps of a turn (section 6): one ``step_<kind>`` per step kind.

``apply_move`` opens a :class:`scorer.core.persist.Draft` of the state, runs the handler of each
step (``HANDLERS``, keyed by the step's ``do``), and ``events.end_turn`` checks the turn,
refills and returns the next state. Every handler has the one signature
``step_<kind>(draft, step, at)``: ``at`` is the step's index in the move, so a violation's path
(relative to the move object) starts ``("steps", at)``.

The draft's working notes (``draft.turn``) hold the move in progress: the player to move's
board as ``stacks`` (the ``PVector`` inside its ``CellMap``, indexed through ``index``) and
``filled`` (cells holding tokens), its cubes as ``cube_at`` and ``cubes`` (their number), and
its ``cards``, ``spirit`` and ``spirit_cube`` as the steps left them. They are immutable
values; ``end_turn`` puts them into the player's record once. (A second ``Draft`` of the
player, read and written through ``__getitem__``, and ``CellMap`` method calls per token cost
about twice as many instructions per step.) Also: ``hand`` (the tokens taken and not yet placed),
``took`` / ``space`` (the Central board space taken), ``took_card``, ``first`` (the
player's first turn) and ``side`` (the board side in use).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.core.errors import RuleViolation
from scorer.core.gamebase import StepHandler
from scorer.core.persist import Draft
from scorer.core.words import plural
from scorer.games.harmonies.board import (
    CARD_LIMIT,
    COLOURS,
    LEGAL_STACKS,
    TRACKS,
    Stack,
    rotations_on,
)
from scorer.games.harmonies.cellmap import INDEX
from scorer.games.harmonies.events import end_turn
from scorer.games.harmonies.state import HeldCard, State, incomplete_cards

Step = Mapping[str, Any]
#: The one shape of a step handler (the lead moves it to the core).


def begin_turn(state: State) -> Draft[State]:
    """A draft of ``state`` with the working notes of a turn of the player to move."""
    draft = Draft(state)
    player = state.players[state.seat]
    side = state.options.board_side
    board, cubes = player.board, player.cubes
    draft.turn = {
        "index": INDEX[side],
        "stacks": board.vector,
        "filled": board.size,
        "cube_at": cubes.vector,
        "cubes": cubes.size,
        "cards": player.cards,
        "spirit": player.spirit,
        "spirit_cube": player.spirit_cube,
        "hand": [],
        "took": False,
        "space": 0,
        "took_card": False,
        "first": player.turns == 0,
        "side": side,
    }
    return draft


def apply_move(state: State, move: Mapping[str, Any]) -> State:
    """Apply one turn (schema-valid): its steps, then the end of the turn. Raises
    RuleViolation (path relative to the move object)."""
    draft = begin_turn(state)
    for at, step in enumerate(move["steps"]):
        HANDLERS[step["do"]](draft, step, at)
    return end_turn(draft, move)


def apply_step(draft: Draft[State], step: Step, at: int) -> None:
    """Apply step ``at`` of a turn in progress (tests and tools step through a turn)."""
    HANDLERS[step["do"]](draft, step, at)


def skip_move(state: State, move: Mapping[str, Any]) -> State:
    """Pass over a rejected turn (``--keep-going``): the seat advances and the player's turn
    count grows; nothing else changes."""
    draft = Draft(state)
    n = len(state.players)
    player = state.players[state.seat]
    draft.vector("players")[state.seat] = player._replace(turns=player.turns + 1)
    draft["seat"] = (state.seat + 1) % n
    draft["turn"] = state.turn + 1
    draft["over"] = state.triggered and state.seat == n - 1
    return draft.done()


def step_take_tokens(draft: Draft[State], step: Step, at: int) -> None:
    """Take all tokens of one Central board space (6.2)."""
    notes = draft.turn
    space = int(step["space"])
    # HAR-TURN-2: only one take_tokens per turn
    if notes["took"]:
        raise RuleViolation("HAR-TURN-2", "tokens were already taken this turn", ("steps", at))
    central = draft["central"]
    # HAR-TAKE-1: the space exists
    if not 1 <= space <= len(central):
        raise RuleViolation(
            "HAR-TAKE-1",
            f"there is no Central board space {space} (spaces 1-{len(central)})",
            ("steps", at, "space"),
            {"expected": f"1-{len(central)}", "found": space},
        )
    tokens = central[space - 1]
    # HAR-TAKE-2: the space is not empty
    if not tokens:
        raise RuleViolation(
            "HAR-TAKE-2",
            f"Central board space {space} is empty",
            ("steps", at, "space"),
            {"found": space},
        )
    # HAR-TAKE-3: listed colours equal the space's colours
    listed = step.get("tokens")
    # (the same colours in the same order need no sorting)
    if listed is not None and listed != list(tokens) and sorted(listed) != sorted(tokens):
        raise RuleViolation(
            "HAR-TAKE-3",
            f"space {space} holds {', '.join(tokens)}, not {', '.join(listed)}",
            ("steps", at, "tokens"),
            {"expected": list(tokens), "found": list(listed)},
        )
    notes["hand"] = list(tokens)
    draft["central"] = central.set(space - 1, ())
    notes["took"] = True
    notes["space"] = space


def step_place_token(draft: Draft[State], step: Step, at: int) -> None:
    """Place one token from hand on a cell of the own board (6.3)."""
    notes = draft.turn
    hand: list[str] = notes["hand"]
    colour = step["color"]
    # HAR-TOK-1: an in-hand token not yet placed this turn
    if colour not in hand:
        held = ", ".join(hand) or "nothing"
        raise RuleViolation(
            "HAR-TOK-1",
            f"no {colour} token in hand (in hand: {held})",
            ("steps", at, "color"),
            {"expected": list(hand), "found": colour},
        )
    at_cell = step["cell"]
    # the cell as written: a schema-valid integer pair looks up like the ints it stands for
    # (``int`` is applied only where a cell is reported)
    i = notes["index"].get((at_cell[0], at_cell[1]))
    # HAR-TOK-2: the cell exists on the board side
    if i is None:
        cell = (int(at_cell[0]), int(at_cell[1]))
        raise RuleViolation(
            "HAR-TOK-2",
            f"cell {list(cell)} is not on board side {notes['side']}",
            ("steps", at, "cell"),
            {"found": list(cell)},
        )
    # HAR-TOK-3: the cell carries no cube
    if notes["cube_at"][i]:
        cell = (int(at_cell[0]), int(at_cell[1]))
        raise RuleViolation(
            "HAR-TOK-3",
            f"cell {list(cell)} carries a cube",
            ("steps", at, "cell"),
            {"found": list(cell)},
        )
    stacks = notes["stacks"]
    stack = stacks[i]
    if stack:
        # a legal placement is one set look-up; the rule runs (and builds its path) otherwise
        if (colour, stack) not in STACKING:
            check_stacking(colour, stack, ("steps", at, "cell"))
    else:
        notes["filled"] += 1
    hand.remove(colour)
    notes["stacks"] = stacks.set(i, (*stack, colour))


def check_stacking(colour: str, stack: Stack, path: tuple[str | int, ...]) -> None:
    """The stacking rule of ``colour`` for the stack before placing (HAR-STACK-1…5)."""
    if stack and (colour, stack) not in STACKING:
        _check_stacking(colour, stack, path)


def _check_stacking(colour: str, stack: Stack, path: tuple[str | int, ...]) -> None:
    found = {"found": list(stack)}
    # HAR-STACK-1: blue and yellow go only on an empty cell
    if colour in ("blue", "yellow"):
        raise RuleViolation(
            "HAR-STACK-1",
            f"{colour} may only go on an empty cell (found {'-'.join(stack)})",
            path,
            found,
        )
    # HAR-STACK-2: gray on 1-2 gray tokens
    if colour == "gray" and not (len(stack) <= 2 and all(c == "gray" for c in stack)):
        raise RuleViolation(
            "HAR-STACK-2",
            f"gray may only go on 1 or 2 gray tokens (found {'-'.join(stack)})",
            path,
            found,
        )
    # HAR-STACK-3: brown on exactly one brown token
    if colour == "brown" and stack != ("brown",):
        raise RuleViolation(
            "HAR-STACK-3",
            f"brown may only go on a single brown token (found {'-'.join(stack)})",
            path,
            found,
        )
    # HAR-STACK-4: green on 1-2 brown tokens
    if colour == "green" and not (len(stack) <= 2 and all(c == "brown" for c in stack)):
        raise RuleViolation(
            "HAR-STACK-4",
            f"green may only go on 1 or 2 brown tokens (found {'-'.join(stack)})",
            path,
            found,
        )
    # HAR-STACK-5: red on exactly one brown, gray or red token
    if colour == "red" and not (len(stack) == 1 and stack[0] in ("brown", "gray", "red")):
        raise RuleViolation(
            "HAR-STACK-5",
            f"red may only go on a single brown, gray or red "
            f"token (found {plural(len(stack), 'token')}: {'-'.join(stack)})",
            path,
            found,
        )


def _stacking() -> frozenset[tuple[str, Stack]]:
    allowed = set()
    for colour in COLOURS:
        for stack in LEGAL_STACKS:
            try:
                _check_stacking(colour, stack, ())
            except RuleViolation:
                continue
            allowed.add((colour, stack))
    return frozenset(allowed)


#: Every (colour, non-empty legal stack) pair the stacking rule accepts, computed once at
#: import by the rule itself.
STACKING: frozenset[tuple[str, Stack]] = _stacking()


def step_take_card(draft: Draft[State], step: Step, at: int) -> None:
    """Take one Animal card from the display (6.4)."""
    notes = draft.turn
    card = step["card"]
    # HAR-TURN-4: at most one take_card per turn
    if notes["took_card"]:
        raise RuleViolation(
            "HAR-TURN-4", "an Animal card was already taken this turn", ("steps", at)
        )
    display = draft["display"]
    # HAR-CARD-1: the card is face up in the display
    if card not in display:
        raise RuleViolation(
            "HAR-CARD-1",
            f"{card!r} is not in the display (display: {', '.join(display) or 'empty'})",
            ("steps", at, "card"),
            {"expected": list(display), "found": card},
        )
    cards = notes["cards"]
    # HAR-CARD-3: at most 3 incomplete cards before taking one
    held = incomplete_cards(cards, notes["spirit"], notes["spirit_cube"])
    if held >= CARD_LIMIT:
        raise RuleViolation(
            "HAR-CARD-3",
            f"the player already holds {held} incomplete cards",
            ("steps", at),
            {"expected": "at most 3", "found": held},
        )
    need = len(TRACKS[card])
    reserve = draft["reserve"]
    # HAR-CARD-4: a limited reserve holds enough cubes for the track
    if reserve is not None and reserve < need:
        raise RuleViolation(
            "HAR-CARD-4",
            f"{card} needs {plural(need, 'cube')}, the reserve holds {reserve}",
            ("steps", at),
            {"expected": need, "found": reserve},
        )
    draft["display"] = display.remove(card)
    notes["cards"] = cards.append(HeldCard(card))
    if reserve is not None:
        draft["reserve"] = reserve - need
    notes["took_card"] = True


def step_place_cube(draft: Draft[State], step: Step, at: int) -> None:
    """Place a cube of an own card on a cell where the card's habitat lies (6.5)."""
    notes = draft.turn
    card = step["card"]
    cards = notes["cards"]
    index = next((i for i, h in enumerate(cards) if h.card == card and not h.complete), -1)
    is_spirit = card == notes["spirit"] and notes["spirit_cube"] is None
    # HAR-CUBE-1: the card is the player's and still has a cube
    if index < 0 and not is_spirit:
        raise RuleViolation(
            "HAR-CUBE-1",
            f"the player has no cube left on a card {card!r}",
            ("steps", at, "card"),
            {"found": card},
        )
    cell = (int(step["cell"][0]), int(step["cell"][1]))
    i = notes["index"].get(cell)
    # HAR-CUBE-2: the target cell carries no cube
    if i is not None and notes["cube_at"][i]:
        raise RuleViolation(
            "HAR-CUBE-2",
            f"cell {list(cell)} already carries a cube",
            ("steps", at, "cell"),
            {"found": list(cell)},
        )
    side = notes["side"]
    rotations = rotations_on(side, card, cell, notes["stacks"])
    given = step.get("rotation")
    # HAR-CUBE-3: the habitat matches exactly in some (or the given) rotation
    if not rotations or (given is not None and given not in rotations):
        where = "rotation" if given is not None and rotations else "cell"
        what = f" in rotation {given}" if given is not None else ""
        raise RuleViolation(
            "HAR-CUBE-3",
            f"the habitat of {card} is not present around {list(cell)}{what}",
            ("steps", at, where),
            {"expected": rotations, "found": given if where == "rotation" else list(cell)},
        )
    # a habitat matched, so the cube cell is a cell of the side
    notes["cube_at"] = notes["cube_at"].set(INDEX[side][cell], card)
    notes["cubes"] += 1
    if index >= 0:
        held = cards[index]
        notes["cards"] = cards.set(index, HeldCard(card, (*held.cubes, cell)))
    else:
        notes["spirit_cube"] = cell


def step_choose_spirit(draft: Draft[State], step: Step, at: int) -> None:
    """Choose one of the two dealt Nature's Spirit cards (6.6)."""
    card = step["card"]
    state = draft.base
    # HAR-SPIRIT-1: the module is enabled
    if not state.options.nature_spirits:
        raise RuleViolation(
            "HAR-SPIRIT-1", "the Nature's Spirit module is not in use", ("steps", at)
        )
    dealt = state.players[state.seat].dealt
    # HAR-SPIRIT-2: one of the player's two dealt cards
    if card not in dealt:
        raise RuleViolation(
            "HAR-SPIRIT-2",
            f"{card!r} was not dealt to this player",
            ("steps", at, "card"),
            {"expected": [c for c in dealt if c is not None], "found": card},
        )
    notes = draft.turn
    # HAR-SPIRIT-3: chosen once, in the first turn
    if not notes["first"] or notes["spirit"] is not None:
        raise RuleViolation(
            "HAR-SPIRIT-3",
            "the spirit card is chosen once, in the player's first turn",
            ("steps", at),
        )
    notes["spirit"] = card


#: Step kind (the step's ``do``) → its handler.
HANDLERS: Mapping[str, StepHandler] = {
    "take_tokens": step_take_tokens,
    "place_token": step_place_token,
    "take_card": step_take_card,
    "place_cube": step_place_cube,
    "choose_spirit": step_choose_spirit,
}
