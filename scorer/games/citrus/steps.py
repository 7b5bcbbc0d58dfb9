"""The actions of a Citrus record as the schema admits them (``schemas/citrus.schema.json``):
one TypedDict per step kind (``do``), the finca values and landscape tile inside them, the
``expect`` block and the move.

A cell is the JSON ``[x, y]`` (a list of two integers). The optional members of a step are
``NotRequired``: the cross-checks ``tiles`` (a buy), ``new_region`` and ``took`` (a
placement) and ``paid`` (the cart). The step handlers (``actions``, ``build``), the
generator and the simulators read and write steps through these types.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

#: A cell as JSON: ``[x, y]``.
JsonCell = list[int]


class FincaValues(TypedDict):
    """The values of a finca tile: for the majority and for the runners-up (12.3)."""

    first: int
    second: int


#: What lies on a landscape space: horses, an action tile or a bull.
LandKind = Literal["horses", "cart", "milestone", "bull"]


class Took(TypedDict):
    """The landscape tile (or bull) a placement took (16.4): ``points`` for horses only."""

    type: LandKind
    points: NotRequired[int]


class BuyStep(TypedDict):
    """Buy a market line (7)."""

    do: Literal["buy"]
    line: str
    tiles: NotRequired[list[str]]


class NewFincaStep(TypedDict):
    """The new finca the market trigger calls for (12.2)."""

    do: Literal["new_finca"]
    site: str
    finca: FincaValues
    reveal: str | None


class PlaceStep(TypedDict):
    """Place a bought tile, or the cart's (8)."""

    do: Literal["place"]
    tile: str
    at: JsonCell
    new_region: NotRequired[bool]
    took: NotRequired[Took | None]


class ReturnStep(TypedDict):
    """Return a mistaken purchase (9)."""

    do: Literal["return"]
    tile: str


class RefillStep(TypedDict):
    """The market refill and what it drew (12.1)."""

    do: Literal["refill"]
    drawn: list[str]


class HarvestStep(TypedDict):
    """Harvest an own region, named by one of its cells (11)."""

    do: Literal["harvest"]
    at: JsonCell


class UseCartStep(TypedDict):
    """The cart takes the tile of one market field (10.3)."""

    do: Literal["use_cart"]
    field: int
    paid: NotRequired[int]


class UseMilestoneStep(TypedDict):
    """The milestone makes a new finca (10.4)."""

    do: Literal["use_milestone"]
    site: str
    finca: FincaValues
    reveal: str | None


class UseBullStep(TypedDict):
    """The bull goes on an empty field or landscape space (10.5)."""

    do: Literal["use_bull"]
    at: JsonCell


class PassStep(TypedDict):
    """Pass (12.4)."""

    do: Literal["pass"]


class UnblockStep(TypedDict):
    """The new finca that ends a full round of passes (CIT-PASS-2)."""

    do: Literal["unblock"]
    site: str
    finca: FincaValues
    reveal: str | None


#: A step that makes a new finca (and is checked by CIT-FINCA-1).
FincaStep = NewFincaStep | UseMilestoneStep | UnblockStep

#: A step using an action tile.
TileStep = UseCartStep | UseMilestoneStep | UseBullStep

#: A step of a move, of whichever kind.
Step = (
    BuyStep
    | NewFincaStep
    | PlaceStep
    | ReturnStep
    | RefillStep
    | HarvestStep
    | UseCartStep
    | UseMilestoneStep
    | UseBullStep
    | PassStep
    | UnblockStep
)


class FincaScored(TypedDict):
    """One finca scored at the end of a turn: the points by player name."""

    site: str
    points: dict[str, int]


class Expect(TypedDict, total=False):
    """The values a record expects after its move (CIT-REC-2 warns where they differ)."""

    money: int
    score: int
    mat: int
    income: int
    finca_scorings: list[FincaScored]


class TurnMove(TypedDict):
    """One turn of a record (schema ``turn``)."""

    player: str
    action: Literal["turn"]
    steps: list[Step]
    expect: NotRequired[Expect]
