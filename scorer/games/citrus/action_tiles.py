"""The step handlers of the action tiles (spec 10.3–10.5): the cart, the milestone and the
bull. Registered in ``actions.HANDLERS``; the one handler signature of ``actions``."""

from __future__ import annotations

from scorer.core.errors import RuleViolation
from scorer.games.citrus import events
from scorer.games.citrus.build import taken
from scorer.games.citrus.state import Player, TurnDraft, marked
from scorer.games.citrus.steps import UseBullStep, UseCartStep, UseMilestoneStep


def use_tile(draft: TurnDraft, kind: str, j: int) -> Player:
    """CIT-ACT-1: the player holds an unused action tile of the kind; it leaves the hand.
    Returns the player after that."""
    seat = draft.notes.seat
    p = draft.players[seat]
    if kind not in p.actions:
        raise RuleViolation(
            "CIT-ACT-1",
            f"no unused {kind} tile held",
            ("steps", j),
            {"expected": kind, "found": list(p.actions)},
        )
    acts = list(p.actions)
    acts.remove(kind)
    p = p._replace(actions=tuple(acts))
    draft.players = draft.players.set(seat, p)
    return p


def step_use_cart(draft: TurnDraft, step: UseCartStep, at: int) -> None:
    notes = draft.notes
    p = use_tile(draft, "cart", at)
    opts = draft.static.options
    # CIT-CART-3: online variant, no cart while a bought tile waits
    if opts.cart_after_build_only and notes.waiting:
        raise RuleViolation(
            "CIT-CART-3", "the cart may not be used while bought tiles wait", ("steps", at)
        )
    f = step["field"]
    token = draft.market[f - 1] if 1 <= f <= 12 else None
    # CIT-CART-1: a market field holding a tile
    if token is None:
        raise RuleViolation(
            "CIT-CART-1", f"market field {f} holds no tile", ("steps", at, "field"), {"found": f}
        )
    cost = opts.cart_cost
    # CIT-CART-2: the cart costs cart_cost money
    if p.money < cost:
        raise RuleViolation(
            "CIT-CART-2",
            f"the cart costs {cost}, the player has {p.money}",
            ("steps", at),
            {"expected": cost, "found": p.money},
        )
    # CIT-REC-1: the paid cross-check
    if "paid" in step and step["paid"] != cost:
        raise RuleViolation(
            "CIT-REC-1",
            f"the cart costs {cost}",
            ("steps", at, "paid"),
            {"expected": cost, "found": step["paid"]},
        )
    draft.players = draft.players.set(notes.seat, p._replace(money=p.money - cost))
    draft.market = draft.market.set(f - 1, None)
    notes.cart = (token, at)
    taken(draft, at)


def step_use_milestone(draft: TurnDraft, step: UseMilestoneStep, at: int) -> None:
    use_tile(draft, "milestone", at)
    # CIT-MILE-1: a marked site and a finca tile are left
    if not events.finca_possible(draft.finca_deck, draft.sites):
        raise RuleViolation(
            "CIT-MILE-1",
            "no marked site or no finca tile is left",
            ("steps", at),
            {"marked": marked(draft.sites), "finca_deck": draft.finca_deck},
        )
    events.finca_step(draft, step, at)


def step_use_bull(draft: TurnDraft, step: UseBullStep, at: int) -> None:
    use_tile(draft, "bull", at)
    cell = (step["at"][0], step["at"][1])
    board = draft.static.board
    # CIT-BULL-1: an empty field or landscape space
    if (
        cell not in board.buildable
        or draft.tiles[board.index[cell]] is not None
        or draft.land[board.index[cell]] is not None
    ):
        raise RuleViolation(
            "CIT-BULL-1",
            f"the bull cannot go on {list(cell)}",
            ("steps", at, "at"),
            {"found": list(cell)},
        )
    i = board.index[cell]
    draft.land = draft.land.set(i, ("bull", 0))
    draft.notes.touched.add(i)
