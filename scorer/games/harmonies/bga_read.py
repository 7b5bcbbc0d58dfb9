"""Reading a Board Game Arena capture of Harmonies: both forms into one ``Capture``.

Board Game Arena (BGA) pages hold the game as ``gameui.gamedatas``; a capture tool writes a
normalised "snapshot v1" of the same state (``fixtures/harmonies/bga/FORMAT.md``). Both are read
into a :class:`Capture`: per player the cells (colours bottom first, whether a cube sits there),
the Animal and spirit cards with the cubes still on them, and the spirit cards still to choose
from; every item keeps the path of the member it came from, so every finding points into the
BGA file. What does not add up is an IMP-BGA-* finding (``Findings``); nothing is guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorer.core.findings import Findings
from scorer.core.pointer import to_pointer
from scorer.games.harmonies.bga_cards import card_of, is_spirit
from scorer.games.harmonies.board import SIDE_SETS, Cell

Path = tuple[str | int, ...]

#: Snapshot token names → scorer colours; BGA's ``type_arg`` colour numbers → scorer colours.
TOKEN_NAMES = {
    "water": "blue",
    "mountain": "gray",
    "trunk": "brown",
    "foliage": "green",
    "field": "yellow",
    "building": "red",
}
COLOUR_NUMBERS = {1: "blue", 2: "gray", 3: "brown", 4: "green", 5: "yellow", 6: "red"}
SIDES = {"sideA": "A", "sideB": "B"}


@dataclass
class CaptureCell:
    cell: Cell
    tokens: list[str]
    cube: bool
    at: Path


@dataclass
class CaptureCard:
    """A card by BGA number; ``remaining``: its cubes still on it; ``done``: completed."""

    number: int
    remaining: int
    done: bool
    at: Path


@dataclass
class CapturePlayer:
    pid: str
    at: Path
    cells: list[CaptureCell] = field(default_factory=list)
    cards: list[CaptureCard] = field(default_factory=list)
    choices: list[CaptureCard] = field(default_factory=list)
    score: int | None = None
    #: Cubes on the board that no cell of ``cells`` holds a token for (count only).
    cubes_at: Path | None = None


@dataclass
class Capture:
    form: str
    side: str
    players: list[CapturePlayer]
    finished: bool | None = None
    river: list[int] = field(default_factory=list)
    #: The central board's spaces, each its token colours (``meta`` only: not scored).
    central: list[list[str]] = field(default_factory=list)


def integer(value: Any) -> int | None:
    """An integer as BGA writes it (a number or a string of digits), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    return None


def need(doc: Any, key: str, kind: type, at: Path, checks: Findings) -> Any:
    """``doc[key]`` if it is a ``kind``; else IMP-BGA-1 and None."""
    value = doc.get(key) if isinstance(doc, dict) else None
    if isinstance(value, kind) and not isinstance(value, bool):
        return value
    what = "missing" if not isinstance(doc, dict) or key not in doc else "of the wrong type"
    # IMP-BGA-1: the capture has the members its form needs
    checks.add(
        "IMP-BGA-1",
        (*at, key),
        f"the BGA capture's {key!r} is {what} (expected {kind.__name__})",
        expected=kind.__name__,
    )
    return None


def read_side(doc: dict[str, Any], checks: Findings) -> str | None:
    side = doc.get("boardSide")
    # IMP-BGA-2: the board side is sideA or sideB
    if side not in SIDES:
        checks.add(
            "IMP-BGA-2",
            ("boardSide",),
            f"unknown board side {side!r}",
            expected=sorted(SIDES),
            found=side if isinstance(side, (str, int)) else None,
        )
        return None
    return SIDES[side]


def check_card(number: Any, spirit: bool | None, at: Path, checks: Findings) -> int | None:
    """The card number if it is a catalogue card (of the right kind); else IMP-BGA-6."""
    n = integer(number)
    known = n is not None and card_of(n) is not None
    # IMP-BGA-6: BGA card numbers 1-32 are Animal cards, 33-42 spirit cards
    if not known or (spirit is not None and n is not None and is_spirit(n) != spirit):
        why = "is not a card of the catalogue (1-42)" if not known else "is the wrong kind"
        checks.add(
            "IMP-BGA-6",
            at,
            f"card number {number!r} {why}",
            found=number if isinstance(number, (int, str)) else None,
        )
        return None
    return n


def check_cell(
    side: str, cell: Cell, tokens: list[str], cube: bool, at: Path, checks: Findings
) -> bool:
    """A listed cell that holds something exists on the side (padding cells hold nothing)."""
    if cell in SIDE_SETS[side]:
        return True
    # IMP-BGA-4: tokens and cubes lie on cells of the board side (empty padding is dropped)
    if tokens or cube:
        what = "a cube" if cube and not tokens else "tokens"
        checks.add(
            "IMP-BGA-4",
            at,
            f"{what} on cell {list(cell)}, which is not on board side {side}",
            found=list(cell),
        )
    return False


def check_stack(tokens: list[str], at: Path, checks: Findings) -> bool:
    # IMP-BGA-8: a stack holds 1 to 3 tokens, one per level
    if len(tokens) > 3:
        checks.add(
            "IMP-BGA-8",
            at,
            f"a stack of {len(tokens)} tokens (at most 3)",
            expected="at most 3",
            found=len(tokens),
        )
        return False
    return True


def once(number: int, at: Path, seen: dict[int, Path], checks: Findings) -> bool:
    """Each card is in one place: IMP-BGA-7 at its second place."""
    if number in seen:
        # IMP-BGA-7: a card is in one place (one board, the river or the choices)
        checks.add(
            "IMP-BGA-7",
            at,
            f"card number {number} is in two places",
            found=number,
            first=to_pointer(seen[number]),
        )
        return False
    seen[number] = at
    return True


def colour(value: Any, names: dict[Any, str], at: Path, checks: Findings) -> str | None:
    """A token colour by its BGA number or snapshot name; IMP-BGA-3 for another."""
    key = integer(value) if names is COLOUR_NUMBERS else value
    if key in names:
        return names[key]
    # IMP-BGA-3: every token has a known colour
    checks.add(
        "IMP-BGA-3",
        at,
        f"unknown token colour {value!r}",
        expected=sorted(str(k) for k in names),
        found=value if isinstance(value, (str, int)) else None,
    )
    return None
