"""The steps of a turn (section 6): one ``apply_<step>`` per step name, on a turn in progress.

A :class:`Turn` is the scratch state of one ``apply``: it starts from an immutable
``GameState``, the steps update its fields one by one, and ``events.end_turn`` builds the next
``GameState``. Paths of RuleViolations are relative to the move object.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorer.errors import RuleViolation
from scorer.games.harmonies.board import (
    CARD_LIMIT,
    SIDE_SETS,
    TRACKS,
    Cell,
    Stack,
    matching_rotations,
)
from scorer.games.harmonies.cellmap import CellMap
from scorer.games.harmonies.state import GameState, HeldCard, PlayerState
from scorer.words import plural

Step = Mapping[str, Any]


class Turn:
    """A turn in progress: the state at its start plus what the steps changed so far."""

    __slots__ = (
        "board",
        "cards",
        "central",
        "chose",
        "cubes",
        "display",
        "first",
        "hand",
        "player",
        "reserve",
        "space",
        "spirit",
        "spirit_cube",
        "state",
        "took",
        "took_card",
    )

    def __init__(self, state: GameState) -> None:
        player = state.players[state.seat]
        self.state = state
        self.player: PlayerState = player
        self.board: CellMap[Stack] = player.board
        self.cubes: CellMap[str] = player.cubes
        self.cards: list[HeldCard] = list(player.cards)
        self.spirit: str | None = player.spirit
        self.spirit_cube: Cell | None = player.spirit_cube
        self.first: bool = player.turns == 0
        self.central: list[Stack] = list(state.central)
        self.display: list[str] = list(state.display)
        self.reserve: int | None = state.reserve
        self.hand: list[str] = []
        self.took = False
        self.space = 0
        self.took_card = False
        self.chose = False

    def incomplete(self) -> int:
        """Incomplete cards now (the spirit card while its cube is unplaced)."""
        n = sum(1 for h in self.cards if not h.complete)
        return n + (1 if self.spirit is not None and self.spirit_cube is None else 0)


def apply_take_tokens(t: Turn, step: Step, j: int) -> None:
    """Take all tokens of one Central board space (6.2)."""
    space = int(step["space"])
    # HAR-TURN-2: only one take_tokens per turn
    if t.took:
        raise RuleViolation("HAR-TURN-2", "tokens were already taken this turn", ("steps", j))
    # HAR-TAKE-1: the space exists
    if not 1 <= space <= len(t.central):
        raise RuleViolation(
            "HAR-TAKE-1",
            f"there is no Central board space {space} (spaces 1-{len(t.central)})",
            ("steps", j, "space"),
            {"expected": f"1-{len(t.central)}", "found": space},
        )
    tokens = t.central[space - 1]
    # HAR-TAKE-2: the space is not empty
    if not tokens:
        raise RuleViolation(
            "HAR-TAKE-2",
            f"Central board space {space} is empty",
            ("steps", j, "space"),
            {"found": space},
        )
    # HAR-TAKE-3: listed colours equal the space's colours
    listed = step.get("tokens")
    if listed is not None and sorted(listed) != sorted(tokens):
        raise RuleViolation(
            "HAR-TAKE-3",
            f"space {space} holds {', '.join(tokens)}, not {', '.join(listed)}",
            ("steps", j, "tokens"),
            {"expected": list(tokens), "found": list(listed)},
        )
    t.hand = list(tokens)
    t.central[space - 1] = ()
    t.took = True
    t.space = space


def apply_place_token(t: Turn, step: Step, j: int) -> None:
    """Place one token from hand on a cell of the own board (6.3)."""
    colour = step["color"]
    # HAR-TOK-1: an in-hand token not yet placed this turn
    if colour not in t.hand:
        held = ", ".join(t.hand) or "nothing"
        raise RuleViolation(
            "HAR-TOK-1",
            f"no {colour} token in hand (in hand: {held})",
            ("steps", j, "color"),
            {"expected": list(t.hand), "found": colour},
        )
    cell = (int(step["cell"][0]), int(step["cell"][1]))
    # HAR-TOK-2: the cell exists on the board side
    if cell not in SIDE_SETS[t.state.side]:
        raise RuleViolation(
            "HAR-TOK-2",
            f"cell {list(cell)} is not on board side {t.state.side}",
            ("steps", j, "cell"),
            {"found": list(cell)},
        )
    # HAR-TOK-3: the cell carries no cube
    if cell in t.cubes:
        raise RuleViolation(
            "HAR-TOK-3",
            f"cell {list(cell)} carries a cube",
            ("steps", j, "cell"),
            {"found": list(cell)},
        )
    stack = t.board.get(cell, ())
    check_stacking(colour, stack, ("steps", j, "cell"))
    t.hand.remove(colour)
    t.board = t.board.set(cell, (*stack, colour))


def check_stacking(colour: str, stack: Stack, path: tuple[str | int, ...]) -> None:
    """The stacking rule of ``colour`` for the stack before placing (HAR-STACK-1…5)."""
    if not stack:
        return
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


def apply_take_card(t: Turn, step: Step, j: int) -> None:
    """Take one Animal card from the display (6.4)."""
    card = step["card"]
    # HAR-TURN-4: at most one take_card per turn
    if t.took_card:
        raise RuleViolation(
            "HAR-TURN-4", "an Animal card was already taken this turn", ("steps", j)
        )
    # HAR-CARD-1: the card is face up in the display
    if card not in t.display:
        raise RuleViolation(
            "HAR-CARD-1",
            f"{card!r} is not in the display (display: {', '.join(t.display) or 'empty'})",
            ("steps", j, "card"),
            {"expected": list(t.display), "found": card},
        )
    # HAR-CARD-3: at most 3 incomplete cards before taking one
    held = t.incomplete()
    if held >= CARD_LIMIT:
        raise RuleViolation(
            "HAR-CARD-3",
            f"the player already holds {held} incomplete cards",
            ("steps", j),
            {"expected": "at most 3", "found": held},
        )
    need = len(TRACKS[card])
    # HAR-CARD-4: a limited reserve holds enough cubes for the track
    if t.reserve is not None and t.reserve < need:
        raise RuleViolation(
            "HAR-CARD-4",
            f"{card} needs {plural(need, 'cube')}, the reserve holds {t.reserve}",
            ("steps", j),
            {"expected": need, "found": t.reserve},
        )
    t.display.remove(card)
    t.cards.append(HeldCard(card))
    if t.reserve is not None:
        t.reserve -= need
    t.took_card = True


def apply_place_cube(t: Turn, step: Step, j: int) -> None:
    """Place a cube of an own card on a cell where the card's habitat lies (6.5)."""
    card = step["card"]
    index = next((i for i, h in enumerate(t.cards) if h.card == card and not h.complete), -1)
    is_spirit = card == t.spirit and t.spirit_cube is None
    # HAR-CUBE-1: the card is the player's and still has a cube
    if index < 0 and not is_spirit:
        raise RuleViolation(
            "HAR-CUBE-1",
            f"the player has no cube left on a card {card!r}",
            ("steps", j, "card"),
            {"found": card},
        )
    cell = (int(step["cell"][0]), int(step["cell"][1]))
    # HAR-CUBE-2: the target cell carries no cube
    if cell in t.cubes:
        raise RuleViolation(
            "HAR-CUBE-2",
            f"cell {list(cell)} already carries a cube",
            ("steps", j, "cell"),
            {"found": list(cell)},
        )
    rotations = matching_rotations(t.state.side, card, cell, t.board)
    given = step.get("rotation")
    # HAR-CUBE-3: the habitat matches exactly in some (or the given) rotation
    if not rotations or (given is not None and given not in rotations):
        at = "rotation" if given is not None and rotations else "cell"
        what = f" in rotation {given}" if given is not None else ""
        raise RuleViolation(
            "HAR-CUBE-3",
            f"the habitat of {card} is not present around {list(cell)}{what}",
            ("steps", j, at),
            {"expected": rotations, "found": given if at == "rotation" else list(cell)},
        )
    t.cubes = t.cubes.set(cell, card)
    if index >= 0:
        held = t.cards[index]
        t.cards[index] = HeldCard(card, (*held.cubes, cell))
    else:
        t.spirit_cube = cell


def apply_choose_spirit(t: Turn, step: Step, j: int) -> None:
    """Choose one of the two dealt Nature's Spirit cards (6.6)."""
    card = step["card"]
    # HAR-SPIRIT-1: the module is enabled
    if not t.state.options.nature_spirits:
        raise RuleViolation(
            "HAR-SPIRIT-1", "the Nature's Spirit module is not in use", ("steps", j)
        )
    # HAR-SPIRIT-2: one of the player's two dealt cards
    if card not in t.player.dealt:
        dealt = [c for c in t.player.dealt if c is not None]
        raise RuleViolation(
            "HAR-SPIRIT-2",
            f"{card!r} was not dealt to this player",
            ("steps", j, "card"),
            {"expected": dealt, "found": card},
        )
    # HAR-SPIRIT-3: chosen once, in the first turn
    if not t.first or t.spirit is not None:
        raise RuleViolation(
            "HAR-SPIRIT-3",
            "the spirit card is chosen once, in the player's first turn",
            ("steps", j),
        )
    t.spirit = card
    t.chose = True


HANDLERS: Mapping[str, Callable[[Turn, Step, int], None]] = {
    "take_tokens": apply_take_tokens,
    "place_token": apply_place_token,
    "take_card": apply_take_card,
    "place_cube": apply_place_cube,
    "choose_spirit": apply_choose_spirit,
}


def apply_step(t: Turn, step: Step, j: int) -> None:
    """Apply step ``j`` of the turn (schema-valid). Raises RuleViolation."""
    HANDLERS[step["do"]](t, step, j)
