"""The scoring procedure (rules/hacienda.md §7.4), one ``score_<category>`` per category.

``evaluate`` gives, per seat, the six category points of one scoring event followed by the
number of markets the player is connected to: ``evaluate_seat`` of every seat, on the chains
and herds of one pass over the board (``all_components``) and the tiles next to water
(``wet_tiles``). The explanation (``explain``) shows the same functions at work, group by
group. ``market_income`` is what a market side pays during the game (§6.3). The score sheets
and claims are in ``sheet``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet

from scorer.games.hacienda.state import ANIMAL, LAND, WATER, State
from scorer.grid.regions import label_group, label_groups

CATEGORIES: tuple[str, ...] = ("markets", "land_chains", "haciendas", "water", "money", "herds")
Groups = list[list[int]]
Row = tuple[int, ...]  # one scoring event of one seat: 6 categories + markets connected


#: Every tile code (land or animal tile of any seat): what a chain or herd is made of (a set:
#: the flood asks it of every cell).
TILES = frozenset(range(LAND, WATER))


def all_components(state: State) -> list[tuple[Groups, Groups]]:
    """The land chains and the herds of every seat, from one pass over the board."""
    cells = tuple(state.cells)  # the floods read every cell by index: a plain tuple of the board
    split = _split(label_groups(cells, state.board.neighbours, TILES), cells)
    return [split.get(seat, ([], [])) for seat in range(len(state.names))]


def _split(groups: Groups, cells: Sequence[int]) -> dict[int, tuple[Groups, Groups]]:
    """Chains and herds per seat, from every tile group (each in the order of its first cell)."""
    out: dict[int, tuple[Groups, Groups]] = {}
    for g in groups:
        code = cells[g[0]]
        if code < ANIMAL:
            out.setdefault(code - LAND, ([], []))[0].append(g)
        else:
            out.setdefault((code - ANIMAL) // 4, ([], []))[1].append(g)
    return out


def components(state: State, seat: int) -> tuple[Groups, Groups]:
    """The land chains and the herds of a seat."""
    return all_components(state)[seat]


def connected_markets(state: State, seat: int) -> list[int]:
    """The market spaces with an animal tile of the seat next to them (§3.2), in map order."""
    cells, nbrs = state.cells, state.board.neighbours
    lowest, highest = ANIMAL + 4 * seat, ANIMAL + 4 * seat + 3  # the seat's animal tiles
    out = []
    for market in state.board.markets:
        for n in nbrs[market]:
            if lowest <= cells[n] <= highest:
                out.append(market)
                break
    return out


def markets_connected(state: State, seat: int) -> int:
    """Distinct markets with an animal tile of the seat next to them (§3.2)."""
    return len(connected_markets(state, seat))


def score_markets(m: int) -> int:
    """HAC-SCORE-1: m(m+1)/2 (the k-th market connected adds k points)."""
    # HAC-SCORE-1: markets connected
    return m * (m + 1) // 2


def chain_points(chain: Sequence[int]) -> int:
    """HAC-SCORE-2 for one chain: 2 per tile if it has 3+ tiles."""
    # HAC-SCORE-2: land chains of 3+
    return 2 * len(chain) if len(chain) >= 3 else 0


def score_land_chains(chains: Groups) -> int:
    """HAC-SCORE-2: 2 per tile in chains of 3+."""
    return sum(chain_points(c) for c in chains)


def hacienda_points(group: Sequence[int], haciendas: AbstractSet[int]) -> int:
    """HAC-SCORE-3 for one group: its size if it carries a hacienda (once per group)."""
    # HAC-SCORE-3: a chain or herd with a hacienda
    return 0 if haciendas.isdisjoint(group) else len(group)


def score_haciendas(groups: Groups, haciendas: AbstractSet[int]) -> int:
    """HAC-SCORE-3: 1 per tile of each chain or herd carrying a hacienda (once per group)."""
    return sum(hacienda_points(g, haciendas) for g in groups)


def wet_tiles(state: State) -> dict[int, int]:
    """HAC-SCORE-4 on the whole board: every tile next to water and its points (1, or one per
    distinct water piece next to it with ``water_scoring`` per_piece), read from the water."""
    cells, nbrs = tuple(state.cells), state.board.neighbours
    pieces: dict[int, set[int]] = {}
    for space in [s for s, code in enumerate(cells) if code >= WATER]:
        code = cells[space]
        for n in nbrs[space]:
            if LAND <= cells[n] < WATER:
                pieces.setdefault(n, set()).add(code)
    if state.opts.water_scoring == "per_piece":
        return {tile: len(touched) for tile, touched in pieces.items()}
    return dict.fromkeys(pieces, 1)


def water_contacts(wet: Mapping[int, int], tiles: Sequence[int]) -> list[tuple[int, int]]:
    """HAC-SCORE-4 per tile: (tile, points) for the ``tiles`` next to water (``wet_tiles``)."""
    return [(t, wet[t]) for t in tiles if t in wet]


def score_water(wet: Mapping[int, int], tiles: Sequence[int]) -> int:
    """HAC-SCORE-4: own tiles next to water (once per tile, or per distinct piece)."""
    # HAC-SCORE-4: tiles next to water
    return sum(points for _, points in water_contacts(wet, tiles))


def score_money(pesos: int, per_point: int) -> int:
    """HAC-SCORE-5: floor(pesos / pesos_per_point)."""
    # HAC-SCORE-5: pesos converted
    return pesos // per_point


def herd_points(herd: Sequence[int], enabled: bool) -> int:
    """HAC-SCORE-6 for one herd: with herd_points, its size if it has 3+ tiles."""
    # HAC-SCORE-6: herds of 3+ with herd_points
    return len(herd) if enabled and len(herd) >= 3 else 0


def score_herds(herds: Groups, enabled: bool) -> int:
    """HAC-SCORE-6: with herd_points, 1 per tile of each herd of 3+."""
    return sum(herd_points(h, enabled) for h in herds)


def evaluate_seat(
    state: State, seat: int, groups: tuple[Groups, Groups], wet: Mapping[int, int]
) -> Row:
    """One scoring event for one seat with its chains and herds ``groups`` and the tiles next
    to water ``wet`` (``wet_tiles``)."""
    chains, herds = groups
    m = markets_connected(state, seat)
    tiles = [s for g in (*chains, *herds) for s in g]
    return (
        score_markets(m),
        score_land_chains(chains),
        score_haciendas([*chains, *herds], state.haciendas),
        score_water(wet, tiles),
        score_money(state.money[seat], state.opts.pesos_per_point),
        score_herds(herds, state.opts.herd_points),
        m,
    )


def evaluate(state: State) -> tuple[Row, ...]:
    """One scoring event for every seat (6 categories + markets connected)."""
    wet = wet_tiles(state)
    return tuple(
        evaluate_seat(state, seat, groups, wet) for seat, groups in enumerate(all_components(state))
    )


def market_income(
    cells: Sequence[int], nbrs: Sequence[Sequence[int]], at: int, seat: int, payout: str, count: str
) -> int:
    """HAC-MARKET-2 / HAC-MARKET-3: what one market side pays for the tile just put on ``at``."""
    herd = label_group(at, cells, nbrs)
    land = LAND + seat
    adjacent = {n for t in herd for n in nbrs[t] if cells[n] == land}
    if payout == "product":
        # HAC-MARKET-3: herd size × own land tiles next to the herd
        return len(herd) * len(adjacent)
    if count == "adjacent":
        # HAC-MARKET-2: with market_land_count adjacent, only the land tiles next to the herd
        return len(herd) + len(adjacent)
    # HAC-MARKET-2: herd size + own land tiles of the chains touching the herd
    chains: set[int] = set()
    for start in adjacent:
        if start not in chains:
            chains.update(label_group(start, cells, nbrs))
    return len(herd) + len(chains)
