"""The turn driver and one handler per step (spec 6–12). Paths are relative to the move.

``apply_move`` replays one turn object on a ``TurnDraft`` of the state: ``prescan``
recognises the main action (CIT-TURN-2/3) and makes the move's ``Notes``
(``draft.notes``), every step goes to ``HANDLERS[step["do"]]`` (after the sequencing rules
of ``check_sequence``), and ``events.end_turn`` runs the end-of-turn checks and effects.
Every handler has the one signature ``step_<kind>(draft, step, at) -> None`` (``step`` the
TypedDict of its kind, ``steps``); ``at`` is the step's index in the move. ``skip_move``
passes the turn on without replaying it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from scorer.core.draft import StepHandler
from scorer.core.errors import RuleViolation
from scorer.core.values import Move
from scorer.core.words import article
from scorer.games.citrus import events
from scorer.games.citrus.action_tiles import step_use_bull, step_use_cart, step_use_milestone
from scorer.games.citrus.build import step_buy, step_place, step_return
from scorer.games.citrus.events import end_turn
from scorer.games.citrus.ledger import Harvest, turn_order
from scorer.games.citrus.search import buildable_line, owners
from scorer.games.citrus.state import Notes, Region, State, TurnDraft
from scorer.games.citrus.steps import (
    FincaScored,
    HarvestStep,
    NewFincaStep,
    PassStep,
    RefillStep,
    Step,
    TurnMove,
    UnblockStep,
)

MAIN = frozenset({"buy", "harvest", "pass"})
USES = frozenset({"use_cart", "use_milestone", "use_bull"})
MAIN_OF = {"buy": "build", "harvest": "harvest", "pass": "pass"}
#: Main-action steps a turn of each kind may not contain (CIT-TURN-2).
OTHER_MAIN = {"build": frozenset({"harvest", "pass"}), "harvest": frozenset({"buy", "pass"})}
#: The fields a turn's board is made of (CIT-PASS-1 memo: unchanged by the turn so far).
BOARD_FIELDS = ("tiles", "region_of", "regions", "sites")


def prescan(steps: Sequence[Step]) -> Notes:
    """CIT-TURN-2 / CIT-TURN-3: the main action, recognised before the steps are replayed."""
    dos = [s["do"] for s in steps]
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
    # CIT-TURN-2: exactly one kind of main action
    if not other.isdisjoint(dos):
        j, d = next((j, d) for j, d in enumerate(dos) if d in other)
        raise RuleViolation(
            "CIT-TURN-2", f"{article(main)} turn may not contain {d!r}", ("steps", j), {"found": d}
        )
    if main == "harvest":
        turn.last_harvest = len(dos) - 1 - dos[::-1].index("harvest")
    return turn


def apply_move(state: State, move: Move) -> State:
    """The game's ``apply``: ``move`` is schema-valid, a ``TurnMove``."""
    return apply_turn(state, cast(TurnMove, move))


def apply_turn(state: State, move: TurnMove) -> State:
    """Replay one turn object and run the end-of-turn effects: the new state."""
    steps = move["steps"]
    notes = prescan(steps)
    notes.seat = state.turn
    draft = TurnDraft(state, notes)
    if state.moves == 0:  # start fincas may be complete from the outset
        notes.fresh = set(state.fincas)
    # CIT-PASS-2: after a full round of passes the turn starts with unblock
    if state.blocked and steps[0]["do"] != "unblock":
        raise RuleViolation(
            "CIT-PASS-2",
            "a full round of passes was made: the turn must begin with an unblock step",
            ("steps", 0),
            {"expected": "unblock", "found": steps[0]["do"]},
        )
    for j, step in enumerate(steps):
        apply_step(draft, step, j)
    scorings = end_turn(draft)
    finish(draft, move, scorings)
    return draft.done()


def finish(draft: TurnDraft, move: TurnMove, scorings: list[FincaScored]) -> None:
    """After ``end_turn``: the turn's ledger records and warnings join the state's, the move
    is counted."""
    notes = draft.notes
    if notes.scored:
        scored = turn_order(notes.scored) if len(notes.scored) > 1 else notes.scored
        draft.scored = draft.scored.extend(scored)
    events.compare_expect(draft, move, scorings)
    if notes.warnings:
        draft.warnings = draft.warnings.extend(notes.warnings)
    draft.moves += 1


def skip_move(state: State, move: Move) -> State:
    """The next seat is to move; the skipped move is counted (the referee's ``skip``)."""
    return state._replace(
        turn=(state.turn + 1) % len(state.static.names), moves=state.moves + 1, blocked=False
    )


def apply_step(draft: TurnDraft, step: Step, j: int) -> None:
    """One step, after the sequencing rules of the turn; the income once harvesting ends."""
    notes = draft.notes
    do = step["do"]
    # only something due (a new finca, the cart's tile, a refill) or an unblock can break
    # the sequencing rules
    if (
        notes.finca_due is not None
        or notes.cart is not None
        or notes.refill_now is not None
        or do == "unblock"
    ):
        check_sequence(draft, do, j)
    HANDLERS[do](draft, step, j)
    if notes.main == "harvest" and j == notes.last_harvest:
        notes.income = events.pay_income(draft, notes.seat)
        notes.harvesting_done = True


def check_sequence(draft: TurnDraft, do: str, j: int) -> None:
    """What must follow, or may not follow, the steps so far (CIT-MKT-1/2, CIT-CART-1,
    CIT-PASS-2)."""
    notes = draft.notes
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
    if do == "unblock" and (j != 0 or not draft.blocked):
        raise RuleViolation(
            "CIT-PASS-2",
            "an unblock step is only allowed first in the turn after a full round of passes",
            ("steps", j),
        )


# ---- the step handlers (buy, place and return are in ``build``, the action tiles in
# ``action_tiles``) ------------------------------------------------------------------------
def step_new_finca(draft: TurnDraft, step: NewFincaStep, at: int) -> None:
    notes = draft.notes
    # CIT-MKT-1: new_finca only right after the triggering take
    if notes.finca_due is None:
        raise RuleViolation(
            "CIT-MKT-1", "no market trigger calls for a new finca here", ("steps", at)
        )
    events.finca_step(draft, step, at)
    notes.finca_due = None


def step_refill(draft: TurnDraft, step: RefillStep, at: int) -> None:
    notes = draft.notes
    # CIT-MKT-2: a refill only directly after the last waiting tile is placed or returned
    if notes.refill_now is None:
        raise RuleViolation("CIT-MKT-2", "no refill is due here", ("steps", at))
    events.refill(draft, step["drawn"], ("steps", at))
    notes.refill_now = None
    notes.refill_due = False


def step_harvest(draft: TurnDraft, step: HarvestStep, at: int) -> None:
    seat = draft.notes.seat
    cell = (step["at"][0], step["at"][1])
    i = draft.static.board.index.get(cell)
    rid = -1 if i is None else draft.region_of[i]
    # CIT-HARV-1: a cell holding a plantation tile
    if rid < 0:
        raise RuleViolation(
            "CIT-HARV-1",
            f"{list(cell)} holds no plantation tile",
            ("steps", at, "at"),
            {"found": list(cell)},
        )
    region = draft.regions[rid]
    assert region is not None  # a cell's region id names a live region
    # CIT-HARV-2: an own region
    if region.owner != seat:
        whose = "neutral" if region.owner < 0 else f"{draft.static.names[region.owner]}'s"
        raise RuleViolation(
            "CIT-HARV-2",
            f"the {region.kind} region at {list(cell)} is {whose}",
            ("steps", at, "at"),
            {"found": whose},
        )
    draft.regions = draft.regions.set(rid, Region(region.kind, region.cells, region.wells, -1))
    cells = tuple(sorted(region.cells))
    draft.notes.scored.append(Harvest(draft.moves, seat, region.kind, cells, region.wells))
    draft.players = draft.players.set(seat, draft.players[seat].harvested(region.value))


def step_pass(draft: TurnDraft, step: PassStep, at: int) -> None:
    seat = draft.notes.seat
    # CIT-PASS-1: no own region and no line that can be bought and completely built
    if seat in owners(draft.static, draft.regions):
        raise RuleViolation("CIT-PASS-1", "a player who owns a region may not pass", ("steps", at))
    now = draft.done()
    base = draft.base
    unchanged = all(getattr(now, f) is getattr(base, f) for f in BOARD_FIELDS)
    line = buildable_line(now, seat, draft.notes.fired, unchanged)
    if line is not None:
        raise RuleViolation(
            "CIT-PASS-1", f"line {line} can be bought and built", ("steps", at), {"found": line}
        )


def step_unblock(draft: TurnDraft, step: UnblockStep, at: int) -> None:
    events.finca_step(draft, step, at)
    draft.blocked = False
    draft.passes = 0


HANDLERS: Mapping[str, StepHandler[TurnDraft]] = {
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
