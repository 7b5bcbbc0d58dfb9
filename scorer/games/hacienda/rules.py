"""The Hacienda rule catalogue (rules/hacienda.md §15), in catalogue order.

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

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scorer.core.values import Importer, Json
from scorer.games.hacienda.scoring import CATEGORIES as CATEGORIES

if TYPE_CHECKING:
    from scorer.core.components import Components

RULE_IDS: dict[str, str] = {
    # Map (§3.3)
    "HAC-MAP-1": "No coordinate pair occurs twice in a map's `spaces`.",
    "HAC-MAP-3": "Market ids are unique.",
    "HAC-MAP-4": "The map has at least one market and at least one pampas space.",
    "HAC-MAP-5": "A map with id `hacienda-symmetric` / `hacienda-asymmetric` has exactly 4 water "
    "spaces and 10 / 11 markets.",
    "HAC-MAP-6": "A map given by reference names a map shipped with the program.",
    "HAC-MAP-7": "An inline map whose id is that of a shipped map is identical to that map.",
    # .haz import (§3.5)
    "HAC-HAZ-1": "The file has `[Control]` and `[Hex]` sections, and every other line is empty, a "
    "comment, a section header or a `key=value` line inside a section.",
    "HAC-HAZ-2": "`ColCount` and `RowCount` occur once each as integers, ColCount ≥ 1 and "
    "1 ≤ RowCount ≤ 100.",
    "HAC-HAZ-3": "Every `[Hex]` key is a decimal integer occurring once, with row `key div 100` < "
    "ColCount and column `key mod 100` < RowCount.",
    "HAC-HAZ-4": "Row + column has the same parity for every `[Hex]` key of the file.",
    "HAC-HAZ-5": "Every `[Hex]` value is one of the codes 1, 2, 3, 4, 5, 6, 7, 9, 10.",
    # Setup (§4)
    "HAC-SETUP-1": "2 to 5 players with unique names.",
    "HAC-SETUP-2": "`setup.hands` has one entry per player and no other, each with exactly 8 land "
    "and 4 animal cards.",
    "HAC-SETUP-3": "The land display and the animal display have exactly 4 cards each.",
    "HAC-SETUP-4": "No card type occurs more often in hands, displays, removed cards and deck "
    "orders than the game has.",
    "HAC-SETUP-5": "`animal_stack_sizes`, `removed_animal_cards` and the length of "
    "`removed_animal_types` fit the player count.",
    "HAC-SETUP-6": "`land_pile_size` is 80 − 8n − 4.",
    "HAC-SETUP-7": "Each given deck order has its pile's length and a composition consistent "
    "with §2.",
    "HAC-SETUP-8": "`setup.start_money` equals the variant's `start_money`.",
    # Turn (§5)
    "HAC-TURN-2": "A turn has at most 3 steps.",
    "HAC-TURN-5": "A turn has at most one `buy_hacienda` step.",
    "HAC-TURN-6": "A turn has at most one `buy_water` step.",
    "HAC-TURN-7": "A turn has at most one `harvest` step.",
    # Money (§5)
    "HAC-MONEY-1": "A card purchase needs pesos at least equal to its price (3 from a display, 2 "
    "from a pile).",
    # Buying cards (§6.1)
    "HAC-BUY-1": "`card` and `refill` are cards of the deck named by `deck`.",
    "HAC-BUY-2": "A display purchase names a card lying in that display.",
    "HAC-BUY-3": "A pile purchase needs a pile that is not empty.",
    "HAC-BUY-4": "A drawn card or refill is still possible given the cards already seen.",
    "HAC-BUY-5": "A display purchase has `refill` exactly when the pile still has a card.",
    "HAC-BUY-6": "With a given deck order, a drawn card or refill is that pile's top card.",
    # Haciendas (§6.2)
    "HAC-HAC-1": "A neutral hacienda remains in the supply.",
    "HAC-HAC-2": "The player has at least `hacienda_cost` pesos.",
    "HAC-HAC-3": "`at` carries a land or animal tile of the acting player.",
    "HAC-HAC-4": "No hacienda stands on the chain or herd containing `at`.",
    "HAC-HAC-5": "The chain or herd containing `at` has at least `hacienda_min_group` tiles.",
    # Land (§6.3)
    "HAC-LAND-1": "The player holds a land card of the type played.",
    "HAC-LAND-2": "`at` is empty.",
    "HAC-LAND-3": "A terrain card goes on a space of its terrain while such a space is empty.",
    "HAC-LAND-4": "A pampas card (or a card under the fallback) goes on a pampas space.",
    "HAC-LAND-5": "A pampas card (or a card under the fallback) goes next to a land tile of the "
    "player.",
    "HAC-LAND-6": "A land tile is left: fewer than 80 land tiles are on the board (only with "
    "`land_reshuffle`).",
    # Animals (§6.4)
    "HAC-ANIMAL-1": "The player holds an animal card of the type played.",
    "HAC-ANIMAL-2": "`at` is an empty pampas space.",
    "HAC-ANIMAL-3": "`at` is next to a land tile of the player or to a tile of the player showing "
    "the same animal.",
    "HAC-ANIMAL-4": "The player has fewer than 30 animal tiles on the board.",
    # Markets (§6.4)
    "HAC-MARKET-1": "Every market adjacent to a newly placed animal tile pays the player once.",
    "HAC-MARKET-2": "Standard payment: herd size + the player's land tiles in chains touching the "
    "herd (or only adjacent tiles, option).",
    "HAC-MARKET-3": "Variant 1 payment: herd size × the player's land tiles adjacent to the herd.",
    "HAC-MARKET-4": 'With `market_pay_per: "market"`, a market pays only when the player first '
    "connects to it.",
    "HAC-MARKET-5": "A claimed `income` of `play_animal` equals the computed payment (claim "
    "finding).",
    # Water (§6.5)
    "HAC-WATER-1": "The player has at least `water_cost` pesos.",
    "HAC-WATER-2": "`cells` are 1–4 distinct spaces forming one connected group.",
    "HAC-WATER-3": "Every cell is an empty pampas space.",
    "HAC-WATER-4": "A water tile of that shape (or any tile, if no shapes are listed) is left in "
    "the supply.",
    "HAC-WATER-5": "With `water_needs_own_neighbor`, a cell touches a land or animal tile of the "
    "player.",
    # Harvest (§6.6)
    "HAC-HARV-1": "`at` carries a land tile of the acting player.",
    "HAC-HARV-2": "No harvest chip lies on the chain containing `at`.",
    "HAC-HARV-3": "That chain has at least `harvest_min_chain` tiles.",
    "HAC-HARV-4": "While the chip supply is not empty, `take_from` is absent.",
    "HAC-HARV-5": "With the chip supply empty, `take_from` names a chip on another player's land "
    "tile.",
    "HAC-HARV-6": "A claimed `income` of `harvest` equals 3 × the chain's size (claim finding).",
    # Events (§7.3)
    "HAC-END-1": "The intermediate scoring takes place at the end of the round in which stack 1 "
    "ran out (not in variant 2).",
    "HAC-END-2": "The game ends, with the final scoring, at the end of the round in which stack 2 "
    "ran out.",
    # Scoring (§7.4)
    "HAC-SCORE-1": "`markets`: m(m+1)/2 points for m markets connected.",
    "HAC-SCORE-2": "`land_chains`: 2 points per tile in each chain of 3 or more tiles.",
    "HAC-SCORE-3": "`haciendas`: 1 point per tile of each chain or herd carrying a hacienda.",
    "HAC-SCORE-4": "`water`: 1 point per own tile next to water (per water piece with "
    '`water_scoring: "per_piece"`).',
    "HAC-SCORE-5": "`money`: floor(pesos / `pesos_per_point`) points.",
    "HAC-SCORE-6": "`herds`: with `herd_points`, 1 point per tile of each herd of 3 or more tiles.",
    "HAC-SCORE-7": "The game score is the sum of the scorings; highest wins; ties per `tiebreak`.",
    # Record (§10.4)
    "HAC-REC-2": "Every coordinate in a step is a space of the map.",
    # Positions (§13.3)
    "HAC-POS-1": "Player-keyed objects name only players; `money` and `play.hands` name all; "
    "`to_move` is a player or null.",
    "HAC-POS-2": "Every coordinate of a piece is a space of the map.",
    "HAC-POS-3": "No space carries two pieces, two haciendas or two chips.",
    "HAC-POS-4": "Land tiles lie on land or pampas spaces; animal tiles and water cells on pampas "
    "spaces.",
    "HAC-POS-5": "The land tiles per space type do not exceed what the land cards allow.",
    "HAC-POS-6": "Every land chain has a tile on a land (non-pampas) space.",
    "HAC-POS-7": "Every herd has a tile next to a land tile of its owner.",
    "HAC-POS-8": "Animal tiles: ≤ 30 per player, ≤ 18 per animal, ≤ 72 − removed cards in total.",
    "HAC-POS-9": "Water tiles are connected sets of 1–4 cells within the water supply (and "
    "shapes, and the neighbour option).",
    "HAC-POS-10": "Haciendas stand on own tiles, within the supply, never two on adjacent tiles "
    "of one group, on groups of at least `hacienda_min_group`.",
    "HAC-POS-11": "Chips lie on land tiles, within the chip supply, on chains of at least "
    "`harvest_min_chain`.",
    "HAC-POS-12": "In variant 2 every `track` value is 0.",
    "HAC-POS-13": "With `play`: land tiles and land cards add up to 80 with consistent per-type "
    "counts.",
    "HAC-POS-14": "With `play`: animal tiles, cards and stacks add up to 72 − removed cards with "
    "consistent stacks.",
    "HAC-POS-15": "With `play`: each display has 4 cards unless its pile is empty.",
    "HAC-POS-16": "With `play`: `to_move`, `intermediate_done` and `track` agree with the stack "
    "sizes.",
}


# -- the Catalogue role (scorer.core.roles.Catalogue) -------------------------------------------

NAME = "hacienda"
TITLE = "Hacienda"
PLAYER_COUNTS = (2, 5)
#: §7.2 / HAC-END-2: the game ends at the end of the round in which stack 2 ran out.
END_REASONS: Mapping[str, str] = {
    "animal_stacks_exhausted": "both animal stacks drawn, the round played out",
}


def _import_haz(text: str, file_name: str, **fields: Any) -> dict[str, Any]:
    from scorer.games.hacienda.haz import import_haz

    return import_haz(text, file_name, **fields)


#: ``scorer import-map``: Yucata / SpielByWeb map files (§3.5).
IMPORTERS: Mapping[str, Importer] = {
    "haz": Importer("Hacienda .haz map (Yucata / SpielByWeb)", ".haz", _import_haz)
}


def effective_options(variant: Json) -> dict[str, object]:
    """Every option with the value ``variant`` gives it (defaults filled in)."""
    from dataclasses import asdict

    from scorer.games.hacienda.state import Options

    return asdict(Options.parse(variant))


def component_data(doc: Json) -> Components:
    """The map, decks and supply of a record or position as component data."""
    from scorer.games.hacienda import component_data as data

    return data.component_data(doc)


if TYPE_CHECKING:
    from scorer.core.roles import Catalogue
    from scorer.games.hacienda import rules as _module

    _check: Catalogue = _module
