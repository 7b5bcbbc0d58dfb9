"""Connected groups on the board (rules/hacienda.md §3.2): land chains, herds, market payments.

Everything works on the ``cells`` list/tuple of a state and the board's neighbour table.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.games.hacienda.state import ANIMAL, LAND, WATER


def group(cells: Sequence[int], neighbours: Sequence[Sequence[int]], start: int) -> list[int]:
    """The spaces connected to ``start`` that carry the same code (a chain or a herd)."""
    code = cells[start]
    out = [start]
    seen = {start}
    i = 0
    while i < len(out):
        for n in neighbours[out[i]]:
            if n not in seen and cells[n] == code:
                seen.add(n)
                out.append(n)
        i += 1
    return out


def chains_touching(
    cells: Sequence[int], neighbours: Sequence[Sequence[int]], tiles: Sequence[int], seat: int
) -> tuple[set[int], set[int]]:
    """(land tiles of ``seat`` adjacent to ``tiles``, all tiles of the chains holding them)."""
    code = LAND + seat
    adjacent = {n for t in tiles for n in neighbours[t] if cells[n] == code}
    chains: set[int] = set()
    for start in adjacent:
        if start not in chains:
            chains.update(group(cells, neighbours, start))
    return adjacent, chains


def market_value(
    cells: Sequence[int],
    neighbours: Sequence[Sequence[int]],
    at: int,
    seat: int,
    payout: str,
    land_count: str,
) -> int:
    """HAC-MARKET-2 / HAC-MARKET-3: what one market side pays for the tile just put on ``at``."""
    herd = group(cells, neighbours, at)
    adjacent, chains = chains_touching(cells, neighbours, herd, seat)
    if payout == "product":
        return len(herd) * len(adjacent)
    return len(herd) + (len(adjacent) if land_count == "adjacent" else len(chains))


def is_animal_of(code: int, seat: int) -> bool:
    return ANIMAL + 4 * seat <= code < ANIMAL + 4 * seat + 4


def touches_water(cells: Sequence[int], neighbours: Sequence[Sequence[int]], space: int) -> int:
    """Number of distinct water pieces adjacent to ``space``."""
    return len({cells[n] for n in neighbours[space] if cells[n] >= WATER})
