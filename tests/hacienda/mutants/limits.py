"""Mutations at the limits of the components (§2, §6.1, §6.3, §6.4): a land tile played after
the 80th (``land_reshuffle`` brings played cards back to the hands), a 31st animal tile, and a
card named as drawn that cannot be left in its pile. Each replays the record, finds the points
where the limit is reached, and picks one with the seeded rng.
"""

from __future__ import annotations

import random

from scorer.games.hacienda.board import ANIMALS, LAND_CARDS, PAMPAS
from scorer.games.hacienda.generator import land_pile
from scorer.games.hacienda.state import ANIMAL, LAND
from tests.hacienda.mutants.where import (
    Doc,
    _pick,
    can_put,
    cell,
    moves,
    put_picked,
    slots,
)

LIMIT_LAND, LIMIT_ANIMAL = 80, 30


def land_after_the_80th(doc: Doc, rng: random.Random) -> bool:
    """HAC-LAND-6: with ``land_reshuffle``, a ``play_land`` step of a land card the player
    holds, on an empty space where that card could go, put in a turn when all 80 land tiles
    are on the board."""
    options: list[tuple[int, int, dict[str, object]]] = []
    for i, j, mid, _ in slots(doc):
        if mid.land_tiles < LIMIT_LAND or not can_put(doc, i, j):
            continue
        hand = mid.land_hands[mid.seat]
        held = [c for c in range(6) if hand[c] > 0]
        if not held:
            continue
        c = _pick(rng, held)
        types, cells = mid.board.types, mid.cells
        room = [s for s, k in enumerate(types) if cells[s] == 0 and k in (c, PAMPAS)]
        space = _pick(rng, room) if room else 0
        options.append(
            (i, j, {"do": "play_land", "card": LAND_CARDS[c], "at": cell(mid.board, space)})
        )
    return put_picked(doc, rng, options)


def animal_after_the_30th(doc: Doc, rng: random.Random) -> bool:
    """HAC-ANIMAL-4: a ``play_animal`` step of an animal card the player holds, on an empty
    pampas space next to the player's land or herd of that animal (so HAC-ANIMAL-2/3 hold), put
    in a turn when the player already has all 30 animal tiles on the board."""
    options: list[tuple[int, int, dict[str, object]]] = []
    for i, j, mid, _ in slots(doc):
        seat = mid.seat
        if mid.animal_tiles[seat] < LIMIT_ANIMAL or not can_put(doc, i, j):
            continue
        hand = mid.animal_hands[seat]
        cells, nbrs, types = mid.cells, mid.board.neighbours, mid.board.types
        for a in range(4):
            if hand[a] <= 0:
                continue
            own = (LAND + seat, ANIMAL + 4 * seat + a)
            room = [
                s
                for s, c in enumerate(cells)
                if c == 0 and types[s] == PAMPAS and any(cells[n] in own for n in nbrs[s])
            ]
            if room:
                at = cell(mid.board, _pick(rng, room))
                options.append((i, j, {"do": "play_animal", "card": ANIMALS[a], "at": at}))
    return put_picked(doc, rng, options)


def impossible_draw(doc: Doc, rng: random.Random) -> bool:
    """HAC-BUY-4: a ``buy_card`` step's drawn card (a pile purchase) or refill (a display
    purchase) renamed to a card of the same deck that cannot be left in the pile: a land type
    of which the pile holds none, or an animal of which every card has been seen."""
    options: list[tuple[int, int, str, str]] = []
    for i, j, mid, _ in slots(doc):
        steps = moves(doc)[i]["steps"]
        if j >= len(steps) or steps[j].get("do") != "buy_card":
            continue
        step = steps[j]
        key = "card" if step.get("from") == "pile" else "refill"
        if not isinstance(step.get(key), str):
            continue
        if step.get("deck") == "land":
            pile = land_pile(mid)
            gone = [LAND_CARDS[c] for c in range(6) if pile[c] == 0] if sum(pile) else []
        else:
            seen, limit = mid.animal_seen, mid.animal_limit
            gone = [ANIMALS[a] for a in range(4) if seen[a] >= limit[a]]
        options += [(i, j, key, card) for card in gone if card != step[key]]
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j, key, card = choice
    moves(doc)[i]["steps"][j][key] = card
    return True
