"""A board-level ``cubes`` list in a position: its checks, and the assignment that is scored.

``boards.<name>.cubes`` lists cubes whose card is not given. They come from the player's Animal
cards listed without their own ``cubes`` and, when the ``spirit`` entry has no ``cube`` member,
possibly from the spirit card. Cards that list ``cubes`` keep exactly those (checked as before).

Findings, per board (absolute pointers):

* HAR-POS-8 at ``/boards/<name>/cubes/<m>``: a listed cell is not on the board side, is listed
  twice, or already carries a card's or the spirit's given cube;
* HAR-POS-9 at ``/boards/<name>/cubes/<m>``: no card left to the search has a habitat that can
  have been present around the cube (so no assignment exists);
* HAR-POS-7 at ``/boards/<name>/cubes``: some cubes can only come from cards whose tracks hold
  fewer cubes (every assignment overfills a card);
* HAR-POS-10 at ``/boards/<name>/cards``: every assignment leaves more than 4 cards incomplete;
* HAR-POS-14 at ``/boards/<name>/cards/<k>/placed``: a card's count (``placed``, count-only
  cubes) exceeds its track; at ``/boards/<name>/cubes``: the checks above pass without the
  counts, but no assignment gives every counted card exactly its count;
* warning HAR-SCORE-7 (HAR-SCORE-8 when only the spirit cube is in doubt) at
  ``/boards/<name>/cubes``: the assignments differ in score; ``details`` gives the lowest and
  highest total and every outcome. The sheet uses the lowest total (then fewest tie-break
  cubes); a sheet note says so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from scorer.core.findings import Finding
from scorer.core.pointer import to_pointer
from scorer.core.words import noun, plural
from scorer.games.harmonies.assign import Search, Slot, realise, search
from scorer.games.harmonies.board import SIDE_SETS, TRACKS, Cell, matching_rotations

if TYPE_CHECKING:  # position_checks runs resolve(): the board's shape only, for mypy
    from scorer.games.harmonies.position_checks import Board

Stacks = Mapping[Cell, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Resolution:
    """The search result of one board: its listed cubes (valid ones), the slots and, for each
    slot, the index of its card in ``cards`` (None for the spirit card)."""

    name: str
    cubes: tuple[Cell, ...]
    slots: tuple[Slot, ...]
    card_index: tuple[int | None, ...]
    found: Search
    #: Animal points of the cards that list their own cubes.
    fixed_points: int = 0

    def assignment(self, counts: Sequence[int]) -> tuple[dict[int, tuple[Cell, ...]], Cell | None]:
        """Cubes per card index, and the spirit cube (None if it stays on the card)."""
        per_slot = realise(self.cubes, self.found.candidates, counts)
        cards: dict[int, tuple[Cell, ...]] = {}
        spirit: Cell | None = None
        for index, cells in zip(self.card_index, per_slot, strict=True):
            if index is None:
                spirit = cells[0] if cells else None
            else:
                cards[index] = tuple(cells)
        return cards, spirit


def resolve(
    name: str,
    board: Board,
    side: str,
    stacks: Stacks,
    occupied: set[Cell],
    fixed_incomplete: int,
    add: Callable[..., None],
) -> Resolution | None:
    """Check the board-level list of ``name`` and search its assignments; None on an error.

    ``occupied`` holds the cells of the given cubes; ``add(rule, path, message, **details)``
    records an error finding."""
    cubes, pointers = _listed_cubes(name, board["cubes"], side, occupied, add)
    counted, index = _slots(board)
    if _overcounted(name, board, add):
        return None
    # the checks as without counts first (their findings do not depend on the counts)
    slots = [replace(s, placed=None) for s in counted]

    def accepts(slot: Slot, cell: Cell) -> bool:
        return bool(matching_rotations(side, slot.card, cell, stacks, prefix=True))

    found = search(cubes, slots, accepts, fixed_incomplete)
    if found.unmatched:
        _from_no_card(name, cubes, pointers, slots, found.unmatched, add)
    if found.unmatched or len(cubes) < len(board["cubes"]):
        return None
    if found.shortage is not None:
        _overfilled(name, cubes, slots, found.shortage, add)
        return None
    if not found.outcomes:
        fewest = found.fewest_incomplete
        # HAR-POS-10: at most 4 incomplete cards, whichever card each cube came from
        add(
            "HAR-POS-10",
            ("boards", name, "cards"),
            f"{name} holds at least {fewest} incomplete cards whichever card each cube came from",
            expected="at most 4",
            found=fewest,
        )
        return None
    if counted != slots:
        found = search(cubes, counted, accepts, fixed_incomplete)
        if not found.outcomes:
            _uncounted(name, cubes, counted, add)
            return None
    fixed = sum(_points(e["card"], len(e["cubes"])) for e in board.get("cards", []) if "cubes" in e)
    return Resolution(name, tuple(cubes), tuple(counted), tuple(index), found, fixed)


def _overcounted(name: str, board: Board, add: Callable[..., None]) -> bool:
    """HAR-POS-14 at each card whose ``placed`` count exceeds its track; whether any does."""
    over = False
    for k, entry in enumerate(board.get("cards", [])):
        placed, track = entry.get("placed"), TRACKS.get(entry["card"], ())
        # HAR-POS-14: a card gives at most its track's cubes
        if placed is not None and placed > len(track):
            add(
                "HAR-POS-14",
                ("boards", name, "cards", k, "placed"),
                f"{name}: {entry['card']} gave {plural(placed, 'cube')}, its track has "
                f"{len(track)}",
                expected=len(track),
                found=placed,
            )
            over = True
    return over


def _uncounted(
    name: str, cubes: Sequence[Cell], slots: Sequence[Slot], add: Callable[..., None]
) -> None:
    """HAR-POS-14: the cubes fit the cards, but not with the counts the cards give."""
    counts = {s.card: s.placed for s in slots if s.placed is not None}
    given = sum(counts.values())
    free = [s.card for s in slots if s.placed is None]
    why = (
        f"the counts add up to {given}, the board shows {plural(len(cubes), 'cube')}"
        if not free and given != len(cubes)
        else "no assignment of the cubes to the cards' habitats gives every card its count"
    )
    # HAR-POS-14: some assignment gives every counted card exactly its count
    add(
        "HAR-POS-14",
        ("boards", name, "cubes"),
        f"{name}: the cubes do not match the cards' placed counts: {why}",
        expected=counts,
        found=len(cubes),
    )


def _listed_cubes(
    name: str,
    listed: Sequence[Sequence[int]],
    side: str,
    occupied: set[Cell],
    add: Callable[..., None],
) -> tuple[list[Cell], list[int]]:
    """The valid cells of the list (they go into ``occupied``) and their indices in it."""
    cubes: list[Cell] = []
    pointers: list[int] = []
    for m, raw in enumerate(listed):
        cell = (int(raw[0]), int(raw[1]))
        # HAR-POS-8: on an existing cell, one cube per cell
        if cell not in SIDE_SETS[side] or cell in occupied:
            why = (
                f"is not on board side {side}"
                if cell not in SIDE_SETS[side]
                else ("already carries a cube")
            )
            add(
                "HAR-POS-8",
                ("boards", name, "cubes", m),
                f"{name}: the cube's cell {list(cell)} {why}",
                found=list(cell),
            )
            continue
        occupied.add(cell)
        cubes.append(cell)
        pointers.append(m)
    return cubes, pointers


def _from_no_card(
    name: str,
    cubes: Sequence[Cell],
    pointers: Sequence[int],
    slots: Sequence[Slot],
    unmatched: Sequence[int],
    add: Callable[..., None],
) -> None:
    """HAR-POS-9 at each cube no card left to the search can have given."""
    cards = sorted({s.card for s in slots})
    if not cards:
        why = "no card is left without its own cubes"
    else:
        named = (
            ", ".join(cards)
            if len(cards) <= 6
            else (f"the {len(cards)} cards without their own cubes")
        )
        why = f"the habitat of none of {named} can have been present around it"
    for i in unmatched:
        # HAR-POS-9: some card's habitat was present around the cube when it was placed
        add(
            "HAR-POS-9",
            ("boards", name, "cubes", pointers[i]),
            f"{name}: the cube on {list(cubes[i])} comes from no card: {why}",
            found=list(cubes[i]),
            cards=cards,
        )


def _overfilled(
    name: str,
    cubes: Sequence[Cell],
    slots: Sequence[Slot],
    shortage: tuple[tuple[int, ...], tuple[int, ...]],
    add: Callable[..., None],
) -> None:
    """HAR-POS-7 for cubes that only cards without room for them can have given."""
    which, held = shortage
    room = sum(slots[j].capacity for j in held)
    names = [slots[j].card for j in held]
    # HAR-POS-7: whichever card each cube came from, some card would hold too many
    add(
        "HAR-POS-7",
        ("boards", name, "cubes"),
        f"{name}: the cubes on {_cells(cubes[i] for i in which)} can "
        f"only come from {', '.join(names)}, whose tracks hold {room} "
        f"{noun(room, 'cube')}",
        expected=room,
        found=len(which),
        cells=[list(cubes[i]) for i in which],
        cards=names,
    )


def _points(card: str, placed: int) -> int:
    track = TRACKS.get(card, ())
    return track[min(placed, len(track)) - 1] if placed and track else 0


def _slots(board: Board) -> tuple[list[Slot], list[int | None]]:
    slots: list[Slot] = []
    index: list[int | None] = []
    for k, entry in enumerate(board.get("cards", [])):
        if "cubes" not in entry and entry["card"] in TRACKS:
            track = (0, *TRACKS[entry["card"]])
            slots.append(Slot(entry["card"], track, placed=entry.get("placed")))
            index.append(k)
    spirit = board.get("spirit")
    card = spirit.get("card") if spirit is not None else None
    if spirit is not None and card is not None and "cube" not in spirit:
        slots.append(Slot(card, (0, 0), spirit=True, placed=spirit.get("placed")))
        index.append(None)
    return slots, index


def _cells(cells: Iterable[Cell]) -> str:
    return ", ".join(str(list(c)) for c in cells)


@dataclass(frozen=True, slots=True)
class Choice:
    """The outcome the sheet uses, and the warning and sheet note when outcomes differ."""

    counts: tuple[int, ...]
    warning: Finding | None = None
    notes: tuple[str, ...] = ()
    #: The lowest and highest (total, tie-break cubes) over the outcomes.
    low: tuple[int, int] = (0, 0)
    high: tuple[int, int] = (0, 0)


def choose(
    res: Resolution,
    total_of: Callable[[tuple[int, ...]], tuple[int, int]],
    spirit_points: int,
    counts_spirit_cube: bool,
) -> Choice:
    """Pick the lowest-scoring outcome (then fewest tie-break cubes).

    ``total_of(counts)`` scores one witness (total, tie-break cubes); the other outcomes
    differ from it only in animal points and in whether the spirit cube is placed."""
    outcomes = sorted(res.found.outcomes.items())
    (pts0, sk0), (_, counts0) = outcomes[0]
    total0, cubes0 = total_of(counts0)
    rows = []
    for (pts, sk), (_, counts) in outcomes:
        total = total0 + pts - pts0 + (sk - sk0) * spirit_points
        cubes = cubes0 - (sk - sk0) * (0 if counts_spirit_cube else 1)
        rows.append((total, cubes, pts, sk, counts))
    rows.sort()
    low, high = rows[0], rows[-1]
    if len(rows) == 1:
        return Choice(low[4], low=low[:2], high=low[:2])
    details = {
        "player": res.name,
        "min": low[0],
        "max": high[0],
        "outcomes": [
            {
                "total": t,
                "animals": p + res.fixed_points,
                "spirit_cube": bool(s),
                "cubes": c,
                "cards": _per_card(res, k),
            }
            for t, c, p, s, k in rows
        ],
    }
    rule = "HAR-SCORE-7" if len({r[2] for r in rows}) > 1 else "HAR-SCORE-8"
    spread = (
        f"from {low[0]} to {plural(high[0], 'point')}"
        if low[0] != high[0]
        else f"always {plural(low[0], 'point')}, split differently"
    )
    message = (
        f"{res.name}: which card each cube came from changes the score: {len(rows)} "
        f"outcomes, {spread}; the sheet uses {low[0]} ({_summary(res, low[4])}), the "
        f"highest is {high[0]} ({_summary(res, high[4])}); give each card its own "
        "cubes to settle it"
    )
    warning = Finding(rule, to_pointer(("boards", res.name, "cubes")), message, "warning", details)
    note = (
        f"{res.name}: the board-level cubes allow {len(rows)} scoring outcomes, "
        f"{spread}; this sheet uses {low[0]} ({_summary(res, low[4])})"
    )
    return Choice(low[4], warning, (note,), low[:2], high[:2])


def winner_note(ranges: Mapping[str, tuple[tuple[int, int], tuple[int, int]]]) -> tuple[bool, str]:
    """Whether the winner is the same whichever outcome each player's cubes take, and a sheet
    note saying so. ``ranges``: player → (lowest, highest) (total, tie-break cubes), in seat
    order; the sheet uses the lowest of each player, and the players' boards are independent."""
    best = max(low for low, _ in ranges.values())
    winners = [n for n, (low, _) in ranges.items() if low == best]
    others = [n for n in ranges if n not in winners]
    # a sole winner stays one if nobody else can reach it; a shared first place needs more
    fixed = len(winners) == 1 or all(ranges[n][0] == ranges[n][1] for n in winners)
    rivals = [n for n in others if ranges[n][1] >= best]
    who = " and ".join(winners)
    if fixed and not rivals:
        return True, f"whichever card each cube came from, the winner is {who}"
    if rivals:
        rival = rivals[0]
        return False, (
            f"the winner depends on which card each cube came from: {who} on this "
            f"sheet, but {rival} can reach {ranges[rival][1][0]}"
        )
    return False, (
        f"the winner depends on which card each cube came from: {who} share first "
        "place on this sheet, but the cubes can break the tie"
    )


def _per_card(res: Resolution, counts: Sequence[int]) -> dict[str, int]:
    return {s.card: k for s, k in zip(res.slots, counts, strict=True)}


def _summary(res: Resolution, counts: Sequence[int]) -> str:
    parts = []
    for slot, k in zip(res.slots, counts, strict=True):
        if slot.spirit:
            parts.append(f"{slot.card} cube {'placed' if k else 'not placed'}")
        else:
            parts.append(f"{slot.card} {k}/{slot.capacity}")
    return ", ".join(parts)
