"""Automatic events (spec 11–12): income, the market trigger, the new-finca procedure, the
refill, finca scoring at the end of a turn, the end of the game and the ``expect`` warnings.
Each changes the turn's ``TurnDraft`` (``actions`` calls them) or answers a question about a
position."""

from __future__ import annotations

from collections.abc import Sequence

from pyrsistent import PMap, PVector, freeze, pmap, pvector

from scorer.core.errors import PathPart, RuleViolation
from scorer.core.findings import Finding
from scorer.core.words import plural
from scorer.games.citrus.data import INCOME, MONEY_CAP
from scorer.games.citrus.ledger import FincaScoring
from scorer.games.citrus.state import (
    Region,
    Site,
    State,
    Static,
    TurnDraft,
    count_down,
    marked,
    market_count,
)
from scorer.games.citrus.steps import FincaScored, FincaStep, TurnMove


def pay_income(draft: TurnDraft, seat: int) -> int:
    """Income by workers at home, money capped at 12 (spec 11). Returns the table value."""
    # CIT-HARV-3: income 2/4/6/7/8 for 1-5 workers at home, capped at 12
    p = draft.players[seat]
    income = INCOME[p.mat]
    draft.players = draft.players.set(seat, p.with_money(min(MONEY_CAP, p.money + income)))
    return income


def finca_possible(finca_deck: int, sites: PMap[str, Site]) -> bool:
    return finca_deck > 0 and any(v.status == "marked" for v in sites.values())


def trigger_fires(market: Sequence[str | None], lrc: bool, fired: bool) -> bool:
    """CIT-MKT-1: after a take, ≤ 3 tiles left, last refill complete, not yet fired."""
    return not fired and lrc and market_count(market) <= 3


def finca_step(draft: TurnDraft, step: FincaStep, j: int) -> None:
    """A step that makes a new finca (new_finca, use_milestone, unblock): checked, then made."""
    check_new_finca(draft, step, ("steps", j))
    finca = step["finca"]
    new_finca(draft, step["site"], finca["first"], finca["second"], step["reveal"])


def check_new_finca(draft: TurnDraft, step: FincaStep, path: tuple[PathPart, ...]) -> None:
    """CIT-FINCA-1 for ``new_finca``, ``use_milestone`` and ``unblock`` steps."""
    site = step["site"]
    sites = draft.sites
    # CIT-FINCA-1: the site is marked
    if site not in sites or sites[site].status != "marked":
        raise RuleViolation(
            "CIT-FINCA-1",
            f"site {site} holds no building-site tile",
            (*path, "site"),
            {"expected": marked(sites), "found": site},
        )
    first, second = step["finca"]["first"], step["finca"]["second"]
    # CIT-FINCA-1: values first ≥ second ≥ 0, an unused tile of the set
    if first < second or second < 0:
        raise RuleViolation(
            "CIT-FINCA-1",
            f"finca values {first}/{second} are not first ≥ second ≥ 0",
            (*path, "finca"),
        )
    finca_left = draft.finca_left
    if finca_left is not None and finca_left.get((first, second), 0) <= 0:
        raise RuleViolation(
            "CIT-FINCA-1",
            f"no unused finca tile {first}/{second} is left",
            (*path, "finca"),
            {"found": {"first": first, "second": second}},
        )
    reveal = step["reveal"]
    site_deck = draft.site_deck
    # CIT-FINCA-1: reveal is null exactly when the building-site deck is empty
    if reveal is None and site_deck:
        raise RuleViolation(
            "CIT-FINCA-1",
            "the building-site deck is not empty: a tile must be revealed",
            (*path, "reveal"),
            {"expected": sorted(site_deck), "found": None},
        )
    if reveal is not None and reveal not in site_deck:
        raise RuleViolation(
            "CIT-FINCA-1",
            f"{reveal} is not in the building-site deck",
            (*path, "reveal"),
            {"expected": sorted(site_deck), "found": reveal},
        )


def new_finca(draft: TurnDraft, site: str, first: int, second: int, reveal: str | None) -> None:
    """The new-finca procedure (12.2) with already checked values."""
    sites = draft.sites.set(site, Site("finca", first, second, False))
    draft.fincas = draft.fincas | {site}
    draft.notes.fresh.add(site)
    draft.finca_deck -= 1
    if draft.finca_left is not None:
        draft.finca_left = count_down(draft.finca_left, (first, second))
    if reveal is not None:
        draft.site_deck = draft.site_deck.remove(reveal)
        sites = sites.set(reveal, Site("marked"))
    draft.sites = sites


def refill(draft: TurnDraft, drawn: list[str], path: tuple[PathPart, ...]) -> None:
    """CIT-MKT-2: draw ``min(empty fields, bag)`` tokens onto the empty fields (and whether
    the refill was complete, 12.1)."""
    market = list(draft.market)
    empty = [i for i, t in enumerate(market) if t is None]
    counts = dict(draft.bag.items())
    left = dict(counts)  # what is left after each draw
    want = min(len(empty), sum(counts.values()))
    # CIT-MKT-2: the number of drawn tokens
    if len(drawn) != want:
        raise RuleViolation(
            "CIT-MKT-2",
            f"the refill must draw {plural(want, 'tile')}, not {len(drawn)}",
            (*path, "drawn"),
            {"expected": want, "found": len(drawn)},
        )
    for k, token in enumerate(drawn):
        n = left.get(token, 0)
        # CIT-MKT-2: each drawn token is still in the bag
        if n < 1:
            raise RuleViolation(
                "CIT-MKT-2", f"no {token} is left in the bag", (*path, "drawn", k), {"found": token}
            )
        left[token] = n - 1
        market[empty[k]] = token
    if drawn:  # the new bag from the counts left (a drawn kind leaves at zero)
        draft.bag = pmap({token: n for token, n in left.items() if n or not counts[token]})
        draft.market = pvector(market)
    # CIT-MKT-3: the refill is complete when all 12 fields are full
    draft.lrc = None not in market


def finca_shares(
    static: Static, region_of: PVector[int], regions: PVector[Region | None], site: str
) -> list[list[Region]]:
    """Per seat, the distinct own regions with a tile in the ring of ``site`` (12.3: their
    sizes add up to adj(p))."""
    shares: list[list[Region]] = [[] for _ in static.names]
    seen: set[int] = set()
    for i in static.board.rings_at[site]:
        rid = region_of[i]
        if rid >= 0 and rid not in seen:
            seen.add(rid)
            r = regions[rid]
            if r is not None and r.owner >= 0:
                shares[r.owner].append(r)
    return shares


def adjacency(state: State, site: str) -> list[int]:
    """adj(p) of 12.3: sizes of the distinct own regions with a tile in the ring."""
    return [
        sum(len(r.cells) for r in rs)
        for rs in finca_shares(state.static, state.region_of, state.regions, site)
    ]


def finca_points(adj: list[int], first: int, second: int) -> list[int]:
    """The majority of 12.3: first to every player with the largest positive adj; second to
    the runners-up unless first place is shared."""
    pts = [0] * len(adj)
    m1 = max(adj, default=0)
    if m1 <= 0:
        return pts
    top = [i for i, a in enumerate(adj) if a == m1]
    for i in top:
        pts[i] = first
    if len(top) == 1:
        rest = [a for a in adj if 0 < a < m1]
        if rest:
            m2 = max(rest)
            for i, a in enumerate(adj):
                if a == m2:
                    pts[i] = second
    return pts


def complete(
    static: Static,
    tiles: PVector[str | None],
    land: PVector[tuple[str, int] | None],
    site: str,
) -> bool:
    """3.5: every ring cell is occupied (tile, landscape tile or bull, rock, site)."""
    cells, has_site = static.board.ring_cells_at[site]
    # a site cell in the ring is occupied only with site_cells_occupied; rocks always are
    if has_site and not static.options.site_cells_occupied:
        return False
    return all(tiles[i] is not None or land[i] is not None for i in cells)


def score_fincas(draft: TurnDraft) -> list[FincaScored]:
    """Score every complete unscored finca (12.3). Returns the scorings made."""
    # CIT-FINCA-2: each complete unscored finca scores once, at the end of the turn
    done: list[FincaScored] = []
    static = draft.static
    for site in finca_candidates(draft):
        # the ring first (the board vectors), the site's record only for a complete ring
        if complete(static, draft.tiles, draft.land, site):
            s = draft.sites[site]
            if s.status == "finca" and not s.scored:
                done.append(score_finca(draft, site, s))
    return done


def finca_candidates(draft: TurnDraft) -> list[str]:
    """The sites (sorted) whose finca can have become complete this turn: occupancy only
    grows, so only sites whose ring got a tile or bull this turn, and new fincas (whether
    a site holds an unscored finca is asked of the complete ones only)."""
    notes = draft.notes
    if not notes.touched:
        return sorted(notes.fresh) if notes.fresh else []
    ring_sites = draft.static.board.ring_sites_at
    near = set(notes.fresh)
    for i in notes.touched:
        near.update(ring_sites[i])
    return sorted(near)


def score_finca(draft: TurnDraft, site: str, s: Site) -> FincaScored:
    """Score the complete finca on ``site``: the majority's points, the ledger record."""
    static = draft.static
    draft.sites = draft.sites.set(site, s._replace(scored=True))
    shares = finca_shares(static, draft.region_of, draft.regions, site)
    adj = [sum(len(r.cells) for r in rs) for rs in shares]
    pts = finca_points(adj, s.first, s.second)
    players = draft.players
    for i, v in enumerate(pts):
        if v:
            players = players.set(i, players[i]._replace(finca=players[i].finca + v))
    draft.players = players
    regions = tuple(tuple(sorted(c for r in rs for c in r.cells)) for rs in shares)
    draft.notes.scored.append(
        FincaScoring(draft.moves, site, s.first, s.second, tuple(adj), regions, tuple(pts))
    )
    return {"site": site, "points": {static.names[i]: v for i, v in enumerate(pts) if v}}


def end_turn(draft: TurnDraft) -> list[FincaScored]:
    """End-of-turn checks and effects in the order of section 6; the finca scorings made."""
    notes = draft.notes
    # CIT-BUILD-1: no taken tile still waiting
    if notes.cart is not None:
        raise RuleViolation(
            "CIT-CART-1", "the cart's tile was not placed", ("steps", notes.cart[1])
        )
    if notes.waiting:
        tok, j = notes.waiting[0]
        raise RuleViolation(
            "CIT-BUILD-1",
            f"the bought {tok} was neither placed nor returned",
            ("steps", j),
            {"found": [x for x, _ in notes.waiting]},
        )
    # CIT-MKT-1 / CIT-MKT-2: nothing due at the end of the turn
    if notes.finca_due is not None:
        raise RuleViolation(
            "CIT-MKT-1", "the new_finca step is missing", ("steps", notes.finca_due)
        )
    if notes.refill_now is not None:
        raise RuleViolation("CIT-MKT-2", "the refill step is missing", ("steps", notes.refill_now))
    scorings = score_fincas(draft)
    end_turn_checks(draft, notes.main == "pass")
    return scorings


def end_turn_checks(draft: TurnDraft, passed: bool) -> None:
    """Pass counting (CIT-PASS-2), the end of the game (12.4), the next seat."""
    n = len(draft.static.names)
    passes = draft.passes + 1 if passed else 0
    draft.passes = passes
    draft.blocked = False
    if not any(draft.market) and not draft.bag:
        draft.over = True  # CIT-END-1
    elif passes >= n:
        if finca_possible(draft.finca_deck, draft.sites):
            draft.blocked = True  # CIT-PASS-2: the next turn must unblock
        else:
            draft.over = True  # CIT-END-2: stalemate
    # CIT-TURN-1: turns follow the seat order
    draft.turn = (draft.turn + 1) % n


def compare_expect(draft: TurnDraft, move: TurnMove, scorings: list[FincaScored]) -> None:
    """CIT-REC-2: warnings (in the move's notes) for every differing value of ``expect``."""
    expect = move.get("expect")
    if not expect:
        return
    p = draft.players[draft.notes.seat]
    income = draft.notes.income
    # the keys in this order: money, score, mat, income
    if "money" in expect and expect["money"] != p.money:
        _expect_warning(draft, "money", expect["money"], p.money)
    if "score" in expect and expect["score"] != p.score:
        _expect_warning(draft, "score", expect["score"], p.score)
    if "mat" in expect and expect["mat"] != p.mat:
        _expect_warning(draft, "mat", expect["mat"], p.mat)
    if "income" in expect and expect["income"] != income:
        _expect_warning(draft, "income", expect["income"], income)
    if "finca_scorings" in expect:
        found = expect["finca_scorings"]
        if not found and not scorings:
            return
        if len(found) > 1:
            found = sorted(found, key=lambda s: str(s.get("site")))
        done = sorted(scorings, key=lambda s: s["site"]) if len(scorings) > 1 else scorings
        if found != done:
            _expect_warning(draft, "finca_scorings", found, done, expect["finca_scorings"])


def _expect_warning(
    draft: TurnDraft, key: str, found: object, actual: object, given: object = None
) -> None:
    """CIT-REC-2 for one key; ``given`` is the value as written (``found`` may be sorted)."""
    moves = draft.moves
    details = {"move": moves, "expected": actual, "found": found if given is None else given}
    draft.notes.warnings.append(
        Finding(
            "CIT-REC-2",
            f"/moves/{moves}/expect/{key}",
            f"{draft.static.names[draft.notes.seat]}, move {moves + 1}: expected {key} {found}, "
            f"replay gives {actual}",
            "warning",
            freeze(details),
        )
    )
