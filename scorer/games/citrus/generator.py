"""Legal-move generator (spec 20.1–20.3), written independently of the checks: candidate
cells come from regions and path fields, then the exclusion rules are re-derived here.
Its questions take a ``State`` (the position so far) and the move's ``Notes``; the cells and
placement plans it offers come from its own bookkeeping (``planning``); ``simulate`` plays
complete games with it.

After a prefix of a move (``legal_steps(state, prefix)``) the steps taken are replayed as
recorded (their effects, chance outcomes included) and the generator answers for the position
they lead to. Which steps are legal is never asked of the checks: a prefix that cannot be
replayed has no position, and so no legal next steps. A prefix with a ``harvest`` step leads
to two positions, because the record says only by a later ``harvest`` step whether harvesting
was finished (and the income paid, spec 11) after it: the legal steps are those of either.

The steps offered carry the cross-check members a record may add (``tiles`` of a buy,
``new_region`` and ``took`` of a placement, ``paid`` of the cart) and leave out the members
chance decides (``finca``, ``reveal``, ``drawn``); ``offered`` compares a recorded step with
them: a cross-check is compared where the record gives it, a chance member never, and a
harvest names its region by any of its cells."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, cast

from scorer.core.errors import RuleViolation
from scorer.core.values import Json
from scorer.games.citrus.planning import (
    cart_fits,
    cells_for,
    finca_left,
    fires,
    line_plan,
    region_by_id,
    region_id,
    tile_on,
    token_kind,
)
from scorer.games.citrus.state import Notes, State, TurnDraft, live, market_count
from scorer.games.citrus.steps import FincaValues, Step

#: Step members whose value chance decides: left out of the steps offered.
CHANCE = frozenset({"finca", "reveal", "drawn"})
#: Optional cross-check members: offered with their value, compared where a record gives them.
CROSS_CHECKS = frozenset({"tiles", "new_region", "took", "paid"})
#: The main action a step makes a turn (CIT-TURN-2).
MAIN_OF = {"buy": "build", "harvest": "harvest", "pass": "pass"}
#: A step as the generator offers it: chance members left out, cross-checks filled in.
Offered = dict[str, object]


def chance_finca(w: State) -> tuple[FincaValues, str | None]:
    """A canonical chance outcome (smallest unused tile, first deck letter)."""
    if w.finca_left is not None and w.finca_left:
        first, second = min(w.finca_left)
    else:
        first, second = 0, 0
    reveal = min(w.site_deck) if w.site_deck else None
    return {"first": first, "second": second}, reveal


def gen_steps(w: State, t: Notes, first: bool) -> list[Step]:
    """The legal next steps (20.1) with canonical chance outcomes; [] = only ending the turn
    (or nothing at all if the turn may not end)."""
    due = due_steps(w, t, first)
    if due is not None:
        return due
    out: list[Step] = []
    out.extend(main_steps(w, t))
    out.extend(waiting_steps(w, t))
    if t.main != "pass":
        out.extend(tile_steps(w, t))
    if (
        first
        and not any(r.owner == t.seat for r in live(w.regions))
        and not any(line_plan(w, t, fields) is not None for fields in w.static.layout.values())
    ):
        out.append({"do": "pass"})
    return out


def due_steps(w: State, t: Notes, first: bool) -> list[Step] | None:
    """The only steps allowed when one is due (an unblock, a new finca, the cart's placement,
    a refill), or None when nothing is due."""
    marked = sorted(s for s, v in w.sites.items() if v.status == "marked")
    finca, reveal = chance_finca(w)
    if first and w.blocked:
        return [{"do": "unblock", "site": s, "finca": finca, "reveal": reveal} for s in marked]
    if t.finca_due is not None:
        sites = marked
        if t.cart is not None:
            sites = [s for s in marked if cart_fits(w, t.seat, t.cart[0], s)]
        return [{"do": "new_finca", "site": s, "finca": finca, "reveal": reveal} for s in sites]
    if t.cart is not None:
        tile = t.cart[0]
        return [{"do": "place", "tile": tile, "at": list(c)} for c in cells_for(w, t.seat, tile)]
    if t.refill_now is not None:
        empty = sum(1 for x in w.market if x is None)
        bag = sorted(tok for tok, n in w.bag.items() for _ in range(n))
        return [{"do": "refill", "drawn": bag[:empty]}]
    return None


def main_steps(w: State, t: Notes) -> list[Step]:
    """The main actions still open: buying a line, harvesting own regions."""
    out: list[Step] = []
    if t.main in ("", "build") and not t.bought and t.main != "harvest":
        for line, fields in sorted(w.static.layout.items()):
            if not any(w.market[f - 1] for f in fields):
                continue
            reject = w.static.options.purchase_mistakes == "reject"
            if reject and line_plan(w, t, fields) is None:
                continue
            out.append({"do": "buy", "line": line})
    if t.main in ("", "harvest") and not t.harvesting_done:
        for r in sorted(live(w.regions), key=lambda r: min((c[1], c[0]) for c in r.cells)):
            if r.owner == t.seat:
                y, x = min((c[1], c[0]) for c in r.cells)
                out.append({"do": "harvest", "at": [x, y]})
    return out


def waiting_steps(w: State, t: Notes) -> list[Step]:
    """Placing the waiting bought tiles, or returning them (``"penalize"``)."""
    out: list[Step] = []
    seat = t.seat
    for tok in sorted({tok for tok, _ in t.waiting}):
        cells = cells_for(w, seat, tok)
        if w.players[seat].money >= 1:
            out.extend({"do": "place", "tile": tok, "at": list(c)} for c in cells)
        penalize = w.static.options.purchase_mistakes == "penalize"
        if penalize and (not cells or w.players[seat].money == 0):
            out.append({"do": "return", "tile": tok})
    return out


def tile_steps(w: State, t: Notes) -> list[Step]:
    """Using the action tiles held: the cart, the milestone, the bull."""
    out: list[Step] = []
    seat = t.seat
    p = w.players[seat]
    opts = w.static.options
    marked = sorted(s for s, v in w.sites.items() if v.status == "marked")
    if (
        "cart" in p.actions
        and p.money >= opts.cart_cost
        and not (opts.cart_after_build_only and t.waiting)
    ):
        for f in range(1, 13):
            ctok = w.market[f - 1]
            if ctok is None:
                continue
            if fires(w, t, market_count(w.market) - 1) and finca_left(w):
                if any(cart_fits(w, seat, ctok, s) for s in marked):
                    out.append({"do": "use_cart", "field": f})
            elif cells_for(w, seat, ctok):
                out.append({"do": "use_cart", "field": f})
    if "milestone" in p.actions and finca_left(w):
        finca, reveal = chance_finca(w)
        out.extend(
            {"do": "use_milestone", "site": s, "finca": finca, "reveal": reveal} for s in marked
        )
    if "bull" in p.actions:
        board = w.static.board
        out.extend(
            {"do": "use_bull", "at": list(c)}
            for c in sorted(board.buildable)
            if tile_on(w, c) is None and w.land[board.index[c]] is None
        )
    return out


# ---- after a prefix of the move ------------------------------------------------------------
Position = tuple[State, Notes, bool]


def after_prefix(state: State, prefix: Sequence[Json]) -> list[Position]:
    """The positions the steps ``prefix`` of the move lead to, as (state so far, notes of the
    move, whether the turn's main action may still be a pass): one, or two after a harvest
    (harvesting finished after the prefix's last harvest, or not yet). None fit when the
    prefix cannot be replayed."""
    from scorer.games.citrus.actions import apply_step  # the effects of the steps taken

    first = all(s.get("do") == "unblock" for s in prefix)
    main = next((MAIN_OF[s["do"]] for s in prefix if s.get("do") in MAIN_OF), "")
    harvests = [j for j, s in enumerate(prefix) if s.get("do") == "harvest"]
    out: list[Position] = []
    for last in [-1, *harvests[-1:]]:
        d = TurnDraft(state)
        t = d.notes
        t.main, t.last_harvest = main, last
        try:
            for j, step in enumerate(prefix):
                apply_step(d, cast(Step, step), j)
        except RuleViolation:
            continue
        out.append((d.done(), t, first))
    return out


def dressed(w: State, t: Notes, step: Step) -> Offered:
    """``step`` as offered: chance members left out, cross-check members filled in."""
    out: Offered = {k: v for k, v in step.items() if k not in CHANCE}
    if step["do"] == "buy":
        fields = w.static.layout[step["line"]]
        out["tiles"] = [tok for f in fields if (tok := w.market[f - 1]) is not None]
    elif step["do"] == "place":
        c = (step["at"][0], step["at"][1])
        k = token_kind(step["tile"])
        out["new_region"] = not any(
            (rid := region_id(w, n)) is not None
            and region_by_id(w, rid).owner == t.seat
            and region_by_id(w, rid).kind == k
            for n in w.static.board.nbrs[c]
        )
        out["took"] = took_of(w.land[w.static.board.index[c]])
    elif step["do"] == "use_cart":
        out["paid"] = w.static.options.cart_cost
    return out


def took_of(tile: tuple[str, int] | None) -> dict[str, object] | None:
    """The ``took`` member of a placement on a cell holding ``tile`` (16.4)."""
    if tile is None:
        return None
    return {"type": tile[0], "points": tile[1]} if tile[0] == "horses" else {"type": tile[0]}


def offered_at(w: State, t: Notes, first: bool) -> list[Offered]:
    """The steps offered in one position (``gen_steps``, dressed)."""
    return [dressed(w, t, s) for s in gen_steps(w, t, first)]


def offered_after(state: State, prefix: Sequence[Json]) -> Iterator[tuple[State, Notes, Offered]]:
    """Every step offered after ``prefix``, with the position (state, notes) it is offered
    in, without repeats (a prefix ending in a harvest leads to two positions)."""
    seen: set[str] = set()
    for w, t, first in after_prefix(state, prefix):
        for step in offered_at(w, t, first):
            key = repr(sorted(step.items()))
            if key not in seen:
                seen.add(key)
                yield w, t, step


def legal_steps(state: State, prefix: Sequence[Json] = ()) -> Iterator[Offered]:
    """The legal next steps once the steps ``prefix`` of the move are taken (without the
    members chance decides; none once the game is over)."""
    if state.over:
        return iter(())
    return iter([step for _, _, step in offered_after(state, prefix)])


def _plain(value: object) -> object:
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


def offered(w: State, recorded: Json, step: Json) -> bool:
    """Whether the ``recorded`` step is the offered ``step`` (see the module docstring)."""
    if recorded.get("do") == "harvest" and step.get("do") == "harvest":
        at = recorded.get("at")
        r = region_id(w, (at[0], at[1])) if isinstance(at, list) and len(at) == 2 else None
        return r is not None and r == region_id(w, (step["at"][0], step["at"][1]))
    for key in recorded.keys() | step.keys():
        if key in CHANCE:
            continue
        if key in CROSS_CHECKS and key not in recorded:
            continue
        if _plain(recorded.get(key)) != _plain(step.get(key)):
            return False
    return True


def first_unoffered(state: State, steps: Sequence[Any]) -> int | None:
    """The index of the first of ``steps`` (a move legal in ``state``) that the generator
    would not offer after the ones before it, or None."""
    for i, step in enumerate(steps):
        if not isinstance(step, Mapping):
            return i
        if not any(
            offered(w, step, s)
            for w, t, first in after_prefix(state, steps[:i])
            for s in offered_at(w, t, first)
        ):
            return i
    return None
