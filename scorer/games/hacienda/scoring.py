"""The scoring procedure (rules/hacienda.md §7.4), one ``score_<category>`` per category.

``evaluate`` gives, per seat, the six category points of one scoring event followed by the
number of markets the player is connected to.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.games.hacienda.groups import group, is_animal_of
from scorer.games.hacienda.state import ANIMAL, LAND, WATER, Counts, State

CATEGORIES: tuple[str, ...] = ("markets", "land_chains", "haciendas", "water", "money", "herds")
Groups = list[list[int]]


def components(state: State, seat: int) -> tuple[Groups, Groups]:
    """The land chains and the herds of a seat."""
    cells, nbrs = state.cells, state.board.neighbours
    land_code = LAND + seat
    low, high = ANIMAL + 4 * seat, ANIMAL + 4 * seat + 4
    seen: set[int] = set()
    chains: Groups = []
    herds: Groups = []
    for space, code in enumerate(cells):
        if space in seen:
            continue
        if code == land_code:
            members = group(cells, nbrs, space)
            chains.append(members)
        elif low <= code < high:
            members = group(cells, nbrs, space)
            herds.append(members)
        else:
            continue
        seen.update(members)
    return chains, herds


def connected_markets(state: State, seat: int) -> list[int]:
    """The market spaces with an animal tile of the seat next to them (§3.2), in map order."""
    cells, nbrs = state.cells, state.board.neighbours
    return [m for m in state.board.market_ids if any(is_animal_of(cells[n], seat) for n in nbrs[m])]


def markets_connected(state: State, seat: int) -> int:
    """Distinct markets with an animal tile of the seat next to them (§3.2)."""
    return len(connected_markets(state, seat))


def score_markets(m: int) -> int:
    """HAC-SCORE-1: m(m+1)/2 (the k-th market connected adds k points)."""
    return m * (m + 1) // 2


def chain_points(chain: Sequence[int]) -> int:
    """HAC-SCORE-2 for one chain: 2 per tile if it has 3+ tiles."""
    return 2 * len(chain) if len(chain) >= 3 else 0


def score_land_chains(chains: Groups) -> int:
    """HAC-SCORE-2: 2 per tile in chains of 3+."""
    return sum(chain_points(c) for c in chains)


def hacienda_points(group: Sequence[int], haciendas: frozenset[int]) -> int:
    """HAC-SCORE-3 for one group: its size if it carries a hacienda (once per group)."""
    return len(group) if any(s in haciendas for s in group) else 0


def score_haciendas(groups: Groups, haciendas: frozenset[int]) -> int:
    """HAC-SCORE-3: 1 per tile of each chain or herd carrying a hacienda (once per group)."""
    return sum(hacienda_points(g, haciendas) for g in groups)


def water_contacts(state: State, tiles: Sequence[int]) -> list[tuple[int, int]]:
    """HAC-SCORE-4 per tile: (tile, points) for the tiles next to water (1, or per piece)."""
    cells, nbrs = state.cells, state.board.neighbours
    per_piece = state.opts.water_scoring == "per_piece"
    out = []
    for t in tiles:
        pieces = {cells[n] for n in nbrs[t] if cells[n] >= WATER}
        if pieces:
            out.append((t, len(pieces) if per_piece else 1))
    return out


def score_water(state: State, tiles: Sequence[int]) -> int:
    """HAC-SCORE-4: own tiles next to water (once per tile, or per distinct piece)."""
    return sum(points for _, points in water_contacts(state, tiles))


def score_money(pesos: int, per_point: int) -> int:
    """HAC-SCORE-5: floor(pesos / pesos_per_point)."""
    return pesos // per_point


def herd_points(herd: Sequence[int], enabled: bool) -> int:
    """HAC-SCORE-6 for one herd: with herd_points, its size if it has 3+ tiles."""
    return len(herd) if enabled and len(herd) >= 3 else 0


def score_herds(herds: Groups, enabled: bool) -> int:
    """HAC-SCORE-6: with herd_points, 1 per tile of each herd of 3+."""
    return sum(herd_points(h, enabled) for h in herds)


def evaluate_seat(state: State, seat: int) -> Counts:
    chains, herds = components(state, seat)
    m = markets_connected(state, seat)
    tiles = [s for g in (*chains, *herds) for s in g]
    return (
        score_markets(m),
        score_land_chains(chains),
        score_haciendas([*chains, *herds], state.haciendas),
        score_water(state, tiles),
        score_money(state.money[seat], state.opts.pesos_per_point),
        score_herds(herds, state.opts.herd_points),
        m,
    )


def evaluate(state: State) -> tuple[Counts, ...]:
    """One scoring event for every seat (6 categories + markets connected)."""
    return tuple(evaluate_seat(state, p) for p in range(len(state.names)))
