"""What was legal instead of a rejected step (issue 13 §5), from the generator, in words.

``legal_alternatives(state, move, at, rule)`` answers the question two players in a dispute ask
next: for a rejected land or animal card, the spaces where that card could have gone (any
card's spaces if the player holds no such card); for a rejected water tile, where a tile of
that shape could have gone; for a rejected hacienda or harvest, where one could have gone; for
a refused purchase, what could have been bought. It is None where the question does not apply:
a drawn card or a refill is chance's, not the player's (HAC-BUY-4, HAC-BUY-5, HAC-BUY-6, a
wrong ``refill``). The work is bounded: ``scorer.core.legal.build`` looks at no more than
``LOOKED_AT`` steps, and the water family at no more than ``generator.WATER_SETS`` cell sets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from scorer.core import legal
from scorer.core.values import Json, Legal, Move, steps_of
from scorer.core.words import article
from scorer.games.hacienda.board import ANIMALS, LAND_CARDS
from scorer.games.hacienda.generator import after_prefix, of_kind
from scorer.games.hacienda.state import State
from scorer.games.hacienda.water import canonical_form, is_connected

Step = Json
#: Rules about what chance drew (the card of a blind purchase, a refill): no alternative.
CHANCE_RULES = frozenset({"HAC-BUY-4", "HAC-BUY-5", "HAC-BUY-6"})
#: What a step kind's alternatives are, and what it means when there are none.
NOTES: Mapping[str, tuple[str, str]] = {
    "buy_card": ("cards the player could buy", "the player could buy no card here"),
    "play_land": ("spaces where the card could go", "no space takes this land card here"),
    "play_animal": ("spaces where the card could go", "no space takes this animal card here"),
    "buy_hacienda": ("spaces for a hacienda", "no hacienda can be bought here"),
    "buy_water": ("placements of a water tile", "no water tile can be bought here"),
    "harvest": ("chains to harvest", "no chain can be harvested here"),
}


def _where(cell: Sequence[int]) -> str:
    q, r = cell
    return f"[{q}, {r}]"


def describe_step(step: Step) -> str:
    """A legal step in a few words: ``forest at [3, 0]``, ``a pig from the animal display``."""
    do = step.get("do")
    if do == "buy_card":
        deck = step.get("deck", "?")
        if step.get("from") == "pile":
            drawn = f" (draws {step['card']})" if step.get("card") else ""
            return f"a blind {deck} card from the pile{drawn}"
        refill = f", refill {step['refill']}" if step.get("refill") else ""
        return f"{article(str(step.get('card')))} from the {deck} display{refill}"
    if do in ("play_land", "play_animal"):
        return f"{step.get('card')} at {_where(step['at'])}"
    if do == "buy_hacienda":
        return f"a hacienda at {_where(step['at'])}"
    if do == "buy_water":
        cells = " ".join(_where(c) for c in step.get("cells", ()))
        shape = f" (shape {step['shape']})" if step.get("shape") else ""
        return f"water on {cells}{shape}"
    if do == "harvest":
        take = f", the chip from {_where(step['take_from'])}" if step.get("take_from") else ""
        return f"harvest at {_where(step['at'])}{take}"
    return legal.describe_step(step)


def _chance_decided(step: Step, rule: str) -> bool:
    """Whether the rejected part of ``step`` is what chance drew (no alternative applies)."""
    if rule in CHANCE_RULES:
        return True
    if rule != "HAC-BUY-1":
        return False
    vocab = LAND_CARDS if step.get("deck") == "land" else ANIMALS
    return step.get("from") == "pile" or step.get("card") in vocab  # the refill was wrong


def _holds(state: State, kind: str, card: object) -> bool:
    """Whether the player to move holds a card named ``card`` of the step kind's deck."""
    if kind == "play_land":
        return card in LAND_CARDS and state.land_hands[state.seat][LAND_CARDS.index(card)] > 0
    return card in ANIMALS and state.animal_hands[state.seat][ANIMALS.index(card)] > 0


def _same_tile(
    offered: Iterable[Step], cells: object, note: str, none: str
) -> tuple[Iterable[Step], str, str]:
    """Water placements of the rejected tile's shape (of its size, if its cells are no shape),
    or all placements if the rejected cells are no tile at all."""
    if not isinstance(cells, list) or not 1 <= len(cells) <= 4:
        return offered, note, none
    coords = [(c[0], c[1]) for c in cells]
    size = len(coords)
    form = canonical_form(coords) if len(set(coords)) == size and is_connected(coords) else None

    def same(step: Step) -> bool:
        mine = [(c[0], c[1]) for c in step["cells"]]
        return len(mine) == size and (form is None or canonical_form(mine) == form)

    what = "of that shape" if form is not None else f"of {size} cells"
    return (
        (s for s in offered if same(s)),
        f"placements of a water tile {what}",
        f"no water tile {what} can be bought here",
    )


def legal_alternatives(state: State, move: Move, at: int, rule: str) -> Legal | None:
    """The legal steps of the kind of step ``at`` of ``move`` after the steps before it."""
    steps = steps_of(move)
    if not 0 <= at < len(steps) or not isinstance(steps[at], Mapping):
        return None
    step = steps[at]
    kind = step.get("do")
    if kind not in NOTES or _chance_decided(step, rule):
        return None
    mid, used, taken = after_prefix(state, steps[:at])
    offered: Iterable[Step] = of_kind(mid, str(kind), used, taken)
    note, none = NOTES[str(kind)]
    if kind in ("play_land", "play_animal"):
        card = step.get("card")
        if _holds(mid, str(kind), card):
            offered = (s for s in offered if s.get("card") == card)
        else:
            note = f"the player holds no {card} card; spaces for the cards in hand"
            none = f"the player holds no {card} card, and no card in hand can be played"
    if kind == "buy_water":
        offered, note, none = _same_tile(offered, step.get("cells"), note, none)
    if at >= 3:
        none = "a turn has at most 3 steps; only the end of the turn is legal"
    return legal.build(offered, describe_step, note, none)
