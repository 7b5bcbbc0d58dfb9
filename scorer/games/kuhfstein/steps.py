"""The actions of a Kuhfstein record as the schema admits them (``schemas/kuhfstein.schema.json``):
one TypedDict per step kind (``do``), the exchanges and refills inside them, and the move.

A cell is the JSON ``[x, y]`` (a list of two integers). The optional members of a step are
``NotRequired``: the cross-checks ``bonuses`` (every play step) and ``cows`` (a card play),
``refill`` (a step-level refill under ``refill_timing: after_action``), ``swap`` (one
exchange or a list of them), ``bonus_space`` (a bonus step) and ``tree`` (null or a square).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

#: A cell as JSON: ``[x, y]``.
JsonCell = list[int]


class Exchange(TypedDict):
    """One exchange of a display: what was drawn for it."""

    drawn: list[str]


#: A step's ``swap``: one exchange, or a list of them (``max_swaps_per_action`` > 1).
Swap = Exchange | list[Exchange]


class Refill(TypedDict, total=False):
    """The draws that refill the two displays."""

    tiles: list[str]
    cards: list[str]


class PlaceTileStep(TypedDict):
    """Action A: optional exchanges, take a tile, place it, optionally claim a tree."""

    do: Literal["place_tile"]
    take: str
    at: JsonCell
    swap: NotRequired[Swap]
    tree: NotRequired[JsonCell | None]
    bonus_space: NotRequired[int]
    bonuses: NotRequired[list[int]]
    refill: NotRequired[Refill]


class TakeCardStep(TypedDict):
    """Action B: optional exchanges, then take a displayed card."""

    do: Literal["take_card"]
    card: str
    swap: NotRequired[Swap]
    bonus_space: NotRequired[int]
    bonuses: NotRequired[list[int]]
    refill: NotRequired[Refill]


class PlayCardStep(TypedDict):
    """Action C: a card from the hand at a rotation and an offset."""

    do: Literal["play_card"]
    card: str
    rotation: int
    offset: JsonCell
    cows: NotRequired[list[JsonCell]]
    bonuses: NotRequired[list[int]]
    refill: NotRequired[Refill]


class ReturnHerdStep(TypedDict):
    """Action D: a herd back to the supply, by one of its cows (``at``), its ``cells``, or
    both (the schema asks for at least one)."""

    do: Literal["return_herd"]
    at: NotRequired[JsonCell]
    cells: NotRequired[list[JsonCell]]
    bonuses: NotRequired[list[int]]
    refill: NotRequired[Refill]


class PassStep(TypedDict):
    """A pass (KUH-TURN-4)."""

    do: Literal["pass"]
    bonuses: NotRequired[list[int]]
    refill: NotRequired[Refill]


class RevealStep(TypedDict):
    """The one step of a move after the end of play: a scoring tile revealed."""

    do: Literal["reveal_scoring_tile"]
    tile: str
    met: NotRequired[bool]


#: A step of a play turn.
PlayStep = PlaceTileStep | TakeCardStep | PlayCardStep | ReturnHerdStep | PassStep
#: Any step of a move.
Step = PlayStep | RevealStep


class TurnMove(TypedDict):
    """A move object: a play turn, or a reveal after the end of play."""

    player: str
    action: Literal["turn"]
    steps: list[Step]
    refill: NotRequired[Refill]
