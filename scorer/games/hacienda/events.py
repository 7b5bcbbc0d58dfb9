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

from collections.abc import Mapping
from typing import Any

from pyrsistent import pvector

from scorer.core.errors import PathPart, RuleViolation
from scorer.core.persist import Draft
from scorer.games.hacienda.board import ANIMALS, LAND_CARDS
from scorer.games.hacienda.scoring import evaluate
from scorer.games.hacienda.state import (
    A_DISPLAY,
    L_DISCARD,
    L_DISPLAY,
    L_PILE,
    SEEN,
    STACKS,
    ClaimIssue,
    HaciendaState,
    Snapshot,
)

LAND_INDEX = {c: i for i, c in enumerate(LAND_CARDS)}
ANIMAL_INDEX = {c: i for i, c in enumerate(ANIMALS)}
INDEX = {"land": LAND_INDEX, "animal": ANIMAL_INDEX}
DISPLAY_AT = {"land": L_DISPLAY, "animal": A_DISPLAY}  # where a deck's display starts in tally
RESHUFFLE = tuple(  # the land discard becomes the pile: (pile slot, discard slot) pairs
    (L_PILE + t, L_DISCARD + t) for t in range(6)
)


def pile_size(draft: Draft[HaciendaState], deck: str) -> int:
    """Cards left in the pile of ``deck`` (land: after a reshuffle if the option allows one)."""
    tally = draft["tally"]  # typed Any: pyrsistent's stub of mset takes pairs, not (i, v, ...)
    if deck == "animal":
        stacks: int = tally[STACKS] + tally[STACKS + 1]
        return stacks
    # six reads, not sum() of a slice: a PVector slice is a new vector (0.1 µs against 0.4)
    left: int = (
        tally[L_PILE]
        + tally[L_PILE + 1]
        + tally[L_PILE + 2]
        + tally[L_PILE + 3]
        + tally[L_PILE + 4]
        + tally[L_PILE + 5]
    )
    if left == 0 and draft.base.opts.land_reshuffle:
        moved = [x for p, d in RESHUFFLE for x in (p, tally[d], d, 0)]
        draft["tally"] = tally.mset(*moved)
        draft["land_order"] = None
        return sum(tally[L_DISCARD : L_DISCARD + 6])
    return left


def draw_card(
    draft: Draft[HaciendaState], deck: str, card: str, path: tuple[PathPart, ...], to: int
) -> None:
    """A card named as drawn from the pile: HAC-BUY-4, HAC-BUY-6, then it goes to the count
    ``tally[to]`` (a hand or a display), in the same write as the pile's."""
    if deck == "land":
        _draw_land(draft, LAND_INDEX[card], card, path, to)
        return
    a = ANIMAL_INDEX[card]
    tally = draft["tally"]
    seen = tally[SEEN + a]
    limit = draft.base.game.animal_limit[a]
    # HAC-BUY-4: at most 18 (minus listed removed cards) of an animal seen
    if seen >= limit:
        raise RuleViolation(
            "HAC-BUY-4",
            f"all {limit} {card} cards that can be in the stacks have been seen",
            path,
            {"expected": f"at most {limit}", "found": seen + 1},
        )
    k = STACKS if tally[STACKS] > 0 else STACKS + 1
    # An order unknown at the start of the turn stays unknown: no read through the draft
    order = (
        None if draft.base.stack_orders[k - STACKS] is None else draft["stack_orders"][k - STACKS]
    )
    # HAC-BUY-6: the top card of a known order
    if order is not None and order.first != a:
        raise RuleViolation(
            "HAC-BUY-6",
            f"the top animal card is {ANIMALS[order.first]}, not {card}",
            path,
            {"expected": ANIMALS[order.first], "found": card},
        )
    left = tally[k] - 1
    draft["tally"] = tally.mset(SEEN + a, seen + 1, k, left, to, tally[to] + 1)
    if order is not None:
        draft["stack_orders"] = draft["stack_orders"].set(k - STACKS, order.rest)
    if left == 0:
        trigger(draft, k - STACKS)


def _draw_land(
    draft: Draft[HaciendaState], c: int, card: str, path: tuple[PathPart, ...], to: int
) -> None:
    tally = draft["tally"]
    left = tally[L_PILE + c]
    # HAC-BUY-4: a land card of that type is left in the pile
    if left <= 0:
        raise RuleViolation(
            "HAC-BUY-4",
            f"no {card} card can be left in the land pile",
            path,
            {"expected": "a card still in the pile", "found": card},
        )
    # An order unknown at the start of the turn stays unknown (a reshuffle only forgets one)
    order = None if draft.base.land_order is None else draft["land_order"]
    # HAC-BUY-6: the top card of a known order
    if order is not None and order.first != c:
        raise RuleViolation(
            "HAC-BUY-6",
            f"the top land card is {LAND_CARDS[order.first]}, not {card}",
            path,
            {"expected": LAND_CARDS[order.first], "found": card},
        )
    draft["tally"] = tally.mset(L_PILE + c, left - 1, to, tally[to] + 1)
    if order is not None:
        draft["land_order"] = order.rest


def refill_display(draft: Draft[HaciendaState], deck: str, refill: str | None, at: int) -> None:
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
        slot = DISPLAY_AT[deck] + INDEX[deck][refill]
        draw_card(draft, deck, refill, ("steps", at, "refill"), slot)


def trigger(draft: Draft[HaciendaState], stack: int) -> None:
    """A stack ran out; the scoring waits for the end of the round."""
    # HAC-END-1 / HAC-END-2: the triggers
    if stack == 0 and not draft.base.opts.continuous_scoring and draft["inter"] == 0:
        draft["inter"] = 1
    if stack == 1 and draft["final"] == 0:
        draft["final"] = 1


def end_turn(draft: Draft[HaciendaState]) -> HaciendaState:
    """Advance to the next seat; at the end of a round run the pending scorings."""
    base = draft.base
    seat = (base.seat + 1) % len(base.game.names)
    draft["seat"] = seat
    draft["move_index"] = base.move_index + 1
    # done() once only: a PSet evolver answers its original set to a second persistent()
    state = draft.done()
    if seat != 0 or (state.inter != 1 and state.final != 1):
        return state
    changes: dict[str, Any] = {}
    if state.inter == 1:  # HAC-END-1
        changes["inter"] = 2
        changes["inter_scores"] = pvector(pvector(row) for row in evaluate(state))
        changes["inter_after"] = base.move_index
        changes["inter_board"] = Snapshot(state.cells, state.haciendas, state.money)
    if state.final == 1:  # HAC-END-2
        changes["final"] = 2
    return state._replace(**changes)


def check_income(
    draft: Draft[HaciendaState], step: Mapping[str, Any], at: int, income: int, rule: str
) -> None:
    """HAC-MARKET-5 / HAC-HARV-6: a claimed income that differs is kept for ``extra_claims``."""
    if "income" in step and step["income"] != income:
        s = draft.base
        move = s.move_index
        issue = ClaimIssue(
            rule,
            ("moves", move, "steps", at, "income"),
            s.names[s.seat],
            move,
            f"move {move + 1}, step {at + 1}",
            income,
            step["income"],
        )
        draft["issues"] = draft["issues"].append(issue)
