"""Lookahead searches of the checker: can a purchase be paid and completely built
(CIT-BUY-3), and can a player without regions buy and build some line (CIT-PASS-1).

The boards searched are states: the turn's draft so far (``TurnDraft.done``), with another
market or another site status (``State._replace``, every other field shared); the backtracking
places on new states (``placement.trial``), so nothing of the turn is changed."""

from __future__ import annotations

from typing import NamedTuple

from pyrsistent import PVector

from scorer.games.citrus import events
from scorer.games.citrus.placement import can_build_all, candidates, verdict_in
from scorer.games.citrus.state import (
    KIND,
    Region,
    Site,
    State,
    Static,
    kind_of,
    live,
    marked,
    market_count,
    memo,
)

FINCA = Site("finca")


def with_finca(state: State, site: str) -> State:
    """``state`` in which ``site`` holds a new finca (before its values are known)."""
    return state._replace(sites=state.sites.set(site, FINCA), fincas=state.fincas | {site})


def buy_buildable(
    state: State, seat: int, tokens: list[str], fields: tuple[int, ...], fired: bool
) -> bool:
    """CIT-BUY-3 / CIT-PASS-1: money covers the line and some complete placement exists,
    including the choice of the new finca's site when the take fires the trigger."""
    money = state.players[seat].money
    if money < len(tokens):
        return False
    market = state.market
    for f in fields:
        market = market.set(f - 1, None)
    trial = state._replace(market=market)
    if events.trigger_fires(trial.market, trial.lrc, fired) and events.finca_possible(
        trial.finca_deck, trial.sites
    ):
        for site in marked(trial.sites):
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


def owners(static: Static, regions: PVector[Region | None]) -> frozenset[int]:
    """The seats owning a region of ``regions`` (kept in the game's memo for the last
    ``regions`` asked about: a run of passes asks about the same one)."""
    game = memo(static)
    known: tuple[PVector[Region | None], frozenset[int]] | None = game.get("owners")
    if known is None or known[0] is not regions:
        known = game["owners"] = (regions, frozenset(r.owner for r in live(regions)))
    return known[1]


def buildable_line(w: State, seat: int, fired: bool, unchanged: bool) -> str | None:
    """For a player who owns no region: the first line (in id order) that can be bought and
    completely built, or None.

    While the turn has not changed the tiles, regions and sites of the state it started from
    (``unchanged``), the answer is memoised per game (``state.memo``) for those maps,
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
    if not unchanged:
        return _buildable_line(w, seat, fired)
    game = memo(w.static)
    known: PassMemo | None = game.get("pass")
    if (
        known is None
        or known.tiles is not w.tiles
        or known.region_of is not w.region_of
        or known.regions is not w.regions
        or known.sites is not w.sites
    ):
        known = PassMemo(
            w.tiles,
            w.region_of,
            w.regions,
            w.sites,
            max(len(fields) for fields in w.static.layout.values()),
            owners(w.static, w.regions),
            {},
        )
        game["pass"] = known
    if seat in known.owners:  # not for a player who owns a region
        return _buildable_line(w, seat, fired)
    cap = known.cap
    key = (tuple(w.market), w.lrc, w.finca_deck, fired, min(p.money, cap), min(p.mat, cap))
    answers = known.answers
    if key not in answers:
        answers[key] = _buildable_line(w, seat, fired)
    return answers[key]


class _Starts:
    """The boards a CIT-PASS-1 search begins with (the state as it is, ``""``, or with a new
    finca on a site) and, per board and kind, whether a region of the kind can start there.

    Without a region, the first tile of every kind must start a region; start cells only
    get fewer while a line is placed, so a kind that cannot start on the board the search
    begins with (now, or with the new finca a take brings) blocks every line holding it.
    The start test of a kind is made once per board, when a line first needs it."""

    def __init__(self, w: State, seat: int) -> None:
        self.w, self.seat = w, seat
        self.boards: dict[str, tuple[State, list[int], dict[str, bool]]] = {}

    def cells(self, site: str) -> list[int]:
        """The cells where a region could start on the board of ``site``."""
        return self._board(site)[1]

    def startable(self, site: str, tokens: list[str]) -> tuple[State, bool]:
        """The board of ``site``, and whether every kind of ``tokens`` can start on it."""
        alt, cands, known = self._board(site)
        for tok in tokens:
            k = KIND[tok] if tok in KIND else kind_of(tok)
            ok = known.get(k)
            if ok is None:
                ok = known[k] = any(verdict_in(alt, self.seat, k, c)[0] is None for c in cands)
            if not ok:
                return alt, False
        return alt, True

    def _board(self, site: str) -> tuple[State, list[int], dict[str, bool]]:
        if site not in self.boards:
            alt = with_finca(self.w, site) if site else self.w
            self.boards[site] = alt, candidates(alt, self.seat), {}
        return self.boards[site]


def _buildable_line(w: State, seat: int, fired: bool) -> str | None:
    money = w.players[seat].money
    # without a region, a first tile needs a free path field of a finca (now or after the
    # new finca a take may bring); with none of them, nothing can be built
    tiles = w.tiles
    paths = w.static.board.paths_at
    free_paths = any(
        tiles[p] is None for s, v in w.sites.items() if v.status != "empty" for p in paths[s]
    )
    if not free_paths:
        return None
    market = w.market
    starts = _Starts(w, seat)
    count = market_count(w.market)
    possible = events.finca_possible(w.finca_deck, w.sites)
    # no take can bring a new finca: every line is searched on the board as it is, and
    # without a start cell there nothing can be built
    if not (possible and w.lrc and not fired) and not starts.cells(""):
        return None
    sites: list[str] | None = None
    seen: dict[tuple[tuple[str, ...], bool], bool] = {}
    for line, fields in w.static.lines:
        tokens = [tok for f in fields if (tok := market[f - 1]) is not None]
        if not tokens or len(tokens) > money:
            continue
        fires = not fired and w.lrc and count - len(tokens) <= 3 and possible
        key = (tuple(sorted(tokens)), fires)
        found = seen.get(key)
        if found is None:
            found = seen[key] = False
            if fires and sites is None:
                sites = marked(w.sites)
            for site in sites if fires and sites is not None else [""]:
                alt, ok = starts.startable(site, tokens)
                if ok and can_build_all(alt, seat, tokens, money):
                    found = seen[key] = True
                    break
        if found:
            return line
    return None
