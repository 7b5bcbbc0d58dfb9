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

Module map (the same rooms as every game package):

* ``rules`` — the rule catalogue (``RULE_IDS``).
* ``state`` — ``State`` (a NamedTuple of pyrsistent collections: named counts and supplies,
  one vector per player number), its typed draft ``TurnDraft``, ``Options``
  (``Options.parse``), the records it holds (``Game``, ``WaterShape``, ``ClaimIssue``,
  ``Snapshot``) and the component totals.
* ``setup`` — a record's ``setup`` → the first state; HAC-SETUP checks.
* ``steps`` — the TypedDicts of a turn and of each step kind (as the schema admits them).
* ``actions`` — the turn driver (``apply_move``, ``skip_move``), the ``step_<kind>(draft, step,
  at)`` that buy, and ``HANDLERS``; changes go through the state's ``TurnDraft``;
  ``placing`` — the steps that put a land, animal or water tile on the board.
* ``events`` — draws, refills, the land reshuffle, stack triggers, income claims, the end of a
  turn and of a round (intermediate and final scoring).
* ``scoring`` — one ``score_<category>`` per category, ``evaluate_seat`` / ``evaluate`` built
  from them (the same functions ``explain`` shows), market income.
* ``sheet`` — score sheets (events, game totals, ranking) and the claims beyond ``scores`` /
  ``breakdown`` (``extra_claims``); a module of its own, scoring + sheets pass 400 lines.
* ``position`` — the position checks of §13.3 (into ``scorer.core.gamebase.Findings``), the state
  of a position, and ``export_position``; ``playblock`` — the ``play`` block of a position.
* ``greedy`` — the greedy policy (a step's worth now) and its knobs; ``coverage`` — the
  option games ``bench/rule_coverage.py`` adds for the rules only options reach.
* ``generator`` — legal steps, written from the state (also after a prefix of a turn);
  ``simulate`` — complete games (random and greedy policies) and their ``features``, on
  ``dealing`` (the simulator's shuffled deal and piles);
  ``alternatives`` — what was legal instead of a rejected step, and steps in words.
* ``render`` (text), ``picture`` (SVG), ``explain`` (scoring items).
* Data and helpers: ``board`` (map geometry, map checks, the HAC-REC-2 coordinate check),
  ``catalog`` (the shipped maps), ``water`` (water-tile shapes and placement checks), ``haz``
  (the ``.haz`` map importer), ``component_data`` (fingerprints and event profiles).

Flood fills use ``scorer.grid.regions`` (``label_group`` / ``label_groups`` over the board's
neighbour table) and the geometry ``scorer.grid.hexgrid``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from scorer.core.components import Components
from scorer.core.findings import Finding
from scorer.core.gamebase import BaseRules
from scorer.core.values import (
    GameRules,
    Importer,
    Legal,
    Mark,
    Move,
    PositionResult,
    Record,
    RuleId,
    ScoreItem,
    ScoreSheet,
    steps_of,
)
from scorer.games.hacienda.actions import apply_move, skip_move
from scorer.games.hacienda.rules import RULE_IDS
from scorer.games.hacienda.scoring import CATEGORIES
from scorer.games.hacienda.setup import initial_state
from scorer.games.hacienda.sheet import extra_claims, record_sheet
from scorer.games.hacienda.state import State


def _import_haz(text: str, file_name: str, **fields: Any) -> dict[str, Any]:
    from scorer.games.hacienda.haz import import_haz

    return import_haz(text, file_name, **fields)


class HaciendaRules(BaseRules[State]):
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
        "land_rush": "true (greedy): every player buys land cards while any can be drawn",
        "animal_hoarder": "true (greedy): the first player buys every animal card, no one else",
    }
    #: §7.2 / HAC-END-2: the game ends at the end of the round in which stack 2 ran out.
    end_reasons: Mapping[str, str] = {
        "animal_stacks_exhausted": "both animal stacks drawn, the round played out",
    }
    claims_when_incomplete = False  # §7.5 / A19: claims are compared only once the game is over
    #: ``scorer import-map``: Yucata / SpielByWeb map files (§3.5).
    importers: Mapping[str, Importer] = {
        "haz": Importer("Hacienda .haz map (Yucata / SpielByWeb)", ".haz", _import_haz)
    }

    def initial_state(self, record: Record) -> State:
        return initial_state(record)

    def expected_players(self, state: State) -> frozenset[str]:
        return state.game.to_move[state.seat]

    def is_over(self, state: State) -> bool:
        return bool(state.final == 2)

    def apply(self, state: State, move: Move) -> State:
        return apply_move(state, move)

    def skip(self, state: State, move: Move) -> State:
        return skip_move(state)

    def count_steps(self, move: Move) -> int:
        """The referee counts a turn once ``apply`` accepted it: its ``steps`` list is there
        (one look-up, not ``steps_of``'s type check: a call less per move)."""
        return len(steps_of(move))

    def score(self, state: State) -> ScoreSheet:
        if state.track is not None:
            from scorer.games.hacienda.sheet import position_sheet

            return position_sheet(state, state.track, (state.board.describe(),))
        return record_sheet(state, (state.board.describe(),))

    def extra_claims(self, sheet: ScoreSheet, claimed: Mapping[str, Any]) -> list[Finding]:
        return extra_claims(sheet, claimed)

    def load_position(self, doc: Record) -> PositionResult[State]:
        from scorer.games.hacienda.position import load_position

        return load_position(doc)

    def export_position(self, state: State, record: Record) -> dict[str, Any]:
        from scorer.games.hacienda.position import export_position

        return export_position(state, record)

    def render(self, state: State, color: bool = False) -> str:
        from scorer.games.hacienda.render import render  # plain: its legend names the letters

        return render(state)

    def simulate(self, players: int, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
        from scorer.games.hacienda.simulate import simulate

        return simulate(players, seed, options)

    def legal_steps(self, state: State, prefix: Sequence[Mapping[str, Any]] = ()) -> Iterator[Any]:
        from scorer.games.hacienda.generator import steps_after

        return steps_after(state, prefix)

    def unoffered_step(self, state: State, move: Move) -> int | None:
        """Compared with every chance outcome the generator allows (a drawn card or refill
        must be one the pile can show), the income claim aside (generator.same_step)."""
        from scorer.core.legal import first_unoffered
        from scorer.games.hacienda.generator import same_step, steps_after

        return first_unoffered(
            lambda prefix: steps_after(state, prefix, draws=True), move, same=same_step
        )

    def legal_alternatives(self, state: State, move: Move, at: int, rule: RuleId) -> Legal | None:
        from scorer.games.hacienda.alternatives import legal_alternatives

        return legal_alternatives(state, move, at, rule)

    def describe_step(self, step: Mapping[str, Any]) -> str:
        from scorer.games.hacienda.alternatives import describe_step

        return describe_step(step)

    def end_reason(self, state: State) -> str | None:
        """§7.2: the only way a game ends; a position is scored as it stands (§13.4), with
        none (its ``track`` is set)."""
        if state.final == 2 and state.track is None and sum(state.stacks) == 0:
            return "animal_stacks_exhausted"
        return None

    def explain(self, state: State) -> list[ScoreItem]:
        from scorer.games.hacienda.explain import explain

        return explain(state)

    def draw_svg(self, state: State, items: Sequence[ScoreItem], mark: Mark | None) -> str:
        from scorer.games.hacienda.picture import draw_svg

        return draw_svg(state, items, mark)

    def effective_options(self, variant: Mapping[str, Any]) -> dict[str, Any]:
        from dataclasses import asdict

        from scorer.games.hacienda.state import Options

        return asdict(Options.parse(variant))

    def component_data(self, doc: Mapping[str, Any]) -> Components:
        from scorer.games.hacienda.component_data import component_data

        return component_data(doc)


RULES: GameRules[State] = HaciendaRules()
