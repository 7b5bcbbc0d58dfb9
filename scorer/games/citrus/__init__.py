"""Citrus (Jeffrey D. Allers, dlp games 2013), spec ../shared/rules/citrus.md.

Roles (``scorer.core.roles``; ``registry.get(game, ROLE)`` imports the one module it needs):
``rules`` is the Catalogue, ``referee`` the Referee, ``position`` the Positions, ``moves`` the
Moves and ``picture`` the Pictures; ``blank`` makes the blank position of a new game. Each
role module checks itself against its protocol (mypy); this package holds no code.

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
  ``position_export``: a replayed state as a position document (17.5); ``sketch``: the
  state to draw a position being entered with (``draft_state``: printed landscape tiles back
  on bare spaces).
- ``generator``: legal steps, independent of the checks, also after a prefix of a move;
  ``planning``: its own placement bookkeeping (candidate cells, trial placements, plans);
  ``alternatives``: what was legal instead of a rejected step (``details.legal``);
  ``simulate``: complete games (the random policy); ``deal``: a simulated game's component
  data and chance (``Sim``); ``greedy``: the greedy policy; ``playing``: a turn being played
  by either policy; ``features``: the rare paths a simulated game took; ``coverage``: the
  extra games ``bench/rule_coverage.py`` plays (``COVERAGE_RUNS``).
- ``render`` (text), ``picture`` (the SVG board), ``explain`` (``scorer explain`` items).
- ``referee``, ``moves`` and ``blank``: the role modules (above), gathering what their role
  needs from the rooms above; ``editor``: what the web app's editor offers
  (``editor_data``, re-exported by ``picture``).

Decisions where the spec is silent: the docstring of ``rules``.
"""
