"""The turn in progress: copy-on-write local copies of one state, frozen again once per move.

``Work`` is created at the start of a move, the step handlers change it, and ``freeze``
returns the next immutable state. It also holds the draw primitives shared by exchanges and
refills (KUH-REFILL-3, KUH-REFILL-4, KUH-REFILL-6) and the bonus track (KUH-BONUS-1).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from types import MappingProxyType

from scorer.errors import PathPart, RuleViolation
from scorer.findings import Finding
from scorer.games.kuhfstein.state import KIND_SET, Board, Card, Cell, KState, frozen
from scorer.pointer import to_pointer
from scorer.words import plural

Path = tuple[PathPart, ...]


class Work:
    """The parts of a state one move may change.

    Copy on write: a container the move has not changed yet is the state's own immutable
    one (frozenset, tuple, read-only mapping); ``own_<part>()`` swaps in a mutable copy
    before the first change, and ``freeze`` reuses every part that was never copied. Read
    the attributes freely; change them only through ``own_<part>()`` (or by assignment).
    """

    __slots__ = (
        "board",
        "bonus_avail",
        "bonus_used",
        "card_display",
        "card_points",
        "card_pos",
        "cards_out",
        "cows",
        "extra",
        "hand",
        "kind_left",
        "new_seen",
        "played",
        "played_at",
        "regular",
        "state",
        "supply",
        "tile_display",
        "tile_pos",
        "tiles",
        "tiles_left",
        "trees",
        "trees_left",
        "triggered",
        "used",
        "warnings",
    )

    def __init__(self, state: KState) -> None:
        board = state.boards[state.seat]
        self.state = state
        self.board = board
        self.tiles: MappingProxyType[Cell, str] | dict[Cell, str] = board.tiles
        self.cows: AbstractSet[Cell] = board.cows
        self.used: AbstractSet[Cell] = board.used
        self.trees: Sequence[Cell] = board.trees
        self.hand: Sequence[str] = board.hand
        self.played: Sequence[str] = board.played
        self.played_at: Sequence[tuple[Cell, ...]] = board.played_at
        self.card_points = board.card_points
        self.supply = board.supply
        self.tile_display: list[str] = list(state.tile_display)
        self.tiles_left = state.tiles_left
        self.kind_left: MappingProxyType[str, int] | dict[str, int] | None = state.kind_left
        self.tile_pos = state.tile_pos
        self.card_display: Sequence[str] = state.card_display
        self.new_seen: AbstractSet[str] = _NONE
        self.card_pos = state.card_pos
        self.cards_out: tuple[str, ...] = ()
        self.trees_left = state.trees_left
        self.regular = 0
        self.extra = 0
        self.bonus_avail: Mapping[int, str] = _NO_BONUS
        self.bonus_used: frozenset[int] = frozenset()
        self.triggered: tuple[int, ...] = ()
        self.warnings: tuple[Finding, ...] = ()

    # --- copy on write -------------------------------------------------------------------

    def own_tiles(self) -> dict[Cell, str]:
        tiles = self.tiles
        if not isinstance(tiles, dict):
            tiles = self.tiles = tiles.copy()  # MappingProxyType.copy: a C-level dict copy
        return tiles

    def own_cows(self) -> set[Cell]:
        cows = self.cows
        if not isinstance(cows, set):
            cows = self.cows = set(cows)
        return cows

    def own_used(self) -> set[Cell]:
        used = self.used
        if not isinstance(used, set):
            used = self.used = set(used)
        return used

    def own_trees(self) -> list[Cell]:
        trees = self.trees
        if not isinstance(trees, list):
            trees = self.trees = list(trees)
        return trees

    def own_hand(self) -> list[str]:
        hand = self.hand
        if not isinstance(hand, list):
            hand = self.hand = list(hand)
        return hand

    def own_played(self) -> tuple[list[str], list[tuple[Cell, ...]]]:
        played, at = self.played, self.played_at
        if not isinstance(played, list):
            played = self.played = list(played)
        if not isinstance(at, list):
            at = self.played_at = list(at)
        return played, at

    def own_card_display(self) -> list[str]:
        display = self.card_display
        if not isinstance(display, list):
            display = self.card_display = list(display)
        return display

    def own_kind_left(self) -> dict[str, int] | None:
        counts = self.kind_left
        if counts is not None and not isinstance(counts, dict):
            counts = self.kind_left = counts.copy()
        return counts

    # --- reading -------------------------------------------------------------------------

    @property
    def score(self) -> int:
        return self.card_points + 5 * len(self.trees)

    @property
    def deck_left(self) -> int:
        return self.state.deck_left - len(self.new_seen)

    def seen(self, cid: str) -> bool:
        return cid in self.new_seen or cid in self.state.seen

    def warn(self, rule: str, message: str, path: Path) -> None:
        """Record a warning with an absolute pointer (the move index is the state's)."""
        pointer = to_pointer(("moves", self.state.move_index, *path))
        self.warnings = (*self.warnings, Finding(rule, pointer, message, "warning"))

    def add_points(self, points: int, path: Path) -> None:
        """Score ``points`` and trigger every bonus space reached or passed (KUH-BONUS-1)."""
        new = self.score
        old = new - points
        comp = self.state.comp
        spaces = comp.spaces  # the bonus spaces in increasing order
        hits = spaces[bisect_right(spaces, old) : bisect_right(spaces, new)]
        if not hits:
            return
        bonus = comp.bonus
        for p in hits:
            kind = bonus[p]
            if kind == "cow":
                self.supply += 1
            elif kind == "extra_action":
                self.extra += 1
            elif kind in ("extra_tile", "extra_card"):
                self.bonus_avail = {**self.bonus_avail, p: kind}
            else:
                # KUH-BONUS-5 (warning): unknown kind, no effect applied
                self.warn(
                    "KUH-BONUS-5",
                    f"bonus space {p} of unknown kind {kind!r} was "
                    "triggered; no effect applied (unverified)",
                    path,
                )
        self.triggered += hits

    def draw_tiles(
        self, entries: Sequence[str], path: Path, want: int, rule: str, count_path: Path
    ) -> None:
        """Draw ``entries`` from the tile supply into the display (checks in spec order)."""
        if not entries and not want:
            return
        left = self.tiles_left
        counts = self.own_kind_left() if entries else None
        for k, kind in enumerate(entries):
            # KUH-REFILL-4: a landscape kind still in the supply
            if kind not in KIND_SET or left <= 0 or (counts is not None and counts[kind] <= 0):
                why = (
                    "is not a landscape kind"
                    if kind not in KIND_SET
                    else "cannot be drawn: the supply is empty"
                    if left <= 0
                    else "cannot be drawn: none of that kind is left in the supply"
                )
                raise RuleViolation(
                    "KUH-REFILL-4",
                    f"drawn tile {kind!r} {why}",
                    (*path, k),
                    {"found": kind, "tiles_left": left},
                )
            left -= 1
            if counts is not None:
                counts[kind] -= 1
        order = self.state.tile_order
        pos0 = self.tile_pos
        if order is not None and order[pos0 : pos0 + len(entries)] != tuple(entries):
            for k, kind in enumerate(entries):
                # KUH-REFILL-6: draws follow setup.tile_order
                pos = self.tile_pos + k
                if pos >= len(order) or order[pos] != kind:
                    expected = order[pos] if pos < len(order) else None
                    raise RuleViolation(
                        "KUH-REFILL-6",
                        f"drawn tile {kind!r} is not the next tile of tile_order ({expected!r})",
                        (*path, k),
                        {"expected": expected, "found": kind},
                    )
        if len(entries) != want:
            raise RuleViolation(
                rule,
                f"{plural(len(entries), 'tile')} drawn, {want} expected",
                count_path,
                {"expected": want, "found": len(entries)},
            )
        self.tiles_left = left
        self.tile_pos += len(entries)
        self.tile_display.extend(entries)

    def draw_cards(
        self, entries: Sequence[str], path: Path, want: int, rule: str, count_path: Path
    ) -> None:
        """Draw ``entries`` from the deck into the card display (checks in spec order)."""
        if not entries and not want:
            return
        cards = self.state.comp.cards
        for k, cid in enumerate(entries):
            # KUH-REFILL-3: defined and never seen before
            if cid not in cards or self.seen(cid) or cid in entries[:k]:
                why = "is not defined" if cid not in cards else "has been seen before"
                raise RuleViolation(
                    "KUH-REFILL-3", f"drawn card {cid} {why}", (*path, k), {"found": cid}
                )
        order = self.state.card_order
        pos0 = self.card_pos
        if order is not None and order[pos0 : pos0 + len(entries)] != tuple(entries):
            for k, cid in enumerate(entries):
                # KUH-REFILL-6: draws follow setup.card_order
                pos = self.card_pos + k
                if pos >= len(order) or order[pos] != cid:
                    expected = order[pos] if pos < len(order) else None
                    raise RuleViolation(
                        "KUH-REFILL-6",
                        f"drawn card {cid} is not the next card of card_order ({expected})",
                        (*path, k),
                        {"expected": expected, "found": cid},
                    )
        if len(entries) != want:
            raise RuleViolation(
                rule,
                f"{plural(len(entries), 'card')} drawn, {want} expected",
                count_path,
                {"expected": want, "found": len(entries)},
            )
        if entries:
            self.new_seen = {*self.new_seen, *entries}
        self.card_pos += len(entries)
        self.own_card_display().extend(entries)

    def can_play(self, card: Card) -> bool:
        """Some rotation and offset satisfies KUH-PLAY-3 to KUH-PLAY-6 (used by the stuck test)."""
        if card.n_faces > self.supply:
            return False
        tiles, cows = self.tiles, self.cows
        for cells in card.rotations:
            ax, ay, akind = next(c for c in cells if c[2] != "back")
            for (tx, ty), kind in tiles.items():
                if kind != akind or (tx, ty) in cows:
                    continue
                ox, oy = tx - ax, ty - ay
                if all(_fits(tiles, cows, (ox + x, oy + y), face) for x, y, face in cells):
                    return True
        return False

    def is_stuck(self) -> bool:
        """No regular action is possible (section 5.1)."""
        if self.tile_display or self.card_display or self.cows:
            return False
        cards = self.state.comp.cards
        return not any(self.can_play(cards[cid]) for cid in self.hand)

    def freeze(self, seat: int, phase: str, extra_pending: bool) -> KState:
        """The next immutable state, with the turn and phase fields given. Built positionally
        (``tuple.__new__``, in the field order of Board and KState): the keyword constructors
        cost more than the rest of a simple move. The Work is spent afterwards."""
        st = self.state
        board = self.board
        tiles, cows, used = self.tiles, self.cows, self.used
        new_board = _new(
            Board,
            (
                frozen(tiles) if isinstance(tiles, dict) else tiles,
                frozenset(cows) if isinstance(cows, set) else cows,
                frozenset(used) if isinstance(used, set) else used,
                tuple(self.trees),
                tuple(self.hand),
                tuple(self.played),
                tuple(self.played_at),
                self.card_points,
                self.supply,
                board.dealt,
                board.revealed,
                board.tile_met,
            ),
        )
        boards = st.boards
        index = st.seat
        kind_left = self.kind_left
        new_seen = self.new_seen
        return _new(
            KState,
            (
                st.comp,
                st.opts,
                st.names,
                (*boards[:index], new_board, *boards[index + 1 :]),
                tuple(self.tile_display),
                self.tiles_left,
                frozen(kind_left) if isinstance(kind_left, dict) else kind_left,
                st.tile_order,
                self.tile_pos,
                tuple(self.card_display),
                st.seen | new_seen if new_seen else st.seen,
                st.card_order,
                self.card_pos,
                (*st.cards_out, *self.cards_out) if self.cards_out else st.cards_out,
                self.trees_left,
                seat,
                phase,
                extra_pending,
                st.move_index + 1,
                (*st.warnings, *self.warnings) if self.warnings else st.warnings,
                st.deck_base,
                st.colours,
            ),
        )


_new = tuple.__new__
_NONE: frozenset[str] = frozenset()
_NO_BONUS: Mapping[int, str] = frozen({})


def _fits(tiles: Mapping[Cell, str], cows: AbstractSet[Cell], cell: Cell, face: str) -> bool:
    kind = tiles.get(cell)
    if kind is None:
        return False
    return face == "back" or (kind == face and cell not in cows)
