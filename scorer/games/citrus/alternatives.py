"""What was legal instead of a rejected step (issue 13 §5): ``details.legal`` of a finding.

The answers come from the generator (``generator.after_prefix`` and ``gen_steps``), never from
the checks, at the point the rule speaks of:

- a refused ``pass`` (CIT-PASS-1): the lines that could be bought with a complete placement
  plan (the plan in words), and the player's harvests;
- a refused ``return`` (CIT-RET-1): the legal cells of the tile, and a complete plan for every
  waiting tile when there is one (the note);
- a rejected placement (section 8, CIT-BUILD-7, CIT-BUY-4, CIT-CART-1 at its tile): the legal
  cells of the same tile (of any waiting tile when the tile named is not waiting);
- a refused ``buy``: the lines that may be bought (with ``"reject"``, each with its plan);
- a tile left waiting at the end of the turn (CIT-BUILD-1, CIT-CART-1 at the take): the steps
  that place or return it, after the whole move; a missing ``new_finca`` (CIT-MKT-1 at the
  take): the sites it may choose;
- other steps: the legal steps of the same kind.

No answer (None) where the question does not apply: a cross-check that disagrees (CIT-REC-1,
the step itself was legal), the refill (CIT-MKT-2: its order and its draws), the finca tile and
the revealed letter (CIT-FINCA-1 on a legal site: chance decided them). Every enumeration is
bounded (``scorer.core.legal.LOOKED_AT`` steps, one plan per line).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import islice
from typing import Any

from scorer.core import legal
from scorer.core.values import Legal, steps_of
from scorer.games.citrus.generator import after_prefix, offered_after
from scorer.games.citrus.planning import line_plan, plan
from scorer.games.citrus.state import Notes, State

#: Rules whose question has no answer of alternatives (see the module docstring).
NO_ANSWER = frozenset({"CIT-REC-1", "CIT-MKT-2"})
#: Rules about the placement of a tile (the legal cells of the same tile answer them).
PLACEMENT = frozenset(
    {
        "CIT-BUILD-2",
        "CIT-BUILD-3",
        "CIT-BUILD-4",
        "CIT-BUILD-5",
        "CIT-BUILD-6",
        "CIT-BUILD-7",
        "CIT-PATH-1",
        "CIT-FUSE-1",
        "CIT-BUY-4",
    }
)

Step = Mapping[str, Any]
Found = list[tuple[State, Notes, dict[str, Any]]]


def cell_text(at: Any) -> str:
    return f"[{at[0]}, {at[1]}]" if isinstance(at, list | tuple) and len(at) == 2 else str(at)


def describe(step: Step) -> str:
    """A legal step in a few words (``lime at [2, 1] (new region)``)."""
    do = step.get("do")
    if do == "place":
        extra = []
        if step.get("new_region"):
            extra.append("new region")
        took = step.get("took")
        if isinstance(took, Mapping):
            extra.append(f"takes the {took.get('type')}")
        tail = f" ({', '.join(extra)})" if extra else ""
        return f"{step.get('tile')} at {cell_text(step.get('at'))}{tail}"
    if do == "buy":
        tiles = step.get("tiles")
        return f"buy {step.get('line')}" + (f" ({', '.join(tiles)})" if tiles else "")
    if do == "return":
        return f"return the {step.get('tile')}"
    if do == "harvest":
        return f"harvest the region at {cell_text(step.get('at'))}"
    if do in ("new_finca", "unblock"):
        return f"{'unblock: ' if do == 'unblock' else ''}new finca on site {step.get('site')}"
    if do == "use_milestone":
        return f"milestone: new finca on site {step.get('site')}"
    if do == "use_cart":
        return f"cart: take the tile of field {step.get('field')}"
    if do == "use_bull":
        return f"bull on {cell_text(step.get('at'))}"
    if do == "refill":
        return "refill the market"
    return legal.describe_step(step)


def plan_text(w: State, t: Notes, step: Step) -> str:
    """A buy with the complete placement plan the generator finds for it."""
    found = line_plan(w, t, w.static.layout[step["line"]])
    if found is None:
        return describe(step)
    site, order = found
    head = f"new finca on {site}, then " if site is not None else ""
    return f"{describe(step)}: {head}" + ", ".join(f"{tok} at {cell_text(c)}" for tok, c in order)


def answer(found: Found, texts: Any = None, note: str = "", none: str = "") -> Legal:
    """A ``Legal`` of the first ``scorer.core.legal.SHOWN`` steps of ``found`` (``texts(w, t,
    step)`` words each; ``describe`` by default), counted up to ``scorer.core.legal.LOOKED_AT``."""
    found = list(islice(found, legal.LOOKED_AT))
    if not found:
        return Legal((), (), 0, none or "the move generator finds no legal step of this kind here")
    shown = found[: legal.SHOWN]
    words = [texts(w, t, s) if texts is not None else describe(s) for w, t, s in shown]
    steps = tuple(legal.plain(s) for _, _, s in shown)  # ``took: null`` left out
    return Legal(steps, tuple(words), len(found), note)


def kinds_note(found: Found, what: str) -> str:
    """``no legal <what> here`` and the kinds of step that are legal instead."""
    kinds = sorted({s["do"] for _, _, s in found})
    if not kinds:
        return f"no legal {what} here, and no other step either"
    return f"no legal {what} here; legal instead: {', '.join(kinds)}"


def legal_alternatives(state: State, move: Mapping[str, Any], at: int, rule: str) -> Legal | None:
    """What was legal instead of step ``at`` of ``move`` in ``state`` (rejected with
    ``rule``), or None where the question does not apply (module docstring)."""
    steps = steps_of(move)
    if not 0 <= at < len(steps) or not isinstance(steps[at], Mapping) or rule in NO_ANSWER:
        return None
    step = steps[at]
    do = step.get("do")
    if rule == "CIT-BUILD-1" or (
        rule == "CIT-CART-1" and do == "use_cart" and _cart_taken(state, steps, at)
    ):
        return _left_waiting(state, steps)
    if rule == "CIT-MKT-1" and do in ("buy", "use_cart"):
        found = [x for x in offered_after(state, steps[: at + 1]) if x[2]["do"] == "new_finca"]
        return answer(found, note="the take fired the market trigger: a new finca follows")
    found = list(offered_after(state, steps[:at]))
    if rule == "CIT-PASS-1" and do == "pass":
        return _instead_of_pass(found)
    if rule == "CIT-RET-1" and do == "return":
        return _instead_of_return(found, step)
    if rule in PLACEMENT or (rule == "CIT-CART-1" and do == "place"):
        return _cells(found, step)
    if rule == "CIT-FINCA-1" and any(s.get("site") == step.get("site") for _, _, s in found):
        return None  # the site was legal: the finca tile or the revealed letter is chance's
    if do == "buy":
        mode = state.static.options.purchase_mistakes
        buys = [x for x in found if x[2]["do"] == "buy"]
        texts = plan_text if mode == "reject" else None
        return answer(buys, texts, none=kinds_note(found, "buy"))
    same = [x for x in found if x[2]["do"] == do]
    return answer(same, none=kinds_note(found, f"{do} step"))


def _cart_taken(state: State, steps: Sequence[Step], at: int) -> bool:
    """Whether the ``use_cart`` at ``at`` took a tile (then CIT-CART-1 there says it was not
    placed; otherwise its field was empty)."""
    return any(t.cart is not None for _, t, _ in after_prefix(state, steps[: at + 1]))


def _left_waiting(state: State, steps: Sequence[Step]) -> Legal:
    """CIT-BUILD-1 / CIT-CART-1: how the tiles left waiting could have been placed or returned,
    after the whole move."""
    found = [x for x in offered_after(state, steps) if x[2]["do"] in ("place", "return")]
    return answer(
        found,
        note="a tile taken this turn must be placed (or returned) before the turn ends",
        none="the move generator finds no legal placement or return for the waiting tile",
    )


def _instead_of_pass(found: Found) -> Legal:
    """CIT-PASS-1: the lines with a complete placement plan, and the player's harvests."""
    harvests = [x for x in found if x[2]["do"] == "harvest"]
    picked = harvests + [x for x in found if x[2]["do"] == "buy"]  # an owner's answer first

    def words(w: State, t: Notes, s: dict[str, Any]) -> str:
        if s["do"] == "buy":
            return plan_text(w, t, s)
        return describe(s)

    if harvests:
        note = "a player who owns a region may not pass: harvest, or buy a line"
    else:
        note = "a line that can be paid and completely built: buy it instead of passing"
    plans = [x for x in picked if x[2]["do"] == "harvest" or _has_plan(x)]
    return answer(plans, words, note, none=kinds_note(found, "alternative to the pass"))


def _has_plan(x: tuple[State, Notes, dict[str, Any]]) -> bool:
    w, t, s = x
    return line_plan(w, t, w.static.layout[s["line"]]) is not None


def _instead_of_return(found: Found, step: Step) -> Legal:
    """CIT-RET-1: the legal cells of the tile, and a plan for all waiting tiles (the note)."""
    token = step.get("tile")
    cells = [x for x in found if x[2]["do"] == "place" and x[2].get("tile") == token]
    note = ""
    if cells:
        w, t, _ = cells[0]
        tokens = [tok for tok, _ in t.waiting]
        whole = plan(w, t.seat, tokens, w.players[t.seat].money) if tokens else None
        if whole is not None and len(whole) > 1:
            note = "every waiting tile can be placed: " + ", ".join(
                f"{tok} at {cell_text(c)}" for tok, c in whole
            )
        else:
            note = f"the {token} can be paid and placed"
    return answer(cells, note=note, none=kinds_note(found, f"placement of the {token}"))


def _cells(found: Found, step: Step) -> Legal:
    """A rejected placement: the legal cells of the same tile (or of any waiting tile)."""
    places = [x for x in found if x[2]["do"] == "place"]
    same = [x for x in places if x[2].get("tile") == step.get("tile")]
    picked = same or places
    note = "" if same or not places else f"no {step.get('tile')} is waiting to be placed"
    return answer(picked, note=note, none=kinds_note(found, "placement"))
