"""``scorer explain`` for Hacienda (rules/hacienda.md §7.4): one item per scoring unit.

Every item comes from the groups the scoring functions of :mod:`scoring` score (chains, herds,
connected markets, tiles next to water), so the items of a player and category add up to the
main sheet's value. For a record whose intermediate scoring has taken place the main sheet
holds intermediate + final (or provisional) points, so both events are explained; the
intermediate items use the board the intermediate scoring saw (``State.inter_board``). A
position's ``track`` points are not a category and have no item.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.core.values import Cell, ScoreItem
from scorer.core.words import noun, plural
from scorer.games.hacienda.board import ANIMALS
from scorer.games.hacienda.scoring import (
    CATEGORIES,
    Groups,
    chain_points,
    components,
    connected_markets,
    hacienda_points,
    herd_points,
    score_money,
    water_contacts,
    wet_tiles,
)
from scorer.games.hacienda.state import ANIMAL, State

RULE: dict[str, str] = {c: f"HAC-SCORE-{k}" for k, c in enumerate(CATEGORIES, start=1)}


def _cells(state: State, spaces: Sequence[int]) -> tuple[Cell, ...]:
    """Record coordinates of spaces, in map order (r, then q)."""
    return tuple(state.board.coords[s] for s in sorted(spaces))


def _at(cells: Sequence[Cell]) -> str:
    if not cells:
        return ""
    first = f"[{cells[0][0]},{cells[0][1]}]"
    if len(cells) == 1:
        return f"at {first}"
    return f"at {first}…[{cells[-1][0]},{cells[-1][1]}]"


def _tiles(n: int) -> str:
    return plural(n, "tile")


def _group_name(state: State, group: Sequence[int]) -> str:
    """'land chain of 4 tiles at [0,0]…[3,0]' or 'cattle herd of 3 tiles at …'."""
    code = state.cells[group[0]]
    kind = "land chain" if code < ANIMAL else f"{ANIMALS[(code - ANIMAL) % 4]} herd"
    return f"{kind} of {_tiles(len(group))} {_at(_cells(state, group))}"


def _series(m: int) -> str:
    return " + ".join(map(str, range(1, m + 1))) if m <= 4 else f"1 + 2 + … + {m}"


def _ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


#: One item before it is named: category, points, text, the spaces it is about.
Entry = tuple[str, int, str, Sequence[int]]


def event_items(state: State, seat: int, prefix: str = "") -> list[ScoreItem]:
    """The items of one scoring event (§7.4) of one seat on the board of ``state``."""
    name = state.names[seat]
    chains, herds = components(state, seat)
    chains.sort(key=min)
    herds.sort(key=min)
    entries = [
        *_market_entries(state, seat, herds),
        *_chain_entries(state, chains),
        *_hacienda_entries(state, [*chains, *herds]),
        *_water_entries(state, [s for g in (*chains, *herds) for s in g]),
        _money_entry(state, seat),
        *_herd_entries(state, herds),
    ]
    return [
        ScoreItem(name, category, points, RULE[category], prefix + text, _cells(state, spaces))
        for category, points, text, spaces in entries
    ]


def _market_entries(state: State, seat: int, herds: Groups) -> list[Entry]:
    """HAC-SCORE-1: the k-th market connected adds k points (1 + 2 + … + m = m(m+1)/2)."""
    board = state.board
    markets = connected_markets(state, seat)
    m = len(markets)
    out: list[Entry] = []
    for k, market in enumerate(markets, start=1):
        touching = [h for h in herds if any(market in board.neighbours[s] for s in h)]
        reached = " and ".join(_group_name(state, h) for h in touching)
        q, r = board.coords[market]
        if m == 1:
            table = "the only market connected, 1 point"
        else:
            table = (
                f"{_ordinal(k)} of {m} markets connected, which score "
                f"{_series(m)} = {m * (m + 1) // 2}"
            )
        text = f"market {board.market_ids[market]} at [{q},{r}] reached by {reached} ({table})"
        out.append(("markets", k, text, [market, *(s for h in touching for s in h)]))
    return out


def _chain_entries(state: State, chains: Groups) -> list[Entry]:
    """HAC-SCORE-2: 2 per tile of chains of 3+."""
    out: list[Entry] = []
    for chain in chains:
        note = "2 per tile" if len(chain) >= 3 else "fewer than 3 tiles score nothing"
        text = f"{_group_name(state, chain)} ({note})"
        out.append(("land_chains", chain_points(chain), text, chain))
    return out


def _hacienda_entries(state: State, groups: Groups) -> list[Entry]:
    """HAC-SCORE-3: once per group carrying a hacienda."""
    out: list[Entry] = []
    for group in groups:
        points = hacienda_points(group, state.haciendas)
        if not points:
            continue
        on = _cells(state, [s for s in group if s in state.haciendas])
        where = " and ".join(f"[{q},{r}]" for q, r in on)
        once = ", counted once" if len(on) > 1 else ""
        text = (
            f"{noun(len(on), 'hacienda')} at {where} on "
            f"{_group_name(state, group)} (1 per tile{once})"
        )
        out.append(("haciendas", points, text, group))
    return out


def _water_entries(state: State, tiles: Sequence[int]) -> list[Entry]:
    """HAC-SCORE-4: own tiles next to water (one item, or none)."""
    contacts = water_contacts(wet_tiles(state), tiles)
    if not contacts:
        return []
    points = sum(p for _, p in contacts)
    if state.opts.water_scoring == "per_piece":
        how = f"{plural(points, 'contact')}, 1 per water piece touched"
    else:
        how = "1 per tile"
    text = f"{_tiles(len(contacts))} next to water ({how})"
    return [("water", points, text, [t for t, _ in contacts])]


def _money_entry(state: State, seat: int) -> Entry:
    """HAC-SCORE-5: pesos converted."""
    pesos, per = state.money[seat], state.opts.pesos_per_point
    text = f"{plural(pesos, 'peso')}, 1 point per {per} (rounded down)"
    return ("money", score_money(pesos, per), text, ())


def _herd_entries(state: State, herds: Groups) -> list[Entry]:
    """HAC-SCORE-6: herds of 3+ (only with herd_points)."""
    if not state.opts.herd_points:
        return []
    out: list[Entry] = []
    for herd in herds:
        note = "1 per tile" if len(herd) >= 3 else "fewer than 3 tiles score nothing"
        out.append(("herds", herd_points(herd, True), f"{_group_name(state, herd)} ({note})", herd))
    return out


def explain(state: State) -> list[ScoreItem]:
    """Every scoring item of ``score(state)`` (its categories are the items' sums)."""
    out: list[ScoreItem] = []
    inter = state.inter_scores
    for seat, name in enumerate(state.names):
        if inter is None:
            out.extend(event_items(state, seat))
            continue
        after = f" (after move {state.inter_after + 1})" if state.inter_after >= 0 else ""
        label = f"intermediate scoring{after}: "
        if state.inter_board is not None:
            cells, haciendas, money = state.inter_board
            seen = state._replace(cells=cells, haciendas=haciendas, money=money)
            out.extend(event_items(seen, seat, label))
        else:  # a state built without the board the intermediate scoring saw
            out.extend(
                ScoreItem(name, c, inter[seat][k], RULE[c], label + f"{c} (board not kept)")
                for k, c in enumerate(CATEGORIES)
                if inter[seat][k]
            )
        stage = "final" if state.final == 2 else "provisional"
        out.extend(event_items(state, seat, f"{stage} scoring: "))
    return out
