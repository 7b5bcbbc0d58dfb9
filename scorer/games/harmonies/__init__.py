"""Harmonies (Libellud 2024), per ``shared/rules/harmonies.md``.

Roles (``scorer.core.roles``; ``registry.get(game, ROLE)`` imports the one module it needs):
``rules`` is the Catalogue, ``referee`` the Referee, ``position`` the Positions, ``moves`` the
Moves and ``picture`` the Pictures; ``blank`` makes the blank position of a new game. Each
role module checks itself against its protocol (mypy); this package holds no code.

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
  ``position_turns`` its HAR-POS-13 warning (whole turns);
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
  (the catalogue as component data, for fingerprints), ``bga_cards`` (Board Game Arena's card
  numbers) and ``bga`` (a Board Game Arena board → a position: ``scorer import bga``), reading
  its two forms through ``bga_read`` (the shared reader and its checks), ``bga_gamedatas`` and
  ``bga_snapshot``.

The role modules ``referee`` and ``moves`` (and ``blank``) gather what their role needs from
the rooms above; ``editor`` says what the web app's editor offers (``editor_data``,
re-exported by ``picture``).

Decisions where the spec is silent: the docstring of ``rules``.
"""
