"""The legal-move generator (section 15), written independently of the checks in actions.py.

It enumerates the legal next steps of a turn in progress (a :class:`Pending`) from its own
tables: which stacks accept a colour is derived from the list of buildable stacks, and habitat
matches are tested against the precomputed placements. The end of the turn is the
generator-only pseudo-step ``{"do": "end_turn"}`` (never written to a record).

``follow(state, prefix)`` is the turn after the steps ``prefix`` of a recorded move: each step
must be one the generator offers at its point (``same_step``: a record may leave out a take's
``tokens`` or list them in another order, and may leave out a cube's ``rotation`` or give any
rotation in which the habitat matches; the generator offers each (card, cell) pair once, with
the smallest such rotation). Harmonies steps carry nothing chance decides: refills are members
of the turn, not steps.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from scorer.core.values import Json
from scorer.games.harmonies.board import (
    COLOURS,
    LEGAL_STACKS,
    SIDE_CELLS,
    TRACKS,
    Cell,
    Stack,
    placements,
)
from scorer.games.harmonies.cellmap import CellMap
from scorer.games.harmonies.state import HeldCard, State
from scorer.games.harmonies.steps import (
    ChooseSpiritStep,
    EndTurnStep,
    Offered,
    PlaceCubeStep,
    PlaceTokenStep,
    Step,
    TakeCardStep,
    TakeTokensStep,
)

END_TURN: EndTurnStep = {"do": "end_turn"}

#: Colour → the stacks a token of that colour may be put on (the empty stack included).
ACCEPTS: Mapping[str, frozenset[Stack]] = {
    colour: frozenset({()} | {s[:-1] for s in LEGAL_STACKS if s[-1] == colour and len(s) > 1})
    for colour in COLOURS
}


@dataclass(frozen=True, slots=True)
class Pending:
    """A turn in progress: the state at its start and everything the steps so far changed."""

    state: State
    board: CellMap[Stack]
    cubes: CellMap[str]
    cards: tuple[HeldCard, ...]
    spirit: str | None
    spirit_cube: Cell | None
    central: tuple[Stack, ...]
    display: tuple[str, ...]
    reserve: int | None
    hand: tuple[str, ...] = ()
    took: bool = False
    space: int = 0
    took_card: bool = False
    steps: tuple[Step, ...] = ()

    @property
    def first(self) -> bool:
        return self.state.players[self.state.seat].turns == 0

    def open_cards(self) -> list[str]:
        """Cards with a cube left (Animal cards in order taken, then the spirit card)."""
        out = [h.card for h in self.cards if len(h.cubes) < len(TRACKS[h.card])]
        if self.spirit is not None and self.spirit_cube is None:
            out.append(self.spirit)
        return out


def start(state: State) -> Pending:
    """The pending turn of the player to move, before any step."""
    p = state.players[state.seat]
    return Pending(
        state,
        p.board,
        p.cubes,
        tuple(p.cards),
        p.spirit,
        p.spirit_cube,
        tuple(state.central),
        tuple(state.display),
        state.reserve,
    )


def legal_steps(pending: Pending | State) -> Iterator[Offered]:
    """Every legal next step, in a canonical order; ``END_TURN`` when the turn may end."""
    p = pending if isinstance(pending, Pending) else start(pending)
    if p.state.over:
        return
    yield from spirit_steps(p)
    yield from take_steps(p)
    yield from token_steps(p)
    yield from card_steps(p)
    yield from cube_steps(p)
    if can_end(p):
        yield END_TURN


@dataclass(frozen=True, slots=True)
class Offers:
    """The legal next steps of a turn in progress by kind, each kind in the order of
    :func:`legal_steps`, and whether the turn may end (``END_TURN``)."""

    spirits: list[ChooseSpiritStep]
    takes: list[TakeTokensStep]
    tokens: list[PlaceTokenStep]
    cards: list[TakeCardStep]
    cubes: list[PlaceCubeStep]
    can_end: bool


def offers(p: Pending) -> Offers:
    """The steps of :func:`legal_steps` by kind (for the simulated players)."""
    if p.state.over:
        return Offers([], [], [], [], [], False)
    return Offers(
        list(spirit_steps(p)),
        list(take_steps(p)),
        list(token_steps(p)),
        list(card_steps(p)),
        list(cube_steps(p)),
        can_end(p),
    )


def spirit_steps(p: Pending) -> Iterator[ChooseSpiritStep]:
    if p.state.options.nature_spirits and p.first and p.spirit is None:
        dealt = p.state.players[p.state.seat].dealt
        for card in sorted(c for c in dealt if c is not None):
            yield {"do": "choose_spirit", "card": card}


def take_steps(p: Pending) -> Iterator[TakeTokensStep]:
    if not p.took:
        for k, tokens in enumerate(p.central):
            if tokens:
                yield {"do": "take_tokens", "space": k + 1, "tokens": list(tokens)}


def token_steps(p: Pending) -> Iterator[PlaceTokenStep]:
    colours = [c for c in COLOURS if c in p.hand]
    for colour in colours:
        accepts = ACCEPTS[colour]
        for cell in SIDE_CELLS[p.state.side]:
            if cell not in p.cubes and p.board.get(cell, ()) in accepts:
                yield {"do": "place_token", "color": colour, "cell": list(cell)}


def card_steps(p: Pending) -> Iterator[TakeCardStep]:
    if p.took_card or len(p.open_cards()) >= 4:
        return
    for card in sorted(p.display):
        if p.reserve is None or p.reserve >= len(TRACKS[card]):
            yield {"do": "take_card", "card": card}


def cube_steps(p: Pending) -> Iterator[PlaceCubeStep]:
    for card in dict.fromkeys(p.open_cards()):
        for cell in SIDE_CELLS[p.state.side]:
            if cell in p.cubes:
                continue
            k = first_match(placements(p.state.side, card)[cell], p.board)
            if k is not None:
                yield {"do": "place_cube", "card": card, "cell": list(cell), "rotation": k}


def first_match(
    placements: tuple[tuple[int, tuple[tuple[Cell, frozenset[Stack]], ...]], ...],
    board: Mapping[Cell, Stack],
) -> int | None:
    """The smallest rotation whose every cell holds an accepted stack, or None."""
    for k, cells in placements:
        for cell, accepted in cells:
            if board.get(cell, ()) not in accepted:
                break
        else:
            return k
    return None


def can_end(p: Pending) -> bool:
    """The end-of-turn pseudo-step: tokens taken and placed, spirit chosen in a first turn."""
    if not p.took or p.hand:
        return False
    return not (p.state.options.nature_spirits and p.first and p.spirit is None)


def advance(p: Pending, step: Step) -> Pending:
    """The pending turn after a legal ``step`` (the generator's own effects, no checks)."""
    steps = (*p.steps, step)
    if step["do"] == "choose_spirit":
        return replace(p, spirit=step["card"], steps=steps)
    if step["do"] == "take_tokens":
        k = step["space"] - 1
        central = (*p.central[:k], (), *p.central[k + 1 :])
        return replace(p, hand=p.central[k], central=central, took=True, space=k + 1, steps=steps)
    if step["do"] == "place_token":
        cell = (step["cell"][0], step["cell"][1])
        hand = list(p.hand)
        hand.remove(step["color"])
        board = p.board.set(cell, (*p.board.get(cell, ()), step["color"]))
        return replace(p, hand=tuple(hand), board=board, steps=steps)
    if step["do"] == "take_card":
        card = step["card"]
        reserve = None if p.reserve is None else p.reserve - len(TRACKS[card])
        display = tuple(c for c in p.display if c != card)
        return replace(
            p,
            cards=(*p.cards, HeldCard(card)),
            display=display,
            reserve=reserve,
            took_card=True,
            steps=steps,
        )
    cell = (step["cell"][0], step["cell"][1])
    cubes = p.cubes.set(cell, step["card"])
    if step["card"] == p.spirit and p.spirit_cube is None:
        return replace(p, cubes=cubes, spirit_cube=cell, steps=steps)
    cards = tuple(
        HeldCard(h.card, (*h.cubes, cell)) if h.card == step["card"] else h for h in p.cards
    )
    return replace(p, cubes=cubes, cards=cards, steps=steps)


def rotations(p: Pending, card: str, cell: Cell) -> list[int]:
    """Every rotation in which ``card``'s habitat lies with its cube cell on ``cell``."""
    found = []
    for k, cells in placements(p.state.side, card).get(cell, ()):
        if all(p.board.get(c, ()) in accepted for c, accepted in cells):
            found.append(k)
    return found


def same_step(p: Pending, recorded: Json, generated: Offered) -> bool:
    """Whether the recorded step is the generated one (members a record may leave out or
    write differently compared by meaning)."""
    if generated["do"] == "end_turn" or recorded.get("do") != generated["do"]:
        return False
    if set(recorded) - set(generated) - {"rotation"}:
        return False
    if generated["do"] == "take_tokens":
        listed = recorded.get("tokens")
        if listed is not None and sorted(listed) != sorted(generated["tokens"]):
            return False
        return _same_int(recorded.get("space"), generated["space"])
    if generated["do"] == "take_card" or generated["do"] == "choose_spirit":
        return bool(recorded.get("card") == generated["card"])
    if generated["do"] == "place_token":
        return recorded.get("color") == generated["color"] and _same_cell(
            recorded.get("cell"), generated["cell"]
        )
    if recorded.get("card") != generated["card"]:
        return False
    if not _same_cell(recorded.get("cell"), generated["cell"]):
        return False
    if recorded.get("rotation") is not None:
        cell = (generated["cell"][0], generated["cell"][1])
        return recorded["rotation"] in rotations(p, generated["card"], cell)
    return True


def _same_int(a: object, b: int) -> bool:
    return isinstance(a, int) and not isinstance(a, bool) and a == b


def _same_cell(cell: object, generated: Sequence[int]) -> bool:
    if not isinstance(cell, list | tuple) or len(cell) != 2:
        return False
    return all(_same_int(a, b) for a, b in zip(cell, generated, strict=True))


def offered(p: Pending, recorded: object) -> Step | None:
    """The generated step the recorded one is, or None if the generator does not offer it."""
    if not isinstance(recorded, Mapping):
        return None
    do = recorded.get("do")
    for step in legal_steps(p):
        if step["do"] != "end_turn" and step["do"] == do and same_step(p, recorded, step):
            return step
    return None


def follow(state: State, prefix: Sequence[object]) -> Pending | None:
    """The turn of the player to move after the steps ``prefix`` (taken as the generator
    offers them), or None if the generator would not have offered one of them."""
    p = start(state)
    for recorded in prefix:
        step = offered(p, recorded)
        if step is None:
            return None
        p = advance(p, step)
    return p


def first_unoffered(state: State, steps: Sequence[object]) -> int | None:
    """The index of the first of ``steps`` the generator would not offer after the ones
    before it, or None if it offers every one."""
    p = start(state)
    for i, recorded in enumerate(steps):
        step = offered(p, recorded)
        if step is None:
            return i
        p = advance(p, step)
    return None
