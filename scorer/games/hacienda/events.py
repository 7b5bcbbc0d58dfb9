"""What happens between and around the steps (rules/hacienda.md §6.1, §7.1-§7.3).

Card draws from a pile (the drawn card named by the step: HAC-BUY-4, HAC-BUY-6), the land
reshuffle of the ``land_reshuffle`` option, the triggers of a stack running out, and the end
of a turn and of a round: the intermediate scoring at the end of the round in which stack 1
ran out, the final scoring and the end of the game at the end of the round in which stack 2 ran
out (after the intermediate scoring if both happen in one round). Those two events are rules
that compute and are never reported (their IDs are in the comments below), so no string here
names them (bench/rule_coverage.py counts a rule named in a string as one the game reports).
"""

from __future__ import annotations

from pyrsistent import pvector

from scorer.core.errors import PathPart, RuleViolation
from scorer.games.hacienda.board import ANIMALS, LAND_CARDS
from scorer.games.hacienda.scoring import evaluate
from scorer.games.hacienda.state import ClaimIssue, Counts, Snapshot, State, TurnDraft, plus

LAND_INDEX = {c: i for i, c in enumerate(LAND_CARDS)}
ANIMAL_INDEX = {c: i for i, c in enumerate(ANIMALS)}
INDEX = {"land": LAND_INDEX, "animal": ANIMAL_INDEX}
NO_DISCARD: Counts = pvector([0] * len(LAND_CARDS))


def pile_size(draft: TurnDraft, deck: str) -> int:
    """Cards left in the pile of ``deck`` (land: after a reshuffle if the option allows one)."""
    if deck == "animal":
        return draft.stacks[0] + draft.stacks[1]
    left = sum(draft.land_pile)
    if left == 0 and draft.base.opts.land_reshuffle:
        # the land discard becomes the pile, in an order nobody knows
        draft.land_pile, draft.land_discard = draft.land_discard, NO_DISCARD
        draft.land_order = None
        return sum(draft.land_pile)
    return left


def gain_card(draft: TurnDraft, deck: str, card: int, into_hand: bool) -> None:
    """One card of ``deck`` more in the hand of the player to move, or in the deck's display."""
    if not into_hand:
        if deck == "land":
            draft.land_display = plus(draft.land_display, card)
        else:
            draft.animal_display = plus(draft.animal_display, card)
        return
    seat = draft.seat
    if deck == "land":
        draft.land_hands = draft.land_hands.set(seat, plus(draft.land_hands[seat], card))
    else:
        draft.animal_hands = draft.animal_hands.set(seat, plus(draft.animal_hands[seat], card))


def draw_card(
    draft: TurnDraft, deck: str, card: str, path: tuple[PathPart, ...], into_hand: bool
) -> None:
    """A card named as drawn from the pile: HAC-BUY-4, HAC-BUY-6, then it goes to the hand of
    the player to move or to the display (``into_hand``)."""
    if deck == "land":
        _draw_land(draft, LAND_INDEX[card], card, path)
    else:
        _draw_animal(draft, ANIMAL_INDEX[card], card, path)
    gain_card(draft, deck, INDEX[deck][card], into_hand)


def _draw_animal(draft: TurnDraft, a: int, card: str, path: tuple[PathPart, ...]) -> None:
    seen = draft.animal_seen[a]
    limit = draft.base.game.animal_limit[a]
    # HAC-BUY-4: at most 18 (minus listed removed cards) of an animal seen
    if seen >= limit:
        raise RuleViolation(
            "HAC-BUY-4",
            f"all {limit} {card} cards that can be in the stacks have been seen",
            path,
            {"expected": f"at most {limit}", "found": seen + 1},
        )
    k = 0 if draft.stacks[0] > 0 else 1
    # An order unknown at the start of the turn stays unknown: no read through the draft
    order = None if draft.base.stack_orders[k] is None else draft.stack_orders[k]
    # HAC-BUY-6: the top card of a known order
    if order is not None and order.first != a:
        raise RuleViolation(
            "HAC-BUY-6",
            f"the top animal card is {ANIMALS[order.first]}, not {card}",
            path,
            {"expected": ANIMALS[order.first], "found": card},
        )
    draft.animal_seen = draft.animal_seen.set(a, seen + 1)
    draft.stacks = plus(draft.stacks, k, -1)
    if order is not None:
        draft.stack_orders = draft.stack_orders.set(k, order.rest)
    if draft.stacks[k] == 0:
        trigger(draft, k)


def _draw_land(draft: TurnDraft, c: int, card: str, path: tuple[PathPart, ...]) -> None:
    left = draft.land_pile[c]
    # HAC-BUY-4: a land card of that type is left in the pile
    if left <= 0:
        raise RuleViolation(
            "HAC-BUY-4",
            f"no {card} card can be left in the land pile",
            path,
            {"expected": "a card still in the pile", "found": card},
        )
    # An order unknown at the start of the turn stays unknown (a reshuffle only forgets one)
    order = None if draft.base.land_order is None else draft.land_order
    # HAC-BUY-6: the top card of a known order
    if order is not None and order.first != c:
        raise RuleViolation(
            "HAC-BUY-6",
            f"the top land card is {LAND_CARDS[order.first]}, not {card}",
            path,
            {"expected": LAND_CARDS[order.first], "found": card},
        )
    draft.land_pile = draft.land_pile.set(c, left - 1)
    if order is not None:
        draft.land_order = order.rest


def refill_display(draft: TurnDraft, deck: str, refill: str | None, at: int) -> None:
    """After a display purchase: the named refill drawn from the pile (HAC-BUY-5)."""
    left = pile_size(draft, deck)
    # HAC-BUY-5: refill exactly when the pile has a card
    if left > 0 and refill is None:
        raise RuleViolation(
            "HAC-BUY-5",
            f"the {deck} pile still has cards; name the refill",
            ("steps", at),
            {"expected": "a refill card", "found": None},
        )
    if left == 0 and refill is not None:
        raise RuleViolation(
            "HAC-BUY-5",
            f"the {deck} pile is empty; there is no refill",
            ("steps", at, "refill"),
            {"expected": None, "found": refill},
        )
    if refill is not None:
        draw_card(draft, deck, refill, ("steps", at, "refill"), into_hand=False)


def trigger(draft: TurnDraft, stack: int) -> None:
    """A stack ran out; the scoring waits for the end of the round."""
    # HAC-END-1 / HAC-END-2: the triggers
    scorings = draft.scorings
    if stack == 0 and not draft.base.opts.continuous_scoring and scorings.inter == 0:
        draft.scorings = scorings._replace(inter=1)
    if stack == 1 and scorings.final == 0:
        draft.scorings = scorings._replace(final=1)


def end_turn(draft: TurnDraft) -> State:
    """Advance to the next seat; at the end of a round run the pending scorings."""
    base = draft.base
    draft.seat = (base.seat + 1) % len(base.game.names)
    draft.move_index = base.move_index + 1
    if draft.seat == 0 and draft.scorings.inter == 1:  # HAC-END-1
        before = draft.done()
        draft.scorings = draft.scorings._replace(
            inter=2,
            inter_scores=pvector(pvector(row) for row in evaluate(before)),
            inter_after=base.move_index,
            inter_board=Snapshot(before.cells, before.haciendas, before.money),
        )
    if draft.seat == 0 and draft.scorings.final == 1:  # HAC-END-2
        draft.scorings = draft.scorings._replace(final=2)
    return draft.done()


def check_income(draft: TurnDraft, claimed: int | None, at: int, income: int, rule: str) -> None:
    """HAC-MARKET-5 / HAC-HARV-6: a claimed income that differs is kept for ``extra_claims``."""
    if claimed is not None and claimed != income:
        s = draft.base
        move = s.move_index
        issue = ClaimIssue(
            rule,
            ("moves", move, "steps", at, "income"),
            s.names[s.seat],
            move,
            f"move {move + 1}, step {at + 1}",
            income,
            claimed,
        )
        draft.issues = draft.issues.append(issue)
