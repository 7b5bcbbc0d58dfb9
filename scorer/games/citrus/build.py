"""The step handlers of buying and building (spec 7–9): ``buy``, ``place`` and ``return``,
and what a take sets off (the market trigger, CIT-MKT-1). Registered in ``actions.HANDLERS``;
the one handler signature of ``actions``."""

from __future__ import annotations

from typing import cast

from pyrsistent import pmap

from scorer.core.errors import RuleViolation
from scorer.core.findings import Finding
from scorer.core.words import article
from scorer.games.citrus import events
from scorer.games.citrus.ledger import Returned
from scorer.games.citrus.placement import judge, legal_anywhere, place, verdict
from scorer.games.citrus.search import buy_buildable
from scorer.games.citrus.state import KIND, Notes, TurnDraft, kind_of
from scorer.games.citrus.steps import BuyStep, LandKind, PlaceStep, ReturnStep, Took


def settle(notes: Notes, j: int) -> None:
    """The refill falls due right after the last waiting tile is placed or returned."""
    if notes.refill_due and not notes.waiting and notes.cart is None:
        notes.refill_now = j


def taken(draft: TurnDraft, j: int) -> None:
    """After a take (a buy, or the cart's take, which counts: 10.3): the market trigger
    (CIT-MKT-1)."""
    notes = draft.notes
    # CIT-CART-4: a cart take counts for the trigger like a buy (the same call for both)
    if events.trigger_fires(draft.market, draft.lrc, notes.fired):
        notes.fired = True
        notes.refill_due = True
        if events.finca_possible(draft.finca_deck, draft.sites):
            notes.finca_due = j


def step_buy(draft: TurnDraft, step: BuyStep, at: int) -> None:
    notes = draft.notes
    # CIT-BUY-5: at most one buy per turn
    if notes.bought:
        raise RuleViolation("CIT-BUY-5", "a second buy in one turn", ("steps", at))
    line = step["line"]
    static = draft.static
    layout = static.layout
    # CIT-BUY-1: the line exists
    if line not in layout:
        raise RuleViolation(
            "CIT-BUY-1",
            f"the market has no line {line!r}",
            ("steps", at, "line"),
            {"expected": sorted(layout), "found": line},
        )
    fields = layout[line]
    market = draft.market
    tokens = [tok for f in fields if (tok := market[f - 1]) is not None]
    # CIT-BUY-2: the line holds at least one tile
    if not tokens:
        raise RuleViolation("CIT-BUY-2", f"line {line} holds no tile", ("steps", at, "line"))
    # CIT-BUY-3: with "reject", the purchase must be affordable and completely buildable
    if static.options.purchase_mistakes == "reject" and not buy_buildable(
        draft.done(), notes.seat, tokens, fields, notes.fired
    ):
        raise RuleViolation(
            "CIT-BUY-3",
            f"line {line} ({', '.join(tokens)}) cannot be paid and completely built",
            ("steps", at, "line"),
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
                    ("steps", at, "tiles", k),
                    {"expected": tokens[k] if k < len(tokens) else None, "found": tok},
                )
        if len(claimed) != len(tokens):
            raise RuleViolation(
                "CIT-REC-1",
                f"the line holds {tokens}, not {claimed}",
                ("steps", at, "tiles"),
                {"expected": tokens, "found": claimed},
            )
    for f in fields:
        market = market.set(f - 1, None)
    draft.market = market
    notes.waiting.extend([(tok, at) for tok in tokens])
    notes.bought = True
    taken(draft, at)


def took_form(tile: tuple[str, int] | None) -> Took | None:
    """The ``took`` member of a placement on a cell holding ``tile`` (16.4)."""
    if tile is None:
        return None
    if tile[0] == "horses":
        return {"type": "horses", "points": tile[1]}
    return {"type": cast(LandKind, tile[0])}


def step_place(draft: TurnDraft, step: PlaceStep, at: int) -> None:
    notes = draft.notes
    token = step["tile"]
    cell = (step["at"][0], step["at"][1])
    seat = notes.seat
    cart = notes.cart
    k = placed_tile(notes, token, at)
    # CIT-BUILD-2 … CIT-FUSE-1 (section 8, in order)
    board = draft.static.board
    i = board.index.get(cell)
    if i is None or board.kind_at[i] not in ".*" or draft.tiles[i] is not None:
        found = judge(draft.done(), seat, token, cell)  # the message of CIT-BUILD-2 / 3 / 4
        raise RuleViolation(
            str(found.rule), found.message, ("steps", at, "at"), {"found": list(cell)}
        )
    kind = KIND.get(token) or kind_of(token)
    player = draft.players[seat]
    rule, new_region, merged, _ = verdict(
        draft.static,
        draft.tiles,
        draft.region_of,
        draft.regions,
        draft.fincas,
        player.mat,
        seat,
        kind,
        i,
    )
    if rule is not None:
        message = judge(draft.done(), seat, token, cell).message
        raise RuleViolation(rule, message, ("steps", at, "at"), {"found": list(cell)})
    # CIT-BUY-4: each placed bought tile costs 1 money
    if cart is None and player.money < 1:
        raise RuleViolation(
            "CIT-BUY-4",
            "no money left to pay for this tile",
            ("steps", at),
            {"expected": 1, "found": 0},
        )
    land = draft.land[i]
    check_placement_claims(step, at, new_region, land)
    place(draft, seat, token, i, merged, 0 if cart else 1, kind, land)
    if cart is None:
        del notes.waiting[k]
    else:
        notes.cart = None
    settle(notes, at)


def placed_tile(notes: Notes, token: str, at: int) -> int:
    """Which taken tile a placement of ``token`` places: the cart's (CIT-CART-1, -1 is
    returned), or the index of a waiting bought tile (CIT-BUILD-7)."""
    cart = notes.cart
    if cart is not None:
        # CIT-CART-1: the placement right after use_cart is the cart's tile
        if token != cart[0]:
            raise RuleViolation(
                "CIT-CART-1",
                f"the cart took {article(cart[0])}, not {article(token)}",
                ("steps", at, "tile"),
                {"expected": cart[0], "found": token},
            )
        return -1
    for k, (tok, _) in enumerate(notes.waiting):
        if tok == token:
            return k
    # CIT-BUILD-7: a waiting bought tile
    raise RuleViolation(
        "CIT-BUILD-7",
        f"no bought {token} is waiting to be placed",
        ("steps", at, "tile"),
        {"expected": sorted({tok for tok, _ in notes.waiting}), "found": token},
    )


def check_placement_claims(
    step: PlaceStep, at: int, new_region: bool, land: tuple[str, int] | None
) -> None:
    """CIT-REC-1: the ``new_region`` and ``took`` cross-checks of a legal placement."""
    if "new_region" in step and step["new_region"] != new_region:
        verb = "starts" if new_region else "does not start"
        raise RuleViolation(
            "CIT-REC-1",
            f"the placement {verb} a new region",
            ("steps", at, "new_region"),
            {"expected": new_region, "found": step["new_region"]},
        )
    if "took" in step:
        took = step["took"]
        if took is not None or land is not None:  # both None: nothing was lying there
            lying = took_form(land)
            if took != lying:
                raise RuleViolation(
                    "CIT-REC-1",
                    f"the cell held {lying}",
                    ("steps", at, "took"),
                    {"expected": lying, "found": took},
                )


def step_return(draft: TurnDraft, step: ReturnStep, at: int) -> None:
    notes = draft.notes
    token = step["tile"]
    path = ("steps", at, "tile")
    static = draft.static
    # CIT-RET-1: only with "penalize", a waiting bought tile that cannot be paid or placed
    if static.options.purchase_mistakes == "reject":
        raise RuleViolation(
            "CIT-RET-1", "returns are not allowed with purchase_mistakes 'reject'", path
        )
    waiting = [tok for tok, _ in notes.waiting]
    if token not in waiting:
        raise RuleViolation("CIT-RET-1", f"no bought {token} is waiting", path, {"found": token})
    seat = notes.seat
    now = draft.done()
    if now.players[seat].money > 0 and legal_anywhere(now, seat, token):
        raise RuleViolation(
            "CIT-RET-1",
            f"the {token} can be paid and placed: it may not be returned",
            path,
            {"found": token},
        )
    del notes.waiting[waiting.index(token)]
    field_no = now.market.index(None)
    draft.market = now.market.set(field_no, token)
    p = draft.players[seat]
    draft.players = draft.players.set(seat, p._replace(penalties=p.penalties - 3))
    draft.returned = draft.returned.set(seat, draft.returned[seat] + 1)
    moves = now.moves
    notes.scored.append(Returned(moves, at, seat, token))
    # CIT-RET-2: warning for every accepted return
    notes.warnings.append(
        Finding(
            "CIT-RET-2",
            f"/moves/{moves}/steps/{at}",
            f"{static.names[seat]}, move {moves + 1}, step {at + 1}: mistaken purchase, "
            f"{token} returned to market field {field_no + 1} (−3 points)",
            "warning",
            pmap({"move": moves, "tile": token, "points": -3}),
        )
    )
    settle(notes, at)
