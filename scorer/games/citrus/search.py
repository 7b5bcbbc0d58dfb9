"""Lookahead searches of the checker: can a purchase be paid and completely built
(CIT-BUY-3), and can a player without regions buy and build some line (CIT-PASS-1)."""

from __future__ import annotations

from scorer.games.citrus import events
from scorer.games.citrus.placement import can_build_all, candidates, judge
from scorer.games.citrus.state import Site, Work, kind_of


def buy_buildable(w: Work, seat: int, tokens: list[str], fields: tuple[int, ...],
                  fired: bool) -> bool:
    """CIT-BUY-3 / CIT-PASS-1: money covers the line and some complete placement exists,
    including the choice of the new finca's site when the take fires the trigger."""
    money = w.players[seat].money
    if money < len(tokens):
        return False
    trial = w.clone()
    for f in fields:
        trial.market[f - 1] = None
    if events.trigger_fires(trial, fired) and events.finca_possible(trial):
        for site in trial.marked():
            alt = trial.clone()
            alt.sites[site] = Site("finca")
            if can_build_all(alt, seat, tokens, money):
                return True
        return False
    return can_build_all(trial, seat, tokens, money)


def buildable_line(w: Work, seat: int, fired: bool) -> str | None:
    """For a player who owns no region: the first line (in id order) that can be bought and
    completely built, or None."""
    money = w.players[seat].money
    if money == 0:
        return None
    # without a region, a first tile needs a free path field of a finca (now or after the
    # new finca a take may bring); with none of them, nothing can be built
    free_paths = any(p not in w.tiles for s, v in w.sites.items() if v.status != "empty"
                     for p in w.static.board.paths[s])
    if not free_paths:
        return None
    # Without a region, the first tile of every kind must start a region; start cells only
    # get fewer while a line is placed, so a kind that cannot start on the board the search
    # begins with (now, or with the new finca a take brings) blocks every line holding it.
    kinds = sorted({kind_of(x) for x in w.market if x is not None})  # wells do not matter
    boards: dict[str, tuple[Work, dict[str, bool]]] = {}

    def board_for(site: str) -> tuple[Work, dict[str, bool]]:
        if site not in boards:
            alt = w
            if site:
                alt = w.clone()
                alt.sites[site] = Site("finca")
            cands = candidates(alt, seat)
            boards[site] = alt, {k: any(judge(alt, seat, k, c).rule is None for c in cands)
                                 for k in kinds}
        return boards[site]

    seen: dict[tuple[tuple[str, ...], bool], bool] = {}
    for line, fields in sorted(w.static.layout.items()):
        tokens = [tok for f in fields if (tok := w.market[f - 1]) is not None]
        if not tokens or len(tokens) > money:
            continue
        fires = (not fired and w.lrc and w.market_count() - len(tokens) <= 3
                 and events.finca_possible(w))
        key = (tuple(sorted(tokens)), fires)
        if key not in seen:
            seen[key] = False
            for site in (w.marked() if fires else [""]):
                alt, startable = board_for(site)
                if all(startable[kind_of(tok)] for tok in tokens) and can_build_all(
                        alt, seat, tokens, money):
                    seen[key] = True
                    break
        if seen[key]:
            return line
    return None
