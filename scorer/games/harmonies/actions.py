"""The turn driver and the steps of a turn (section 6): one ``step_<kind>`` per step kind.

``apply_move`` opens a :class:`~scorer.games.harmonies.state.TurnDraft` of the state (its
fields and the notes of the turn in progress), runs the handler of each step (``HANDLERS``,
keyed by the step's ``do``), and ``events.end_turn`` checks the turn, refills and returns the
next state. Every handler has the one signature ``step_<kind>(draft, step, at)``: ``step`` is
the TypedDict of its kind (``steps``), ``at`` the step's index in the move, so a violation's
path (relative to the move object) starts ``("steps", at)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from scorer.core.draft import StepHandler
from scorer.core.errors import RuleViolation
from scorer.core.values import Move
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
from scorer.games.harmonies.state import HeldCard, State, TurnDraft, incomplete_cards
from scorer.games.harmonies.steps import (
    ChooseSpiritStep,
    PlaceCubeStep,
    PlaceTokenStep,
    Step,
    TakeCardStep,
    TakeTokensStep,
    TurnMove,
)


def begin_turn(state: State) -> TurnDraft:
    """A draft of ``state`` with the notes of a turn of the player to move."""
    draft = TurnDraft(state)
    player = state.players[state.seat]
    side = state.options.board_side
    board, cubes = player.board, player.cubes
    draft.side = side
    draft.cell_index = INDEX[side]
    draft.stacks = board.vector
    draft.filled = board.size
    draft.cube_at = cubes.vector
    draft.cube_count = cubes.size
    draft.cards = player.cards
    draft.spirit = player.spirit
    draft.spirit_cube = player.spirit_cube
    draft.first_turn = player.turns == 0
    return draft


def apply_move(state: State, move: Move) -> State:
    """Apply one turn (schema-valid): its steps, then the end of the turn. Raises
    RuleViolation (path relative to the move object)."""
    turn = cast(TurnMove, move)  # the schema admitted it: a turn of the shape TurnMove
    draft = begin_turn(state)
    for at, step in enumerate(turn["steps"]):
        HANDLERS[step["do"]](draft, step, at)
    return end_turn(draft, turn)


def apply_step(draft: TurnDraft, step: Step, at: int) -> None:
    """Apply step ``at`` of a turn in progress (tests and tools step through a turn)."""
    HANDLERS[step["do"]](draft, step, at)


def skip_move(state: State, move: Move) -> State:
    """Pass over a rejected turn (``--keep-going``): the seat advances and the player's turn
    count grows; nothing else changes."""
    draft = TurnDraft(state)
    n = len(state.players)
    player = state.players[state.seat]
    draft.players = state.players.set(state.seat, player._replace(turns=player.turns + 1))
    draft.seat = (state.seat + 1) % n
    draft.turn = state.turn + 1
    draft.over = state.triggered and state.seat == n - 1
    return draft.done()


def step_take_tokens(draft: TurnDraft, step: TakeTokensStep, at: int) -> None:
    """Take all tokens of one Central board space (6.2)."""
    space = int(step["space"])
    # HAR-TURN-2: only one take_tokens per turn
    if draft.took_tokens:
        raise RuleViolation("HAR-TURN-2", "tokens were already taken this turn", ("steps", at))
    central = draft.central
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
    draft.hand = tokens
    draft.central = central.set(space - 1, ())
    draft.took_tokens = True
    draft.space = space


def step_place_token(draft: TurnDraft, step: PlaceTokenStep, at: int) -> None:
    """Place one token from hand on a cell of the own board (6.3)."""
    hand = draft.hand
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
    i = draft.cell_index.get((at_cell[0], at_cell[1]))
    # HAR-TOK-2: the cell exists on the board side
    if i is None:
        cell = (int(at_cell[0]), int(at_cell[1]))
        raise RuleViolation(
            "HAR-TOK-2",
            f"cell {list(cell)} is not on board side {draft.side}",
            ("steps", at, "cell"),
            {"found": list(cell)},
        )
    # HAR-TOK-3: the cell carries no cube
    if draft.cube_at[i]:
        cell = (int(at_cell[0]), int(at_cell[1]))
        raise RuleViolation(
            "HAR-TOK-3",
            f"cell {list(cell)} carries a cube",
            ("steps", at, "cell"),
            {"found": list(cell)},
        )
    stacks = draft.stacks
    stack = stacks[i]
    if stack:
        # a legal placement is one set look-up; the rule runs (and builds its path) otherwise
        if (colour, stack) not in STACKING:
            check_stacking(colour, stack, ("steps", at, "cell"))
    else:
        draft.filled += 1
    k = hand.index(colour)
    draft.hand = hand[:k] + hand[k + 1 :]
    draft.stacks = stacks.set(i, (*stack, colour))


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


def step_take_card(draft: TurnDraft, step: TakeCardStep, at: int) -> None:
    """Take one Animal card from the display (6.4)."""
    card = step["card"]
    # HAR-TURN-4: at most one take_card per turn
    if draft.took_card:
        raise RuleViolation(
            "HAR-TURN-4", "an Animal card was already taken this turn", ("steps", at)
        )
    display = draft.display
    # HAR-CARD-1: the card is face up in the display
    if card not in display:
        raise RuleViolation(
            "HAR-CARD-1",
            f"{card!r} is not in the display (display: {', '.join(display) or 'empty'})",
            ("steps", at, "card"),
            {"expected": list(display), "found": card},
        )
    cards = draft.cards
    # HAR-CARD-3: at most 3 incomplete cards before taking one
    held = incomplete_cards(cards, draft.spirit, draft.spirit_cube)
    if held >= CARD_LIMIT:
        raise RuleViolation(
            "HAR-CARD-3",
            f"the player already holds {held} incomplete cards",
            ("steps", at),
            {"expected": "at most 3", "found": held},
        )
    need = len(TRACKS[card])
    reserve = draft.reserve
    # HAR-CARD-4: a limited reserve holds enough cubes for the track
    if reserve is not None and reserve < need:
        raise RuleViolation(
            "HAR-CARD-4",
            f"{card} needs {plural(need, 'cube')}, the reserve holds {reserve}",
            ("steps", at),
            {"expected": need, "found": reserve},
        )
    draft.display = display.remove(card)
    draft.cards = cards.append(HeldCard(card))
    if reserve is not None:
        draft.reserve = reserve - need
    draft.took_card = True


def step_place_cube(draft: TurnDraft, step: PlaceCubeStep, at: int) -> None:
    """Place a cube of an own card on a cell where the card's habitat lies (6.5)."""
    card = step["card"]
    cards = draft.cards
    index = next((i for i, h in enumerate(cards) if h.card == card and not h.complete), -1)
    is_spirit = card == draft.spirit and draft.spirit_cube is None
    # HAR-CUBE-1: the card is the player's and still has a cube
    if index < 0 and not is_spirit:
        raise RuleViolation(
            "HAR-CUBE-1",
            f"the player has no cube left on a card {card!r}",
            ("steps", at, "card"),
            {"found": card},
        )
    cell = (int(step["cell"][0]), int(step["cell"][1]))
    i = draft.cell_index.get(cell)
    # HAR-CUBE-2: the target cell carries no cube
    if i is not None and draft.cube_at[i]:
        raise RuleViolation(
            "HAR-CUBE-2",
            f"cell {list(cell)} already carries a cube",
            ("steps", at, "cell"),
            {"found": list(cell)},
        )
    rotations = rotations_on(draft.side, card, i, draft.stacks)
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
    draft.cube_at = draft.cube_at.set(draft.cell_index[cell], card)
    draft.cube_count += 1
    if index >= 0:
        held = cards[index]
        draft.cards = cards.set(index, HeldCard(card, (*held.cubes, cell)))
    else:
        draft.spirit_cube = cell


def step_choose_spirit(draft: TurnDraft, step: ChooseSpiritStep, at: int) -> None:
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
    # HAR-SPIRIT-3: chosen once, in the first turn
    if not draft.first_turn or draft.spirit is not None:
        raise RuleViolation(
            "HAR-SPIRIT-3",
            "the spirit card is chosen once, in the player's first turn",
            ("steps", at),
        )
    draft.spirit = card


#: Step kind (the step's ``do``) → its handler.
HANDLERS: Mapping[str, StepHandler[TurnDraft]] = {
    "take_tokens": step_take_tokens,
    "place_token": step_place_token,
    "take_card": step_take_card,
    "place_cube": step_place_cube,
    "choose_spirit": step_choose_spirit,
}
