"""Automatic events (spec 11–12): income, the market trigger, the new-finca procedure, the
refill, finca scoring at the end of a turn, and the end of the game."""

from __future__ import annotations

from typing import Any

from scorer.errors import PathPart, RuleViolation
from scorer.findings import Finding
from scorer.games.citrus.board import Board, Cell
from scorer.games.citrus.data import INCOME, MONEY_CAP
from scorer.games.citrus.ledger import FincaScoring
from scorer.games.citrus.state import Player, Region, Site, State, Work, with_money
from scorer.words import plural


def pay_income(w: Work, seat: int) -> int:
    """CIT-HARV-3: income by workers at home, money capped at 12. Returns the table value."""
    p = w.players[seat]
    income = INCOME[p.mat]
    w.players[seat] = with_money(p, min(MONEY_CAP, p.money + income))
    return income


def finca_possible(w: Work) -> bool:
    return w.finca_deck > 0 and any(v.status == "marked" for v in w.sites.values())


def trigger_fires(w: Work, fired: bool) -> bool:
    """CIT-MKT-1: after a take, ≤ 3 tiles left, last refill complete, not yet fired."""
    return not fired and w.lrc and w.market_count() <= 3


def check_new_finca(w: Work, step: dict[str, Any], path: tuple[PathPart, ...]) -> None:
    """CIT-FINCA-1 for ``new_finca``, ``use_milestone`` and ``unblock`` steps."""
    site = step["site"]
    # CIT-FINCA-1: the site is marked
    if site not in w.sites or w.sites[site].status != "marked":
        raise RuleViolation(
            "CIT-FINCA-1",
            f"site {site} holds no building-site tile",
            (*path, "site"),
            {"expected": w.marked(), "found": site},
        )
    first, second = step["finca"]["first"], step["finca"]["second"]
    # CIT-FINCA-1: values first ≥ second ≥ 0, an unused tile of the set
    if first < second or second < 0:
        raise RuleViolation(
            "CIT-FINCA-1",
            f"finca values {first}/{second} are not first ≥ second ≥ 0",
            (*path, "finca"),
        )
    if w.finca_left is not None and w.finca_left.get((first, second), 0) <= 0:
        raise RuleViolation(
            "CIT-FINCA-1",
            f"no unused finca tile {first}/{second} is left",
            (*path, "finca"),
            {"found": {"first": first, "second": second}},
        )
    reveal = step["reveal"]
    # CIT-FINCA-1: reveal is null exactly when the building-site deck is empty
    if reveal is None and w.site_deck:
        raise RuleViolation(
            "CIT-FINCA-1",
            "the building-site deck is not empty: a tile must be revealed",
            (*path, "reveal"),
            {"expected": sorted(w.site_deck), "found": None},
        )
    if reveal is not None and reveal not in w.site_deck:
        raise RuleViolation(
            "CIT-FINCA-1",
            f"{reveal} is not in the building-site deck",
            (*path, "reveal"),
            {"expected": sorted(w.site_deck), "found": reveal},
        )


def new_finca(w: Work, site: str, first: int, second: int, reveal: str | None) -> None:
    """The new-finca procedure (12.2) with already checked values."""
    sites = w.sites_w()
    sites[site] = Site("finca", first, second, False)
    w.fresh.add(site)
    w.finca_deck -= 1
    finca_left = w.finca_left_w()
    if finca_left is not None:
        left = finca_left[(first, second)] - 1
        if left == 0:
            del finca_left[(first, second)]
        else:
            finca_left[(first, second)] = left
    if reveal is not None:
        w.site_deck = w.site_deck - {reveal}
        sites[reveal] = Site("marked")


def bag_size(w: Work) -> int:
    return sum(w.bag.values())


def refill(w: Work, drawn: list[str], path: tuple[PathPart, ...]) -> None:
    """CIT-MKT-2 / CIT-MKT-3: draw ``min(empty fields, bag)`` tokens onto the empty fields."""
    empty = [i for i, t in enumerate(w.market) if t is None]
    want = min(len(empty), bag_size(w))
    # CIT-MKT-2: the number of drawn tokens
    if len(drawn) != want:
        raise RuleViolation(
            "CIT-MKT-2",
            f"the refill must draw {plural(want, 'tile')}, not {len(drawn)}",
            (*path, "drawn"),
            {"expected": want, "found": len(drawn)},
        )
    bag = dict(w.bag)
    for k, token in enumerate(drawn):
        # CIT-MKT-2: each drawn token is still in the bag
        if bag.get(token, 0) <= 0:
            raise RuleViolation(
                "CIT-MKT-2", f"no {token} is left in the bag", (*path, "drawn", k), {"found": token}
            )
        left = bag[token] - 1
        if left == 0:
            del bag[token]
        else:
            bag[token] = left
        w.market[empty[k]] = token
    w.bag = bag
    # CIT-MKT-3: the refill is complete when all 12 fields are full
    w.lrc = all(t is not None for t in w.market)


def finca_shares(w: State | Work, site: str) -> list[list[Region]]:
    """Per seat, the distinct own regions with a tile in the ring of ``site`` (12.3: their
    sizes add up to adj(p))."""
    shares: list[list[Region]] = [[] for _ in w.static.names]
    seen: set[int] = set()
    for c in w.static.board.rings[site]:
        rid = w.region_of.get(c)
        if rid is not None and rid not in seen:
            seen.add(rid)
            r = w.regions[rid]
            if r.owner >= 0:
                shares[r.owner].append(r)
    return shares


def adjacency(w: State | Work, site: str) -> list[int]:
    """adj(p) of 12.3: sizes of the distinct own regions with a tile in the ring."""
    return [sum(len(r.cells) for r in rs) for rs in finca_shares(w, site)]


def finca_points(adj: list[int], first: int, second: int) -> list[int]:
    """CIT-FINCA-2 majority: first to every player with the largest positive adj; second to
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


def complete(w: Work, site: str) -> bool:
    """3.5: every ring cell is occupied (tile, landscape tile or bull, rock, site)."""
    rings: dict[str, tuple[tuple[Cell, ...], bool]] | None = w.static.memo.get("rings")
    if rings is None:
        rings = w.static.memo["rings"] = ring_tables(w.static.board)
    cells, has_site = rings[site]
    # a site cell in the ring is occupied only with site_cells_occupied; rocks always are
    if has_site and not w.static.options["site_cells_occupied"]:
        return False
    tiles, land = w.tiles, w.land
    for c in cells:  # noqa: SIM110 - a plain loop is faster than all() over a generator
        if c not in tiles and c not in land:
            return False
    return True


def ring_tables(board: Board) -> dict[str, tuple[tuple[Cell, ...], bool]]:
    """Per site: the buildable cells of its ring, and whether the ring holds a site cell."""
    return {
        site: (
            tuple(c for c in ring if c in board.buildable),
            any(c not in board.buildable and c in board.site_at for c in ring),
        )
        for site, ring in board.rings.items()
    }


def score_fincas(w: Work) -> list[dict[str, Any]]:
    """CIT-FINCA-2: score every complete unscored finca. Returns the scorings made.
    Occupancy only grows, so only fincas whose ring got a tile or bull this turn, and new
    fincas, can have become complete."""
    done: list[dict[str, Any]] = []
    touched = w.touched
    if not touched and not w.fresh:
        return done
    ring_sites = w.static.board.ring_sites
    sites = w.sites
    check = set(w.fresh)
    for c in touched:
        near = ring_sites.get(c)
        if near:
            for site in near:
                s = sites[site]
                if s.status == "finca" and not s.scored:
                    check.add(site)
    if not check:
        return done
    for site in sorted(check):
        s = w.sites[site]
        if s.status != "finca" or s.scored or not complete(w, site):
            continue
        w.sites_w()[site] = Site(s.status, s.first, s.second, True)
        shares = finca_shares(w, site)
        adj = [sum(len(r.cells) for r in rs) for rs in shares]
        pts = finca_points(adj, s.first, s.second)
        for i, v in enumerate(pts):
            if v:
                p = w.players[i]
                w.players[i] = Player(
                    p.money,
                    p.mat,
                    p.horses,
                    p.actions,
                    p.harvest,
                    p.finca + v,
                    p.penalties,
                    p.horse_points,
                )
        w.scored.append(
            FincaScoring(
                w.moves,
                site,
                s.first,
                s.second,
                tuple(adj),
                tuple(tuple(sorted(c for r in rs for c in r.cells)) for rs in shares),
                tuple(pts),
            )
        )
        done.append(
            {"site": site, "points": {w.static.names[i]: v for i, v in enumerate(pts) if v}}
        )
    return done


def end_turn_checks(w: Work, passed: bool) -> None:
    """Pass counting (CIT-PASS-2), the end of the game (CIT-END-1, CIT-END-2), next seat."""
    n = len(w.static.names)
    w.passes = w.passes + 1 if passed else 0
    w.blocked = False
    if not any(w.market) and not w.bag:
        w.over = True  # CIT-END-1
    elif w.passes >= n:
        if finca_possible(w):
            w.blocked = True  # CIT-PASS-2: the next turn must unblock
        else:
            w.over = True  # CIT-END-2: stalemate
    w.turn = (w.turn + 1) % n


def compare_expect(
    w: Work, seat: int, income: int, move: dict[str, Any], scorings: list[dict[str, Any]]
) -> None:
    """CIT-REC-2: warnings for every differing value of the turn's ``expect``."""
    expect = move.get("expect")
    if not expect:
        return
    p = w.players[seat]
    # the keys in this order: money, score, mat, income (unrolled: it runs every turn)
    if "money" in expect and expect["money"] != p.money:
        _expect_warning(w, seat, "money", expect["money"], p.money)
    if "score" in expect and expect["score"] != p.score:
        _expect_warning(w, seat, "score", expect["score"], p.score)
    if "mat" in expect and expect["mat"] != p.mat:
        _expect_warning(w, seat, "mat", expect["mat"], p.mat)
    if "income" in expect and expect["income"] != income:
        _expect_warning(w, seat, "income", expect["income"], income)
    if "finca_scorings" in expect:
        found = expect["finca_scorings"]
        if not found and not scorings:
            return
        if len(found) > 1:
            found = sorted(found, key=lambda s: str(s.get("site")))
        done = sorted(scorings, key=lambda s: s["site"]) if len(scorings) > 1 else scorings
        if found != done:
            _expect_warning(w, seat, "finca_scorings", found, done, expect["finca_scorings"])


def _expect_warning(
    w: Work, seat: int, key: str, found: Any, actual: Any, given: Any = None
) -> None:
    """CIT-REC-2 for one key; ``given`` is the value as written (``found`` may be sorted)."""
    w.warnings.append(
        Finding(
            "CIT-REC-2",
            f"/moves/{w.moves}/expect/{key}",
            f"{w.static.names[seat]}, move {w.moves + 1}: expected {key} {found}, "
            f"replay gives {actual}",
            "warning",
            {"move": w.moves, "expected": actual, "found": found if given is None else given},
        )
    )
