"""Kuhfstein (Rita Modl, Schmidt Spiele 2023): the rules as specified in rules/kuhfstein.md.

Module map:

- rules (catalogue); state (the immutable ``State``, its records, ``Options`` and the
  ``TurnDraft`` a move writes); tilemap (``TileMap``, a landscape: cell → kind);
  steps (the TypedDict of a move and of every step kind, as the schema admits them);
- cards (card definitions, KUH-CARDDEF-*, and the CardBook); component_checks (scoring-tile,
  track, tree and tile-count checks: data shared by setup and positions); setup
  (KUH-SETUP-*, the states of a record and of a position);
- actions (the turn driver ``apply_move`` / ``skip_move`` and one ``step_<do>`` handler per
  step, HANDLERS); landscape (tree squares and the stuck test the handlers share); events
  (the start and end of a turn and of play, refills, the bonus track, reveals); draws (the
  draw primitives and the exchanges that draw, for events and actions); scoring;
- position (section 14 checks and export);
- generator (legal steps, 16.1, also after a recorded prefix of a move); alternatives (what
  the generator says of a recorded move: the first step it would not offer, the legal
  alternatives to a rejected step, steps in words);
- simulate (16.2–16.5; the random policy) and greedy (the greedy policy); knobs (the
  simulator's own options); coverage (the extra games of bench/rule_coverage.py,
  ``COVERAGE_RUNS``); features (the rare paths a simulated game took, for
  bench/policy_outcomes.py); gendata (16.4 catalog data);
- component_data (the component view of ``scorer serve``); render, picture, explain.

Decisions where the spec is silent (the spec's own [D] decisions are its variant options):
- Setup violations are all collected; the referee takes one exception from
  ``initial_state``, so the first (in catalogue order) is raised, its message counts the
  others and ``details["others"]`` lists them (rule, path, message).
- Warnings (KUH-CARDDEF-7, KUH-BONUS-5, KUH-FINAL-6) found while replaying a record are kept
  in the state (``State.warnings``, absolute pointers) and returned by
  ``RULES.warnings(state)`` (the referee reports them); the score sheet notes that the result
  is partly unverified. Positions report them as warning findings.
- A mirrored or identical pattern under two ids is not an error (spec 3.3).
- ``card_catalog: "official"`` is refused by the schema: no official catalog exists, so
  KUH-CARDDEF-6 cannot apply (spec 9.3).
- KUH-SETUP-1 points at ``/players/4`` (the first surplus player) for more than 4 players,
  at ``/players`` for fewer than 2.
- A ``cows`` cross-check listing a cell twice, and a ``cells`` list naming a cow twice, are
  rejected (KUH-PLAY-7, KUH-HERD-2): they are not "the set" the spec asks for.
- Provisional scores (an incomplete record, a position without ``revealed``) use the dealt
  tile worth more in the current state; a position's ``met`` without ``revealed`` is
  checked against that tile.
- ``legal_steps`` lists steps without exchanges (an exchange is decided, then drawn, then
  the take is chosen: 16.3); after the end of play it lists reveals, each with its player.
  ``unoffered_step`` compares a recorded step with them by what it does (alternatives.py).
- ``legal_alternatives`` answers per rule (alternatives.py): None for draws, refills, exchange
  counts and cross-checks (``bonuses``; a reveal's custom ``met``), whose finding already says
  what was expected; a refused exchange (KUH-TILE-1, KUH-TAKE-1) lists the steps without one.
- The simulator's policy and knobs (knobs.py) never reach the record's ``variant``: greedy
  records carry ``meta.policy``, knobbed ones ``meta.knobs``; without them the random policy
  plays the games it always played, byte for byte.
- ``end_reason`` is ``threshold`` (the end trigger) or ``tiles_exhausted`` (the early end),
  whichever ended play first (A11: the threshold wins when both happen in one turn); a position has
  no past, so its ``end_reason`` is None.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from scorer.core.claims import claim_label, not_a_player
from scorer.core.components import Components
from scorer.core.findings import Finding
from scorer.core.gamebase import BaseRules
from scorer.core.pointer import to_pointer
from scorer.core.values import (
    GameRules,
    Legal,
    Mark,
    Move,
    PositionResult,
    Record,
    ScoreItem,
    ScoreSheet,
)
from scorer.core.words import plural
from scorer.games.kuhfstein import actions, scoring, setup
from scorer.games.kuhfstein.knobs import SIMULATE_OPTIONS
from scorer.games.kuhfstein.rules import RULE_IDS
from scorer.games.kuhfstein.state import CATEGORIES, END_REASONS, State

#: player name → the frozenset of that name alone (the referee asks once per move)
_ONE: dict[str, frozenset[str]] = {}


class KuhfsteinRules(BaseRules[State]):
    """The GameRules object of Kuhfstein."""

    name = "kuhfstein"
    title = "Kuhfstein"
    rule_ids: Mapping[str, str] = RULE_IDS
    categories: tuple[str, ...] = CATEGORIES
    player_counts: tuple[int, int] = (2, 4)
    end_reasons: Mapping[str, str] = END_REASONS
    #: what an exchange or a refill drew (16.3); an exchange itself is a decision that the
    #: generator takes before the draw (alternatives.py compares recorded steps that way)
    chance_members: frozenset[str] = frozenset({"swap", "refill"})
    simulate_options: Mapping[str, str] = SIMULATE_OPTIONS

    def initial_state(self, record: Record) -> State:
        return setup.initial_state(record)

    def expected_players(self, state: State) -> frozenset[str]:
        st = state
        # KUH-TURN-1: seat order during play; after it, anybody who has not revealed
        if st.phase != "over":
            name = st.names[st.seat]
            one = _ONE.get(name)
            if one is None:
                one = frozenset((name,))
                if len(_ONE) < 10_000:
                    _ONE[name] = one
            return one
        return frozenset(n for n, b in zip(st.names, st.boards, strict=True) if b.revealed is None)

    def is_over(self, state: State) -> bool:
        return state.phase == "over" and all(b.revealed is not None for b in state.boards)

    def apply(self, state: State, move: Move) -> State:
        return actions.apply_move(state, move)

    def skip(self, state: State, move: Move) -> State:
        return actions.skip_move(state, move)

    def score(self, state: State) -> ScoreSheet:
        return scoring.score_state(state)

    def warnings(self, state: State) -> tuple[Finding, ...]:
        """Warnings found during the replay (absolute pointers)."""
        return state.warnings

    def extra_claims(self, sheet: ScoreSheet, claimed: Mapping[str, Any]) -> list[Finding]:
        findings: list[Finding] = []
        for name, value in claimed.get("tiles_placed", {}).items():
            pointer = to_pointer(("claimed", "tiles_placed", name))
            try:
                actual = sheet.player(name).extras["tiles_placed"]
            except KeyError:
                findings.append(not_a_player(pointer, name, with_found=False))
                continue
            # KUH-CLAIM-1: claimed tiles_placed equals the tiles in the landscape
            if actual != value:
                findings.append(
                    Finding(
                        "KUH-CLAIM-1",
                        pointer,
                        f"{claim_label(name)}: claimed "
                        f"{plural(value, 'tile')} placed, the landscape holds {actual}",
                        details={"player": name, "expected": actual, "found": value},
                    )
                )
        return findings

    def load_position(self, doc: Record) -> PositionResult[State]:
        from scorer.games.kuhfstein import position

        return position.load_position(doc)

    def export_position(self, state: State, record: Record) -> dict[str, Any]:
        from scorer.games.kuhfstein import position

        return position.export_position(state, record)

    def render(self, state: State, color: bool = False) -> str:
        from scorer.games.kuhfstein import render  # plain: its legend names the letters

        return render.render(state)

    def simulate(self, players: int, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
        from scorer.games.kuhfstein.simulate import simulate

        return simulate(players, seed, options)

    def explain(self, state: State) -> list[ScoreItem]:
        from scorer.games.kuhfstein.explain import explain

        return explain(state)

    def draw_svg(self, state: State, items: Sequence[ScoreItem], mark: Mark | None) -> str:
        from scorer.games.kuhfstein.picture import draw_svg

        return draw_svg(state, items, mark)

    def draft_state(self, doc: Record) -> State | None:
        """A state to draw an impossible position with (``scorer serve``), or None."""
        from scorer.games.kuhfstein.position import draft_state

        return draft_state(doc)

    def draw_editor_svg(self, state: State, items: Sequence[ScoreItem], mark: Mark | None) -> str:
        """The picture of ``scorer serve``'s editor: ``draw_svg`` plus empty cells to tap."""
        from scorer.games.kuhfstein.picture import draw_svg

        return draw_svg(state, items, mark, frontier=True)

    def legal_steps(self, state: State, prefix: Sequence[Mapping[str, Any]] = ()) -> Iterator[Any]:
        from scorer.games.kuhfstein.generator import legal_steps

        return legal_steps(state, prefix)

    def end_reason(self, state: State) -> str | None:
        """``threshold`` or ``tiles_exhausted`` once the game is over (None before, and for a
        position, whose past is unknown)."""
        return state.end if self.is_over(state) else None

    def describe_step(self, step: Mapping[str, Any]) -> str:
        from scorer.games.kuhfstein.alternatives import describe_step

        return describe_step(step)

    def unoffered_step(self, state: State, move: Move) -> int | None:
        from scorer.games.kuhfstein.alternatives import unoffered_step

        return unoffered_step(state, move)

    def legal_alternatives(self, state: State, move: Move, at: int, rule: str) -> Legal | None:
        from scorer.games.kuhfstein.alternatives import legal_alternatives

        return legal_alternatives(state, move, at, rule)

    def effective_options(self, variant: Mapping[str, Any]) -> dict[str, Any]:
        from dataclasses import asdict

        from scorer.games.kuhfstein.state import Options

        return asdict(Options.parse(variant))

    def component_data(self, doc: Mapping[str, Any]) -> Components:
        from scorer.games.kuhfstein.component_data import component_data

        return component_data(doc)


RULES: GameRules[State] = KuhfsteinRules()
