"""Card definitions (KUH-CARDDEF-*): the checks of a record's ``setup.cards`` or a position's
``components.cards``, and the CardBook the state holds.

Every check takes the path prefix and returns every violation it finds (nothing is raised
here); components.py gathers them with the other component data.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from operator import itemgetter
from types import MappingProxyType
from typing import Any

from scorer.core.errors import PathPart, RuleViolation
from scorer.core.words import plural
from scorer.games.kuhfstein.state import DECK_SIZE, KIND_SET, KINDS, ROTATIONS, Card, turned
from scorer.grid.regions import connected_groups
from scorer.grid.squaregrid import orthogonal

Path = tuple[PathPart, ...]


def warning(rule: str, message: str, path: Path) -> RuleViolation:
    """A RuleViolation of severity warning."""
    return RuleViolation(rule, message, path, severity="warning")


CardSpec = tuple[int, tuple[tuple[int, int, str], ...]]
#: (id, points, cells) → its Card: built on first use, since a game plays only a few of the
#: 55 cards, and shared by every game defining that card (module level: no state holds it).
_BUILT: dict[tuple[str, int, tuple[tuple[int, int, str], ...]], Card] = {}


class CardBook(Mapping[str, Card]):
    """The checked card definitions by id (a read-only mapping over a read-only view of
    points and cells); each Card, with its four rotations, comes from a module-level cache.

    The view (``MappingProxyType``) wraps a dict that ``parse_cards`` builds and lets go of,
    so nothing can change it; it is built once per game."""

    __slots__ = ("_raw",)
    _raw: Mapping[str, CardSpec]

    def __init__(self, raw: Mapping[str, CardSpec]) -> None:
        object.__setattr__(self, "_raw", MappingProxyType(dict(raw)))

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


#: Shape → "" if valid, else the KUH-CARDDEF-1/2 problem. The key is the shape's cells
#: sorted (duplicates kept): the problem does not depend on the order a card lists its cells
#: in, so the few shapes of the 2–5-cell cards share an entry however a record orders them.
_SHAPES: dict[tuple[tuple[int, int], ...], str] = {}
#: The cells' (x, y) in the order a card lists them → the same problem. Dealt cards differ
#: in their faces far more often than in their cells' order (a simulated deck of 55 cards
#: repeats an ordered shape 9 times in 10, a whole card 4 times in 10), so this table is
#: looked up first and the sorted key is made only for an order not met before.
_ORDERED: dict[tuple[tuple[int, int], ...], str] = {}
_CACHE_LIMIT = 100_000
FACES: frozenset[str] = KIND_SET | {"back"}
_BACK_ONLY = {"back"}
_XYF = itemgetter("x", "y", "face")
#: a cell's (x, y) and its face, from the (x, y, face) tuple
_XY = itemgetter(0, 1)
_FACE = itemgetter(2)


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
    for cid, spec in raw.items():
        cells: tuple[tuple[int, int, str], ...] = tuple(map(_XYF, spec["cells"]))
        xy = tuple(map(_XY, cells))
        problem = _ORDERED.get(xy)
        if problem is None:
            problem = _shape_of(xy)
        faces = set(map(_FACE, cells))
        faces_ok = faces <= FACES and faces != _BACK_ONLY  # KUH-CARDDEF-3
        points = spec["points"]
        if problem or not faces_ok or points < 1 or not 2 <= len(xy) <= 5:
            problems = _card_problems(cid, cells, points, problem, (*base, cid))
            found.extend(problems)
            if any(v.severity != "warning" for v in problems):
                continue
        cards[cid] = (int(points), cells)
    return CardBook(cards), found


def _shape_of(xy: tuple[tuple[int, int], ...]) -> str:
    """The KUH-CARDDEF-1/2 problem of the cells ``xy`` (in the card's order; "" if none),
    from the tables above."""
    problem = _ORDERED.get(xy)
    if problem is None:
        shape = tuple(sorted(xy))
        problem = _SHAPES.get(shape)
        if problem is None:
            problem = _shape_problem(shape)
            if len(_SHAPES) < _CACHE_LIMIT:
                _SHAPES[shape] = problem
        if len(_ORDERED) < _CACHE_LIMIT:
            _ORDERED[xy] = problem
    return problem


def _shape_problem(xy: tuple[tuple[int, int], ...]) -> str:
    if not xy or len(set(xy)) != len(xy):
        return "KUH-CARDDEF-1:distinct"
    if min(x for x, _ in xy) != 0 or min(y for _, y in xy) != 0:
        return "KUH-CARDDEF-1:normal"
    if len(connected_groups(xy, orthogonal)) != 1:
        return "KUH-CARDDEF-2"
    return ""


def _card_problems(
    cid: str, cells: tuple[tuple[int, int, str], ...], points: int, problem: str, path: Path
) -> list[RuleViolation]:
    found = _shape_problems(cid, cells, problem, path)
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


def _shape_problems(
    cid: str, cells: tuple[tuple[int, int, str], ...], problem: str, path: Path
) -> list[RuleViolation]:
    """KUH-CARDDEF-1/2 as violations: the shape ``problem`` found by ``_shape_problem``."""
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
    return found
