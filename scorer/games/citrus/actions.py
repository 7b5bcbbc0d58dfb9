"""The turn driver and one handler per step (spec 6–12). Paths are relative to the move.

``apply_move`` replays one turn object on a ``Draft`` of the state: ``prescan`` recognises
the main action (CIT-TURN-2/3) and makes the move's ``Notes`` (``draft.turn["notes"]``), every
step goes to ``HANDLERS[step["do"]]`` (after the sequencing rules of ``check_sequence``), and
``events.end_turn`` runs the end-of-turn checks and effects. Every handler has the one
signature ``step_<kind>(draft, step, at) -> None``; ``at`` is the step's index in the move.
``skip_move`` passes the turn on without replaying it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.core.errors import RuleViolation
from scorer.core.gamebase import StepHandler
from scorer.core.persist import Draft
from scorer.core.words import article
from scorer.games.citrus import events
from scorer.games.citrus.build import step_buy, step_place, step_return, taken
from scorer.games.citrus.events import end_turn
from scorer.games.citrus.ledger import Harvest, turn_order
from scorer.games.citrus.search import buildable_line, owners
from scorer.games.citrus.state import Notes, Player, Region, State, marked, notes_of, with_money

#: A step handler: the draft of the turn, the step, the step's index in the move.

_new = tuple.__new__
MAIN = frozenset({"buy", "harvest", "pass"})
USES = frozenset({"use_cart", "use_milestone", "use_bull"})
MAIN_OF = {"buy": "build", "harvest": "harvest", "pass": "pass"}
#: Main-action steps a turn of each kind may not contain (CIT-TURN-2).
OTHER_MAIN = {"build": ("harvest", "pass"), "harvest": ("buy", "pass")}
#: The fields a turn's board is made of (CIT-PASS-1 memo: unchanged by the turn so far).
BOARD_FIELDS = ("tiles", "region_of", "regions", "sites")


def prescan(steps: list[Mapping[str, Any]]) -> Notes:
    """CIT-TURN-2 / CIT-TURN-3: the main action, recognised before the steps are replayed."""
    dos = [s["do"] for s in steps]
    # the common turns, recognised at once (the loops below find the same: the first step
    # is the main action and no step of another main kind follows)
    if dos:
        d0 = dos[0]
        if d0 == "buy":
            if "harvest" not in dos and "pass" not in dos:
                return Notes(0, "build")
        elif d0 == "harvest":
            if "buy" not in dos and "pass" not in dos:
                turn = Notes(0, "harvest")
                turn.last_harvest = len(dos) - 1 - dos[::-1].index("harvest")
                return turn
        elif d0 == "pass" and len(dos) == 1:
            return Notes(0, "pass")
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
    turn = Notes(seat=0, main=main)
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


def apply_move(state: State, move: Mapping[str, Any]) -> State:
    """Replay one turn object and run the end-of-turn effects: the new state."""
    steps = move["steps"]
    notes = prescan(steps)
    notes.seat = state.turn
    d = Draft(state)
    d.turn["notes"] = notes
    if state.moves == 0:  # start fincas may be complete from the outset
        notes.fresh = {s for s, v in state.sites.items() if v.status == "finca"}
    # CIT-PASS-2: after a full round of passes the turn starts with unblock
    if state.blocked and steps[0]["do"] != "unblock":
        raise RuleViolation(
            "CIT-PASS-2",
            "a full round of passes was made: the turn must begin with an unblock step",
            ("steps", 0),
            {"expected": "unblock", "found": steps[0]["do"]},
        )
    harvest = notes.main == "harvest"
    for j, step in enumerate(steps):
        # apply_step, inlined (it runs for every step); the same checks in the same order
        do = step["do"]
        if (
            notes.finca_due is not None
            or notes.cart is not None
            or notes.refill_now is not None
            or do == "unblock"
        ):
            apply_step(d, step, j)
            continue
        HANDLERS[do](d, step, j)
        if harvest and j == notes.last_harvest:
            notes.income = events.pay_income(d, notes.seat)
            notes.harvesting_done = True
    scorings = end_turn(d, notes)
    finish(d, notes, move, scorings)
    return d.done()


def finish(
    d: Draft[State], notes: Notes, move: Mapping[str, Any], scorings: list[dict[str, Any]]
) -> None:
    """After ``end_turn``: the turn's ledger records and warnings join the state's, the move
    is counted."""
    # (the two vectors grow once a turn: ``PVector.extend``, without an evolver to make and end)
    if notes.scored:
        scored = turn_order(notes.scored) if len(notes.scored) > 1 else notes.scored
        d["scored"] = d["scored"].extend(scored)
    events.compare_expect(d, notes, notes.income, move, scorings)
    if notes.warnings:
        d["warnings"] = d["warnings"].extend(notes.warnings)
    d["moves"] = d["moves"] + 1


def skip_move(state: State, move: Mapping[str, Any]) -> State:
    """The next seat is to move; the skipped move is counted (the referee's ``skip``)."""
    d = Draft(state)
    d["turn"] = (state.turn + 1) % len(state.static.names)
    d["moves"] = state.moves + 1
    d["blocked"] = False
    return d.done()


def apply_step(d: Draft[State], step: Mapping[str, Any], j: int) -> None:
    """One step, after the sequencing rules of the turn."""
    notes = notes_of(d)
    check_sequence(d, notes, step["do"], j)
    HANDLERS[step["do"]](d, step, j)
    if notes.main == "harvest" and j == notes.last_harvest:
        notes.income = events.pay_income(d, notes.seat)
        notes.harvesting_done = True


def check_sequence(d: Draft[State], notes: Notes, do: str, j: int) -> None:
    """What must follow, or may not follow, the steps so far (CIT-MKT-1/2, CIT-CART-1,
    CIT-PASS-2)."""
    # CIT-MKT-1: the new_finca step must follow the triggering take at once
    if notes.finca_due is not None and do != "new_finca":
        raise RuleViolation(
            "CIT-MKT-1",
            "the market fell to 3 or fewer tiles: a new_finca step must follow",
            ("steps", notes.finca_due),
            {"expected": "new_finca", "found": do},
        )
    # CIT-CART-1: the cart's tile is placed by the next step
    if notes.cart is not None and notes.finca_due is None and do != "place":
        raise RuleViolation(
            "CIT-CART-1",
            "the cart's tile must be placed by the next step",
            ("steps", j),
            {"expected": "place", "found": do},
        )
    # CIT-MKT-2: the due refill follows the last placement or return directly
    if notes.refill_now is not None and do != "refill":
        raise RuleViolation(
            "CIT-MKT-2",
            "a refill step must follow here",
            ("steps", notes.refill_now),
            {"expected": "refill", "found": do},
        )
    # CIT-PASS-2: unblock only as the first step after a full round of passes
    if do == "unblock" and (j != 0 or not d["blocked"]):
        raise RuleViolation(
            "CIT-PASS-2",
            "an unblock step is only allowed first in the turn after a full round of passes",
            ("steps", j),
        )


# ---- the step handlers (one per ``do``; buy, place and return are in ``build``) ----------
def step_new_finca(draft: Draft[State], step: Mapping[str, Any], at: int) -> None:
    notes = notes_of(draft)
    # CIT-MKT-1: new_finca only right after the triggering take
    if notes.finca_due is None:
        raise RuleViolation(
            "CIT-MKT-1", "no market trigger calls for a new finca here", ("steps", at)
        )
    finca_step(draft, notes, step, at)
    notes.finca_due = None


def finca_step(d: Draft[State], notes: Notes, step: Mapping[str, Any], j: int) -> None:
    events.check_new_finca(d, step, ("steps", j))
    finca = step["finca"]
    events.new_finca(d, notes, step["site"], finca["first"], finca["second"], step["reveal"])


def step_refill(draft: Draft[State], step: Mapping[str, Any], at: int) -> None:
    notes = notes_of(draft)
    # CIT-MKT-2: a refill only directly after the last waiting tile is placed or returned
    if notes.refill_now is None:
        raise RuleViolation("CIT-MKT-2", "no refill is due here", ("steps", at))
    events.refill(draft, step["drawn"], ("steps", at))
    notes.refill_now = None
    notes.refill_due = False


def step_harvest(draft: Draft[State], step: Mapping[str, Any], at: int) -> None:
    notes = notes_of(draft)
    seat = notes.seat
    cell = (step["at"][0], step["at"][1])
    i = draft.base.static.board.index.get(cell)
    rid = -1 if i is None else draft["region_of"][i]
    # CIT-HARV-1: a cell holding a plantation tile
    if rid < 0:
        raise RuleViolation(
            "CIT-HARV-1",
            f"{list(cell)} holds no plantation tile",
            ("steps", at, "at"),
            {"found": list(cell)},
        )
    regions = draft.vector("regions")
    region = regions[rid]
    # CIT-HARV-2: an own region
    if region.owner != seat:
        whose = "neutral" if region.owner < 0 else f"{draft.base.static.names[region.owner]}'s"
        raise RuleViolation(
            "CIT-HARV-2",
            f"the {region.kind} region at {list(cell)} is {whose}",
            ("steps", at, "at"),
            {"found": whose},
        )
    # (NamedTuples built with tuple.__new__: the same values, without the __new__ frame)
    regions[rid] = _new(Region, (region.kind, region.cells, region.wells, -1))
    notes.scored.append(
        _new(
            Harvest, (draft["moves"], seat, region.kind, tuple(sorted(region.cells)), region.wells)
        )
    )
    players = draft.vector("players")
    p = players[seat]
    players[seat] = _new(
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


def use_tile(d: Draft[State], notes: Notes, kind: str, j: int) -> Player:
    """CIT-ACT-1: the player holds an unused action tile of the kind; it leaves the hand.
    Returns the player after that."""
    players = d.vector("players")
    p: Player = players[notes.seat]
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
    players[notes.seat] = p
    return p


def step_use_cart(draft: Draft[State], step: Mapping[str, Any], at: int) -> None:
    notes = notes_of(draft)
    p = use_tile(draft, notes, "cart", at)
    opts = draft.base.static.options
    # CIT-CART-3: online variant, no cart while a bought tile waits
    if opts["cart_after_build_only"] and notes.waiting:
        raise RuleViolation(
            "CIT-CART-3", "the cart may not be used while bought tiles wait", ("steps", at)
        )
    f = step["field"]
    token = draft["market"][f - 1] if 1 <= f <= 12 else None
    # CIT-CART-1: a market field holding a tile
    if token is None:
        raise RuleViolation(
            "CIT-CART-1", f"market field {f} holds no tile", ("steps", at, "field"), {"found": f}
        )
    cost = opts["cart_cost"]
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
    draft.vector("players")[notes.seat] = with_money(p, p.money - cost)
    draft["market"] = draft["market"].set(f - 1, None)
    notes.cart = (token, at)
    taken(draft, notes, at)


def step_use_milestone(draft: Draft[State], step: Mapping[str, Any], at: int) -> None:
    notes = notes_of(draft)
    use_tile(draft, notes, "milestone", at)
    # CIT-MILE-1: a marked site and a finca tile are left
    if not events.finca_possible(draft["finca_deck"], draft["sites"]):
        raise RuleViolation(
            "CIT-MILE-1",
            "no marked site or no finca tile is left",
            ("steps", at),
            {"marked": marked(draft["sites"]), "finca_deck": draft["finca_deck"]},
        )
    finca_step(draft, notes, step, at)


def step_use_bull(draft: Draft[State], step: Mapping[str, Any], at: int) -> None:
    notes = notes_of(draft)
    use_tile(draft, notes, "bull", at)
    cell = (step["at"][0], step["at"][1])
    board = draft.base.static.board
    # CIT-BULL-1: an empty field or landscape space
    if (
        cell not in board.buildable
        or draft["tiles"][board.index[cell]] is not None
        or draft["land"][board.index[cell]] is not None
    ):
        raise RuleViolation(
            "CIT-BULL-1",
            f"the bull cannot go on {list(cell)}",
            ("steps", at, "at"),
            {"found": list(cell)},
        )
    i = board.index[cell]
    draft.vector("land")[i] = ("bull", 0)
    notes.touched.add(i)


def step_pass(draft: Draft[State], step: Mapping[str, Any], at: int) -> None:
    notes = notes_of(draft)
    seat = notes.seat
    # CIT-PASS-1: no own region and no line that can be bought and completely built
    if seat in owners(draft.base.static, draft["regions"]):
        raise RuleViolation("CIT-PASS-1", "a player who owns a region may not pass", ("steps", at))
    now = draft.done()
    base = draft.base
    unchanged = all(getattr(now, f) is getattr(base, f) for f in BOARD_FIELDS)
    line = buildable_line(now, seat, notes.fired, unchanged)
    if line is not None:
        raise RuleViolation(
            "CIT-PASS-1", f"line {line} can be bought and built", ("steps", at), {"found": line}
        )


def step_unblock(draft: Draft[State], step: Mapping[str, Any], at: int) -> None:
    finca_step(draft, notes_of(draft), step, at)
    draft["blocked"] = False
    draft["passes"] = 0


HANDLERS: Mapping[str, StepHandler] = {
    "buy": step_buy,
    "new_finca": step_new_finca,
    "place": step_place,
    "return": step_return,
    "refill": step_refill,
    "harvest": step_harvest,
    "use_cart": step_use_cart,
    "use_milestone": step_use_milestone,
    "use_bull": step_use_bull,
    "pass": step_pass,
    "unblock": step_unblock,
}
