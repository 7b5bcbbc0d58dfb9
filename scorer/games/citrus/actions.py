"""Replay of one turn object (spec 6–12): the turn structure, one ``apply_<step>`` per step
name, and the end-of-turn effects. Paths are relative to the move object."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorer.errors import RuleViolation
from scorer.findings import Finding
from scorer.games.citrus import events
from scorer.games.citrus.ledger import Harvest, Returned, turn_order
from scorer.games.citrus.placement import (
    judge,
    legal_anywhere,
    place_known,
)
from scorer.games.citrus.placement import verdict as place_verdict
from scorer.games.citrus.search import buildable_line, buy_buildable
from scorer.games.citrus.state import KIND, Player, Region, State, Work, kind_of, with_money
from scorer.words import article

_new = tuple.__new__
MAIN = frozenset({"buy", "harvest", "pass"})
USES = frozenset({"use_cart", "use_milestone", "use_bull"})


@dataclass(slots=True)
class Turn:
    """Bookkeeping of the turn in progress (spec 5, last item)."""

    seat: int
    main: str = ""
    last_harvest: int = -1
    bought: bool = False
    waiting: list[tuple[str, int]] = field(default_factory=list)  # (token, step that took it)
    cart: tuple[str, int] | None = None
    finca_due: int | None = None  # step index of the take that fired the trigger
    refill_due: bool = False
    refill_now: int | None = None  # the place/return after which the refill must follow
    fired: bool = False
    income: int = 0
    harvesting_done: bool = False


MAIN_OF = {"buy": "build", "harvest": "harvest", "pass": "pass"}
#: Main-action steps a turn of each kind may not contain (CIT-TURN-2).
OTHER_MAIN = {"build": ("harvest", "pass"), "harvest": ("buy", "pass")}


def prescan(steps: list[dict[str, Any]]) -> Turn:
    """CIT-TURN-2 / CIT-TURN-3: the main action, recognised before the steps are replayed."""
    dos = [s["do"] for s in steps]
    # the common turns, recognised at once (the loops below find the same: the first step
    # is the main action and no step of another main kind follows)
    if dos:
        d0 = dos[0]
        if d0 == "buy":
            if "harvest" not in dos and "pass" not in dos:
                return Turn(0, "build")
        elif d0 == "harvest":
            if "buy" not in dos and "pass" not in dos:
                turn = Turn(0, "harvest")
                turn.last_harvest = len(dos) - 1 - dos[::-1].index("harvest")
                return turn
        elif d0 == "pass" and len(dos) == 1:
            return Turn(0, "pass")
    first = -1
    for first, d in enumerate(dos):  # noqa: B007 - the index of the first main action
        if d in MAIN:
            break
    else:
        # CIT-TURN-2: a turn has a main action
        raise RuleViolation(
            "CIT-TURN-2", "the turn has no main action (buy, harvest or pass)", (), {"found": dos}
        )
    main = MAIN_OF[dos[first]]
    turn = Turn(seat=0, main=main)
    if main == "pass":
        for j, d in enumerate(dos):
            # CIT-TURN-3: no action tiles in a pass turn
            if d in USES:
                raise RuleViolation(
                    "CIT-TURN-3", "action tiles may not be used in a pass turn", ("steps", j)
                )
            # CIT-TURN-2: a pass turn holds only the pass (after a possible unblock)
            if d != "unblock" and (d != "pass" or j != first):
                raise RuleViolation(
                    "CIT-TURN-2", f"a pass turn may not contain {d!r}", ("steps", j), {"found": d}
                )
        return turn
    other = OTHER_MAIN[main]
    for j, d in enumerate(dos):
        # CIT-TURN-2: exactly one kind of main action
        if d in other:
            raise RuleViolation(
                "CIT-TURN-2",
                f"{article(main)} turn may not contain {d!r}",
                ("steps", j),
                {"found": d},
            )
        if d == "harvest":
            turn.last_harvest = j
    return turn


def apply_turn(state: State, move: dict[str, Any]) -> State:
    """Replay one turn object and run the end-of-turn effects."""
    steps = move["steps"]
    t = prescan(steps)
    w = Work.lazy(state)  # copies a mapping of the state only when the turn changes it
    t.seat = w.turn
    if state.moves == 0:  # start fincas may be complete from the outset
        w.fresh = {s for s, v in w.sites.items() if v.status == "finca"}
    # CIT-PASS-2: after a full round of passes the turn starts with unblock
    if w.blocked and steps[0]["do"] != "unblock":
        raise RuleViolation(
            "CIT-PASS-2",
            "a full round of passes was made: the turn must begin with an unblock step",
            ("steps", 0),
            {"expected": "unblock", "found": steps[0]["do"]},
        )
    harvest = t.main == "harvest"
    for j, step in enumerate(steps):
        # apply_step, inlined (it runs for every step); the same checks in the same order
        do = step["do"]
        if (
            t.finca_due is not None
            or t.cart is not None
            or t.refill_now is not None
            or do == "unblock"
        ):
            apply_step(w, t, step, j)
            continue
        HANDLERS[do](w, t, step, j)
        if harvest and j == t.last_harvest:
            t.income = events.pay_income(w, t.seat)
            t.harvesting_done = True
    scorings = end_turn(w, t)
    if len(w.scored) > 1:
        w.scored = turn_order(w.scored)
    events.compare_expect(w, t.seat, t.income, move, scorings)
    if w.warnings:
        w.warnings = [*state.warnings, *w.warnings]
    else:  # freeze keeps the same tuple
        w.warnings = state.warnings  # type: ignore[assignment]
    w.moves += 1
    return w.freeze()


def apply_step(w: Work, t: Turn, step: dict[str, Any], j: int) -> None:
    """One step, after the sequencing rules of the turn."""
    do = step["do"]
    # CIT-MKT-1: the new_finca step must follow the triggering take at once
    if t.finca_due is not None and do != "new_finca":
        raise RuleViolation(
            "CIT-MKT-1",
            "the market fell to 3 or fewer tiles: a new_finca step must follow",
            ("steps", t.finca_due),
            {"expected": "new_finca", "found": do},
        )
    # CIT-CART-1: the cart's tile is placed by the next step
    if t.cart is not None and t.finca_due is None and do != "place":
        raise RuleViolation(
            "CIT-CART-1",
            "the cart's tile must be placed by the next step",
            ("steps", j),
            {"expected": "place", "found": do},
        )
    # CIT-MKT-2: the due refill follows the last placement or return directly
    if t.refill_now is not None and do != "refill":
        raise RuleViolation(
            "CIT-MKT-2",
            "a refill step must follow here",
            ("steps", t.refill_now),
            {"expected": "refill", "found": do},
        )
    # CIT-PASS-2: unblock only as the first step after a full round of passes
    if do == "unblock" and (j != 0 or not w.blocked):
        raise RuleViolation(
            "CIT-PASS-2",
            "an unblock step is only allowed first in the turn after a full round of passes",
            ("steps", j),
        )
    HANDLERS[do](w, t, step, j)
    if t.main == "harvest" and j == t.last_harvest:
        t.income = events.pay_income(w, t.seat)
        t.harvesting_done = True


def settle(w: Work, t: Turn, j: int) -> None:
    if t.refill_due and not t.waiting and t.cart is None:
        t.refill_now = j


def taken(w: Work, t: Turn, j: int) -> None:
    """After a take (buy or cart, CIT-CART-4): the market trigger (CIT-MKT-1)."""
    if events.trigger_fires(w, t.fired):
        t.fired = True
        t.refill_due = True
        if events.finca_possible(w):
            t.finca_due = j


def apply_buy(w: Work, t: Turn, step: dict[str, Any], j: int) -> None:
    # CIT-BUY-5: at most one buy per turn
    if t.bought:
        raise RuleViolation("CIT-BUY-5", "a second buy in one turn", ("steps", j))
    line = step["line"]
    layout = w.static.layout
    # CIT-BUY-1: the line exists
    if line not in layout:
        raise RuleViolation(
            "CIT-BUY-1",
            f"the market has no line {line!r}",
            ("steps", j, "line"),
            {"expected": sorted(layout), "found": line},
        )
    fields = layout[line]
    tokens = [tok for f in fields if (tok := w.market[f - 1]) is not None]
    # CIT-BUY-2: the line holds at least one tile
    if not tokens:
        raise RuleViolation("CIT-BUY-2", f"line {line} holds no tile", ("steps", j, "line"))
    # CIT-BUY-3: with "reject", the purchase must be affordable and completely buildable
    if w.static.options["purchase_mistakes"] == "reject" and not buy_buildable(
        w, t.seat, tokens, fields, t.fired
    ):
        raise RuleViolation(
            "CIT-BUY-3",
            f"line {line} ({', '.join(tokens)}) cannot be paid and completely built",
            ("steps", j, "line"),
            {"found": tokens},
        )
    # CIT-REC-1: the tiles cross-check
    if "tiles" in step:
        claimed = step["tiles"]
        for k, tok in enumerate(claimed):
            if k >= len(tokens) or tok != tokens[k]:
                raise RuleViolation(
                    "CIT-REC-1",
                    f"the line holds {tokens}, not {claimed}",
                    ("steps", j, "tiles", k),
                    {"expected": tokens[k] if k < len(tokens) else None, "found": tok},
                )
        if len(claimed) != len(tokens):
            raise RuleViolation(
                "CIT-REC-1",
                f"the line holds {tokens}, not {claimed}",
                ("steps", j, "tiles"),
                {"expected": tokens, "found": claimed},
            )
    for f in fields:
        w.market[f - 1] = None
    t.waiting.extend((tok, j) for tok in tokens)
    t.bought = True
    taken(w, t, j)


def apply_new_finca(w: Work, t: Turn, step: dict[str, Any], j: int) -> None:
    # CIT-MKT-1: new_finca only right after the triggering take
    if t.finca_due is None:
        raise RuleViolation(
            "CIT-MKT-1", "no market trigger calls for a new finca here", ("steps", j)
        )
    finca_step(w, step, j)
    t.finca_due = None


def finca_step(w: Work, step: dict[str, Any], j: int) -> None:
    events.check_new_finca(w, step, ("steps", j))
    events.new_finca(
        w, step["site"], step["finca"]["first"], step["finca"]["second"], step["reveal"]
    )


def took_form(tile: tuple[str, int] | None) -> dict[str, Any] | None:
    if tile is None:
        return None
    return {"type": tile[0], "points": tile[1]} if tile[0] == "horses" else {"type": tile[0]}


def apply_place(w: Work, t: Turn, step: dict[str, Any], j: int) -> None:
    token = step["tile"]
    at = step["at"]
    cell = (at[0], at[1])
    seat = t.seat
    cart = t.cart
    waiting = t.waiting
    k = -1  # index of the placed tile among the waiting ones
    if cart is not None:
        # CIT-CART-1: the placement right after use_cart is the cart's tile
        if token != cart[0]:
            raise RuleViolation(
                "CIT-CART-1",
                f"the cart took {article(cart[0])}, not {article(token)}",
                ("steps", j, "tile"),
                {"expected": cart[0], "found": token},
            )
    else:
        for i, (tok, _) in enumerate(waiting):
            if tok == token:
                k = i
                break
        else:
            # CIT-BUILD-7: a waiting bought tile
            raise RuleViolation(
                "CIT-BUILD-7",
                f"no bought {token} is waiting to be placed",
                ("steps", j, "tile"),
                {"expected": sorted({tok for tok, _ in waiting}), "found": token},
            )
    # CIT-BUILD-2 … CIT-FUSE-1 (section 8, in order)
    kind = w.static.board.kind.get(cell)
    if kind is None or (kind != "." and kind != "*") or cell in w.tiles:
        verdict = judge(w, seat, token, cell)  # the message of CIT-BUILD-2 / 3 / 4
        raise RuleViolation(
            str(verdict.rule), verdict.message, ("steps", j, "at"), {"found": list(cell)}
        )
    k_of = KIND.get(token)
    if k_of is None:
        k_of = kind_of(token)
    rule, new_region, merged, _ = place_verdict(w, seat, k_of, cell)
    if rule is not None:
        raise RuleViolation(
            rule, judge(w, seat, token, cell).message, ("steps", j, "at"), {"found": list(cell)}
        )
    # CIT-BUY-4: each placed bought tile costs 1 money
    if cart is None and w.players[seat].money < 1:
        raise RuleViolation(
            "CIT-BUY-4",
            "no money left to pay for this tile",
            ("steps", j),
            {"expected": 1, "found": 0},
        )
    # CIT-REC-1: the new_region and took cross-checks
    if "new_region" in step and step["new_region"] != new_region:
        verb = "starts" if new_region else "does not start"
        raise RuleViolation(
            "CIT-REC-1",
            f"the placement {verb} a new region",
            ("steps", j, "new_region"),
            {"expected": new_region, "found": step["new_region"]},
        )
    land = w.land.get(cell)
    if "took" in step:
        took = step["took"]
        if took is not None or land is not None:  # both None: nothing was lying there
            lying = took_form(land)
            if took != lying:
                raise RuleViolation(
                    "CIT-REC-1",
                    f"the cell held {lying}",
                    ("steps", j, "took"),
                    {"expected": lying, "found": took},
                )
    if cart is None:
        place_known(w, seat, token, cell, merged, 1, k_of, land)
        del waiting[k]
    else:
        place_known(w, seat, token, cell, merged, 0, k_of, land)
        t.cart = None
    if t.refill_due and not waiting and t.cart is None:  # settle
        t.refill_now = j


def apply_return(w: Work, t: Turn, step: dict[str, Any], j: int) -> None:
    token = step["tile"]
    path = ("steps", j, "tile")
    # CIT-RET-1: only with "penalize", a waiting bought tile that cannot be paid or placed
    if w.static.options["purchase_mistakes"] == "reject":
        raise RuleViolation(
            "CIT-RET-1", "returns are not allowed with purchase_mistakes 'reject'", path
        )
    if token not in [tok for tok, _ in t.waiting]:
        raise RuleViolation("CIT-RET-1", f"no bought {token} is waiting", path, {"found": token})
    if w.players[t.seat].money > 0 and legal_anywhere(w, t.seat, token):
        raise RuleViolation(
            "CIT-RET-1",
            f"the {token} can be paid and placed: it may not be returned",
            path,
            {"found": token},
        )
    k = [tok for tok, _ in t.waiting].index(token)
    del t.waiting[k]
    field_no = w.market.index(None)
    w.market[field_no] = token
    p = w.players[t.seat]
    w.players[t.seat] = p._replace(penalties=p.penalties - 3)
    w.returned[t.seat] += 1
    w.scored.append(Returned(w.moves, j, t.seat, token))
    # CIT-RET-2: warning for every accepted return
    w.warnings.append(
        Finding(
            "CIT-RET-2",
            f"/moves/{w.moves}/steps/{j}",
            f"{w.static.names[t.seat]}, move {w.moves + 1}, step {j + 1}: mistaken purchase, "
            f"{token} returned to market field {field_no + 1} (−3 points)",
            "warning",
            {"move": w.moves, "tile": token, "points": -3},
        )
    )
    settle(w, t, j)


def apply_refill(w: Work, t: Turn, step: dict[str, Any], j: int) -> None:
    # CIT-MKT-2: a refill only directly after the last waiting tile is placed or returned
    if t.refill_now is None:
        raise RuleViolation("CIT-MKT-2", "no refill is due here", ("steps", j))
    events.refill(w, step["drawn"], ("steps", j))
    t.refill_now = None
    t.refill_due = False


def apply_harvest(w: Work, t: Turn, step: dict[str, Any], j: int) -> None:
    cell = (step["at"][0], step["at"][1])
    rid = w.region_of.get(cell)
    # CIT-HARV-1: a cell holding a plantation tile
    if rid is None:
        raise RuleViolation(
            "CIT-HARV-1",
            f"{list(cell)} holds no plantation tile",
            ("steps", j, "at"),
            {"found": list(cell)},
        )
    region = w.regions[rid]
    # CIT-HARV-2: an own region
    if region.owner != t.seat:
        whose = "neutral" if region.owner < 0 else f"{w.static.names[region.owner]}'s"
        raise RuleViolation(
            "CIT-HARV-2",
            f"the {region.kind} region at {list(cell)} is {whose}",
            ("steps", j, "at"),
            {"found": whose},
        )
    # (NamedTuples built with tuple.__new__: the same values, without the __new__ frame)
    w.regions_w()[rid] = _new(Region, (region.kind, region.cells, region.wells, -1))
    w.scored.append(
        _new(Harvest, (w.moves, t.seat, region.kind, tuple(sorted(region.cells)), region.wells))
    )
    p = w.players[t.seat]
    w.players[t.seat] = _new(
        Player,
        (
            p.money,
            p.mat + 1,
            p.horses,
            p.actions,
            p.harvest + len(region.cells) + region.wells,
            p.finca,
            p.penalties,
            p.horse_points,
        ),
    )


def use_tile(w: Work, t: Turn, kind: str, j: int) -> None:
    """CIT-ACT-1: the player holds an unused action tile of the kind; it leaves the hand."""
    p = w.players[t.seat]
    if kind not in p.actions:
        raise RuleViolation(
            "CIT-ACT-1",
            f"no unused {kind} tile held",
            ("steps", j),
            {"expected": kind, "found": list(p.actions)},
        )
    acts = list(p.actions)
    acts.remove(kind)
    w.players[t.seat] = p._replace(actions=tuple(acts))


def apply_use_cart(w: Work, t: Turn, step: dict[str, Any], j: int) -> None:
    use_tile(w, t, "cart", j)
    opts = w.static.options
    # CIT-CART-3: online variant, no cart while a bought tile waits
    if opts["cart_after_build_only"] and t.waiting:
        raise RuleViolation(
            "CIT-CART-3", "the cart may not be used while bought tiles wait", ("steps", j)
        )
    f = step["field"]
    token = w.market[f - 1] if 1 <= f <= 12 else None
    # CIT-CART-1: a market field holding a tile
    if token is None:
        raise RuleViolation(
            "CIT-CART-1", f"market field {f} holds no tile", ("steps", j, "field"), {"found": f}
        )
    cost = opts["cart_cost"]
    # CIT-CART-2: the cart costs cart_cost money
    if w.players[t.seat].money < cost:
        raise RuleViolation(
            "CIT-CART-2",
            f"the cart costs {cost}, the player has {w.players[t.seat].money}",
            ("steps", j),
            {"expected": cost, "found": w.players[t.seat].money},
        )
    # CIT-REC-1: the paid cross-check
    if "paid" in step and step["paid"] != cost:
        raise RuleViolation(
            "CIT-REC-1",
            f"the cart costs {cost}",
            ("steps", j, "paid"),
            {"expected": cost, "found": step["paid"]},
        )
    p = w.players[t.seat]
    w.players[t.seat] = with_money(p, p.money - cost)
    w.market[f - 1] = None
    t.cart = (token, j)
    taken(w, t, j)


def apply_use_milestone(w: Work, t: Turn, step: dict[str, Any], j: int) -> None:
    use_tile(w, t, "milestone", j)
    # CIT-MILE-1: a marked site and a finca tile are left
    if not events.finca_possible(w):
        raise RuleViolation(
            "CIT-MILE-1",
            "no marked site or no finca tile is left",
            ("steps", j),
            {"marked": w.marked(), "finca_deck": w.finca_deck},
        )
    finca_step(w, step, j)


def apply_use_bull(w: Work, t: Turn, step: dict[str, Any], j: int) -> None:
    use_tile(w, t, "bull", j)
    cell = (step["at"][0], step["at"][1])
    # CIT-BULL-1: an empty field or landscape space
    if cell not in w.static.board.buildable or cell in w.tiles or cell in w.land:
        raise RuleViolation(
            "CIT-BULL-1",
            f"the bull cannot go on {list(cell)}",
            ("steps", j, "at"),
            {"found": list(cell)},
        )
    w.land_w()[cell] = ("bull", 0)
    w.touched.add(cell)


def apply_pass(w: Work, t: Turn, step: dict[str, Any], j: int) -> None:
    seat = t.seat
    # CIT-PASS-1: no own region and no line that can be bought and completely built
    for r in w.regions.values():
        if r.owner == seat:
            raise RuleViolation(
                "CIT-PASS-1", "a player who owns a region may not pass", ("steps", j)
            )
    line = buildable_line(w, seat, t.fired)
    if line is not None:
        raise RuleViolation(
            "CIT-PASS-1", f"line {line} can be bought and built", ("steps", j), {"found": line}
        )


def apply_unblock(w: Work, t: Turn, step: dict[str, Any], j: int) -> None:
    finca_step(w, step, j)
    w.blocked = False
    w.passes = 0


HANDLERS = {
    "buy": apply_buy,
    "new_finca": apply_new_finca,
    "place": apply_place,
    "return": apply_return,
    "refill": apply_refill,
    "harvest": apply_harvest,
    "use_cart": apply_use_cart,
    "use_milestone": apply_use_milestone,
    "use_bull": apply_use_bull,
    "pass": apply_pass,
    "unblock": apply_unblock,
}


def end_turn(w: Work, t: Turn) -> list[dict[str, Any]]:
    """End-of-turn checks and effects in the order of section 6."""
    # CIT-BUILD-1: no taken tile still waiting
    if t.cart is not None:
        raise RuleViolation("CIT-CART-1", "the cart's tile was not placed", ("steps", t.cart[1]))
    if t.waiting:
        tok, j = t.waiting[0]
        raise RuleViolation(
            "CIT-BUILD-1",
            f"the bought {tok} was neither placed nor returned",
            ("steps", j),
            {"found": [x for x, _ in t.waiting]},
        )
    # CIT-MKT-1 / CIT-MKT-2: nothing due at the end of the turn
    if t.finca_due is not None:
        raise RuleViolation("CIT-MKT-1", "the new_finca step is missing", ("steps", t.finca_due))
    if t.refill_now is not None:
        raise RuleViolation("CIT-MKT-2", "the refill step is missing", ("steps", t.refill_now))
    scorings = events.score_fincas(w)
    events.end_turn_checks(w, t.main == "pass")
    return scorings
