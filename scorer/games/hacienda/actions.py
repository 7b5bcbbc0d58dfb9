"""The steps of a turn (rules/hacienda.md §5-§6): one ``apply_<step>`` per ``do`` value.

``apply_turn`` copies the state into a mutable :class:`Turn` once, runs the steps in order
(turn limits, then HAC-REC-2, then the step's own checks as guard clauses), and freezes the
result. Paths are relative to the move object (``("steps", j, "at")``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from scorer.errors import PathPart, RuleViolation
from scorer.games.hacienda.board import ANIMALS, LAND_CARDS, PAMPAS
from scorer.games.hacienda.buying import apply_buy_card
from scorer.games.hacienda.events import end_turn
from scorer.games.hacienda.groups import group, is_animal_of, market_value
from scorer.games.hacienda.state import (
    ANIMAL,
    LAND,
    MAX_ANIMAL_TILES,
    MAX_LAND_TILES,
    WATER,
    ClaimIssue,
    State,
)
from scorer.games.hacienda.turn import Turn
from scorer.games.hacienda.water import canonical_form, is_connected
from scorer.words import article, plural

Step = Mapping[str, Any]
LIMITED = {"buy_hacienda": "HAC-TURN-5", "buy_water": "HAC-TURN-6", "harvest": "HAC-TURN-7"}
LAND_INDEX = {c: i for i, c in enumerate(LAND_CARDS)}
ANIMAL_INDEX = {c: i for i, c in enumerate(ANIMALS)}


def _bad(
    rule: str,
    message: str,
    path: tuple[PathPart, ...],
    expected: object = None,
    found: object = None,
) -> RuleViolation:
    details = {} if expected is None and found is None else {"expected": expected, "found": found}
    return RuleViolation(rule, message, path, details)


def _space(t: Turn, cell: Any, path: tuple[PathPart, ...]) -> int:
    """HAC-REC-2: the space index of a coordinate of the step."""
    space = t.board.index.get((cell[0], cell[1]))
    if space is None:
        raise _bad(
            "HAC-REC-2",
            f"({cell[0]},{cell[1]}) is not a space of the map",
            path,
            "a space of the map",
            list(cell),
        )
    return space


def _where(t: Turn, space: int) -> str:
    q, r = t.board.coords[space]
    return f"({q},{r})"


def apply_buy_hacienda(t: Turn, step: Step, base: tuple[PathPart, ...]) -> None:
    at = _space(t, step["at"], (*base, "at"))
    cost = t.opts.hacienda_cost
    # HAC-HAC-1: a neutral hacienda is left
    if t.haciendas_left <= 0:
        raise _bad("HAC-HAC-1", "no neutral hacienda is left in the supply", base, 1, 0)
    # HAC-HAC-2: enough pesos
    if t.money[t.seat] < cost:
        raise _bad(
            "HAC-HAC-2",
            f"a hacienda costs {plural(cost, 'peso')}, the player has {t.money[t.seat]}",
            base,
            cost,
            t.money[t.seat],
        )
    code = t.cells[at]
    # HAC-HAC-3: on an own land or animal tile
    if code != LAND + t.seat and not is_animal_of(code, t.seat):
        raise _bad("HAC-HAC-3", f"{_where(t, at)} carries no tile of the player", (*base, "at"))
    members = group(t.cells, t.board.neighbours, at)
    # HAC-HAC-4: no hacienda on that chain or herd yet
    if any(m in t.haciendas for m in members):
        raise _bad(
            "HAC-HAC-4", f"the group at {_where(t, at)} already has a hacienda", (*base, "at")
        )
    # HAC-HAC-5: the group is large enough
    if len(members) < t.opts.hacienda_min_group:
        raise _bad(
            "HAC-HAC-5",
            f"the group at {_where(t, at)} has "
            f"{plural(len(members), 'tile')}, a hacienda needs "
            f"{t.opts.hacienda_min_group}",
            (*base, "at"),
            t.opts.hacienda_min_group,
            len(members),
        )
    t.money[t.seat] -= cost
    t.haciendas_left -= 1
    t.haciendas.add(at)


def _fallback(t: Turn, terrain: int) -> bool:
    return terrain == PAMPAS or t.free[terrain] == 0


def apply_play_land(t: Turn, step: Step, base: tuple[PathPart, ...]) -> None:
    at = _space(t, step["at"], (*base, "at"))
    card = LAND_INDEX.get(step["card"], -1)
    # HAC-LAND-1: the card is in hand
    if card < 0 or t.lhand[card] <= 0:
        raise _bad("HAC-LAND-1", f"the player holds no {step['card']} land card", (*base, "card"))
    # HAC-LAND-6: a land tile is left
    if t.land_tiles >= MAX_LAND_TILES:
        raise _bad("HAC-LAND-6", "all 80 land tiles are on the board", base, "< 80", t.land_tiles)
    kind = t.board.types[at]
    # HAC-LAND-2: the space is empty
    if kind > PAMPAS or t.cells[at] != 0:
        raise _bad("HAC-LAND-2", f"{_where(t, at)} is not empty", (*base, "at"))
    as_pampas = _fallback(t, card)
    # HAC-LAND-3: a terrain card goes on its terrain while one is empty
    if not as_pampas and kind != card:
        raise _bad(
            "HAC-LAND-3",
            f"{_where(t, at)} is {LAND_CARDS[kind]}, "
            f"{article(LAND_CARDS[card])} card goes on an empty {LAND_CARDS[card]} space",
            (*base, "at"),
            LAND_CARDS[card],
            LAND_CARDS[kind],
        )
    if as_pampas:
        # HAC-LAND-4: pampas (or fallback) on a pampas space
        if kind != PAMPAS:
            raise _bad(
                "HAC-LAND-4",
                f"{_where(t, at)} is {LAND_CARDS[kind]}; this card goes on a pampas space",
                (*base, "at"),
                "pampas",
                LAND_CARDS[kind],
            )
        # HAC-LAND-5: next to an own land tile
        if all(t.cells[n] != LAND + t.seat for n in t.board.neighbours[at]):
            raise _bad(
                "HAC-LAND-5", f"{_where(t, at)} touches no land tile of the player", (*base, "at")
            )
    t.lhand[card] -= 1
    t.land_discard[card] += 1
    t.land_tiles += 1
    t.cells[at] = LAND + t.seat
    t.free[kind] -= 1


def apply_play_animal(t: Turn, step: Step, base: tuple[PathPart, ...]) -> None:
    at = _space(t, step["at"], (*base, "at"))
    animal = ANIMAL_INDEX.get(step["card"], -1)
    # HAC-ANIMAL-1: the card is in hand
    if animal < 0 or t.ahand[animal] <= 0:
        raise _bad("HAC-ANIMAL-1", f"the player holds no {step['card']} card", (*base, "card"))
    # HAC-ANIMAL-2: an empty pampas space
    if t.board.types[at] != PAMPAS or t.cells[at] != 0:
        raise _bad("HAC-ANIMAL-2", f"{_where(t, at)} is not an empty pampas space", (*base, "at"))
    code = ANIMAL + 4 * t.seat + animal
    nbrs = t.board.neighbours[at]
    # HAC-ANIMAL-3: next to own land or an own tile of the same animal
    if all(t.cells[n] != LAND + t.seat and t.cells[n] != code for n in nbrs):
        raise _bad(
            "HAC-ANIMAL-3",
            f"{_where(t, at)} touches neither a land tile of the player "
            f"nor one of the player's {ANIMALS[animal]}",
            (*base, "at"),
        )
    # HAC-ANIMAL-4: an animal tile is left
    if t.animal_tiles >= MAX_ANIMAL_TILES:
        raise _bad(
            "HAC-ANIMAL-4",
            "the player has all 30 animal tiles on the board",
            base,
            "< 30",
            t.animal_tiles,
        )
    markets = t.board.markets_next[at]
    if t.opts.market_pay_per == "market":
        # HAC-MARKET-4: only markets the player was not connected to
        markets = tuple(
            m
            for m in markets
            if not any(is_animal_of(t.cells[n], t.seat) for n in t.board.neighbours[m])
        )
    t.ahand[animal] -= 1
    t.animal_tiles += 1
    t.cells[at] = code
    t.free[PAMPAS] -= 1
    income = 0
    if markets:
        # HAC-MARKET-1/2/3: every adjacent market side pays
        value = market_value(
            t.cells, t.board.neighbours, at, t.seat, t.opts.market_payout, t.opts.market_land_count
        )
        income = value * len(markets)
        t.money[t.seat] += income
    _check_income(t, step, base, income, "HAC-MARKET-5")


def _check_income(t: Turn, step: Step, base: tuple[PathPart, ...], income: int, rule: str) -> None:
    # HAC-MARKET-5 / HAC-HARV-6: a claimed income equals the computed one (a claim finding)
    if "income" in step and step["income"] != income:
        path = ("moves", t.move_index, *base, "income")
        when = f"move {t.move_index + 1}, step {int(base[1]) + 1}"
        t.issues.append(
            ClaimIssue(
                rule, path, t.state.names[t.seat], t.move_index, when, income, step["income"]
            )
        )


def _water_target(t: Turn, step: Step, base: tuple[PathPart, ...]) -> list[int]:
    cells = step["cells"]
    spaces = [_space(t, c, (*base, "cells", k)) for k, c in enumerate(cells)]
    cost = t.opts.water_cost
    # HAC-WATER-1: enough pesos
    if t.money[t.seat] < cost:
        raise _bad(
            "HAC-WATER-1",
            f"a water tile costs {plural(cost, 'peso')}, the player has {t.money[t.seat]}",
            base,
            cost,
            t.money[t.seat],
        )
    coords = [t.board.coords[s] for s in spaces]
    # HAC-WATER-2: 1-4 distinct cells in one connected group
    if not 1 <= len(spaces) <= 4 or len(set(spaces)) != len(spaces) or not is_connected(coords):
        raise _bad(
            "HAC-WATER-2",
            "a water tile covers 1 to 4 distinct connected spaces",
            (*base, "cells"),
            "1-4 connected cells",
            [list(c) for c in coords],
        )
    for k, s in enumerate(spaces):
        # HAC-WATER-3: every cell an empty pampas space
        if t.board.types[s] != PAMPAS or t.cells[s] != 0:
            raise _bad(
                "HAC-WATER-3", f"{_where(t, s)} is not an empty pampas space", (*base, "cells", k)
            )
    return spaces


def apply_buy_water(t: Turn, step: Step, base: tuple[PathPart, ...]) -> None:
    spaces = _water_target(t, step, base)
    shape_path = (*base, "shape") if "shape" in step else (*base, "cells")
    if t.water_shapes is None:
        # HAC-WATER-4: a tile is left (and a named shape exists)
        if t.water_left <= 0 or "shape" in step:
            raise _bad(
                "HAC-WATER-4",
                "no water tile of that kind is left in the supply",
                shape_path,
                "a water tile in the supply",
                t.water_left,
            )
        t.water_left -= 1
    else:
        form = canonical_form([t.board.coords[s] for s in spaces])
        pick = next(
            (
                k
                for k, sh in enumerate(t.water_shapes)
                if sh.form == form and sh.count > 0 and step.get("shape", sh.shape) == sh.shape
            ),
            None,
        )
        # HAC-WATER-4: a tile of this shape is left
        if pick is None:
            raise _bad(
                "HAC-WATER-4", "no water tile of this shape is left in the supply", shape_path
            )
        shape = t.water_shapes[pick]
        t.water_shapes[pick] = replace(shape, count=shape.count - 1)
        t.water_left -= 1
    # HAC-WATER-5: with the option, next to an own tile
    if t.opts.water_needs_own_neighbor and not any(
        t.cells[n] == LAND + t.seat or is_animal_of(t.cells[n], t.seat)
        for s in spaces
        for n in t.board.neighbours[s]
    ):
        raise _bad(
            "HAC-WATER-5", "no cell touches a land or animal tile of the player", (*base, "cells")
        )
    t.money[t.seat] -= t.opts.water_cost
    for s in spaces:
        t.cells[s] = WATER + t.pieces
    t.pieces += 1
    t.free[PAMPAS] -= len(spaces)


def apply_harvest(t: Turn, step: Step, base: tuple[PathPart, ...]) -> None:
    at = _space(t, step["at"], (*base, "at"))
    source = _space(t, step["take_from"], (*base, "take_from")) if "take_from" in step else None
    # HAC-HARV-1: an own land tile
    if t.cells[at] != LAND + t.seat:
        raise _bad(
            "HAC-HARV-1", f"{_where(t, at)} carries no land tile of the player", (*base, "at")
        )
    chain = group(t.cells, t.board.neighbours, at)
    # HAC-HARV-2: no chip on the chain
    if any(c in t.chips for c in chain):
        raise _bad(
            "HAC-HARV-2",
            f"the chain at {_where(t, at)} already carries a harvest chip",
            (*base, "at"),
        )
    # HAC-HARV-3: the chain is long enough
    if len(chain) < t.opts.harvest_min_chain:
        raise _bad(
            "HAC-HARV-3",
            f"the chain has {plural(len(chain), 'tile')}, harvesting needs "
            f"{t.opts.harvest_min_chain}",
            (*base, "at"),
            t.opts.harvest_min_chain,
            len(chain),
        )
    if t.chips_left > 0:
        # HAC-HARV-4: the chip comes from the supply
        if source is not None:
            raise _bad(
                "HAC-HARV-4",
                "the chip supply is not empty; take_from is not allowed",
                (*base, "take_from"),
            )
        t.chips_left -= 1
    else:
        # HAC-HARV-5: take a chip lying on another player's land
        if source is None:
            raise _bad(
                "HAC-HARV-5", "the chip supply is empty; name the chip taken in take_from", base
            )
        owner = t.cells[source] - LAND
        if source not in t.chips or not 0 <= owner < len(t.money) or owner == t.seat:
            raise _bad(
                "HAC-HARV-5",
                f"{_where(t, source)} carries no harvest chip on another player's land tile",
                (*base, "take_from"),
            )
        t.chips.discard(source)
    t.chips.add(at)
    income = 3 * len(chain)
    t.money[t.seat] += income
    _check_income(t, step, base, income, "HAC-HARV-6")


HANDLERS: dict[str, Callable[[Turn, Step, tuple[PathPart, ...]], None]] = {
    "buy_card": apply_buy_card,
    "buy_hacienda": apply_buy_hacienda,
    "play_land": apply_play_land,
    "play_animal": apply_play_animal,
    "buy_water": apply_buy_water,
    "harvest": apply_harvest,
}


def apply_turn(state: State, move: Mapping[str, Any]) -> State:
    """One turn object: its steps in order, then the end of the turn (§5, §6.7, §7)."""
    t = Turn(state)
    used: set[str] = set()
    for j, step in enumerate(move["steps"]):
        do = step["do"]
        # HAC-TURN-2: at most 3 steps
        if j >= 3:
            raise _bad(
                "HAC-TURN-2", "a turn has at most 3 actions", ("steps", 3), 3, len(move["steps"])
            )
        # HAC-TURN-5/6/7: once per turn
        if do in LIMITED:
            if do in used:
                raise _bad(LIMITED[do], f"only one {do} per turn", ("steps", j))
            used.add(do)
        HANDLERS[do](t, step, ("steps", j))
    following = (t.seat + 1) % len(t.money)
    if following != 0 or (t.inter != 1 and t.final != 1):
        return t.freeze(following)  # no round end with a pending scoring: just the next seat
    return end_turn(t.freeze())


def skip_turn(state: State) -> State:
    """Pass over a rejected turn: the next seat moves."""
    return end_turn(state)


def apply_steps(state: State, steps: Sequence[Mapping[str, Any]]) -> State:
    """The state inside a turn after ``steps`` (checked), before the turn ends (simulator)."""
    t = Turn(state)
    for j, step in enumerate(steps):
        HANDLERS[step["do"]](t, step, ("steps", j))
    return t.freeze()
