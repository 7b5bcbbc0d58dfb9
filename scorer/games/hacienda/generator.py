"""The legal-step generator (rules/hacienda.md §14.1), written from the state, not the checks.

Each family is its own lazy iterator; candidates come in a fixed order (spaces in (r, q) order,
cards in vocabulary order). ``used`` names the once-per-turn steps already taken in the turn.
Chance outcomes (the card drawn, the refill) are expanded by ``legal_steps`` (``draws=False``
leaves them out, as the protocol's ``legal_steps`` does); the simulator asks for
``purchases`` and fills in the top card of its own shuffled piles instead.

Inside a turn (``after_prefix``) the steps already taken are applied as recorded, with their
effects (pesos, hands, draws, refills, a reshuffle) from the turn's own step code; which step
may come next is decided here alone, never by the checks.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from scorer.core.values import Json
from scorer.games.hacienda.board import ANIMALS, LAND_CARDS, PAMPAS
from scorer.games.hacienda.state import ANIMAL, LAND, Counts, State
from scorer.games.hacienda.steps import (
    BuyHaciendaStep,
    BuyWaterStep,
    Cell,
    Deck,
    HarvestStep,
    Offer,
    OpenPurchase,
    PlayAnimalStep,
    PlayLandStep,
    Source,
    as_steps,
)
from scorer.grid.regions import label_groups

#: How many water cell sets ``of_kind`` looks at, at most (what was legal instead of a rejected
#: water tile; the whole family can hold tens of thousands of placements).
WATER_SETS = 2000
Purchase = tuple[Deck, Source, str | None]  # deck, source, card (None: drawn blind)
DECKS: tuple[tuple[Deck, tuple[str, ...]], ...] = (("land", LAND_CARDS), ("animal", ANIMALS))


def _cell(state: State, space: int) -> Cell:
    q, r = state.board.coords[space]
    return [q, r]


def land_pile(state: State) -> Counts:
    """The land pile composition a draw comes from (a reshuffled discard if allowed)."""
    if sum(state.land_pile) == 0 and state.opts.land_reshuffle:
        return state.land_discard
    return state.land_pile


def possible_draws(state: State, deck: str) -> list[str]:
    """Card types the next draw of ``deck`` can show (the top card when the order is known)."""
    if deck == "land":
        pile = land_pile(state)
        if sum(pile) == 0:
            return []
        if state.land_order is not None and sum(state.land_pile) > 0:
            return [LAND_CARDS[state.land_order.first]]
        return [LAND_CARDS[c] for c in range(6) if pile[c] > 0]
    s1, s2 = state.stacks
    if s1 + s2 == 0:
        return []
    order = state.stack_orders[0 if s1 > 0 else 1]
    if order is not None:
        return [ANIMALS[order.first]]
    return [ANIMALS[a] for a in range(4) if state.animal_seen[a] < state.animal_limit[a]]


def purchases(state: State) -> list[Purchase]:
    """Family 1 without chance outcomes: (deck, source, card or None for a blind draw)."""
    money = state.money[state.seat]
    out: list[Purchase] = []
    for deck, vocab in DECKS:
        display = state.land_display if deck == "land" else state.animal_display
        if money >= 3:
            out.extend((deck, "display", vocab[c]) for c in range(len(vocab)) if display[c])
        if money >= 2 and possible_draws(state, deck):
            out.append((deck, "pile", None))
    return out


def buy_card_steps(state: State, draws_too: bool = True) -> Iterator[Offer]:
    """Family 1; ``draws_too=False``: without the members chance decides (the drawn card of a
    pile purchase, the refill of a display purchase)."""
    for deck, source, card in purchases(state):
        if not draws_too:
            step: OpenPurchase = {"do": "buy_card", "deck": deck, "from": source}
            if card is not None:
                step["card"] = card
            yield step
            continue
        draws = possible_draws(state, deck)
        if source == "pile":
            for drawn in draws:
                yield {"do": "buy_card", "deck": deck, "from": "pile", "card": drawn}
        elif card is None:
            continue  # a display purchase names its card: never None
        elif not draws:
            yield {"do": "buy_card", "deck": deck, "from": "display", "card": card}
        else:
            for refill in draws:
                yield {
                    "do": "buy_card",
                    "deck": deck,
                    "from": "display",
                    "card": card,
                    "refill": refill,
                }


def _own_land(state: State) -> list[int]:
    code = LAND + state.seat
    return [s for s, c in enumerate(state.cells) if c == code]


def _empty_pampas_next_to(state: State, tiles: Sequence[int]) -> list[int]:
    nbrs, cells, types = state.board.neighbours, state.cells, state.board.types
    return sorted({n for t in tiles for n in nbrs[t] if cells[n] == 0 and types[n] == PAMPAS})


def play_land_steps(state: State) -> Iterator[PlayLandStep]:
    if state.land_tiles >= 80:
        return
    hand = state.land_hands[state.seat]
    for c in range(6):
        if not hand[c]:
            continue
        spaces = [s for s in state.board.spaces_by_type[c] if state.cells[s] == 0] if c < 5 else []
        if not spaces:
            spaces = _empty_pampas_next_to(state, _own_land(state))
        for s in spaces:
            yield {"do": "play_land", "card": LAND_CARDS[c], "at": _cell(state, s)}


def play_animal_steps(state: State) -> Iterator[PlayAnimalStep]:
    seat = state.seat
    if state.animal_tiles[seat] >= 30:
        return
    hand = state.animal_hands[seat]
    land = _own_land(state)
    for a in range(4):
        if not hand[a]:
            continue
        code = ANIMAL + 4 * seat + a
        herd = [s for s, c in enumerate(state.cells) if c == code]
        for s in _empty_pampas_next_to(state, land + herd):
            yield {"do": "play_animal", "card": ANIMALS[a], "at": _cell(state, s)}


def _groups(state: State) -> list[list[int]]:
    """Every chain and herd of the active seat, each as a sorted list of spaces."""
    seat = state.seat
    own = {LAND + seat, *range(ANIMAL + 4 * seat, ANIMAL + 4 * seat + 4)}
    return [sorted(g) for g in label_groups(state.cells, state.board.neighbours, own)]


def hacienda_steps(state: State, used: frozenset[str]) -> Iterator[BuyHaciendaStep]:
    if (
        "buy_hacienda" in used
        or state.haciendas_left <= 0
        or state.money[state.seat] < state.opts.hacienda_cost
    ):
        return
    spaces = [
        s
        for g in _groups(state)
        if len(g) >= state.opts.hacienda_min_group and not state.haciendas.intersection(g)
        for s in g
    ]
    for s in sorted(spaces):
        yield {"do": "buy_hacienda", "at": _cell(state, s)}


def water_sets(state: State) -> Iterator[tuple[int, ...]]:
    """Every connected set of 1-4 empty pampas spaces, each once (grown from its first cell)."""
    cells, types, nbrs = state.cells, state.board.types, state.board.neighbours
    empty = [s for s in range(len(cells)) if cells[s] == 0 and types[s] == PAMPAS]
    free = set(empty)
    for seed in empty:
        seen: set[tuple[int, ...]] = set()
        frontier: list[tuple[int, ...]] = [(seed,)]
        while frontier:
            current = frontier.pop(0)
            yield current
            if len(current) == 4:
                continue
            for n in sorted({n for c in current for n in nbrs[c]}):
                if n > seed and n in free and n not in current:
                    grown = tuple(sorted((*current, n)))
                    if grown not in seen:
                        seen.add(grown)
                        frontier.append(grown)


def water_steps(
    state: State,
    used: frozenset[str],
    every_shape: bool = True,
    sets: int | None = None,
    near: bool = False,
) -> Iterator[BuyWaterStep]:
    """Family 5; with listed shapes, one step per listed shape the cells can be (only the
    first in list order unless ``every_shape``: what a record without ``shape`` gets).
    ``sets``: look at no more than that many cell sets (a bound on the work); ``near``: only
    the placements touching a tile of the player (the greedy policy's)."""
    from scorer.games.hacienda.water import canonical_form

    if (
        "buy_water" in used
        or state.water_left <= 0
        or state.money[state.seat] < state.opts.water_cost
    ):
        return
    seat, cells, nbrs = state.seat, state.cells, state.board.neighbours
    for group_cells in itertools.islice(water_sets(state), sets):
        if (near or state.opts.water_needs_own_neighbor) and not any(
            cells[n] == LAND + seat or ANIMAL + 4 * seat <= cells[n] < ANIMAL + 4 * seat + 4
            for c in group_cells
            for n in nbrs[c]
        ):
            continue
        step: BuyWaterStep = {"do": "buy_water", "cells": [_cell(state, c) for c in group_cells]}
        if state.water_shapes is None:
            yield step
            continue
        form = canonical_form([state.board.coords[c] for c in group_cells])
        names = [s.shape for s in state.water_shapes if s.form == form and s.count > 0]
        for name in dict.fromkeys(names[: None if every_shape else 1]):
            yield {"do": "buy_water", "cells": step["cells"], "shape": name}


def harvest_steps(state: State, used: frozenset[str]) -> Iterator[HarvestStep]:
    if "harvest" in used:
        return
    seat, cells = state.seat, state.cells
    sources: list[int | None] = [None]
    if state.chips_left == 0:
        sources = [
            c for c in sorted(state.chips) if LAND <= cells[c] < ANIMAL and cells[c] != LAND + seat
        ]
    for g in _groups(state):
        if (
            cells[g[0]] != LAND + seat
            or len(g) < state.opts.harvest_min_chain
            or state.chips.intersection(g)
        ):
            continue
        for s in g:
            for source in sources:
                step: HarvestStep = {"do": "harvest", "at": _cell(state, s)}
                if source is not None:
                    step["take_from"] = _cell(state, source)
                yield step


def legal_steps(
    state: State, used: frozenset[str] = frozenset(), taken: int = 0, draws: bool = True
) -> Iterator[Offer]:
    """Every legal next step of the active player (none after the third step); ``draws``:
    with every possible chance outcome of a purchase (else without the drawn members)."""
    if taken >= 3 or state.final == 2:
        return
    yield from buy_card_steps(state, draws)
    yield from play_land_steps(state)
    yield from play_animal_steps(state)
    yield from hacienda_steps(state, used)
    yield from water_steps(state, used)
    yield from harvest_steps(state, used)


def of_kind(
    state: State, kind: str, used: frozenset[str] = frozenset(), taken: int = 0
) -> Iterator[Offer]:
    """The legal next steps whose ``do`` is ``kind`` (chance members left out): one family of
    ``legal_steps``, without walking the others (the water family can be large)."""
    if taken >= 3 or state.final == 2:
        return iter(())
    families: dict[str, Callable[[], Iterator[Offer]]] = {
        "buy_card": lambda: buy_card_steps(state, False),
        "play_land": lambda: play_land_steps(state),
        "play_animal": lambda: play_animal_steps(state),
        "buy_hacienda": lambda: hacienda_steps(state, used),
        "buy_water": lambda: water_steps(state, used, sets=WATER_SETS),
        "harvest": lambda: harvest_steps(state, used),
    }
    return families[kind]() if kind in families else iter(())


def after_prefix(state: State, prefix: Sequence[Json]) -> tuple[State, frozenset[str], int]:
    """The state once the steps ``prefix`` of the current turn are taken as recorded (their
    draws and refills included), the once-per-turn steps among them, and how many there are.
    Raises RuleViolation if a step of the prefix cannot be taken."""
    from scorer.games.hacienda.actions import apply_steps

    mid = apply_steps(state, as_steps(prefix)) if prefix else state
    return mid, frozenset(str(s.get("do")) for s in prefix), len(prefix)


def steps_after(state: State, prefix: Sequence[Json], draws: bool = False) -> Iterator[Offer]:
    """The legal next steps after ``prefix`` (``Moves.legal_steps``): without the members
    chance decides unless ``draws``."""
    mid, used, taken = after_prefix(state, prefix)
    return legal_steps(mid, used, taken, draws)


def same_step(recorded: Json, generated: Mapping[str, object]) -> bool:
    """Whether the generator's ``generated`` (chance outcomes included) is the ``recorded``
    step: the same members, except the ``income`` claim (a claim, not a choice), the order of
    a water tile's cells, and a water ``shape`` the record leaves to the first match."""
    mine = {k: _plain(v) for k, v in recorded.items() if v is not None and k != "income"}
    theirs = {k: _plain(v) for k, v in generated.items() if v is not None}
    if mine.get("do") == "buy_water":
        if "shape" not in mine:
            theirs.pop("shape", None)
        for side in (mine, theirs):
            if isinstance(side.get("cells"), tuple):
                side["cells"] = tuple(sorted(side["cells"], key=repr))
    return mine == theirs


def _plain(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_plain(v) for v in value)
    return value
