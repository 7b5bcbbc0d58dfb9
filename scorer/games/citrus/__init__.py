"""Citrus (Jeffrey D. Allers, dlp games 2013), spec ../shared/rules/citrus.md.

Module map:
- ``rules``: the catalogue of rule IDs.
- ``data``: shipped demo boards, landscape, finca set, ``cross12``, the option defaults;
  ``component_data``: the component data of a document (fingerprints, event profiles) and
  its checks as written (layout, landscape, finca set, supply; shared by setup and positions).
- ``board``: the parsed board and its lookup tables.
- ``state``: ``State`` (frozen records of pyrsistent collections), ``Options`` (the variant),
  ``Static``, and ``TurnDraft`` (a move in progress: the state's typed fields and the move's
  ``Notes``).
- ``setup``: the initial state (CIT-SETUP-*).
- ``steps``: the TypedDict of a move and of every step kind, as the schema admits them.
- ``actions``: the turn driver (``apply_move``, ``skip_move``) and one handler per step
  (``HANDLERS``, ``step_<kind>(draft, step, at)``); ``build``: the handlers of buying and
  building (``buy``, ``place``, ``return``); ``action_tiles``: the handlers of the cart, the
  milestone and the bull.
- ``placement``: the placement rules of section 8 and their effects; ``search``: the
  CIT-BUY-3 and CIT-PASS-1 lookahead.
- ``events``: income, trigger, new finca, refill, finca scoring, end of turn and game,
  ``expect``.
- ``scoring``: final scoring (13.1); ``ledger``: the records of what was scored in play.
- ``position``: position documents (17): checks and the state to score;
  ``position_regions``: the checks of a position's regions (CIT-POS-1 … CIT-POS-5);
  ``position_export``: a replayed state as a position document (17.5).
- ``generator``: legal steps, independent of the checks, also after a prefix of a move;
  ``planning``: its own placement bookkeeping (candidate cells, trial placements, plans);
  ``alternatives``: what was legal instead of a rejected step (``details.legal``);
  ``simulate``: complete games (the random policy); ``deal``: a simulated game's component
  data and chance (``Sim``); ``greedy``: the greedy policy; ``playing``: a turn being played
  by either policy; ``features``: the rare paths a simulated game took; ``coverage``: the
  extra games ``bench/rule_coverage.py`` plays (``COVERAGE_RUNS``).
- ``render`` (text), ``picture`` (the SVG board), ``explain`` (``scorer explain`` items).

Decisions where the spec leaves room (also listed in the final report):
- Warnings (CIT-RET-2, CIT-REC-2) cannot travel through ``apply`` (it returns a state or
  raises), so they are kept in the state (``State.warnings``, absolute pointers, ``pmap``
  details), shown as notes of the score sheet and returned by ``RULES.warnings(state)``.
- States hold pyrsistent collections; a turn changes them through a typed ``state.TurnDraft``
  and the new state shares everything the turn left alone (``state``).
- A ``place`` naming another tile right after ``use_cart`` is CIT-CART-1 at its ``tile``; a
  turn that ends with the cart's tile unplaced is CIT-CART-1 at the ``use_cart``; another step
  found instead of the placement is CIT-CART-1 at that step.
- CIT-TURN-2 is judged before any step is replayed; a conflicting main-action step is reported
  at the first step of the wrong kind.
- CIT-BUY-3 / CIT-PASS-1 / CIT-RET-1 try every cell that can pass CIT-BUILD-5 at all (next to
  an own region, or a free path field of a finca) with the full placement checks, and memoise
  placement sets (positions reached by the same set of placements are equal). CIT-PASS-1
  answers are also memoised per game for unchanged board mappings (a run of passes searches
  once; see ``search.buildable_line`` for why the key may leave out the seat).
- Finca scoring at the end of a turn looks at fincas whose ring got a tile or bull in the
  turn and at new fincas (and, in the first turn, at every start finca): occupancy only grows,
  so no other finca can have become complete.
- Landscape data named by id is only accepted on the board of the same id (``demo-1``).
- Positions: a bull lying on a landscape space covers it (the setup's bull tile); without a
  ``breakdown`` the categories harvest/finca/penalties are left out of the sheet and the track
  score is shown in the ``track`` column.
- Unknown variant options make a record malformed (the schema lists the options of 14).
- The replay records what it scores where it scores it (``State.scored``, ``ledger``
  records): each harvest (the region as harvested), finca scoring (the shares at the end of
  that turn), return and landscape take; the players' colours are ``Static.colours``.
  ``explain`` itemises in-play points from it; points a position's ``breakdown`` gives
  without history are one "not itemised" item, so items always add up to the sheet.
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
    RuleId,
    ScoreItem,
    ScoreSheet,
    steps_of,
)
from scorer.games.citrus import actions, position, render, scoring, setup
from scorer.games.citrus.data import CATEGORIES
from scorer.games.citrus.rules import RULE_IDS
from scorer.games.citrus.state import State


class CitrusRules(BaseRules[State]):
    name = "citrus"
    title = "Citrus"
    rule_ids: Mapping[str, str] = RULE_IDS
    categories: tuple[str, ...] = CATEGORIES
    player_counts: tuple[int, int] = (2, 5)
    #: Simulator options besides the variant's (``scorer simulate --option``).
    simulate_options: Mapping[str, str] = {
        "board": "a shipped board id or 'generated' (--board)",
        "seek": "greedy policy: favour 'merge', 'landscape' or 'order' (order-dependent buys)",
        "landscape": "the landscape tiles dealt: 'mix', 'horses', 'carts' or 'actions'",
    }
    #: Members of a step that chance decides (the finca tile drawn, the site revealed, the
    #: refill's draws): the generator leaves them out.
    chance_members: frozenset[str] = frozenset({"finca", "reveal", "drawn"})
    #: Why a game ends (12.4): every plantation tile built (CIT-END-1), or a round of passes
    #: with no marked site or no finca tile left (CIT-END-2).
    end_reasons: Mapping[str, str] = {
        "tiles_exhausted": "every plantation tile built",
        "stalemate": "a round of passes with no new finca left",
    }

    def initial_state(self, record: Mapping[str, Any]) -> State:
        return setup.initial_state(dict(record))

    def expected_players(self, state: State) -> frozenset[str]:
        return state.static.seats[state.turn]

    def is_over(self, state: State) -> bool:
        return state.over

    def end_reason(self, state: State) -> str | None:
        """``tiles_exhausted`` when bag and market are empty (checked first, as the end of a
        turn does), else ``stalemate``; None while the game is not over."""
        if not state.over:
            return None
        if not any(state.market) and not state.bag:
            return "tiles_exhausted"
        return "stalemate"

    def apply(self, state: State, move: Mapping[str, Any]) -> State:
        return actions.apply_move(state, move)

    def skip(self, state: State, move: Mapping[str, Any]) -> State:
        return actions.skip_move(state, move)

    def score(self, state: State) -> ScoreSheet:
        return scoring.score(state)

    def warnings(self, state: State) -> tuple[Finding, ...]:
        """The warnings (CIT-RET-2, CIT-REC-2) collected during the replay."""
        return tuple(state.warnings)

    def load_position(self, doc: Mapping[str, Any]) -> PositionResult[State]:
        return position.load_position(dict(doc))

    def export_position(self, state: State, record: Mapping[str, Any]) -> dict[str, Any]:
        return position.export_position(state, dict(record))

    def render(self, state: State, color: bool = False) -> str:
        return render.render(state)  # plain letters: the legend line names them

    def simulate(self, players: int, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
        from scorer.games.citrus.simulate import simulate

        return simulate(players, seed, dict(options))

    def explain(self, state: State) -> list[ScoreItem]:
        from scorer.games.citrus.explain import explain

        return explain(state)

    def draw_svg(self, state: State, items: Sequence[ScoreItem], mark: Mark | None) -> str:
        from scorer.games.citrus.picture import draw_svg

        return draw_svg(state, items, mark)

    def legal_steps(self, state: State, prefix: Sequence[Mapping[str, Any]] = ()) -> Iterator[Any]:
        from scorer.games.citrus.generator import legal_steps

        return legal_steps(state, prefix)

    def unoffered_step(self, state: State, move: Move) -> int | None:
        """The first step the generator would not offer (``generator.offered`` compares:
        cross-checks where given, chance members never, a harvest by its region)."""
        from scorer.games.citrus.generator import first_unoffered

        return first_unoffered(state, steps_of(move))

    def describe_step(self, step: Mapping[str, Any]) -> str:
        from scorer.games.citrus.alternatives import describe

        return describe(step)

    def legal_alternatives(self, state: State, move: Move, at: int, rule: RuleId) -> Legal | None:
        from scorer.games.citrus.alternatives import legal_alternatives

        return legal_alternatives(state, move, at, rule)

    def effective_options(self, variant: Mapping[str, Any]) -> dict[str, Any]:
        from scorer.games.citrus.data import options_of

        return options_of(dict(variant))

    def component_data(self, doc: Mapping[str, Any]) -> Components:
        from scorer.games.citrus.component_data import component_data

        return component_data(doc)


RULES: GameRules[State] = CitrusRules()
