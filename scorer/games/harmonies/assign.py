"""Which card each cube came from: the exact search behind a board-level ``cubes`` list.

At the table a player sees cubes on cells, not the card each came from. Given the cubes of one
player and the cards that may have given them (*slots*: Animal cards without their own
``cubes``, and the spirit card when its cube is left to the search), this module finds every
distinct scoring outcome of an assignment of the cubes to the slots in which

* each cube goes to a slot whose habitat can have been present around it (HAR-POS-9: the cube
  cell exactly the pattern's cube cell, the other cells beginning with the pattern's stacks);
* no slot receives more cubes than its track holds (HAR-POS-7; the spirit card holds one);
* at most 4 cards stay incomplete, counting the player's fixed cards too (HAR-POS-10);
* a slot whose count is known (``placed``: count-only cubes) receives exactly that many.

Only the number of cubes per slot matters for scoring (HAR-SCORE-7/8, the tie-break), so the
search runs over count vectors ``k`` (cubes per slot), not over assignments. A vector is
realisable exactly when the generalised Hall condition holds: for every set S of slots,
``k(S) <= |N(S)|``, the number of cubes some slot of S accepts (and ``sum k`` = cubes). Slots
only share cubes whose cube-cell stack they all accept, so the slots split into small connected
components (at most 8 with the catalog: the 7 Animal cards on blue, plus a spirit card). Per
component a depth-first search fixes one slot's count at a time and carries the residual Hall
slack ``g(S) = min over decided D (|N(S ∪ D)| − k(D))`` for the undecided sets S, memoised on
(slot, cubes left, slack); the components are then combined, keeping for every outcome
(animal points, spirit cube placed) the fewest incomplete cards. Everything is iterated in a
canonical order (slots as listed, counts ascending), so the witnesses are deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from scorer.games.harmonies.board import Cell

#: (animal points, spirit cubes placed): what a count vector changes in the score sheet.
Outcome = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Slot:
    """A card that may receive cubes: ``points[k]`` = its animal points with k cubes
    (``points[0]`` = 0; all zero for the spirit card); ``spirit`` marks the spirit card."""

    card: str
    points: tuple[int, ...]
    spirit: bool = False
    #: The number of cubes the card gave, when known (count-only cubes): the search gives
    #: it exactly that many.
    placed: int | None = None

    @property
    def capacity(self) -> int:
        return len(self.points) - 1


@dataclass(frozen=True, slots=True)
class Search:
    """The result of :func:`search` for one player.

    ``candidates[i]``: the slots (indices) cube i may come from. ``unmatched``: cubes no slot
    accepts. ``shortage``: a set of cubes (indices) that the slots accepting them cannot hold,
    with those slots (the first Hall violation found), or None. ``outcomes``: outcome →
    (fewest incomplete cards, counts per slot of a witness); only vectors that keep at most
    ``limit`` cards incomplete. ``fewest_incomplete``: over all realisable vectors (None if
    there is none).
    """

    candidates: tuple[tuple[int, ...], ...]
    unmatched: tuple[int, ...]
    shortage: tuple[tuple[int, ...], tuple[int, ...]] | None
    outcomes: Mapping[Outcome, tuple[int, tuple[int, ...]]]
    fewest_incomplete: int | None


_Table = dict[Outcome, tuple[int, tuple[int, ...]]]


def search(
    cubes: Sequence[Cell],
    slots: Sequence[Slot],
    accepts: Callable[[Slot, Cell], bool],
    fixed_incomplete: int = 0,
    limit: int = 4,
) -> Search:
    """Every distinct outcome of assigning ``cubes`` to ``slots`` (see the module doc)."""
    cand = tuple(tuple(j for j, s in enumerate(slots) if accepts(s, c)) for c in cubes)
    unmatched = tuple(i for i, c in enumerate(cand) if not c)
    if unmatched:
        return Search(cand, unmatched, None, {}, None)
    total: _Table = {(0, 0): (fixed_incomplete, ())}
    order: list[int] = []
    for comp_slots, comp_cubes in _components(cand, len(slots)):
        table, short = _component(comp_slots, comp_cubes, cand, slots)
        if short is not None:
            return Search(cand, (), short, {}, None)
        total = _combine(total, table)
        order.extend(comp_slots)
    fewest = min((inc for inc, _ in total.values()), default=None)
    inverse = sorted(range(len(slots)), key=order.__getitem__)
    outcomes = {
        key: (inc, tuple(ks[p] for p in inverse))
        for key, (inc, ks) in sorted(total.items())
        if inc <= limit
    }
    return Search(cand, (), None, outcomes, fewest)


def _components(cand: Sequence[tuple[int, ...]], n_slots: int) -> list[tuple[list[int], list[int]]]:
    """Connected components of the slot–cube graph: (slots ascending, cubes ascending)."""
    parent = list(range(n_slots))

    def root(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for c in cand:
        for j in c[1:]:
            a, b = root(c[0]), root(j)
            if a != b:
                parent[max(a, b)] = min(a, b)
    comps: dict[int, tuple[list[int], list[int]]] = {}
    for j in range(n_slots):
        comps.setdefault(root(j), ([], []))[0].append(j)
    for i, c in enumerate(cand):
        comps[root(c[0])][1].append(i)
    return [comps[r] for r in sorted(comps)]


def _component(
    comp_slots: list[int],
    comp_cubes: list[int],
    cand: Sequence[tuple[int, ...]],
    slots: Sequence[Slot],
) -> tuple[_Table, tuple[tuple[int, ...], tuple[int, ...]] | None]:
    """The outcome table of one component, or the cubes and slots of a Hall violation."""
    width = len(comp_slots)
    local = {j: b for b, j in enumerate(comp_slots)}
    full = (1 << width) - 1
    inside = _inside(width, [sum(1 << local[j] for j in cand[i]) for i in comp_cubes])
    caps = [slots[j].capacity for j in comp_slots]
    for s in range(1, 1 << width):
        held = sum(caps[b] for b in range(width) if s >> b & 1)
        if inside[s] > held:  # HAR-POS-7: these cubes need more room than their cards have
            mask = [i for i in comp_cubes if all(s >> local[j] & 1 for j in cand[i])]
            return {}, (tuple(mask), tuple(comp_slots[b] for b in range(width) if s >> b & 1))
    n = len(comp_cubes)
    # slack over the undecided slots b..width-1, indexed by their subsets (bit 0 = slot b)
    slack = tuple(n - inside[full ^ s] for s in range(1 << width))
    memo: dict[tuple[int, int, tuple[int, ...]], _Table] = {}
    spare = [sum(caps[b:]) for b in range(width + 1)]
    # room[b][s]: the track spaces of the subset s of slots b.. (bit 0 = slot b)
    room = [
        [sum(caps[b + i] for i in range(width - b) if s >> i & 1) for s in range(1 << (width - b))]
        for b in range(width + 1)
    ]

    def walk(b: int, left: int, g: tuple[int, ...]) -> _Table:
        key = (b, left, g)
        if key in memo:
            return memo[key]
        out: _Table = {}
        if b == width:
            if left == 0:
                out[(0, 0)] = (0, ())
            memo[key] = out
            return out
        slot = slots[comp_slots[b]]
        half = len(g) >> 1
        low, high = max(0, left - spare[b + 1]), min(slot.capacity, left)
        if slot.placed is not None:
            low, high = max(low, slot.placed), min(high, slot.placed)
        for k in range(low, high + 1):
            rest, cap = left - k, room[b + 1]
            # a bound of at least the cubes left or the subset's track spaces binds nothing:
            # clamping it keeps the feasible set and lets equal residual problems share a memo
            nxt = tuple(min(g[2 * s], g[2 * s + 1] - k, rest, cap[s]) for s in range(half))
            if min(nxt) < 0 or rest > nxt[-1]:
                continue
            here = (slot.points[k], k if slot.spirit else 0)
            inc = 1 if k < slot.capacity else 0
            for (pts, sk), (sub_inc, ks) in walk(b + 1, rest, nxt).items():
                _keep(out, (here[0] + pts, here[1] + sk), inc + sub_inc, (k, *ks))
        memo[key] = out
        return out

    # re-index the slack so that bit 0 of a subset is the next slot to decide: subset s of
    # slots b.. maps to index s, and dropping slot b halves the table (pairs 2s, 2s+1)
    return walk(0, n, slack), None


def _inside(width: int, masks: Sequence[int]) -> list[int]:
    """``inside[S]`` for every subset S of ``width`` slots: the number of cubes all of whose
    slots (``masks``, one bit set per cube) lie in S (a sum over subsets)."""
    inside = [0] * (1 << width)
    for mask in masks:
        inside[mask] += 1
    for b in range(width):
        for s in range(1 << width):
            if s >> b & 1:
                inside[s] += inside[s ^ (1 << b)]
    return inside


def _keep(table: _Table, key: Outcome, inc: int, ks: tuple[int, ...]) -> None:
    old = table.get(key)
    if old is None or inc < old[0]:
        table[key] = (inc, ks)


def _combine(total: _Table, table: _Table) -> _Table:
    out: _Table = {}
    for (p1, s1), (i1, k1) in total.items():
        for (p2, s2), (i2, k2) in table.items():
            _keep(out, (p1 + p2, s1 + s2), i1 + i2, (*k1, *k2))
    return out


def realise(
    cubes: Sequence[Cell], candidates: Sequence[tuple[int, ...]], counts: Sequence[int]
) -> list[list[Cell]]:
    """The cubes of each slot for a realisable count vector: a b-matching by augmenting paths,
    cubes in list order, each slot's cubes in list order."""
    owner: list[int] = [-1] * len(cubes)
    load = [0] * len(counts)

    def augment(i: int, seen: set[int]) -> bool:
        for j in candidates[i]:
            if j in seen:
                continue
            seen.add(j)
            if load[j] < counts[j]:
                owner[i], load[j] = j, load[j] + 1
                return True
            for other in range(len(cubes)):
                if owner[other] == j and augment(other, seen):
                    owner[i] = j
                    return True
        return False

    for i in range(len(cubes)):
        if not augment(i, set()):
            raise ValueError("count vector is not realisable")  # search() guarantees it is
    return [[c for i, c in enumerate(cubes) if owner[i] == j] for j in range(len(counts))]
