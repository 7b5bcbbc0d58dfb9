"""The shapes of a Harmonies turn (``schemas/harmonies.schema.json``, ``$defs/turn`` and
``$defs/step``): one TypedDict per step kind, the move, and the generator's end of a turn.

A record is checked against the schema before the referee replays it, so the handlers read a
step through these types. Colours and card ids are strings here (the schema's colour enum is
checked by the schema; a card id is any string, checked by the rules). A cell is the schema's
pair of integers. ``NotRequired`` marks the members a record may leave out.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

#: Central board space (as written in records, ``"1"``…) → the colours drawn onto it.
RefillSpaces = dict[str, list[str]]


class TakeTokensStep(TypedDict):
    """Take all tokens of one Central board space (6.2); ``tokens`` lists their colours."""

    do: Literal["take_tokens"]
    space: int
    tokens: NotRequired[list[str]]


class PlaceTokenStep(TypedDict):
    """Place a token from hand on a cell of the own board (6.3)."""

    do: Literal["place_token"]
    color: str
    cell: list[int]


class TakeCardStep(TypedDict):
    """Take an Animal card from the display (6.4)."""

    do: Literal["take_card"]
    card: str


class PlaceCubeStep(TypedDict):
    """Place a cube of an own card where its habitat lies (6.5), in ``rotation`` if given."""

    do: Literal["place_cube"]
    card: str
    cell: list[int]
    rotation: NotRequired[int]


class ChooseSpiritStep(TypedDict):
    """Choose one of the two dealt Nature's Spirit cards (6.6)."""

    do: Literal["choose_spirit"]
    card: str


#: One step of a turn, of any kind (the ``do`` member tells which).
Step = TakeTokensStep | PlaceTokenStep | TakeCardStep | PlaceCubeStep | ChooseSpiritStep


class EndTurnStep(TypedDict):
    """The generator's pseudo-step that ends a turn (never written to a record)."""

    do: Literal["end_turn"]


#: A step the generator offers: a step of a record, or the end of the turn.
Offered = Step | EndTurnStep


class SoloDiscard(TypedDict):
    """Solo: the display card discarded at the end of the turn, and the card replacing it."""

    card: str
    replacement: NotRequired[str]


class Refill(TypedDict, total=False):
    """The refills at the end of a turn: the Central board spaces and the display's cards."""

    spaces: RefillSpaces
    display: list[str]


class TurnMove(TypedDict):
    """One move of a record: a player's turn (its steps, then the end-of-turn members)."""

    player: str
    action: Literal["turn"]
    steps: list[Step]
    solo_discard: NotRequired[SoloDiscard]
    refill: NotRequired[Refill]
