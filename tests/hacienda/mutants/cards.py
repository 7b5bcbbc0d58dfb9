"""Mutations of cards and the setup (§4, §6.1, §6.3): a card bought without the pesos, a pampas
card played on a land space, a deck order of the wrong length, and a player listed twice.
"""

from __future__ import annotations

import random

from scorer.games.hacienda.board import ANIMALS, LAND_CARDS, PAMPAS
from scorer.games.hacienda.generator import possible_draws
from tests.hacienda.mutants.where import (
    Doc,
    Step,
    _pick,
    can_put,
    cell,
    is_record,
    moves,
    put_picked,
    slots,
)


def card_unpaid(doc: Doc, rng: random.Random) -> bool:
    """HAC-MONEY-1: a ``buy_card`` step (a card of the display, or blind from a pile that has
    one) put at a point where the player has fewer pesos than its price (3 / 2)."""
    options: list[tuple[int, int, Step]] = []
    for i, j, mid, _ in slots(doc):
        if not can_put(doc, i, j):
            continue
        money = mid.money[mid.seat]
        for deck, display, vocab in (
            ("land", mid.land_display, LAND_CARDS),
            ("animal", mid.animal_display, ANIMALS),
        ):
            draws = possible_draws(mid, deck)
            if money < 3:
                for c in range(len(vocab)):
                    if display[c]:
                        step: Step = {"do": "buy_card", "deck": deck, "from": "display"}
                        step["card"] = vocab[c]
                        if draws:
                            step["refill"] = draws[0]
                        options.append((i, j, step))
            if money < 2 and draws:
                options.append(
                    (i, j, {"do": "buy_card", "deck": deck, "from": "pile", "card": draws[0]})
                )
    return put_picked(doc, rng, options)


def pampas_card_on_land(doc: Doc, rng: random.Random) -> bool:
    """HAC-LAND-4: a recorded ``play_land`` of a pampas card (or of a card whose terrain has no
    empty space left: the fallback) moved to an empty land (non-pampas) space."""
    options: list[tuple[int, int, list[int]]] = []
    for i, j, mid, _ in slots(doc):
        steps = moves(doc)[i]["steps"]
        if j >= len(steps) or steps[j].get("do") != "play_land":
            continue
        card = LAND_CARDS.index(steps[j]["card"]) if steps[j].get("card") in LAND_CARDS else -1
        types, cells = mid.board.types, mid.cells
        if card < 0:
            continue
        fallback = card < PAMPAS and not any(cells[s] == 0 for s in mid.board.spaces_by_type[card])
        if card != PAMPAS and not fallback:
            continue
        land = [s for s, t in enumerate(types) if t < PAMPAS and cells[s] == 0]
        if land:
            options.append((i, j, cell(mid.board, _pick(rng, land))))
    choice = _pick(rng, options)
    if choice is None:
        return False
    i, j, at = choice
    moves(doc)[i]["steps"][j]["at"] = at
    return True


def deck_order_short(doc: Doc, rng: random.Random) -> bool:
    """HAC-SETUP-7: one of the deck orders of ``setup.decks`` loses a card (its length no longer
    that of its pile; the land cards no longer add up to 80)."""
    decks = doc["setup"].get("decks") if is_record(doc) else None
    if not isinstance(decks, dict):
        return False
    names = sorted(k for k, v in decks.items() if isinstance(v, list) and v)
    name = _pick(rng, names)
    if name is None:
        return False
    del decks[name][rng.randrange(len(decks[name]))]
    return True


def player_count_off(doc: Doc, rng: random.Random) -> bool:
    """HAC-SETUP-1: one player left out of a 2-player record, or a sixth player (a new name)
    added to a 5-player record: the player count leaves 2-5."""
    players = doc.get("players")
    if not is_record(doc) or not isinstance(players, list):
        return False
    if len(players) == 2:
        del players[rng.randrange(2)]
        return True
    if len(players) == 5:
        taken = {p.get("name") for p in players if isinstance(p, dict)}
        name = next(f"Player{k}" for k in range(6, 99) if f"Player{k}" not in taken)
        players.insert(rng.randrange(6), {"name": name})
        return True
    return False


def display_short(doc: Doc, rng: random.Random) -> bool:
    """HAC-SETUP-3: one card of the land or animal display of the setup left out (3 cards)."""
    if not is_record(doc):
        return False
    keys = [k for k in ("land_display", "animal_display") if doc["setup"].get(k)]
    key = _pick(rng, keys)
    if key is None:
        return False
    del doc["setup"][key][rng.randrange(len(doc["setup"][key]))]
    return True


def land_pile_size_off(doc: Doc, rng: random.Random) -> bool:
    """HAC-SETUP-6: ``setup.land_pile_size`` written one or two off 80 − 8n − 4."""
    if not is_record(doc) or not isinstance(doc.get("players"), list):
        return False
    right = 80 - 8 * len(doc["players"]) - 4
    doc["setup"]["land_pile_size"] = right + rng.choice((-2, -1, 1, 2))
    return True


def blind_from_empty_pile(doc: Doc, rng: random.Random) -> bool:
    """HAC-BUY-3: a blind ``buy_card`` (``from: "pile"``) put at a point where that pile has
    no card left (the land pile at its end without a reshuffle, the animal stacks in the last
    round)."""
    options: list[tuple[int, int, Step]] = []
    for i, j, mid, _ in slots(doc):
        if not can_put(doc, i, j):
            continue
        for deck, vocab in (("land", LAND_CARDS), ("animal", ANIMALS)):
            if not possible_draws(mid, deck):
                step = {"do": "buy_card", "deck": deck, "from": "pile", "card": _pick(rng, vocab)}
                options.append((i, j, step))
    return put_picked(doc, rng, options)
