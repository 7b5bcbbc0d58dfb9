"""Buying cards (rules/hacienda.md §6.1): prices, displays, blind draws, refills, triggers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.errors import PathPart, RuleViolation
from scorer.games.hacienda.board import ANIMALS, LAND_CARDS
from scorer.games.hacienda.turn import Turn
from scorer.words import article, plural

PRICE = {"display": 3, "pile": 2}
LAND_INDEX = {c: i for i, c in enumerate(LAND_CARDS)}
ANIMAL_INDEX = {c: i for i, c in enumerate(ANIMALS)}


def pile_size(t: Turn, deck: str) -> int:
    """Cards left in the pile of ``deck`` (land: after a reshuffle if the option allows one)."""
    if deck == "animal":
        return t.stacks[0] + t.stacks[1]
    if sum(t.lpile) == 0 and t.opts.land_reshuffle:
        t.lpile = t.land_discard
        t.land_discard = [0] * 6
        t.land_order = None
    return sum(t.lpile)


def _draw(t: Turn, deck: str, card: str, path: tuple[PathPart, ...]) -> None:
    """A card named as drawn from the pile: HAC-BUY-4, HAC-BUY-6, then take it."""
    if deck == "land":
        c = LAND_INDEX[card]
        # HAC-BUY-4: a land card of that type is left in the pile
        if t.lpile[c] <= 0:
            raise RuleViolation(
                "HAC-BUY-4",
                f"no {card} card can be left in the land pile",
                path,
                {"expected": "a card still in the pile", "found": card},
            )
        order = t.land_order
        # HAC-BUY-6: the top card of a known order
        if order is not None and order[0] != c:
            raise RuleViolation(
                "HAC-BUY-6",
                f"the top land card is {LAND_CARDS[order[0]]}, not {card}",
                path,
                {"expected": LAND_CARDS[order[0]], "found": card},
            )
        t.lpile[c] -= 1
        if order is not None:
            t.land_order = order[1:]
        return
    a = ANIMAL_INDEX[card]
    # HAC-BUY-4: at most 18 (minus listed removed cards) of an animal seen
    if t.animal_seen[a] >= t.state.animal_limit[a]:
        raise RuleViolation(
            "HAC-BUY-4",
            f"all {t.state.animal_limit[a]} {card} cards that can be in the stacks have been seen",
            path,
            {"expected": f"at most {t.state.animal_limit[a]}", "found": t.animal_seen[a] + 1},
        )
    k = 0 if t.stacks[0] > 0 else 1
    order = t.stack_orders[k]
    # HAC-BUY-6: the top card of a known order
    if order is not None and order[0] != a:
        raise RuleViolation(
            "HAC-BUY-6",
            f"the top animal card is {ANIMALS[order[0]]}, not {card}",
            path,
            {"expected": ANIMALS[order[0]], "found": card},
        )
    t.animal_seen[a] += 1
    t.stacks[k] -= 1
    if order is not None:
        t.stack_orders[k] = order[1:]
    if t.stacks[k] == 0:
        _trigger(t, k)


def _trigger(t: Turn, stack: int) -> None:
    """HAC-END-1 / HAC-END-2: a stack ran out; the scoring waits for the end of the round."""
    if stack == 0 and not t.opts.continuous_scoring and t.inter == 0:
        t.inter = 1
    if stack == 1 and t.final == 0:
        t.final = 1


def apply_buy_card(t: Turn, step: Mapping[str, Any], base: tuple[PathPart, ...]) -> None:
    deck, source, card = step["deck"], step["from"], step["card"]
    vocab = LAND_INDEX if deck == "land" else ANIMAL_INDEX
    refill = step.get("refill")
    # HAC-BUY-1: card and refill belong to the deck
    if card not in vocab:
        raise RuleViolation(
            "HAC-BUY-1",
            f"{card} is not {article(deck)} card",
            (*base, "card"),
            {"expected": f"{article(deck)} card", "found": card},
        )
    if refill is not None and refill not in vocab:
        raise RuleViolation(
            "HAC-BUY-1",
            f"{refill} is not {article(deck)} card",
            (*base, "refill"),
            {"expected": f"{article(deck)} card", "found": refill},
        )
    display = t.ldisp if deck == "land" else t.adisp
    if source == "display":
        # HAC-BUY-2: the card lies in the display
        if display[vocab[card]] <= 0:
            raise RuleViolation(
                "HAC-BUY-2",
                f"no {card} lies in the {deck} display",
                (*base, "card"),
                {"found": card},
            )
    elif pile_size(t, deck) == 0:
        # HAC-BUY-3: the pile is not empty
        raise RuleViolation(
            "HAC-BUY-3",
            f"the {deck} pile is empty",
            (*base, "from"),
            {"expected": "a card in the pile", "found": 0},
        )
    price = PRICE[source]
    # HAC-MONEY-1: enough pesos for the price
    if t.money[t.seat] < price:
        raise RuleViolation(
            "HAC-MONEY-1",
            f"the card costs {plural(price, 'peso')}, the player has {t.money[t.seat]}",
            base,
            {"expected": price, "found": t.money[t.seat]},
        )
    t.money[t.seat] -= price
    hand = t.lhand if deck == "land" else t.ahand
    hand[vocab[card]] += 1
    if source == "pile":
        _draw(t, deck, card, (*base, "card"))
        return
    display[vocab[card]] -= 1
    left = pile_size(t, deck)
    # HAC-BUY-5: refill exactly when the pile has a card
    if left > 0 and refill is None:
        raise RuleViolation(
            "HAC-BUY-5",
            f"the {deck} pile still has cards; name the refill",
            base,
            {"expected": "a refill card", "found": None},
        )
    if left == 0 and refill is not None:
        raise RuleViolation(
            "HAC-BUY-5",
            f"the {deck} pile is empty; there is no refill",
            (*base, "refill"),
            {"expected": None, "found": refill},
        )
    if refill is not None:
        _draw(t, deck, refill, (*base, "refill"))
        display[vocab[refill]] += 1
