"""The legal-step generator (spec section 16.1), used by ``legal_steps`` and simulate.py.

The generator works on its own mutable model of the turn in progress (``Plan``: plain
copies derived from the state, never part of one), and never calls the checks. The
simulator (simulate.py) builds each move object step by
step with it, draws the chance events (exchanges, refills) from the seeded generator or the
recorded orders, and advances the replay state with the finished move (a rejection there is
a generator bug and raises AssertionError).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from scorer.games.kuhfstein.state import KINDS, ROTATIONS, Cell, State
from scorer.grid.regions import connected_groups, group_of
from scorer.grid.squaregrid import orthogonal

Step = dict[str, Any]
N4 = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _reading(cell: Cell) -> tuple[int, int]:
    return (cell[1], cell[0])


def _turn_cw(x: int, y: int, times: int) -> Cell:
    for _ in range(times):
        x, y = -y, x
    return (x, y)


class Plan:
    """The generator's model of the current player's turn (section 16.1)."""

    def __init__(self, state: State) -> None:
        b = state.boards[state.seat]
        self.state = state
        self.opts = state.opts
        self.cards = state.comp.cards
        self.bonus = state.comp.bonus
        self.tiles: dict[Cell, str] = dict(b.tiles)
        self.cows: set[Cell] = set(b.cows)
        self.used: set[Cell] = set(b.used)
        self.hand: list[str] = sorted(b.hand)
        self.supply = b.supply
        self.score = b.score
        self.display: list[str] = list(state.tile_display)
        self.card_display: list[str] = list(state.card_display)
        self.tiles_left = state.tiles_left
        self.kinds: dict[str, int] | None = (
            dict(zip(KINDS, state.kind_left, strict=True)) if state.kind_left is not None else None
        )
        self.tile_pos = state.tile_pos
        self.card_pos = state.card_pos
        self.seen: set[str] = set(state.seen)
        self.deck_left = state.deck_left
        self.trees_left = state.trees_left
        self.regular = 0
        self.extra = 0
        self.avail: dict[int, str] = {}
        self.placed = False

    # --- enumeration -------------------------------------------------------------------

    def frontier(self) -> list[Cell]:
        if not self.tiles:
            return [(0, 0)]
        cells = {(x + dx, y + dy) for x, y in self.tiles for dx, dy in N4}
        return sorted((c for c in cells if c not in self.tiles), key=lambda c: (c[1], c[0]))

    def tree_squares(self, at: Cell, kind: str) -> list[Cell]:
        if self.trees_left <= 0:
            return []
        out = []
        for sx in (at[0] - 1, at[0]):
            for sy in (at[1] - 1, at[1]):
                cells = [(sx, sy), (sx + 1, sy), (sx, sy + 1), (sx + 1, sy + 1)]
                kinds = [kind if c == at else self.tiles.get(c) for c in cells]
                if None in kinds or any(c in self.used for c in cells):
                    continue
                if len(set(kinds)) in (1, 4):
                    out.append((sx, sy))
        return sorted(out)

    def place_steps(self) -> list[Step]:
        out = []
        for kind in sorted(set(self.display)):
            for at in self.frontier():
                out.append({"do": "place_tile", "take": kind, "at": list(at)})
                for sq in self.tree_squares(at, kind):
                    out.append({"do": "place_tile", "take": kind, "at": list(at), "tree": list(sq)})
        return out

    def take_steps(self) -> list[Step]:
        return [{"do": "take_card", "card": c} for c in sorted(set(self.card_display))]

    def plays(self) -> list[tuple[Step, frozenset[Cell]]]:
        by_kind: dict[str, list[Cell]] = {}
        for cell, kind in sorted(self.tiles.items()):
            if cell not in self.cows:
                by_kind.setdefault(kind, []).append(cell)
        out = []
        for cid in self.hand:
            card = self.cards[cid]
            faces = [c for c in card.cells if c[2] != "back"]
            if len(faces) > self.supply:
                continue
            for times, rotation in enumerate(ROTATIONS):
                cells = [(*_turn_cw(x, y, times), f) for x, y, f in card.cells]
                ax, ay, akind = next(c for c in cells if c[2] != "back")
                for tx, ty in by_kind.get(akind, []):
                    ox, oy = tx - ax, ty - ay
                    cows = []
                    for x, y, f in cells:
                        cell = (ox + x, oy + y)
                        here = self.tiles.get(cell)
                        if here is None or (f != "back" and (here != f or cell in self.cows)):
                            break
                        if f != "back":
                            cows.append(cell)
                    else:
                        out.append(
                            (
                                {
                                    "do": "play_card",
                                    "card": cid,
                                    "rotation": rotation,
                                    "offset": [ox, oy],
                                },
                                frozenset(cows),
                            )
                        )
        return out

    def herds(self) -> list[list[Cell]]:
        """The herds, each in reading order, in the reading order of their first cows."""
        cows = sorted(self.cows, key=_reading)
        return [sorted(h, key=_reading) for h in connected_groups(cows, orthogonal)]

    def tile_swap_ok(self) -> bool:
        return any(self.display.count(k) >= 4 for k in KINDS)

    def card_swap_ok(self) -> bool:
        d = self.card_display
        if not d or (self.opts.card_swap_needs_full_display and len(d) < 4):
            return False
        return any(all(k in self.cards[c].face_kinds for c in d) for k in KINDS)

    def stuck(self) -> bool:
        return not (self.display or self.card_display or self.cows or self.plays())

    def regular_open(self) -> bool:
        return self.regular < 2 + self.extra

    def steps(self) -> list[Step]:
        """Every legal next step without an exchange (those need a chance draw)."""
        out: list[Step] = []
        if self.regular_open():
            out += self.place_steps() + self.take_steps()
            out += [s for s, _ in self.plays()]
            out += [{"do": "return_herd", "at": list(h[0])} for h in self.herds()]
            if self.opts.partial_herd:
                out += [
                    {"do": "return_herd", "cells": [list(c) for c in part]}
                    for h in self.herds()
                    for part in _connected_subsets(h)
                ]
            mode = self.opts.allow_pass
            if self.regular < 2 and (mode == "always" or (mode == "if_stuck" and self.stuck())):
                out.append({"do": "pass"})
        for p, kind in sorted(self.avail.items()):
            bonus = self.place_steps() if kind == "extra_tile" else self.take_steps()
            out += [{**s, "bonus_space": p} for s in bonus]
        return out

    def may_end(self) -> bool:
        return self.regular >= 2 or (self.opts.allow_pass == "never" and self.stuck())

    # --- recorded steps (a prefix of the move: chance outcomes from the record) ---------

    def swaps_open(self, done: int) -> bool:
        """Another exchange may be decided in a step that made ``done`` of them."""
        return done < self.opts.max_swaps_per_action

    def exchange_tiles(self, drawn: list[str]) -> None:
        """A tile exchange whose draw is ``drawn`` (taken from the record, 16.3)."""
        removed, self.display = self.display, list(drawn)
        self._drew_tiles(drawn)
        if self.opts.swap_discard == "return":
            self.tiles_left += len(removed)
            if self.kinds is not None:
                for k in removed:
                    self.kinds[k] = self.kinds.get(k, 0) + 1

    def exchange_cards(self, drawn: list[str]) -> None:
        """A card exchange whose draw is ``drawn`` (the displayed cards leave the game)."""
        self.card_display = list(drawn)
        self._drew_cards(drawn)

    def _drew_tiles(self, drawn: list[str]) -> None:
        self.tiles_left -= len(drawn)
        self.tile_pos += len(drawn)
        if self.kinds is not None:
            for k in drawn:
                self.kinds[k] = self.kinds.get(k, 0) - 1

    def _drew_cards(self, drawn: list[str]) -> None:
        self.deck_left -= len(drawn)
        self.card_pos += len(drawn)
        self.seen.update(drawn)

    def refilled(self, spec: Any) -> None:
        """A recorded refill (``{"tiles": [...], "cards": [...]}`` or None)."""
        if not isinstance(spec, dict):
            return
        tiles, cards = list(spec.get("tiles") or ()), list(spec.get("cards") or ())
        self.display += tiles
        self._drew_tiles(tiles)
        self.card_display += cards
        self._drew_cards(cards)

    def herd_of(self, step: Step) -> list[Cell]:
        """The cows a recorded ``return_herd`` takes back (its ``cells``, else the herd of
        ``at``), in reading order; empty if they are not cows of this landscape."""
        if "cells" in step:
            cells = sorted({(c[0], c[1]) for c in step["cells"]}, key=_reading)
            return cells if all(c in self.cows for c in cells) else []
        at = (step["at"][0], step["at"][1])
        if at not in self.cows:
            return []
        return sorted(group_of(at, sorted(self.cows), orthogonal), key=_reading)

    def covered(self, step: Step) -> frozenset[Cell]:
        """The face cells a recorded ``play_card`` puts cows on."""
        times = ROTATIONS.index(step["rotation"])
        ox, oy = step["offset"][0], step["offset"][1]
        return frozenset(
            (ox + x, oy + y)
            for x, y in (
                _turn_cw(x, y, times) for x, y, f in self.cards[step["card"]].cells if f != "back"
            )
        )

    def advance(self, step: Step, swapped: bool = False) -> None:
        """Take a recorded (legal) step as the record wrote it: its exchanges draw what the
        record says (unless ``swapped``: already taken), then the step, then its refill."""
        if not swapped:
            for drawn in swap_draws(step):
                if step["do"] == "place_tile":
                    self.exchange_tiles(drawn)
                else:
                    self.exchange_cards(drawn)
        plain = {k: v for k, v in step.items() if k not in ("swap", "refill", "cows", "bonuses")}
        kind = step["do"]
        cows: frozenset[Cell] = frozenset()
        if kind == "play_card":
            cows = self.covered(step)
        elif kind == "return_herd":
            plain = {"do": "return_herd", "cells": [list(c) for c in self.herd_of(step)]}
        self.do(plain, cows)
        if "refill" in step:
            self.refilled(step["refill"])

    # --- effects -----------------------------------------------------------------------

    def score_points(self, points: int) -> list[int]:
        old, self.score = self.score, self.score + points
        hits = sorted(p for p in self.bonus if old < p <= self.score)
        for p in hits:
            kind = self.bonus[p]
            if kind == "cow":
                self.supply += 1
            elif kind == "extra_action":
                self.extra += 1
            elif kind in ("extra_tile", "extra_card"):
                self.avail[p] = kind
        return hits

    def do(self, step: Step, cows: frozenset[Cell] = frozenset()) -> None:
        """Apply a chosen step to the model and write its ``bonuses`` cross-check."""
        if "bonus_space" in step:
            self.avail.pop(step["bonus_space"])
        else:
            self.regular += 1
        hits: list[int] = []
        kind = step["do"]
        if kind == "place_tile":
            at = (step["at"][0], step["at"][1])
            self.display.remove(step["take"])
            self.tiles[at] = step["take"]
            self.placed = True
            if step.get("tree") is not None:
                sx, sy = step["tree"]
                self.used.update(((sx, sy), (sx + 1, sy), (sx, sy + 1), (sx + 1, sy + 1)))
                self.trees_left -= 1
                hits = self.score_points(5)
        elif kind == "take_card":
            self.card_display.remove(step["card"])
            self.hand = sorted([*self.hand, step["card"]])
        elif kind == "play_card":
            self.cows |= cows
            self.supply -= len(cows)
            self.hand.remove(step["card"])
            step["cows"] = [list(c) for c in sorted(cows)]
            hits = self.score_points(self.cards[step["card"]].points)
        elif kind == "return_herd":
            if "cells" in step:
                herd = [(c[0], c[1]) for c in step["cells"]]
            else:
                herd = next(h for h in self.herds() if list(h[0]) == step["at"])
            self.cows -= set(herd)
            self.supply += len(herd)
        step["bonuses"] = hits


def swap_draws(step: Step) -> list[list[str]]:
    """The ``drawn`` lists of a step's exchanges, in order (single object or list form)."""
    swap = step.get("swap")
    if swap is None:
        return []
    return [list(ex.get("drawn", [])) for ex in (swap if isinstance(swap, list) else [swap])]


def plan_after(state: State, prefix: Sequence[Mapping[str, Any]]) -> Plan:
    """The generator's model of the turn once the recorded steps ``prefix`` are taken."""
    plan = Plan(state)
    for step in prefix:
        plan.advance(dict(step))
    return plan


def partial_return(turn: Plan, herd: list[Cell], rng: random.Random, chance: float) -> Step | None:
    """A simulator's return of part of ``herd`` (a connected part, never the whole), with
    probability ``chance``, where the variant allows partial returns; None otherwise (the
    ``partial_returns`` knob of both policies)."""
    if not (chance and turn.opts.partial_herd and len(herd) > 1 and rng.random() < chance):
        return None
    parts = [p for p in _connected_subsets(herd) if len(p) < len(herd)]
    return {"do": "return_herd", "cells": [list(c) for c in rng.choice(parts)]}


def _connected_subsets(herd: list[Cell]) -> list[list[Cell]]:
    """Every N4-connected subset of a herd, whole herd included (``partial_herd``)."""
    out = []
    for mask in range(1, 1 << len(herd)):
        part = [c for i, c in enumerate(herd) if mask >> i & 1]
        if len(group_of(part[0], part, orthogonal)) == len(part):
            out.append(part)
    return out


def legal_steps(state: State, prefix: Sequence[Mapping[str, Any]] = ()) -> Iterator[Step]:
    """The legal next steps of the move once its recorded steps ``prefix`` are taken
    (reveals after the end of play, when a move is one reveal). Exchanges are not listed:
    they are two-stage decisions around a chance draw (16.3)."""
    from scorer.games.kuhfstein.scoring import evaluate

    if state.phase == "over":
        if prefix:
            return
        for i, (name, b) in enumerate(zip(state.names, state.boards, strict=True)):
            if b.revealed is None:
                for tid in b.dealt:
                    met = evaluate(state, i, state.comp.scoring_tiles[tid])
                    yield {"player": name, "do": "reveal_scoring_tile", "tile": tid, "met": met}
        return
    yield from plan_after(state, prefix).steps()
