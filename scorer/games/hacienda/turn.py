"""The mutable working copy of a state during one turn (built once, frozen once)."""

from __future__ import annotations

from scorer.games.hacienda.state import ClaimIssue, State, WaterShape


class Turn:
    """Mutable copies of the parts of a state that steps change."""

    __slots__ = (
        "adisp",
        "ahand",
        "animal_seen",
        "animal_tiles",
        "board",
        "cells",
        "chips",
        "chips_left",
        "final",
        "free",
        "haciendas",
        "haciendas_left",
        "inter",
        "issues",
        "land_discard",
        "land_order",
        "land_tiles",
        "ldisp",
        "lhand",
        "lpile",
        "money",
        "move_index",
        "opts",
        "pieces",
        "seat",
        "stack_orders",
        "stacks",
        "state",
        "water_left",
        "water_shapes",
    )

    def __init__(self, s: State) -> None:
        self.state = s
        self.board = s.board
        self.opts = s.opts
        self.seat = s.seat
        self.move_index = s.move_index
        self.cells = list(s.cells)
        self.money = list(s.money)
        self.lhand = list(s.land_hands[s.seat])
        self.ahand = list(s.animal_hands[s.seat])
        self.animal_tiles = s.animal_tiles[s.seat]
        self.free = list(s.free)
        self.ldisp = list(s.land_display)
        self.adisp = list(s.animal_display)
        self.lpile = list(s.land_pile)
        self.land_order = s.land_order
        self.land_discard = list(s.land_discard)
        self.land_tiles = s.land_tiles
        self.stacks = list(s.stacks)
        self.stack_orders = list(s.stack_orders)
        self.animal_seen = list(s.animal_seen)
        self.haciendas = set(s.haciendas)
        self.haciendas_left = s.haciendas_left
        self.chips = set(s.chips)
        self.chips_left = s.chips_left
        self.water_left = s.water_left
        self.water_shapes: list[WaterShape] | None = (
            None if s.water_shapes is None else list(s.water_shapes)
        )
        self.pieces = s.pieces
        self.inter = s.inter
        self.final = s.final
        self.issues: list[ClaimIssue] = list(s.issues)

    def freeze(self, following: int | None = None) -> State:
        """The new immutable state (with the next seat to move, if given)."""
        s = self.state
        seat = self.seat
        lh = list(s.land_hands)
        lh[seat] = tuple(self.lhand)
        ah = list(s.animal_hands)
        ah[seat] = tuple(self.ahand)
        tiles = list(s.animal_tiles)
        tiles[seat] = self.animal_tiles
        so = self.stack_orders
        return s._replace(
            cells=tuple(self.cells),
            money=tuple(self.money),
            land_hands=tuple(lh),
            animal_hands=tuple(ah),
            animal_tiles=tuple(tiles),
            free=tuple(self.free),
            land_display=tuple(self.ldisp),
            animal_display=tuple(self.adisp),
            land_pile=tuple(self.lpile),
            land_order=self.land_order,
            land_discard=tuple(self.land_discard),
            land_tiles=self.land_tiles,
            stacks=(self.stacks[0], self.stacks[1]),
            stack_orders=(so[0], so[1]),
            animal_seen=tuple(self.animal_seen),
            haciendas=frozenset(self.haciendas),
            haciendas_left=self.haciendas_left,
            chips=frozenset(self.chips),
            chips_left=self.chips_left,
            water_left=self.water_left,
            water_shapes=None if self.water_shapes is None else tuple(self.water_shapes),
            pieces=self.pieces,
            inter=self.inter,
            final=self.final,
            issues=tuple(self.issues),
            seat=seat if following is None else following,
            move_index=self.move_index if following is None else self.move_index + 1,
        )
