"""Lookahead searches of the checker: can a purchase be paid and completely built
(CIT-BUY-3), and can a player without regions buy and build some line (CIT-PASS-1).

The boards searched are views of the turn's ``Work`` (``Work.with_changes``: another market
or another site status, every other container shared); the backtracking itself places on
``Work.trial`` copies, so the turn's ``Work`` is never modified."""

from __future__ import annotations

from typing import NamedTuple

from scorer.games.citrus import events
from scorer.games.citrus.placement import can_build_all, candidates, verdict
from scorer.games.citrus.state import KIND, Site, Work, kind_of

FINCA = Site("finca")


def with_finca(w: Work, site: str) -> Work:
    """A view of ``w`` in which ``site`` holds a new finca (before its values are known)."""
    sites = dict(w.sites)
    sites[site] = FINCA
    return w.with_changes(sites=sites)


def buy_buildable(
    w: Work, seat: int, tokens: list[str], fields: tuple[int, ...], fired: bool
) -> bool:
    """CIT-BUY-3 / CIT-PASS-1: money covers the line and some complete placement exists,
    including the choice of the new finca's site when the take fires the trigger."""
    money = w.players[seat].money
    if money < len(tokens):
        return False
    market = list(w.market)
    for f in fields:
        market[f - 1] = None
    trial = w.with_changes(market=market)
    if events.trigger_fires(trial, fired) and events.finca_possible(trial):
        for site in trial.marked():
            if can_build_all(with_finca(trial, site), seat, tokens, money):
                return True
        return False
    return can_build_all(trial, seat, tokens, money)


class PassMemo(NamedTuple):
    """CIT-PASS-1 answers for one set of (never modified) board mappings."""

    tiles: object
    region_of: object
    regions: object
    sites: object
    cap: int  # the longest line
    owners: frozenset[int]  # the seats owning a region
    answers: dict[tuple[object, ...], str | None]


def buildable_line(w: Work, seat: int, fired: bool) -> str | None:
    """For a player who owns no region: the first line (in id order) that can be bought and
    completely built, or None.

    While the Work still has the tiles, regions and sites of a state (``Work.unchanged``:
    mappings that are never modified), the answer is memoised per game for those mappings,
    so a run of passes (which share them) searches once per distinct key. The key holds
    everything else the search reads: the market, the refill and finca-deck state,
    ``fired``, and money and workers capped at the longest line. The seat itself is left
    out: a player without regions sees every region as neutral or foreign, and the regions
    a search builds are its own, whoever it is; money and workers are only ever compared
    with the number of tiles still to place (at most the longest line), so values from
    there on give the same answers."""
    p = w.players[seat]
    if p.money == 0:
        return None
    if not w.unchanged():
        return _buildable_line(w, seat, fired)
    memo = w.static.memo.get("pass")
    if (
        memo is None
        or memo.tiles is not w.tiles
        or memo.region_of is not w.region_of
        or memo.regions is not w.regions
        or memo.sites is not w.sites
    ):
        memo = PassMemo(
            w.tiles,
            w.region_of,
            w.regions,
            w.sites,
            max(len(fields) for fields in w.static.layout.values()),
            frozenset(r.owner for r in w.regions.values()),
            {},
        )
        w.static.memo["pass"] = memo
    if seat in memo.owners:  # not for a player who owns a region
        return _buildable_line(w, seat, fired)
    cap = memo.cap
    key = (tuple(w.market), w.lrc, w.finca_deck, fired, min(p.money, cap), min(p.mat, cap))
    answers = memo.answers
    if key not in answers:
        answers[key] = _buildable_line(w, seat, fired)
    return answers[key]


def lines_of(w: Work) -> list[tuple[str, tuple[int, ...]]]:
    """The market lines in id order (kept in the game's memo: the layout never changes)."""
    lines: list[tuple[str, tuple[int, ...]]] | None = w.static.memo.get("lines")
    if lines is None:
        lines = w.static.memo["lines"] = sorted(w.static.layout.items())
    return lines


def _buildable_line(w: Work, seat: int, fired: bool) -> str | None:
    money = w.players[seat].money
    # without a region, a first tile needs a free path field of a finca (now or after the
    # new finca a take may bring); with none of them, nothing can be built
    tiles = w.tiles
    paths = w.static.board.paths
    free_paths = any(
        p not in tiles for s, v in w.sites.items() if v.status != "empty" for p in paths[s]
    )
    if not free_paths:
        return None
    # Without a region, the first tile of every kind must start a region; start cells only
    # get fewer while a line is placed, so a kind that cannot start on the board the search
    # begins with (now, or with the new finca a take brings) blocks every line holding it.
    # (The start test of a kind is made once per board, when a line first needs it.)
    market = w.market
    boards: dict[str, tuple[Work, list[tuple[int, int]], dict[str, bool]]] = {}

    def startable(site: str, tokens: list[str]) -> tuple[Work, bool]:
        if site not in boards:
            alt = with_finca(w, site) if site else w
            boards[site] = alt, candidates(alt, seat), {}
        alt, cands, known = boards[site]
        for tok in tokens:
            k = KIND[tok] if tok in KIND else kind_of(tok)
            ok = known.get(k)
            if ok is None:
                ok = known[k] = any(verdict(alt, seat, k, c)[0] is None for c in cands)
            if not ok:
                return alt, False
        return alt, True

    count = w.market_count()
    possible = events.finca_possible(w)
    if not (possible and w.lrc and not fired):
        # no take can bring a new finca: every line is searched on the board as it is, and
        # without a start cell there nothing can be built
        startable("", [])
        if not boards[""][1]:
            return None
    marked: list[str] | None = None
    seen: dict[tuple[tuple[str, ...], bool], bool] = {}
    for line, fields in lines_of(w):
        tokens = [tok for f in fields if (tok := market[f - 1]) is not None]
        if not tokens or len(tokens) > money:
            continue
        fires = not fired and w.lrc and count - len(tokens) <= 3 and possible
        key = (tuple(sorted(tokens)), fires)
        found = seen.get(key)
        if found is None:
            found = seen[key] = False
            if fires and marked is None:
                marked = w.marked()
            for site in marked if fires and marked is not None else [""]:
                alt, ok = startable(site, tokens)
                if ok and can_build_all(alt, seat, tokens, money):
                    found = seen[key] = True
                    break
        if found:
            return line
    return None
