"""A Hacienda turn and its steps as ``schemas/hacienda.schema.json`` admits them (§5, §6).

One TypedDict per ``do`` value; the step handlers in ``actions`` take the one of their kind, the
generator and the simulator build them. A space is named by its ``[q, r]`` cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NotRequired, TypedDict, cast

from scorer.core.values import Json, Move

Cell = list[int]  # [q, r]
Deck = Literal["land", "animal"]
Source = Literal["display", "pile"]


#: §6.1: a card from a display (with the refill drawn) or blind from the pile (the functional
#: form: ``from`` is a keyword). ``refill`` never comes with ``from: pile``.
BuyCardStep = TypedDict(
    "BuyCardStep",
    {
        "do": Literal["buy_card"],
        "deck": Deck,
        "from": Source,
        "card": str,
        "refill": NotRequired[str | None],
    },
)

#: A card purchase before chance has spoken, as the generator offers it (the drawn card of a
#: blind purchase missing or None, no refill yet); not a step a record may hold.
OpenPurchase = TypedDict(
    "OpenPurchase",
    {"do": Literal["buy_card"], "deck": Deck, "from": Source, "card": NotRequired[str | None]},
)


class BuyHaciendaStep(TypedDict):
    """§6.4: a neutral hacienda on an own chain or herd."""

    do: Literal["buy_hacienda"]
    at: Cell


class PlayLandStep(TypedDict):
    """§6.2: a land card played as a land tile."""

    do: Literal["play_land"]
    card: str
    at: Cell


class PlayAnimalStep(TypedDict):
    """§6.3: an animal card played as an animal tile; the income the markets pay, if claimed."""

    do: Literal["play_animal"]
    card: str
    at: Cell
    income: NotRequired[int]


class BuyWaterStep(TypedDict):
    """§6.5: a water tile of 1-4 cells (of a listed shape, if named)."""

    do: Literal["buy_water"]
    cells: list[Cell]
    shape: NotRequired[str]


class HarvestStep(TypedDict):
    """§6.6: a harvest chip on an own chain (taken from another player's land when the supply
    is empty); the income, if claimed."""

    do: Literal["harvest"]
    at: Cell
    take_from: NotRequired[Cell]
    income: NotRequired[int]


Step = BuyCardStep | BuyHaciendaStep | PlayLandStep | PlayAnimalStep | BuyWaterStep | HarvestStep
#: A step as the generator offers it: a whole step, or a purchase whose draw is still open.
Offer = Step | OpenPurchase


class TurnMove(TypedDict):
    """A move: a turn of the player to move, at most 3 steps (§5)."""

    player: str
    action: Literal["turn"]
    steps: list[Step]


def as_turn(move: Move) -> TurnMove:
    """A move of a record as the turn the schema has admitted it to be."""
    return cast(TurnMove, move)


def as_steps(steps: Sequence[Json]) -> Sequence[Step]:
    """Steps of a record (a turn's prefix) as the schema has admitted them to be."""
    return cast(Sequence[Step], steps)
