"""What was legal instead of a rejected step (issue 13 §5), from the move generator.

``legal_alternatives`` follows the steps before the rejected one through the generator
(``generator.follow``, never the checks) and lists the legal steps of the rejected step's kind:

* a token (``place_token``): the cells that accept a token of the named colour, nearest to the
  named cell first; if that colour is not in hand (HAR-TOK-1), every placement of the tokens in
  hand; none before ``take_tokens`` or once all three are placed (the note says which);
* a cube (``place_cube``): the cells where the named card's habitat is present (with the
  smallest matching rotation), nearest first; for a card without a cube left (HAR-CUBE-1), the
  cells of every card that has one;
* a take (``take_tokens``), a card (``take_card``), a spirit (``choose_spirit``): the spaces,
  display cards or dealt spirit cards that could be taken, or why none could.

Harmonies steps hold nothing chance decides (refills and the solo discard are turn members,
never steps), so the question always applies to a rejected step; it is None only for a step
the finding does not name (no such index) or after a prefix the generator would not have
played (a disagreement the property tests look for). At most 75 token and 600 cube placements
are tested per step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from scorer.core import legal
from scorer.core.values import Json, Legal, Move, steps_of
from scorer.games.harmonies.board import CARD_LIMIT, TRACKS, to_axial
from scorer.games.harmonies.generator import Pending, follow, offers
from scorer.games.harmonies.state import State
from scorer.games.harmonies.steps import Offered, PlaceCubeStep, PlaceTokenStep
from scorer.grid.hexgrid import distance

#: A step placed on a cell (a token or a cube).
OnCell = TypeVar("OnCell", PlaceTokenStep, PlaceCubeStep)


def describe_step(step: Json) -> str:
    """A generated step in a few words (``blue at [2, 1]``, ``koala cube at [2, 2]``)."""
    do = step.get("do")
    if do == "take_tokens":
        tokens = step.get("tokens")
        what = f" ({', '.join(tokens)})" if tokens else ""
        return f"take space {step.get('space')}{what}"
    if do == "place_token":
        return f"{step.get('color')} at {_cell(step.get('cell'))}"
    if do == "take_card":
        return f"take {step.get('card')}"
    if do == "place_cube":
        turn = step.get("rotation")
        how = f" (rotation {turn})" if turn is not None else ""
        return f"{step.get('card')} cube at {_cell(step.get('cell'))}{how}"
    if do == "choose_spirit":
        return f"choose {step.get('card')}"
    if do == "end_turn":
        return "end the turn"
    return legal.describe_step(step)


def _cell(cell: object) -> str:
    if isinstance(cell, list | tuple):
        return "[" + ", ".join(str(v) for v in cell) + "]"
    return str(cell)


def legal_alternatives(state: State, move: Move, at: int) -> Legal | None:
    """The legal steps of the kind of step ``at`` of ``move`` after the steps before it."""
    steps = steps_of(move)
    if not 0 <= at < len(steps) or not isinstance(steps[at], Mapping):
        return None
    p = follow(state, steps[:at])
    if p is None:
        return None
    step: Json = steps[at]
    kind = step.get("do")
    offered = offers(p)
    if kind == "place_token":
        return _tokens(p, step, offered.tokens)
    if kind == "place_cube":
        return _cubes(p, step, offered.cubes)
    if kind == "take_tokens":
        return _build(offered.takes, "Central board spaces to take", _no_take(p))
    if kind == "take_card":
        return _build(offered.cards, "display cards the player may take", _no_card(p))
    if kind == "choose_spirit":
        return _build(offered.spirits, "dealt spirit cards to choose", _no_spirit(p))
    return None


def _build(offered: Iterable[Offered], note: str, none: str) -> Legal:
    return legal.build(offered, describe_step, note, none)


def _near(offered: Sequence[OnCell], cell: object) -> list[OnCell]:
    """``offered`` nearest to ``cell`` first (the generator's order among equals)."""
    if not (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)):
        return list(offered)
    here = to_axial((cell[0], cell[1]))
    return sorted(offered, key=lambda s: distance(here, to_axial((s["cell"][0], s["cell"][1]))))


def _tokens(p: Pending, step: Json, offered: list[PlaceTokenStep]) -> Legal:
    colour = step.get("color")
    if not p.hand:
        why = "all three tokens are placed" if p.took else "no token in hand: take tokens first"
        return _build((), "", why)
    hand = ", ".join(sorted(p.hand))
    if colour not in p.hand:
        return _build(_near(offered, step.get("cell")), f"the tokens in hand: {hand}", "")
    mine = [s for s in offered if s["color"] == colour]
    none = f"no cell of the board accepts a {colour} token"
    return _build(_near(mine, step.get("cell")), f"cells for a {colour} token", none)


def _cubes(p: Pending, step: Json, offered: list[PlaceCubeStep]) -> Legal:
    card = step.get("card")
    open_cards = p.open_cards()
    if card not in open_cards:
        have = ", ".join(open_cards)
        none = (
            f"the habitat of no card with a cube left ({have}) is present"
            if open_cards
            else "no card of the player has a cube left"
        )
        return _build(_near(offered, step.get("cell")), "cubes of the player's cards", none)
    mine = [s for s in offered if s["card"] == card]
    none = f"the habitat of {card} is present on no cell without a cube"
    return _build(_near(mine, step.get("cell")), f"cells where the habitat of {card} lies", none)


def _no_take(p: Pending) -> str:
    if p.took:
        return "tokens were already taken this turn"
    return "every Central board space is empty"


def _no_card(p: Pending) -> str:
    if p.took_card:
        return "an Animal card was already taken this turn"
    held = len(p.open_cards())
    if held >= CARD_LIMIT:
        return f"the player holds {held} incomplete cards"
    if not p.display:
        return "the display is empty"
    short = [c for c in p.display if p.reserve is not None and p.reserve < len(TRACKS[c])]
    if short:
        return f"the cube reserve ({p.reserve}) is too small for every display card"
    return "no display card can be taken"


def _no_spirit(p: Pending) -> str:
    if not p.state.options.nature_spirits:
        return "the Nature's Spirit module is not in use"
    if p.spirit is not None:
        return "the spirit card is already chosen"
    if not p.first:
        return "the spirit card is chosen in the player's first turn"
    return "no spirit card was dealt to the player"
