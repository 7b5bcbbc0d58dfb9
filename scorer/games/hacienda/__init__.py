"""Hacienda (Wolfgang Kramer, 2005): verify and score complete games (rules/hacienda.md).

Decisions where the spec leaves room (also listed in the report):

* The main score sheet of a record holds the game totals per category (intermediate + final),
  so ``claimed.scores``/``claimed.breakdown`` compare with it; the two scoring events are the
  ``stages`` ``intermediate`` and ``final`` (``provisional`` while the game is not over).
* Income claims (HAC-MARKET-5, HAC-HARV-6) carry the pointer ``/moves/<i>/steps/<j>/income``;
  the move index is counted by the state (applied and skipped turns).
* A claim naming a non-player is REC-CLAIM-1 at that name (§7.5), as the referee does for
  ``scores``.
* ``buy_water`` with a ``shape`` while ``setup.water_supply`` is a number is HAC-WATER-4 at
  ``…/shape`` (the shape names nothing in the supply).
* A ``buy_card`` from the pile must not carry ``refill`` (schema), a display purchase may
  write ``"refill": null`` when the pile is empty.
* Positions: ``play.decks`` orders whose length differs from the pile are not used (the pile
  order counts as unknown); no rule of §13.3 checks them.
* The simulator plays on ``options["map"]`` or, without it, on a shipped custom map chosen by
  the seed (§14.2);
  ``decks``, ``harvest_chips``, ``neutral_haciendas`` and ``water_supply`` are setup options,
  every other key a variant option. A stalled game (200 rounds, or 3 rounds in which nobody
  had a legal step) is replayed from a derived seed, recorded in ``meta.seed``.
* ``count_steps`` counts the steps of a turn (a pass counts 0).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from scorer.components import Components
from scorer.engine import Importer, Mark, Move, PositionResult, Record, ScoreItem, ScoreSheet, State
from scorer.findings import Finding
from scorer.gamebase import BaseRules
from scorer.games.hacienda.actions import apply_turn, skip_turn
from scorer.games.hacienda.rules import RULE_IDS
from scorer.games.hacienda.scoring import CATEGORIES
from scorer.games.hacienda.setup import initial_state
from scorer.games.hacienda.sheet import extra_claims, record_sheet


def _import_haz(text: str, file_name: str, **fields: Any) -> dict[str, Any]:
    from scorer.games.hacienda.haz import import_haz

    return import_haz(text, file_name, **fields)


class HaciendaRules(BaseRules[Any]):
    """The GameRules object of Hacienda."""

    name = "hacienda"
    title = "Hacienda"
    rule_ids: Mapping[str, str] = RULE_IDS
    categories: tuple[str, ...] = CATEGORIES
    player_counts: tuple[int, int] = (2, 5)
    #: Simulator options besides the variant's (``scorer simulate --option``).
    simulate_options: Mapping[str, str] = {
        "map": "a shipped map id (--map)",
        "decks": "true: write the full deck orders",
        "harvest_chips": "chips in the supply",
        "neutral_haciendas": "haciendas in the supply",
        "water_supply": "buyable water tiles (a number or shapes)",
    }
    claims_when_incomplete = False  # §7.5 / A19: claims are compared only once the game is over
    #: ``scorer import-map``: Yucata / SpielByWeb map files (§3.5).
    importers: Mapping[str, Importer] = {
        "haz": Importer("Hacienda .haz map (Yucata / SpielByWeb)", ".haz", _import_haz)
    }

    def initial_state(self, record: Record) -> State:
        return initial_state(record)

    def expected_players(self, state: State) -> frozenset[str]:
        return frozenset((state.names[state.seat],))

    def is_over(self, state: State) -> bool:
        return bool(state.final == 2)

    def apply(self, state: State, move: Move) -> State:
        return apply_turn(state, move)

    def skip(self, state: State, move: Move) -> State:
        return skip_turn(state)

    def count_steps(self, move: Move) -> int:
        return len(move.get("steps", ()))

    def score(self, state: State) -> ScoreSheet:
        if state.track is not None:
            from scorer.games.hacienda.sheet import position_sheet

            return position_sheet(state, state.track, (state.board.describe(),))
        return record_sheet(state, (state.board.describe(),))

    def extra_claims(self, sheet: ScoreSheet, claimed: Mapping[str, Any]) -> list[Finding]:
        return extra_claims(sheet, claimed)

    def load_position(self, doc: Record) -> PositionResult:
        from scorer.games.hacienda.position import load_position

        return load_position(doc)

    def export_position(self, state: State, record: Record) -> dict[str, Any]:
        from scorer.games.hacienda.export import export_position

        return export_position(state, record)

    def render(self, state: State, color: bool = False) -> str:
        from scorer.games.hacienda.render import render  # plain: its legend names the letters

        return render(state)

    def simulate(self, players: int, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
        from scorer.games.hacienda.simulate import simulate

        return simulate(players, seed, options)

    def legal_steps(self, state: State) -> Iterator[Any]:
        from scorer.games.hacienda.generator import legal_steps

        return legal_steps(state)

    def explain(self, state: State) -> list[ScoreItem]:
        from scorer.games.hacienda.explain import explain

        return explain(state)

    def draw_svg(self, state: State, items: Sequence[ScoreItem], mark: Mark | None) -> str:
        from scorer.games.hacienda.picture import draw_svg

        return draw_svg(state, items, mark)

    def effective_options(self, variant: Mapping[str, Any]) -> dict[str, Any]:
        from dataclasses import asdict

        from scorer.games.hacienda.state import parse_options

        return asdict(parse_options(variant))

    def component_data(self, doc: Mapping[str, Any]) -> Components:
        from scorer.games.hacienda.component_data import component_data

        return component_data(doc)


RULES = HaciendaRules()
