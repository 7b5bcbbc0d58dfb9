"""Harmonies (Libellud 2024), per ``shared/rules/harmonies.md``: the ``RULES`` object.

Module map (the same rooms as every game package):

* ``rules`` — the rule catalogue (``RULE_IDS``);
* ``state`` — ``State`` / ``PlayerState`` / ``HeldCard`` records over pyrsistent
  collections, the variant ``Options`` and ``TurnDraft`` (the typed draft of a turn);
* ``steps`` — the TypedDicts of a move and of each step kind, as the schema admits them;
* ``setup`` — the record's ``setup`` → the state before the first turn (HAR-SETUP-*);
* ``actions`` — the turn driver (``apply_move``, ``skip_move``) and one ``step_<kind>(draft,
  step, at)`` handler per step kind (``HANDLERS``);
* ``events`` — the end of a turn: turn checks, solo discard, refills, end triggers;
* ``scoring`` — final scoring units, the score sheet, suns and the ``claimed.suns`` claims;
* ``landscapes`` — the units of the board categories (Trees … water), from one bit-set
  layout of a player's board;
* ``position`` — a position → the state to score (``load_position``), and export;
* ``position_checks`` — the checks of a position document (HAR-POS-*) and its board's shape;
* ``generator`` — the legal steps of a turn in progress (independent of the checks), also
  after a recorded prefix of a turn's steps;
* ``alternatives`` — what was legal instead of a rejected step (``details.legal``), in words;
* ``simulate`` — complete legal games (the random policy), the simulator's options and the
  rare paths a game took (``features``);
* ``greedy`` — the greedy policy of the simulator (immediate score gain, seeded tie-breaks);
* ``render`` (terminal), ``picture`` (SVG) and ``explain`` (scoring items);
* data and helper modules: ``board`` (geometry, stacks, habitat placements), ``cards`` (the
  card catalogs), ``cellmap`` (``CellMap``, a board's cell → value map), ``cubelist`` and
  ``assign`` (a position's board-level cube list and its exact search), ``component_data``
  (the catalogue as component data, for fingerprints).

Decisions where the specification is silent (also in the report):

* ``refill.spaces`` keys are checked in record order: a listed space that receives no token, or
  the wrong number of tokens, is HAR-REFILL-1 at that key before a missing space is reported at
  ``refill/spaces``; HAR-REFILL-2 draws the listed colours in record order.
* A solo ``replacement`` is checked (HAR-REFILL-3/4) right after the discard, before the Central
  board refill. The replacement takes the discarded card's display slot.
* On the game's final turn, listed refills are still applied to the (no longer used) Central board
  and display after the HAR-REFILL-2/4 checks; they cannot change any score.
* A second ``take_tokens`` (``take_card``) in a turn is reported as HAR-TURN-2 (HAR-TURN-4)
  before the step's own TAKE (CARD) checks run.
* Solo: the sheet's ranking is the single player; the table shows ``cubes`` and ``suns``.
  ``claimed.suns`` in a multiplayer record is one REC-CLAIM-1 at ``/claimed/suns``.
* ``skip`` (``--keep-going``) passes over a rejected turn: the seat advances and the player's turn
  count grows (so a later ``choose_spirit`` is no longer a first-turn choice); nothing else
  changes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from scorer.core.components import Components
from scorer.core.findings import Finding
from scorer.core.gamebase import BaseRules
from scorer.core.values import (
    GameRules,
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
from scorer.games.harmonies.actions import apply_move, skip_move
from scorer.games.harmonies.rules import END_REASONS, RULE_IDS, SIMULATE_OPTIONS
from scorer.games.harmonies.scoring import CATEGORIES, compare_suns, score_state
from scorer.games.harmonies.setup import initial_state
from scorer.games.harmonies.state import State as GameState


class HarmoniesRules(BaseRules[GameState]):
    """The GameRules implementation of Harmonies."""

    name = "harmonies"
    title = "Harmonies"
    rule_ids: Mapping[str, str] = RULE_IDS
    categories: tuple[str, ...] = CATEGORIES
    player_counts: tuple[int, int] = (1, 4)
    end_reasons: Mapping[str, str] = END_REASONS
    simulate_options: Mapping[str, str] = SIMULATE_OPTIONS

    def initial_state(self, record: Record) -> GameState:
        return initial_state(record)

    def expected_players(self, state: GameState) -> frozenset[str]:
        return frozenset((state.players[state.seat].name,))

    def is_over(self, state: GameState) -> bool:
        return state.over

    def apply(self, state: GameState, move: Move) -> GameState:
        return apply_move(state, move)

    def count_steps(self, move: Move) -> int:
        # the referee counts the steps of a move it applied: a schema-valid turn
        return len(steps_of(move))

    def skip(self, state: GameState, move: Move) -> GameState:
        return skip_move(state, move)

    def score(self, state: GameState) -> ScoreSheet:
        return score_state(state)

    def extra_claims(self, sheet: ScoreSheet, claimed: Mapping[str, Any]) -> list[Finding]:
        return compare_suns(sheet, claimed)

    def load_position(self, doc: Record) -> PositionResult[GameState]:
        from scorer.games.harmonies.position import load_position

        return load_position(doc)

    def export_position(self, state: GameState, record: Record) -> dict[str, Any]:
        from scorer.games.harmonies.position import export_position

        return export_position(state, record)

    def render(self, state: GameState, color: bool = False) -> str:
        from scorer.games.harmonies.render import render

        return render(state, color)

    def simulate(self, players: int, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
        from scorer.games.harmonies.simulate import simulate

        return simulate(players, seed, options)

    def end_reason(self, state: GameState) -> str | None:
        return (state.trigger or None) if state.over else None

    def legal_steps(
        self, state: GameState, prefix: Sequence[Mapping[str, Any]] = ()
    ) -> Iterator[Any]:
        from scorer.games.harmonies.generator import follow, legal_steps

        pending = follow(state, prefix)
        return iter(()) if pending is None else legal_steps(pending)

    def unoffered_step(self, state: GameState, move: Move) -> int | None:
        from scorer.games.harmonies.generator import first_unoffered

        return first_unoffered(state, steps_of(move))

    def describe_step(self, step: Mapping[str, Any]) -> str:
        from scorer.games.harmonies.alternatives import describe_step

        return describe_step(step)

    def legal_alternatives(
        self, state: GameState, move: Move, at: int, rule: RuleId
    ) -> Legal | None:
        from scorer.games.harmonies.alternatives import legal_alternatives

        return legal_alternatives(state, move, at)

    def explain(self, state: GameState) -> list[ScoreItem]:
        from scorer.games.harmonies.explain import explain

        return explain(state)

    def draw_svg(self, state: GameState, items: Sequence[ScoreItem], mark: Mark | None) -> str:
        from scorer.games.harmonies.picture import draw_svg

        return draw_svg(state, items, mark)

    def effective_options(self, variant: Mapping[str, Any]) -> dict[str, Any]:
        from dataclasses import asdict

        from scorer.games.harmonies.state import Options

        return asdict(Options.parse(variant))

    def component_data(self, doc: Mapping[str, Any]) -> Components:
        from scorer.games.harmonies.component_data import component_data

        return component_data(doc)


RULES: GameRules[GameState] = HarmoniesRules()
