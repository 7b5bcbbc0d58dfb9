"""The Kuhfstein rule catalogue (spec section 17), in catalogue order.

Each statement ends with the kind of the rule: check, position, claim, warning, event,
scoring or rule (enforced by the schema or by the envelope's turn check).

Decisions where the spec is silent (the spec's own [D] decisions are its variant options):
- Setup violations are all collected; the referee takes one exception from
  ``initial_state``, so the first (in catalogue order) is raised, its message counts the
  others and ``details["others"]`` lists them (rule, path, message).
- Warnings (KUH-CARDDEF-7, KUH-BONUS-5, KUH-FINAL-6) found while replaying a record are kept
  in the state (``State.warnings``, absolute pointers) and returned by
  ``referee.warnings(state)`` (the referee reports them); the score sheet notes that the result
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

from collections.abc import Mapping
from typing import TYPE_CHECKING

from scorer.core.values import Importer, Json
from scorer.games.kuhfstein.state import CATEGORIES as CATEGORIES
from scorer.games.kuhfstein.state import END_REASONS as END_REASONS

if TYPE_CHECKING:
    from scorer.core.components import Components

RULE_IDS: dict[str, str] = {
    "KUH-SETUP-1": "2–4 players; names unique; colours, where given, unique (check).",
    "KUH-SETUP-2": "the setup tile display has exactly 5 entries, each a landscape kind (check).",
    "KUH-SETUP-3": "the setup card display has exactly 4 distinct defined card ids (check).",
    "KUH-SETUP-4": (
        "hands gives every player, and nobody else, exactly 1 defined card id; all distinct and"
        " not displayed (check)."
    ),
    "KUH-SETUP-5": (
        "scoring_dealt gives every player, and nobody else, exactly 2 defined scoring-tile ids;"
        " no id twice (check)."
    ),
    "KUH-SETUP-6": "trees, if given, equals 2 × players (check).",
    "KUH-SETUP-7": (
        "the bonus layout is present; positions distinct in 1..65; at most 6 cow spaces (check)."
    ),
    "KUH-SETUP-8": (
        "at most 9 scoring tiles, each with points ≥ 1 and a known condition with valid "
        "parameters (check)."
    ),
    "KUH-SETUP-9": (
        "tile_counts has the 5 kinds, sums to 71 / 66 / 61 and covers the setup display (check)."
    ),
    "KUH-SETUP-10": (
        "tile_order holds the tiles left after the setup display, matches tile_counts, not with"
        " returned exchanges (check)."
    ),
    "KUH-SETUP-11": "card_order lists the 55 − 4 − players undealt defined ids, each once (check).",
    "KUH-CARDDEF-1": "card cells are distinct integer cells with min x = min y = 0 (check).",
    "KUH-CARDDEF-2": "card cells are N4-connected (check).",
    "KUH-CARDDEF-3": "every face is a landscape kind or back; at least one face cell (check).",
    "KUH-CARDDEF-4": "card points are an integer ≥ 1 (check).",
    "KUH-CARDDEF-5": "at most 55 card definitions (check).",
    "KUH-CARDDEF-6": (
        "with card_catalog: 'official', inline cards and scoring tiles equal the catalog and "
        "use catalog ids (check)."
    ),
    "KUH-CARDDEF-7": "a card has fewer than 2 or more than 5 cells (warning).",
    "KUH-TURN-1": (
        "play turns go in seat order from seat 0, none skipped; after the end of play each "
        "player reveals once, in any order (the envelope's turn check rejects anybody else) "
        "(rule)."
    ),
    "KUH-TURN-2": (
        "a play turn has at least 2 regular steps, and a k-th one (k ≥ 3) only after k − 2 "
        "extra_action triggers earlier in the turn (check)."
    ),
    "KUH-TURN-3": "no reveal_scoring_tile step during play (check).",
    "KUH-TURN-4": (
        "a pass only in the first two regular slots and only as allow_pass permits (check)."
    ),
    "KUH-TURN-5": (
        "after a play turn: refill, early-end check, end-trigger check, in this order (event)."
    ),
    "KUH-TILE-1": "a tile exchange needs at least 4 tiles of one kind in the display (check).",
    "KUH-TILE-2": "at most max_swaps_per_action tile exchanges in one step (check).",
    "KUH-TILE-3": "an exchange draws exactly the computed number of tiles (check).",
    "KUH-TILE-4": "the taken kind is in the display (check).",
    "KUH-TILE-5": "the target cell is empty (check).",
    "KUH-TILE-6": "the target cell touches the landscape (except for the first tile) (check).",
    "KUH-TREE-1": (
        "a tree is gained only through tree on the place_tile step that places one of its tiles"
        " (schema: tree exists on place_tile only) (rule)."
    ),
    "KUH-TREE-2": "the tree square contains the tile just placed (check).",
    "KUH-TREE-3": "all 4 cells of the square hold tiles (check).",
    "KUH-TREE-4": "the 4 kinds are all equal or all different (check).",
    "KUH-TREE-5": "no tile of the square already serves a tree (check).",
    "KUH-TREE-6": "the tree supply is not empty (check).",
    "KUH-TAKE-1": (
        "a card exchange needs a non-empty display (full by default) with one face kind on "
        "every card (check)."
    ),
    "KUH-TAKE-2": "a card exchange draws exactly the computed number of cards (check).",
    "KUH-TAKE-3": "the taken card is in the display (check).",
    "KUH-TAKE-4": "at most max_swaps_per_action card exchanges in one step (check).",
    "KUH-PLAY-1": "the card is in the player's hand (check).",
    "KUH-PLAY-2": "the rotation is 0, 90, 180 or 270 (check).",
    "KUH-PLAY-3": "every covered cell holds a tile of the player (check).",
    "KUH-PLAY-4": "every face cell lies on a tile of its kind (check).",
    "KUH-PLAY-5": "no face cell lies on a tile with a cow (check).",
    "KUH-PLAY-6": "the cow supply holds a cow for every face cell (check).",
    "KUH-PLAY-7": "the cows cross-check equals the covered face cells (check).",
    "KUH-HERD-1": "at and every listed cell hold a cow of the player (check).",
    "KUH-HERD-2": (
        "cells is exactly one whole herd (a connected part with partial_herd) and contains at "
        "(check)."
    ),
    "KUH-BONUS-1": (
        "a bonus space triggers when a scoring event reaches or passes it; ascending; once per "
        "player (event)."
    ),
    "KUH-BONUS-2": "points of the final scoring never trigger bonuses (event).",
    "KUH-BONUS-3": "the bonuses cross-check equals the spaces the step triggered (check).",
    "KUH-BONUS-4": (
        "a bonus step needs an unused space of the matching kind triggered earlier in the turn "
        "(check)."
    ),
    "KUH-BONUS-5": "a bonus space of unknown kind triggered; no effect applied (warning).",
    "KUH-REFILL-1": "a tile refill lists exactly min(5 − display, supply) tiles (check).",
    "KUH-REFILL-2": "a card refill lists exactly min(4 − display, deck) cards (check).",
    "KUH-REFILL-3": "every card id drawn during play is defined and new (check).",
    "KUH-REFILL-4": (
        "every tile drawn during play is a kind still in the supply (in number, and per kind "
        "with tile_counts) (check)."
    ),
    "KUH-REFILL-5": "a refill is recorded only at the level refill_timing puts it (check).",
    "KUH-REFILL-6": (
        "with tile_order / card_order, every draw takes the next entries in order (check)."
    ),
    "KUH-END-1": (
        "the end triggers at end_threshold; the round is completed (plus one round with "
        "extra_final_round) (event)."
    ),
    "KUH-END-2": (
        "play ends early after a turn whose refill leaves the tile display short, unless the "
        "threshold was reached (event)."
    ),
    "KUH-END-3": "no play turn after the end of play (check).",
    "KUH-FINAL-1": (
        "after the end of play each move is one reveal: exactly one reveal_scoring_tile step, "
        "no refill (check)."
    ),
    "KUH-FINAL-2": "the revealed tile is one of the player's two dealt tiles (check).",
    "KUH-FINAL-3": (
        "a met condition scores the tile's points, else 0; the other tile scores nothing (scoring)."
    ),
    "KUH-FINAL-4": "the met claim equals the evaluation of an evaluable condition (check).",
    "KUH-FINAL-5": "a custom condition requires a met claim (check).",
    "KUH-FINAL-6": "a custom condition was scored from the player's claim (warning).",
    "KUH-CLAIM-1": "claimed.tiles_placed equals the tiles in the player's landscape (claim).",
    "KUH-POS-1": (
        "2–4 players, unique names and colours; one board per player and no other (position)."
    ),
    "KUH-POS-2": "every tile has a landscape kind; no two tiles share a cell (position).",
    "KUH-POS-3": "each landscape is N4-connected (position).",
    "KUH-POS-4": (
        "tiles in landscapes + display + supply fit the total for the player count (per kind "
        "with tile_counts) (position)."
    ),
    "KUH-POS-5": "every tree square is complete and of 4 equal or 4 different kinds (position).",
    "KUH-POS-6": "no tile lies in two tree squares (position).",
    "KUH-POS-7": "the trees of all landscapes fit the tree supply (position).",
    "KUH-POS-8": "cows in the landscape + on the track + in the supply = 6 per player (position).",
    "KUH-POS-9": (
        "the track score is ≥ 5 × trees, and equals played points + 5 × trees when played is "
        "given (position)."
    ),
    "KUH-POS-10": (
        "every named card id is defined and named once; named ids + deck_left ≤ 55 (position)."
    ),
    "KUH-POS-11": (
        "1–2 defined dealt scoring tiles per player, none dealt twice; revealed among them "
        "(required with a custom tile) (position)."
    ),
    "KUH-POS-12": (
        "the table is well formed (≤ 5 display tiles of known kinds, ≤ 4 cards, counts ≥ 0, "
        "next a player, known phase) (position)."
    ),
}


# -- the Catalogue role (scorer.core.roles.Catalogue) -------------------------------------------

NAME = "kuhfstein"
TITLE = "Kuhfstein"
PLAYER_COUNTS = (2, 4)

#: Kuhfstein has no external component files to import.
IMPORTERS: Mapping[str, Importer] = {}


def effective_options(variant: Json) -> dict[str, object]:
    """Every option with the value ``variant`` gives it (defaults filled in, shorthands
    expanded)."""
    from dataclasses import asdict

    from scorer.games.kuhfstein.state import Options

    return asdict(Options.parse(variant))


def component_data(doc: Json) -> Components:
    """The component data of a record or position (fingerprints, event profiles)."""
    from scorer.games.kuhfstein import component_data as data

    return data.component_data(doc)


if TYPE_CHECKING:
    from scorer.core.roles import Catalogue
    from scorer.games.kuhfstein import rules as _module

    _check: Catalogue = _module
