"""The turn in progress: mutable local copies of one state, frozen again once per move.

``Work`` is created at the start of a move, the step handlers change it, and ``freeze``
returns the next immutable state. It also holds the draw primitives shared by exchanges and
refills (KUH-REFILL-3, KUH-REFILL-4, KUH-REFILL-6) and the bonus track (KUH-BONUS-1).
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.errors import PathPart, RuleViolation
from scorer.findings import Finding
from scorer.games.kuhfstein.state import KIND_SET, Board, Card, Cell, KState, frozen
from scorer.pointer import to_pointer

Path = tuple[PathPart, ...]


class Work:
    """Mutable copies of the parts of a state one move may change."""

    __slots__ = (
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
        self.tiles: dict[Cell, str] = board.tiles.copy()
        self.cows: set[Cell] = set(board.cows)
        self.used: set[Cell] = set(board.used)
        self.trees: list[Cell] = list(board.trees)
        self.hand: list[str] = list(board.hand)
        self.played: list[str] = list(board.played)
        self.played_at: list[tuple[Cell, ...]] = list(board.played_at)
        self.card_points = board.card_points
        self.supply = board.supply
        self.tile_display: list[str] = list(state.tile_display)
        self.tiles_left = state.tiles_left
        kinds = state.kind_left
        self.kind_left = kinds.copy() if kinds is not None else None
        self.tile_pos = state.tile_pos
        self.card_display: list[str] = list(state.card_display)
        self.new_seen: set[str] = set()
        self.card_pos = state.card_pos
        self.cards_out: list[str] = []
        self.trees_left = state.trees_left
        self.regular = 0
        self.extra = 0
        self.bonus_avail: dict[int, str] = {}
        self.bonus_used: set[int] = set()
        self.triggered: list[int] = []
        self.warnings: list[Finding] = []

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
        self.warnings.append(Finding(rule, pointer, message, "warning"))

    def add_points(self, points: int, path: Path) -> list[int]:
        """Score ``points`` and trigger every bonus space reached or passed (KUH-BONUS-1)."""
        old = self.score - points
        new = self.score
        bonus = self.state.comp.bonus
        hits = sorted(p for p in bonus if old < p <= new)
        for p in hits:
            kind = bonus[p]
            if kind == "cow":
                self.supply += 1
            elif kind == "extra_action":
                self.extra += 1
            elif kind in ("extra_tile", "extra_card"):
                self.bonus_avail[p] = kind
            else:
                # KUH-BONUS-5 (warning): unknown kind, no effect applied
                self.warn("KUH-BONUS-5", f"bonus space {p} of unknown kind {kind!r} was "
                          "triggered; no effect applied (unverified)", path)
        self.triggered.extend(hits)
        return hits

    def draw_tiles(self, entries: Sequence[str], path: Path, want: int, rule: str,
                   count_path: Path) -> None:
        """Draw ``entries`` from the tile supply into the display (checks in spec order)."""
        if not entries and not want:
            return
        left = self.tiles_left
        counts = self.kind_left  # this move's own copy: a rejected move is discarded
        for k, kind in enumerate(entries):
            # KUH-REFILL-4: a landscape kind still in the supply
            if kind not in KIND_SET or left <= 0 or (counts is not None and counts[kind] <= 0):
                why = ("is not a landscape kind" if kind not in KIND_SET else
                       "cannot be drawn: the supply is empty" if left <= 0 else
                       "cannot be drawn: none of that kind is left in the supply")
                raise RuleViolation("KUH-REFILL-4", f"drawn tile {kind!r} {why}", (*path, k),
                                    {"found": kind, "tiles_left": left})
            left -= 1
            if counts is not None:
                counts[kind] -= 1
        order = self.state.tile_order
        pos0 = self.tile_pos
        if order is not None and tuple(order[pos0:pos0 + len(entries)]) != tuple(entries):
            for k, kind in enumerate(entries):
                # KUH-REFILL-6: draws follow setup.tile_order
                pos = self.tile_pos + k
                if pos >= len(order) or order[pos] != kind:
                    expected = order[pos] if pos < len(order) else None
                    raise RuleViolation("KUH-REFILL-6", f"drawn tile {kind!r} is not the next "
                                        f"tile of tile_order ({expected!r})", (*path, k),
                                        {"expected": expected, "found": kind})
        if len(entries) != want:
            raise RuleViolation(rule, f"{len(entries)} tiles drawn, {want} expected",
                                count_path, {"expected": want, "found": len(entries)})
        self.tiles_left = left
        self.tile_pos += len(entries)
        self.tile_display.extend(entries)

    def draw_cards(self, entries: Sequence[str], path: Path, want: int, rule: str,
                   count_path: Path) -> None:
        """Draw ``entries`` from the deck into the card display (checks in spec order)."""
        if not entries and not want:
            return
        cards = self.state.comp.cards
        for k, cid in enumerate(entries):
            # KUH-REFILL-3: defined and never seen before
            if cid not in cards or self.seen(cid) or cid in entries[:k]:
                why = "is not defined" if cid not in cards else "has been seen before"
                raise RuleViolation("KUH-REFILL-3", f"drawn card {cid} {why}", (*path, k),
                                    {"found": cid})
        order = self.state.card_order
        pos0 = self.card_pos
        if order is not None and tuple(order[pos0:pos0 + len(entries)]) != tuple(entries):
            for k, cid in enumerate(entries):
                # KUH-REFILL-6: draws follow setup.card_order
                pos = self.card_pos + k
                if pos >= len(order) or order[pos] != cid:
                    expected = order[pos] if pos < len(order) else None
                    raise RuleViolation("KUH-REFILL-6", f"drawn card {cid} is not the next "
                                        f"card of card_order ({expected})", (*path, k),
                                        {"expected": expected, "found": cid})
        if len(entries) != want:
            raise RuleViolation(rule, f"{len(entries)} cards drawn, {want} expected",
                                count_path, {"expected": want, "found": len(entries)})
        self.new_seen.update(entries)
        self.card_pos += len(entries)
        self.card_display.extend(entries)

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
        """The next immutable state, with the turn and phase fields given."""
        st = self.state
        board = st.boards[st.seat]
        new_board = Board(
            tiles=frozen(self.tiles), cows=frozenset(self.cows), used=frozenset(self.used),
            trees=tuple(self.trees), hand=tuple(self.hand), played=tuple(self.played),
            played_at=tuple(self.played_at),
            card_points=self.card_points, supply=self.supply, dealt=board.dealt,
            revealed=board.revealed, tile_met=board.tile_met)
        boards = (*st.boards[:st.seat], new_board, *st.boards[st.seat + 1:])
        return KState(
            comp=st.comp, opts=st.opts, names=st.names, boards=boards,
            tile_display=tuple(self.tile_display), tiles_left=self.tiles_left,
            kind_left=frozen(self.kind_left) if self.kind_left is not None else None,
            tile_order=st.tile_order, tile_pos=self.tile_pos,
            card_display=tuple(self.card_display),
            seen=st.seen | self.new_seen if self.new_seen else st.seen,
            card_order=st.card_order, card_pos=self.card_pos,
            cards_out=(*st.cards_out, *self.cards_out) if self.cards_out else st.cards_out,
            trees_left=self.trees_left, seat=seat, phase=phase, extra_pending=extra_pending,
            move_index=st.move_index + 1,
            warnings=(*st.warnings, *self.warnings) if self.warnings else st.warnings,
            deck_base=st.deck_base, colours=st.colours)


def _fits(tiles: dict[Cell, str], cows: set[Cell], cell: Cell, face: str) -> bool:
    kind = tiles.get(cell)
    if kind is None:
        return False
    return face == "back" or (kind == face and cell not in cows)
