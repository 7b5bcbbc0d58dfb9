"""The ``play`` block of a position (rules/hacienda.md §13.2): HAC-POS-13 … 16, the state, and
the block written for a replayed state (§13.5).

A position with ``play`` is a complete game state: the turns that follow can be applied to it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from pyrsistent import plist, pvector

from scorer.core.findings import Findings
from scorer.core.values import Json
from scorer.games.hacienda.board import ANIMALS, LAND_CARDS, PAMPAS, Board
from scorer.games.hacienda.setup import ANIMAL_INDEX, LAND_INDEX, counts
from scorer.games.hacienda.state import (
    ANIMAL,
    ANIMAL_TOTAL,
    LAND,
    LAND_TOTAL,
    MAX_LAND_TILES,
    REMOVED,
    WATER,
    Options,
    Order,
    State,
    stack_size,
)


def _cards(play: Json, key: str, vocab: Mapping[str, int]) -> list[int]:
    total = [0] * len(vocab)
    for hand in play["hands"].values():
        for k, v in enumerate(counts(hand[key], vocab)):
            total[k] += v
    display = counts(play[f"{key}_display"], vocab)
    return [a + b for a, b in zip(total, display, strict=True)]


def _land_ok(play: Json, board: Board, opts: Options, cells: Sequence[int]) -> bool:
    """HAC-POS-13: land tiles and land cards add up."""
    pile = [play["land_pile"].get(c, 0) for c in LAND_CARDS]
    cards = [a + b for a, b in zip(_cards(play, "land", LAND_INDEX), pile, strict=True)]
    on_type = [0] * 6
    tiles = 0
    for s, c in enumerate(cells):
        if LAND <= c < ANIMAL:
            tiles += 1
            if board.types[s] <= PAMPAS:  # land on a market is HAC-POS-4
                on_type[board.types[s]] += 1
    if opts.land_reshuffle:
        return tiles <= MAX_LAND_TILES
    if tiles + sum(cards) != MAX_LAND_TILES or cards[PAMPAS] > LAND_TOTAL[PAMPAS]:
        return False
    for t in range(5):
        used = on_type[t] + cards[t]
        full = all(cells[s] != 0 for s in board.spaces_by_type[t])
        if used > LAND_TOTAL[t] or (used < LAND_TOTAL[t] and not full):
            return False
    return True


def _animals_ok(play: Json, n: int, cells: Sequence[int]) -> bool:
    """HAC-POS-14: animal tiles, cards and stacks add up."""
    tiles = [0] * 4
    for c in cells:
        if ANIMAL <= c < WATER:
            tiles[(c - ANIMAL) % 4] += 1
    cards = _cards(play, "animal", ANIMAL_INDEX)
    removed = counts(play.get("removed_animal_types", []), ANIMAL_INDEX)
    s1: int = play["animal_stacks"][0]
    s2: int = play["animal_stacks"][1]
    size = stack_size(n)
    if sum(tiles) + sum(cards) + s1 + s2 != 72 - REMOVED.get(n, 0):
        return False
    if any(tiles[a] + cards[a] + removed[a] > ANIMAL_TOTAL for a in range(4)):
        return False
    return s1 <= size and s2 <= size and (s1 == 0 or s2 == size)


def check_play(doc: Json, board: Board, opts: Options, cells: Sequence[int], out: Findings) -> None:
    """HAC-POS-13 … HAC-POS-16 for a position with ``play``, added to ``out``."""
    play = doc["play"]
    names = [p["name"] for p in doc["players"]]
    fail = out.add
    if set(play["hands"]) != set(names):
        return  # HAC-POS-1 already reports the hands; the sums need every hand
    if not _land_ok(play, board, opts, cells):
        fail("HAC-POS-13", ("play", "land_pile"), "the land tiles and land cards do not add up")
    if not _animals_ok(play, len(names), cells):
        fail(
            "HAC-POS-14",
            ("play", "animal_stacks"),
            "the animal tiles, cards and stacks do not add up",
        )
    s1, s2 = play["animal_stacks"]
    pile = sum(play["land_pile"].values())
    # HAC-POS-15: full displays unless the pile is empty
    if len(play["land_display"]) > 4 or (pile > 0 and len(play["land_display"]) != 4):
        fail("HAC-POS-15", ("play", "land_display"), "the land display has 4 cards")
    if len(play["animal_display"]) > 4 or (s1 + s2 > 0 and len(play["animal_display"]) != 4):
        fail("HAC-POS-15", ("play", "animal_display"), "the animal display has 4 cards")
    # HAC-POS-16: turn and phase agree with the stacks
    to_move, done = play["to_move"], play["intermediate_done"]
    if (to_move is None and s1 + s2 > 0) or (s2 == 0 and to_move == names[0]):
        fail("HAC-POS-16", ("play", "to_move"), "the next player does not fit the stacks")
    elif not opts.continuous_scoring and s1 == 0 and not done and to_move in (names[0], None):
        fail("HAC-POS-16", ("play", "to_move"), "the intermediate scoring would have happened")
    if done and (s1 > 0 or opts.continuous_scoring):
        fail(
            "HAC-POS-16",
            ("play", "intermediate_done"),
            "the intermediate scoring cannot have happened yet",
        )
    if not done:
        for name, value in doc.get("track", {}).items():
            if value != 0 and not opts.continuous_scoring:
                fail("HAC-POS-16", ("track", name), "no scoring has put points on the track")


def play_state(
    doc: Json,
    board: Board,
    opts: Options,
    names: Sequence[str],
    base: State,
    cells: Sequence[int],
    haciendas: set[int],
    chips: set[int],
    setup: Json,
) -> State:
    """The state of a position (with ``play``: ready to continue the game)."""
    n = len(names)
    seat_of = {p: k for k, p in enumerate(names)}
    money = pvector(doc["money"].get(p, 0) for p in names)
    tiles = [0] * n
    for c in cells:
        if ANIMAL <= c < WATER:
            tiles[(c - ANIMAL) // 4] += 1
    free = pvector(
        sum(1 for s in board.spaces_by_type[t] if cells[s] == 0) if t <= PAMPAS else 0
        for t in range(8)
    )
    water = doc.get("water", [])
    shapes = base.water_shapes
    if shapes is not None:
        from scorer.games.hacienda.water import canonical_form

        left = list(shapes)
        for tile in water:
            form = canonical_form([tuple(c) for c in tile])
            k = next((i for i, s in enumerate(left) if s.form == form and s.count > 0), None)
            if k is not None:
                left[k] = replace(left[k], count=left[k].count - 1)
        shapes = pvector(left)
    state = base._replace(
        cells=pvector(cells),
        haciendas=frozenset(haciendas),
        chips=frozenset(chips),
        water_shapes=shapes,
        scorings=base.scorings._replace(final=2),
        game=base.game._replace(track=pvector(doc.get("track", {}).get(p, 0) for p in names)),
        free=free,
        land_tiles=sum(1 for c in cells if LAND <= c < ANIMAL),
        haciendas_left=max(0, base.neutral_supply - len(haciendas)),
        chips_left=max(0, base.chip_supply - len(chips)),
        water_left=max(0, base.water_supply - len(water)),
        pieces=base.pieces + len(water),
        money=money,
        animal_tiles=pvector(tiles),
    )
    play = doc.get("play")
    if play is None or set(play["hands"]) != set(names):
        return state
    return _with_play(state, play, names, seat_of)


def _with_play(
    state: State,
    play: Json,
    names: Sequence[str],
    seat_of: Mapping[str, int],
) -> State:
    hands = play["hands"]
    land_hands = pvector(counts(hands[p]["land"], LAND_INDEX) for p in names)
    animal_hands = pvector(counts(hands[p]["animal"], ANIMAL_INDEX) for p in names)
    land_display = counts(play["land_display"], LAND_INDEX)
    animal_display = counts(play["animal_display"], ANIMAL_INDEX)
    pile = pvector(play["land_pile"].get(c, 0) for c in LAND_CARDS)
    discard = pvector(
        max(0, LAND_TOTAL[t] - pile[t] - land_display[t] - sum(h[t] for h in land_hands))
        for t in range(6)
    )
    seen = [animal_display[a] + sum(h[a] for h in animal_hands) for a in range(4)]
    for c in state.cells:
        if ANIMAL <= c < WATER:
            seen[(c - ANIMAL) % 4] += 1
    removed = counts(play.get("removed_animal_types", []), ANIMAL_INDEX)
    decks = play.get("decks", {})
    s1, s2 = play["animal_stacks"]
    to_move = play["to_move"]
    done = play["intermediate_done"]
    over = to_move is None
    state = state._replace(
        land_display=land_display,
        animal_display=animal_display,
        land_pile=pile,
        land_discard=discard,
        stacks=pvector([s1, s2]),
        animal_seen=pvector(seen),
        land_hands=land_hands,
        animal_hands=animal_hands,
    )
    limit = pvector(ANIMAL_TOTAL - r for r in removed)
    return state._replace(
        game=state.game._replace(animal_limit=limit),
        land_order=_order(decks.get("land"), LAND_INDEX, sum(pile)),
        stack_orders=pvector(
            [
                _order(decks.get("animal_stack_1"), ANIMAL_INDEX, s1),
                _order(decks.get("animal_stack_2"), ANIMAL_INDEX, s2),
            ]
        ),
        seat=0 if over else seat_of.get(to_move, 0),
        scorings=state.scorings._replace(
            inter=2 if done else (1 if s1 == 0 and not state.opts.continuous_scoring else 0),
            final=2 if over else (1 if s2 == 0 else 0),
        ),
    )


def _order(cards: Sequence[str] | None, vocab: Mapping[str, int], size: int) -> Order:
    """A remaining deck order; one whose length is not the pile's is not used (unknown)."""
    if cards is None or len(cards) != size:
        return None
    return plist([vocab[c] for c in cards])


def _names(vocab: tuple[str, ...], counts: Sequence[int]) -> list[str]:
    return [vocab[k] for k, v in enumerate(counts) for _ in range(v)]


def export_play(state: State, setup: Json) -> dict[str, Any]:
    """The ``play`` block of a replayed state (§13.5)."""
    names = state.names
    play: dict[str, Any] = {
        "to_move": None if state.final == 2 else names[state.seat],
        "intermediate_done": state.inter == 2,
        "hands": {
            p: {
                "land": _names(LAND_CARDS, state.land_hands[k]),
                "animal": _names(ANIMALS, state.animal_hands[k]),
            }
            for k, p in enumerate(names)
        },
        "land_display": _names(LAND_CARDS, state.land_display),
        "animal_display": _names(ANIMALS, state.animal_display),
        "land_pile": dict(zip(LAND_CARDS, state.land_pile, strict=True)),
        "animal_stacks": list(state.stacks),
    }
    decks: dict[str, list[str]] = {}
    if state.land_order is not None:
        decks["land"] = [LAND_CARDS[c] for c in state.land_order]
    for k, order in enumerate(state.stack_orders):
        if order is not None:
            decks[f"animal_stack_{k + 1}"] = [ANIMALS[a] for a in order]
    if decks:
        play["decks"] = decks
    if "removed_animal_types" in setup:
        play["removed_animal_types"] = list(setup["removed_animal_types"])
    return play


__all__ = ["ANIMALS", "check_play", "export_play", "play_state"]
