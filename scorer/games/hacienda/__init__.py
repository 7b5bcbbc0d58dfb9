"""Hacienda (Wolfgang Kramer, 2005): verify and score complete games (rules/hacienda.md).

Roles (``scorer.core.roles``; ``registry.get(game, ROLE)`` imports the one module it needs):
``rules`` is the Catalogue, ``referee`` the Referee, ``position`` the Positions, ``moves`` the
Moves and ``picture`` the Pictures; ``blank`` makes the blank position of a new game. Each
role module checks itself against its protocol (mypy); this package holds no code.

Module map (the same rooms as every game package):

* ``rules`` — the rule catalogue (``RULE_IDS``).
* ``state`` — ``State`` (a NamedTuple of pyrsistent collections: named counts and supplies,
  one vector per player number), its typed draft ``TurnDraft``, ``Options``
  (``Options.parse``), the records it holds (``Game``, ``WaterShape``, ``ClaimIssue``,
  ``Scorings``, ``Snapshot``) and the component totals.
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
* ``position`` — the position checks of §13.3 (into ``scorer.core.findings.Findings``), the state
  of a position; ``position_export`` — a replayed state as a position; ``playblock`` — the
  ``play`` block of a position.
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

The role modules ``referee`` and ``moves`` (and ``blank``) gather what their role needs from
the rooms above; ``editor`` says what the web app's editor offers (``editor_data``,
re-exported by ``picture``).

Decisions where the spec is silent: the docstring of ``rules``.
"""
