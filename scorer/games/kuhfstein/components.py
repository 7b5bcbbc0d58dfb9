"""Component data: card definitions (KUH-CARDDEF-*), scoring tiles (KUH-SETUP-8), the bonus
track (KUH-SETUP-7), trees (KUH-SETUP-6) and tile counts (KUH-SETUP-9).

The same checks serve a record's ``setup`` and a position's ``components``: every function
takes the path prefix and returns every violation it finds (nothing is raised here), so that
setup and position checks can report them all together.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from operator import itemgetter
from typing import Any

from pyrsistent import PMap, pmap

from scorer.errors import PathPart, RuleViolation
from scorer.games.kuhfstein.state import (
    DECK_SIZE,
    KIND_SET,
    KINDS,
    MAX_SCORING_TILES,
    ROTATIONS,
    Card,
    Components,
    ScoringTile,
    turned,
)
from scorer.words import plural

Path = tuple[PathPart, ...]

#: Condition type → required parameters (section 8.2).
CONDITIONS: Mapping[str, tuple[str, ...]] = {
    "kind_count_at_least": ("kind", "n"),
    "kind_majority": ("kind",),
    "trees_at_least": ("n",),
    "largest_group_at_least": ("kind", "n"),
    "each_kind_at_least": ("n",),
    "tiles_at_least": ("n",),
    "cows_on_landscape_at_least": ("n",),
    "cards_played_at_least": ("n",),
    "custom": ("text",),
}


def warning(rule: str, message: str, path: Path) -> RuleViolation:
    """A RuleViolation of severity warning."""
    return RuleViolation(rule, message, path, severity="warning")


CardSpec = tuple[int, tuple[tuple[int, int, str], ...]]
#: (id, points, cells) → its Card: built on first use, since a game plays only a few of the
#: 55 cards, and shared by every game defining that card (module level: no state holds it).
_BUILT: dict[tuple[str, int, tuple[tuple[int, int, str], ...]], Card] = {}


class CardBook(Mapping[str, Card]):
    """The checked card definitions by id (a read-only mapping over a PMap of points and
    cells); each Card, with its four rotations, comes from a module-level cache."""

    __slots__ = ("_raw",)
    _raw: PMap[str, CardSpec]

    def __init__(self, raw: PMap[str, CardSpec]) -> None:
        object.__setattr__(self, "_raw", raw)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"CardBook is immutable (cannot set {name!r})")

    def __getitem__(self, cid: str) -> Card:
        points, cells = self._raw[cid]
        key = (cid, points, cells)
        card = _BUILT.get(key)
        if card is None:
            card = Card.build(cid, points, cells)
            if len(_BUILT) < _CACHE_LIMIT:
                _BUILT[key] = card
        return card

    def pattern(self, cid: str, degrees: int) -> tuple[int, tuple[tuple[int, int, str], ...]]:
        """Points and cells of card ``cid`` rotated by ``degrees`` (one of ROTATIONS)."""
        points, cells = self._raw[cid]
        card = _BUILT.get((cid, points, cells))
        if card is not None:
            return card.points, card.rotations[ROTATIONS.index(degrees)]
        return points, turned(cells, degrees)

    def __contains__(self, cid: object) -> bool:
        return cid in self._raw

    def __iter__(self) -> Iterator[str]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)


#: Shape (cells in the order given) → "" if valid, else the KUH-CARDDEF-1/2 problem.
_SHAPES: dict[tuple[tuple[int, int], ...], str] = {}
#: Cells (x, y, face in the order given) → True if they pass KUH-CARDDEF-1 to 3 and number
#: 2 to 5 (no KUH-CARDDEF-7 warning). Depends on the cells alone, so one entry serves every
#: card definition with those cells; a card that is not ok takes the full check below.
_CELLS_OK: dict[tuple[tuple[int, int, str], ...], bool] = {}
_CACHE_LIMIT = 100_000
FACES: frozenset[str] = KIND_SET | {"back"}
_BACK_ONLY = {"back"}
_XYF = itemgetter("x", "y", "face")


def parse_cards(raw: Mapping[str, Any], base: Path) -> tuple[CardBook, list[RuleViolation]]:
    """Check every card definition. Bad cards are left out of the result."""
    found: list[RuleViolation] = []
    cards: dict[str, tuple[int, tuple[tuple[int, int, str], ...]]] = {}
    # KUH-CARDDEF-5: at most 55 card definitions
    if len(raw) > DECK_SIZE:
        found.append(
            RuleViolation(
                "KUH-CARDDEF-5",
                f"{len(raw)} card definitions, at most {DECK_SIZE} exist",
                base,
                {"expected": DECK_SIZE, "found": len(raw)},
            )
        )
    known = _CELLS_OK
    for cid, spec in raw.items():
        cells: tuple[tuple[int, int, str], ...] = tuple(map(_XYF, spec["cells"]))
        ok = known.get(cells)
        if ok is None:
            ok = _cells_ok(cells)
            if len(known) < _CACHE_LIMIT:
                known[cells] = ok
        points = spec["points"]
        if not ok or points < 1:
            problems = _card_problems(cid, cells, points, _shape_of(cells), (*base, cid))
            found.extend(problems)
            if any(v.severity != "warning" for v in problems):
                continue
        cards[cid] = (int(points), cells)
    return CardBook(pmap(cards)), found


def _cells_ok(cells: tuple[tuple[int, int, str], ...]) -> bool:
    if not 2 <= len(cells) <= 5:
        return False
    faces = {c[2] for c in cells}
    return faces <= FACES and faces != _BACK_ONLY and not _shape_of(cells)


def _shape_of(cells: tuple[tuple[int, int, str], ...]) -> str:
    """The KUH-CARDDEF-1/2 problem of the cells' shape ("" if none), cached by shape."""
    shape = tuple([(x, y) for x, y, _ in cells])
    problem = _SHAPES.get(shape)
    if problem is None:
        problem = _shape_problem(shape)
        if len(_SHAPES) < _CACHE_LIMIT:
            _SHAPES[shape] = problem
    return problem


def _shape_problem(xy: tuple[tuple[int, int], ...]) -> str:
    if not xy or len(set(xy)) != len(xy):
        return "KUH-CARDDEF-1:distinct"
    if min(x for x, _ in xy) != 0 or min(y for _, y in xy) != 0:
        return "KUH-CARDDEF-1:normal"
    if not _connected(list(xy)):
        return "KUH-CARDDEF-2"
    return ""


def _card_problems(
    cid: str, cells: tuple[tuple[int, int, str], ...], points: int, problem: str, path: Path
) -> list[RuleViolation]:
    found: list[RuleViolation] = []
    xy = [[x, y] for x, y, _ in cells]
    # KUH-CARDDEF-1: distinct integer cells, normalised to min x = min y = 0
    if problem == "KUH-CARDDEF-1:distinct":
        found.append(
            RuleViolation(
                "KUH-CARDDEF-1",
                f"card {cid}: its cells must be distinct and at least one",
                (*path, "cells"),
                {"found": xy},
            )
        )
    elif problem == "KUH-CARDDEF-1:normal":
        low = [min(x for x, _ in xy), min(y for _, y in xy)]
        found.append(
            RuleViolation(
                "KUH-CARDDEF-1",
                f"card {cid}: the smallest x and the smallest y must both be 0",
                (*path, "cells"),
                {"expected": [0, 0], "found": low},
            )
        )
    # KUH-CARDDEF-2: the cells form a polyomino (N4-connected)
    elif problem == "KUH-CARDDEF-2":
        found.append(
            RuleViolation(
                "KUH-CARDDEF-2",
                f"card {cid}: its cells are not orthogonally connected (a hole or "
                "a gap in the pattern)",
                (*path, "cells"),
            )
        )
    # KUH-CARDDEF-3: every face is a landscape kind or back; at least one face cell
    for k, (_, _, face) in enumerate(cells):
        if face not in FACES:
            found.append(
                RuleViolation(
                    "KUH-CARDDEF-3",
                    f"card {cid}: unknown face {face!r} (landscape kinds: "
                    f"{', '.join(KINDS)}, or back)",
                    (*path, "cells", k, "face"),
                    {"found": face},
                )
            )
    if cells and all(face == "back" for _, _, face in cells):
        found.append(
            RuleViolation(
                "KUH-CARDDEF-3",
                f"card {cid}: every cell is a back; a card needs a face cell",
                (*path, "cells", 0, "face"),
            )
        )
    # KUH-CARDDEF-4: points are an integer ≥ 1
    if points < 1:
        found.append(
            RuleViolation(
                "KUH-CARDDEF-4",
                f"card {cid}: points must be at least 1",
                (*path, "points"),
                {"found": points},
            )
        )
    # KUH-CARDDEF-7 (warning): reviews describe 2–5 cells per card
    if not found and not 2 <= len(cells) <= 5:
        found.append(
            warning(
                "KUH-CARDDEF-7",
                f"card {cid} has {plural(len(cells), 'cell')}; the cards have 2 to 5",
                (*path, "cells"),
            )
        )
    return found


def _connected(cells: list[tuple[int, int]]) -> bool:
    members = set(cells)
    todo = [cells[0]]
    reached = {cells[0]}
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in members and n not in reached:
                reached.add(n)
                todo.append(n)
    return len(reached) == len(members)


def parse_scoring_tiles(
    raw: Mapping[str, Any], base: Path
) -> tuple[dict[str, ScoringTile], list[RuleViolation]]:
    """KUH-SETUP-8: at most 9 tiles, each with points ≥ 1 and a known, complete condition."""
    found: list[RuleViolation] = []
    tiles: dict[str, ScoringTile] = {}
    if len(raw) > MAX_SCORING_TILES:
        found.append(
            RuleViolation(
                "KUH-SETUP-8",
                f"{len(raw)} scoring tiles, the game has {MAX_SCORING_TILES}",
                base,
                {"expected": MAX_SCORING_TILES, "found": len(raw)},
            )
        )
    for tid, spec in raw.items():
        path = (*base, tid)
        problem = _scoring_tile_problem(tid, spec, path)
        if problem is not None:
            found.append(problem)
            continue
        cond = spec["condition"]
        text = spec.get("text") or cond.get("text") or _describe(cond)
        tiles[tid] = ScoringTile(
            tid, spec["points"], cond["type"], cond.get("kind", ""), cond.get("n", 0), text
        )
    return tiles, found


def _scoring_tile_problem(tid: str, spec: Mapping[str, Any], path: Path) -> RuleViolation | None:
    if spec["points"] < 1:
        return RuleViolation(
            "KUH-SETUP-8",
            f"scoring tile {tid}: points must be at least 1",
            (*path, "points"),
            {"found": spec["points"]},
        )
    cond = spec["condition"]
    ctype = cond.get("type")
    if ctype not in CONDITIONS:
        return RuleViolation(
            "KUH-SETUP-8",
            f"scoring tile {tid}: unknown condition type {ctype!r} (known: "
            f"{', '.join(CONDITIONS)})",
            (*path, "condition", "type") if ctype is not None else (*path, "condition"),
            {"found": ctype, "expected": list(CONDITIONS)},
        )
    for param in CONDITIONS[ctype]:
        if param not in cond:
            return RuleViolation(
                "KUH-SETUP-8",
                f"scoring tile {tid}: condition {ctype} needs {param!r}",
                (*path, "condition"),
                {"expected": param},
            )
    if "kind" in CONDITIONS[ctype] and cond["kind"] not in KIND_SET:
        return RuleViolation(
            "KUH-SETUP-8",
            f"scoring tile {tid}: unknown landscape kind {cond['kind']!r}",
            (*path, "condition", "kind"),
            {"found": cond["kind"]},
        )
    if "n" in CONDITIONS[ctype] and cond["n"] < 1:
        return RuleViolation(
            "KUH-SETUP-8",
            f"scoring tile {tid}: n must be at least 1",
            (*path, "condition", "n"),
            {"found": cond["n"]},
        )
    return None


def _describe(cond: Mapping[str, Any]) -> str:
    words = [str(cond["type"]).replace("_", " ")]
    words.extend(str(cond[p]) for p in ("kind", "n") if p in cond)
    return " ".join(words)


def parse_track(comp: Mapping[str, Any], base: Path) -> tuple[dict[int, str], list[RuleViolation]]:
    """KUH-SETUP-7: a bonus layout, positions distinct in 1..65, at most 6 cow spaces."""
    track = comp.get("track")
    if track is None or "bonus_spaces" not in track:
        return {}, [
            RuleViolation(
                "KUH-SETUP-7",
                "the bonus layout (track.bonus_spaces) is missing; there is no default layout",
                (*base, "track"),
            )
        ]
    found: list[RuleViolation] = []
    bonus: dict[int, str] = {}
    cows = 0
    for k, entry in enumerate(track["bonus_spaces"]):
        space, kind = entry["space"], entry["bonus"]
        path = (*base, "track", "bonus_spaces", k)
        if not 1 <= space <= 65 or space in bonus:
            why = "is used twice" if space in bonus else "is not in 1..65"
            found.append(
                RuleViolation("KUH-SETUP-7", f"bonus space {space} {why}", path, {"found": space})
            )
            continue
        cows += kind == "cow"
        if cows > 6:
            found.append(
                RuleViolation(
                    "KUH-SETUP-7",
                    "more than 6 cow spaces (a player owns 6 cows)",
                    path,
                    {"found": cows, "expected": 6},
                )
            )
            continue
        bonus[int(space)] = kind
    return bonus, found


def parse_trees(
    comp: Mapping[str, Any], players: int, base: Path
) -> tuple[int, list[RuleViolation]]:
    """KUH-SETUP-6: ``trees``, if given, equals 2 × players."""
    want = 2 * players
    trees = comp.get("trees", want)
    if trees != want:
        return want, [
            RuleViolation(
                "KUH-SETUP-6",
                f"{plural(trees, 'tree')}, the game has 2 per player ({want})",
                (*base, "trees"),
                {"expected": want, "found": trees},
            )
        ]
    return want, []


def parse_tile_counts(
    comp: Mapping[str, Any], total: int, base: Path
) -> tuple[dict[str, int] | None, list[RuleViolation]]:
    """KUH-SETUP-9 (shape part): the 5 kinds, non-negative, summing to the total."""
    counts = comp.get("tile_counts")
    if counts is None:
        return None, []
    path = (*base, "tile_counts")
    if set(counts) != KIND_SET or any(v < 0 for v in counts.values()):
        return None, [
            RuleViolation(
                "KUH-SETUP-9",
                "tile_counts needs exactly the 5 landscape "
                f"kinds ({', '.join(KINDS)}) with counts ≥ 0",
                path,
                {"found": sorted(counts)},
            )
        ]
    if sum(counts.values()) != total:
        return None, [
            RuleViolation(
                "KUH-SETUP-9",
                f"tile_counts sum to {sum(counts.values())}, the game has {total} tiles",
                path,
                {"expected": total, "found": sum(counts.values())},
            )
        ]
    return {k: int(counts[k]) for k in KINDS}, []


def build_components(
    comp: Mapping[str, Any], players: int, total: int, base: Path
) -> tuple[Components, list[RuleViolation]]:
    """All component data of ``comp`` (setup or components) with every violation found."""
    bonus, found = parse_track(comp, base)
    trees, more = parse_trees(comp, players, base)
    found += more
    counts, more = parse_tile_counts(comp, total, base)
    found += more
    cards, more = parse_cards(comp.get("cards", {}), (*base, "cards"))
    found += more
    tiles, more = parse_scoring_tiles(comp.get("scoring_tiles", {}), (*base, "scoring_tiles"))
    found += more
    return (
        Components(
            cards,
            pmap(tiles),
            pmap(bonus),
            trees,
            total,
            pmap(counts) if counts is not None else None,
            tuple(sorted(bonus)),
        ),
        found,
    )
