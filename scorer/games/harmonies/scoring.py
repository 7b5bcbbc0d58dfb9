"""Final scoring (section 8): one ``score_<category>`` per category, suns, tie-break, sheet.

Decision (spec 13 item 1, option ``river_metric = "include_loops"``): the longest simple cycle
of a blue group is found exactly, per biconnected block of the group (every cycle lies inside
one block), by a depth-first search over simple paths pruned by the number of cells still
reachable and stopped once a cycle through the whole block is found."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from scorer.engine import PlayerScore, ScoreSheet
from scorer.games.harmonies.board import (
    NEIGHBOURS,
    SIDE_CELLS,
    SPIRIT_CATEGORY,
    TRACKS,
    Cell,
    Stack,
)
from scorer.games.harmonies.cards import SPIRIT_DATA
from scorer.games.harmonies.state import GameState, Options, PlayerState
from scorer.grid.regions import connected_groups

CATEGORIES: tuple[str, ...] = (
    "trees", "mountains", "fields", "buildings", "water", "animals", "spirit",
)
HEIGHT_POINTS: Mapping[int, int] = {1: 1, 2: 3, 3: 7}
Board = Mapping[Cell, Stack]
Nbrs = Mapping[Cell, tuple[Cell, ...]]


def is_tree(stack: Stack) -> bool:
    return stack[-1] == "green"


def is_mountain(stack: Stack) -> bool:
    return all(c == "gray" for c in stack)


def is_building(stack: Stack) -> bool:
    return len(stack) == 2 and stack[-1] == "red"


def score_trees(board: Board) -> int:
    """HAR-SCORE-1: Trees score 1, 3, 7 by height."""
    return sum(HEIGHT_POINTS[len(s)] for s in board.values() if is_tree(s))


def score_mountains(board: Board, nbrs: Nbrs) -> int:
    """HAR-SCORE-2: Mountains score 1, 3, 7 by height if next to another Mountain."""
    total = 0
    for cell, stack in board.items():
        if is_mountain(stack) and any(
            n in board and is_mountain(board[n]) for n in nbrs[cell]
        ):
            total += HEIGHT_POINTS[len(stack)]
    return total


def _groups(board: Board, nbrs: Nbrs, keep: set[Cell]) -> list[frozenset[Cell]]:
    ordered = [c for c in board if c in keep]
    return connected_groups(ordered, nbrs.__getitem__)


def _cells_where(board: Board, top: str) -> set[Cell]:
    return {c for c, s in board.items() if s[-1] == top}


def score_fields(board: Board, nbrs: Nbrs) -> int:
    """HAR-SCORE-3: each group of 2 or more yellow tokens scores 5."""
    return 5 * sum(1 for g in _groups(board, nbrs, _cells_where(board, "yellow")) if len(g) >= 2)


def score_buildings(board: Board, nbrs: Nbrs) -> int:
    """HAR-SCORE-4: a Building scores 5 if its neighbours show at least 3 top colours."""
    total = 0
    for cell, stack in board.items():
        if is_building(stack) and len({board[n][-1] for n in nbrs[cell] if n in board}) >= 3:
            total += 5
    return total


def river_length(board: Board, nbrs: Nbrs, include_loops: bool = False) -> int:
    """The river length L of section 8.5 (largest shortest-path distance, in tokens)."""
    best = 0
    for group in _groups(board, nbrs, _cells_where(board, "blue")):
        for start in group:
            best = max(best, _farthest(start, group, nbrs))
        if include_loops and len(group) >= 3:
            for block in blocks(group, nbrs):
                if len(block) > best:
                    best = max(best, longest_cycle(block, nbrs))
    return best


def _farthest(start: Cell, group: frozenset[Cell], nbrs: Nbrs) -> int:
    dist = {start: 1}
    todo = deque([start])
    far = 1
    while todo:
        cell = todo.popleft()
        d = dist[cell] + 1
        for n in nbrs[cell]:
            if n in group and n not in dist:
                dist[n] = far = d
                todo.append(n)
    return far


def blocks(group: frozenset[Cell], nbrs: Nbrs) -> list[frozenset[Cell]]:
    """The biconnected components of ``group`` with 3 or more cells (every cycle lies inside
    one of them), largest first. Iterative Hopcroft–Tarjan."""
    index: dict[Cell, int] = {}
    low: dict[Cell, int] = {}
    found: list[frozenset[Cell]] = []
    edges: list[tuple[Cell, Cell]] = []
    for root in sorted(group):
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack = [(root, iter(n for n in nbrs[root] if n in group))]
        parent: dict[Cell, Cell | None] = {root: None}
        while stack:
            cell, todo = stack[-1]
            nxt = next(todo, None)
            if nxt is None:
                stack.pop()
                up = parent[cell]
                if up is not None:
                    low[up] = min(low[up], low[cell])
                    if low[cell] >= index[up]:
                        part = set()
                        while True:
                            a, b = edges.pop()
                            part |= {a, b}
                            if (a, b) == (up, cell):
                                break
                        if len(part) >= 3:
                            found.append(frozenset(part))
                continue
            if nxt not in index:
                parent[nxt] = cell
                index[nxt] = low[nxt] = len(index)
                edges.append((cell, nxt))
                stack.append((nxt, iter(n for n in nbrs[nxt] if n in group)))
            elif nxt != parent[cell] and index[nxt] < index[cell]:
                low[cell] = min(low[cell], index[nxt])
                edges.append((cell, nxt))
    return sorted(found, key=len, reverse=True)


def longest_cycle(group: frozenset[Cell], nbrs: Nbrs) -> int:
    """Cells of the longest simple cycle in ``group`` (0 if it has none).

    Depth-first search over simple paths that start at their smallest cell, pruned by the
    number of cells still reachable (a cycle cannot be longer than the path plus those cells)
    and stopped as soon as a cycle through every cell is found.
    """
    order = {c: i for i, c in enumerate(sorted(group))}
    best = 0

    def reachable(cell: Cell, seen: set[Cell], low: int) -> int:
        found = {cell}
        todo = [cell]
        while todo:
            for n in nbrs[todo.pop()]:
                if n in order and order[n] > low and n not in seen and n not in found:
                    found.add(n)
                    todo.append(n)
        return len(found) - 1

    def walk(start: Cell, cell: Cell, seen: set[Cell], length: int) -> bool:
        nonlocal best
        if length + reachable(cell, seen, order[start]) <= best:
            return False
        for n in nbrs[cell]:
            if n == start and length >= 3:
                best = max(best, length)
                if best == len(group):
                    return True
            elif n in order and order[n] > order[start] and n not in seen:
                seen.add(n)
                if walk(start, n, seen, length + 1):
                    return True
                seen.discard(n)
        return False

    for start in sorted(group):
        if len(group) - order[start] <= best:
            break
        if walk(start, start, {start}, 1):
            break
    return best


RIVER_POINTS: tuple[int, ...] = (0, 0, 2, 5, 8, 11, 15)


def river_points(length: int) -> int:
    """HAR-SCORE-5: 0, 2, 5, 8, 11, 15, then +4 per token."""
    return RIVER_POINTS[length] if length <= 6 else 15 + 4 * (length - 6)


def island_count(board: Board, side: str) -> int:
    """HAR-SCORE-6: groups of non-blue cells (empty ones included)."""
    nbrs = NEIGHBOURS[side]
    land = [c for c in SIDE_CELLS[side] if board.get(c, ("",))[-1] != "blue"]
    return len(connected_groups(land, nbrs.__getitem__))


def score_animals(player: PlayerState) -> int:
    """HAR-SCORE-7: a card with k placed cubes scores the k-th value of its track."""
    return sum(_track_points(h.card, len(h.cubes)) for h in player.cards)


def _track_points(card: str, placed: int) -> int:
    track = TRACKS[card]
    return track[min(placed, len(track)) - 1] if placed else 0


def score_spirit(player: PlayerState, nbrs: Nbrs) -> int:
    """HAR-SCORE-8: the spirit card's rule, if its cube is placed."""
    if player.spirit is None or player.spirit_cube is None:
        return 0
    _, (landscape, unit, table), _ = SPIRIT_DATA[player.spirit]
    board = player.board
    sizes: list[int]
    if unit == "each":
        if landscape == "tree":
            sizes = [len(s) for s in board.values() if is_tree(s)]
        elif landscape == "mountain":
            sizes = [len(s) for s in board.values() if is_mountain(s)]
        else:  # water: each blue token
            sizes = [1 for s in board.values() if s[-1] == "blue"]
    else:
        keep = {
            "field": lambda s: s[-1] == "yellow",
            "water": lambda s: s[-1] == "blue",
            "building": is_building,
        }[landscape]
        cells = {c for c, s in board.items() if keep(s)}
        sizes = [len(g) for g in _groups(board, nbrs, cells)]
    return sum(_lookup(table, x) for x in sizes)


def _lookup(table: tuple[tuple[int, int | None, int], ...], x: int) -> int:
    for low, high, points in table:
        if low <= x and (high is None or x <= high):
            return points
    return 0


SUN_STEPS: tuple[tuple[int, int], ...] = (
    (160, 8), (150, 7), (140, 6), (130, 5), (110, 4), (90, 3), (70, 2), (40, 1),
)


def suns(total: int, options: Options, spirit: str | None) -> int:
    """HAR-SCORE-11: base suns from the total plus side and spirit bonuses."""
    base = next((s for low, s in SUN_STEPS if total >= low), 0)
    side = 1 if options.board_side == "A" else 0
    if not options.nature_spirits:
        bonus = 2
    else:
        bonus = 1 if spirit is not None and SPIRIT_CATEGORY[spirit] == "group" else 0
    return base + side + bonus


def score_player(player: PlayerState, options: Options) -> PlayerScore:
    """The seven categories, total (HAR-SCORE-9) and display extras of one player."""
    side = options.board_side
    nbrs = NEIGHBOURS[side]
    board = player.board
    extras: dict[str, object] = {}
    if side == "A":
        length = river_length(board, nbrs, options.river_metric == "include_loops")
        water = river_points(length)
        extras["river"] = length
    else:
        islands = island_count(board, side)
        water = 5 * islands
        extras["islands"] = islands
    cats = {
        "trees": score_trees(board), "mountains": score_mountains(board, nbrs),
        "fields": score_fields(board, nbrs), "buildings": score_buildings(board, nbrs),
        "water": water, "animals": score_animals(player), "spirit": score_spirit(player, nbrs),
    }
    cubes = player.animal_cubes()
    if options.tiebreak_counts_spirit_cube and player.spirit_cube is not None:
        cubes += 1
    extras["cubes"] = cubes
    extras["cards"] = [_card_text(h.card, len(h.cubes)) for h in player.cards]
    if options.nature_spirits:
        extras["spirit"] = _spirit_text(player, cats["spirit"])
    return PlayerScore(player.name, cats, sum(cats.values()), extras)


def _card_text(card: str, placed: int) -> str:
    return f"{card} {placed}/{len(TRACKS[card])}={_track_points(card, placed)}"


def _spirit_text(player: PlayerState, points: int) -> str:
    if player.spirit is None:
        return "not chosen"
    placed = "cube placed" if player.spirit_cube is not None else "cube not placed"
    return f"{player.spirit} ({placed})={points}"


def score_state(state: GameState) -> ScoreSheet:
    """HAR-SCORE-1…11: the score sheet of a final (or any) state."""
    options = state.options
    lines = [score_player(p, options) for p in state.players]
    if len(lines) == 1:
        only = lines[0]
        sun = suns(only.total, options, state.players[0].spirit)
        lines = [PlayerScore(only.name, only.categories, only.total, {**only.extras, "suns": sun})]
        return ScoreSheet(CATEGORIES, tuple(lines), ((only.name,),), ("cubes", "suns"),
                          notes=("solo game: rated in suns (HAR-SCORE-11)",))
    what = "Animal cubes and the spirit cube" if options.tiebreak_counts_spirit_cube else (
        "Animal cubes")
    return ScoreSheet(CATEGORIES, tuple(lines), rank(lines), ("cubes",),
                      tiebreak=f"more {what} placed, then shared")


def rank(lines: list[PlayerScore]) -> tuple[tuple[str, ...], ...]:
    """HAR-SCORE-10: tiers by total, then cubes placed; still tied → shared place."""
    def key(p: PlayerScore) -> tuple[int, int]:
        cubes = p.extras["cubes"]
        return (p.total, cubes if isinstance(cubes, int) else 0)

    tiers: list[tuple[str, ...]] = []
    last: tuple[int, int] | None = None
    for line in sorted(lines, key=key, reverse=True):
        if key(line) == last:
            tiers[-1] = (*tiers[-1], line.name)
        else:
            tiers.append((line.name,))
        last = key(line)
    return tuple(tiers)
