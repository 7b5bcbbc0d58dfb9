"""The legal-move generator (section 15), written independently of the checks in actions.py.

It enumerates the legal next steps of a turn in progress (a :class:`Pending`) from its own
tables: which stacks accept a colour is derived from the list of buildable stacks, and habitat
matches are tested against the precomputed placements. The end of the turn is the
generator-only pseudo-step ``{"do": "end_turn"}`` (never written to a record).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

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
from scorer.games.harmonies.state import GameState, HeldCard

END_TURN: Mapping[str, str] = {"do": "end_turn"}

#: Colour → the stacks a token of that colour may be put on (the empty stack included).
ACCEPTS: Mapping[str, frozenset[Stack]] = {
    colour: frozenset({()} | {s[:-1] for s in LEGAL_STACKS if s[-1] == colour and len(s) > 1})
    for colour in COLOURS
}


@dataclass(frozen=True, slots=True)
class Pending:
    """A turn in progress: the state at its start and everything the steps so far changed."""

    state: GameState
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
    steps: tuple[Mapping[str, Any], ...] = ()

    @property
    def first(self) -> bool:
        return self.state.players[self.state.seat].turns == 0

    def open_cards(self) -> list[str]:
        """Cards with a cube left (Animal cards in order taken, then the spirit card)."""
        out = [h.card for h in self.cards if len(h.cubes) < len(TRACKS[h.card])]
        if self.spirit is not None and self.spirit_cube is None:
            out.append(self.spirit)
        return out


def start(state: GameState) -> Pending:
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


def legal_steps(pending: Pending | GameState) -> Iterator[Mapping[str, Any]]:
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


def spirit_steps(p: Pending) -> Iterator[Mapping[str, Any]]:
    if p.state.options.nature_spirits and p.first and p.spirit is None:
        dealt = p.state.players[p.state.seat].dealt
        for card in sorted(c for c in dealt if c is not None):
            yield {"do": "choose_spirit", "card": card}


def take_steps(p: Pending) -> Iterator[Mapping[str, Any]]:
    if not p.took:
        for k, tokens in enumerate(p.central):
            if tokens:
                yield {"do": "take_tokens", "space": k + 1, "tokens": list(tokens)}


def token_steps(p: Pending) -> Iterator[Mapping[str, Any]]:
    colours = [c for c in COLOURS if c in p.hand]
    for colour in colours:
        accepts = ACCEPTS[colour]
        for cell in SIDE_CELLS[p.state.side]:
            if cell not in p.cubes and p.board.get(cell, ()) in accepts:
                yield {"do": "place_token", "color": colour, "cell": list(cell)}


def card_steps(p: Pending) -> Iterator[Mapping[str, Any]]:
    if p.took_card or len(p.open_cards()) >= 4:
        return
    for card in sorted(p.display):
        if p.reserve is None or p.reserve >= len(TRACKS[card]):
            yield {"do": "take_card", "card": card}


def cube_steps(p: Pending) -> Iterator[Mapping[str, Any]]:
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


def advance(p: Pending, step: Mapping[str, Any]) -> Pending:
    """The pending turn after a legal ``step`` (the generator's own effects, no checks)."""
    do = step["do"]
    steps = (*p.steps, step)
    if do == "choose_spirit":
        return replace(p, spirit=step["card"], steps=steps)
    if do == "take_tokens":
        k = step["space"] - 1
        central = (*p.central[:k], (), *p.central[k + 1 :])
        return replace(p, hand=p.central[k], central=central, took=True, space=k + 1, steps=steps)
    if do == "place_token":
        cell = (step["cell"][0], step["cell"][1])
        hand = list(p.hand)
        hand.remove(step["color"])
        board = p.board.set(cell, (*p.board.get(cell, ()), step["color"]))
        return replace(p, hand=tuple(hand), board=board, steps=steps)
    if do == "take_card":
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
