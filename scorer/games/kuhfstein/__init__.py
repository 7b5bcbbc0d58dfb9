"""Kuhfstein (Rita Modl, Schmidt Spiele 2023): the rules as specified in rules/kuhfstein.md.

Roles (``scorer.core.roles``; ``registry.get(game, ROLE)`` imports the one module it needs):
``rules`` is the Catalogue, ``referee`` the Referee, ``position`` the Positions, ``moves`` the
Moves and ``picture`` the Pictures; ``blank`` makes the blank position of a new game. Each
role module checks itself against its protocol (mypy); this package holds no code.

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
- referee, moves and blank: the role modules (above), gathering what their role needs from
  the rooms above; editor: what the web app's editor offers (``editor_data``, re-exported
  by ``picture``).

Decisions where the spec is silent: the docstring of ``rules``.
"""
