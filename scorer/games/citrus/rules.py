"""Citrus rule catalogue (spec section 21), in catalogue order.

Decisions where the spec leaves room (also listed in the final report):
- Warnings (CIT-RET-2, CIT-REC-2) cannot travel through ``apply`` (it returns a state or
  raises), so they are kept in the state (``State.warnings``, absolute pointers, ``pmap``
  details), shown as notes of the score sheet and returned by ``referee.warnings(state)``.
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

from collections.abc import Mapping
from typing import TYPE_CHECKING

from scorer.core.values import Importer, Json
from scorer.games.citrus.data import CATEGORIES as CATEGORIES

if TYPE_CHECKING:
    from scorer.core.components import Components

RULE_IDS: dict[str, str] = {
    "CIT-SETUP-1": "(error) 2–5 players; colours, where given, distinct.",
    "CIT-SETUP-2": (
        "(error) The board names a shipped board or is a well-formed inline board (rows, "
        "characters, unique sites, valid `paths`, id not shipped, printed-side id matching "
        "`board_side` and its sites)."
    ),
    "CIT-SETUP-3": (
        "(error) Landscape data names shipped data or puts exactly one tile on every landscape "
        "space and nowhere else, horses with `points` ≥ 1, at most 30 tiles."
    ),
    "CIT-SETUP-4": (
        "(error) Start fincas: sites A–D (long) / A–C (short), any 4/3 with "
        "`random_start_sites`, at least one on a custom board; values `first ≥ second ≥ 0`, "
        "from `finca_tiles` when given."
    ),
    "CIT-SETUP-5": (
        "(error) Building-site tiles: the deck letters of the side (or the sites minus the "
        "start sites), 3 of them marked, `building_site_deck` the rest; on a custom board "
        "distinct letters of free sites, min(3, n) marked."
    ),
    "CIT-SETUP-6": (
        "(error) `finca_tiles` names a shipped set or lists well-formed tiles (15 on a printed "
        "side); `finca_deck_size` is 11/12 on a printed side, given or derivable on a custom "
        "board, and fits the set."
    ),
    "CIT-SETUP-7": (
        "(error) `supply` is the side's composition on a printed side (any composition of ≥ 12 "
        "tiles on a custom board); the 12 market tokens are drawn from it."
    ),
    "CIT-SETUP-8": (
        "(error) Every player starts with money 6, 5 workers at home, score 0, no landscape "
        "tiles; `setup.money`, when given, is 6."
    ),
    "CIT-SETUP-9": (
        "(error) The market layout names `cross12` or has 12 fields and lines of 1–4 distinct "
        "fields covering every field."
    ),
    "CIT-TURN-1": (
        "(effect) Turns follow the seat order from `players[0]`; every turn object is one turn "
        "(the program's turn check reports a wrong player)."
    ),
    "CIT-TURN-2": (
        "(error) A turn has exactly one main action: one `buy`, or `harvest` steps, or a lone "
        "`pass` (after a possible `unblock`)."
    ),
    "CIT-TURN-3": (
        "(error) Action tiles are used only in the player's own build or harvest turn, never in"
        " a pass turn."
    ),
    "CIT-BUY-1": "(error) The bought line exists in the market layout.",
    "CIT-BUY-2": (
        "(error) The bought line holds at least one tile; all its tiles are taken in line order."
    ),
    "CIT-BUY-3": (
        '(error) With `"reject"`: money ≥ tiles taken and a complete legal placement exists.'
    ),
    "CIT-BUY-4": (
        "(error) Each placed bought tile costs 1 money; a placement the money cannot cover is "
        "illegal."
    ),
    "CIT-BUY-5": "(error) At most one `buy` per turn.",
    "CIT-BUILD-1": "(error) At the end of the turn no tile taken from the market is still waiting.",
    "CIT-BUILD-2": "(error) The placement cell is on the board.",
    "CIT-BUILD-3": "(error) The placement cell is a field or landscape space.",
    "CIT-BUILD-4": "(error) The placement cell holds no plantation tile.",
    "CIT-BUILD-5": (
        "(error) The placement extends an own region of the kind, or starts a new region on a "
        "finca's path field with a worker at home and no own region of the kind adjacent."
    ),
    "CIT-BUILD-6": "(error) The placement cell touches no other player's region of the same kind.",
    "CIT-BUILD-7": "(error) A placed tile is a bought tile of this turn that is still waiting.",
    "CIT-RET-1": (
        '(error) A return is allowed only with `"penalize"`, for a waiting bought tile that '
        "cannot be paid or has no legal cell."
    ),
    "CIT-RET-2": "(warning) A tile was returned (mistaken purchase, −3 points).",
    "CIT-PATH-1": (
        "(error) After the placement, the tiles on the path fields of each affected site are of"
        " pairwise different kinds (not in the family variant)."
    ),
    "CIT-FUSE-1": (
        "(error) Next to neutral regions of the kind, their total size N must not exceed the "
        "adjacent own size O."
    ),
    "CIT-LAND-1": (
        "(effect) Building on a landscape tile or bull takes it; horses score at the end (or at"
        " once), action tiles are usable at once."
    ),
    "CIT-LAND-2": (
        "(error) Landscape tile types other than `horses`, `cart`, `milestone`, `bull` are "
        "unsupported."
    ),
    "CIT-ACT-1": (
        "(error) A `use_*` step needs an unused action tile of that type held by the player."
    ),
    "CIT-CART-1": (
        "(error) The cart takes the tile of a non-empty market field, which must be placed by "
        "the next step (after `new_finca` if the take fires the trigger)."
    ),
    "CIT-CART-2": "(error) The cart costs `cart_cost` money, which the player must have.",
    "CIT-CART-3": "(error) With `cart_after_build_only`, no cart while a bought tile is waiting.",
    "CIT-CART-4": "(effect) A cart take counts as a take for the market trigger.",
    "CIT-MILE-1": (
        "(error) A milestone needs a marked site and a finca tile in the deck; it performs the "
        "new-finca procedure without refill."
    ),
    "CIT-BULL-1": (
        "(error) The bull goes on a field or landscape space without plantation tile, landscape"
        " tile or bull."
    ),
    "CIT-HARV-1": "(error) A harvest names a cell holding a plantation tile.",
    "CIT-HARV-2": "(error) The harvested region is owned by the acting player.",
    "CIT-HARV-3": (
        "(effect) After the last harvest step: income 2/4/6/7/8 for 1–5 workers at home, money "
        "capped at 12."
    ),
    "CIT-MKT-1": (
        "(error) After a take leaving ≤ 3 tiles with the last refill complete, once per turn, "
        "the `new_finca` step follows at once (unless no site or finca is left); nowhere else."
    ),
    "CIT-MKT-2": (
        "(error) A due refill follows directly after the last placement or return, drawing "
        "`min(empty fields, bag)` tokens that are in the bag; nowhere else."
    ),
    "CIT-MKT-3": (
        "(effect) After a refill, `last_refill_complete` is whether all 12 fields are full; "
        "once false, no more triggers."
    ),
    "CIT-FINCA-1": (
        "(error) A new finca goes on a marked site, with values `first ≥ second ≥ 0` (from "
        "`finca_tiles` when given) and `reveal` null exactly when the deck is empty, else a "
        "deck letter."
    ),
    "CIT-FINCA-2": (
        "(effect) At the end of every turn each complete unscored finca scores once: first "
        "value to the largest adjacent own region total, second value to the next unless first "
        "is shared."
    ),
    "CIT-PASS-1": (
        "(error) A pass is allowed only when the player owns no region and no line can be "
        "bought and completely built."
    ),
    "CIT-PASS-2": (
        "(error) After a full round of passes, the next turn begins with `unblock` (new finca, "
        "no refill) while a site and a finca remain; `unblock` nowhere else."
    ),
    "CIT-END-1": (
        "(effect) The game ends after the turn that leaves bag and market empty (the program's "
        "end checks report turns after it and records that stop before it)."
    ),
    "CIT-END-2": (
        "(effect) A round of passes with no site or finca left ends the game (stalemate), "
        "scored normally."
    ),
    "CIT-REC-1": (
        "(error) An optional cross-check field (`tiles` of `buy`, `new_region` and `took` of "
        "`place`, `paid` of `use_cart`) disagrees with the replay."
    ),
    "CIT-REC-2": "(warning) A value in a turn's `expect` differs from the replayed one.",
    "CIT-POS-1": (
        "(error) Position regions: cells on the board, fields or landscape spaces, distinct, "
        "connected, wells among cells, no cell in two regions."
    ),
    "CIT-POS-2": "(error) No two regions of the same kind are orthogonally adjacent.",
    "CIT-POS-3": "(error) Every region contains a path field of a finca.",
    "CIT-POS-4": (
        "(error) Tiles on the path fields of each site are of pairwise different kinds (not in "
        "the family variant)."
    ),
    "CIT-POS-5": "(error) Owners are players or null; at most 5 regions per player.",
    "CIT-POS-6": (
        "(error) Tiles on the board, in the market and in the bag do not exceed the supply, per"
        " token."
    ),
    "CIT-POS-7": (
        "(error) Site letters exist and are used once across fincas, marked sites and deck; ≤ 3"
        " marked; finca values well formed and within the finca set (or ≤ 15 fincas in all)."
    ),
    "CIT-POS-8": "(error) A finca is scored exactly when its ring is complete.",
    "CIT-POS-9": (
        "(error) Every uncovered landscape space holds one landscape tile and no other cell "
        "does; bulls on free fields; at most 30 landscape tiles on the board and held."
    ),
    "CIT-POS-10": (
        "(error) One `player_state` per player; money 0–12; horse points ≥ 1; `breakdown` keys "
        "allowed and summing to `score`."
    ),
    "CIT-POS-11": (
        "(error) Market of 12 entries; bag empty when the last refill was incomplete; `to_move`"
        " a player; `passes` within 0 … number of players."
    ),
}


# -- the Catalogue role (scorer.core.roles.Catalogue) -------------------------------------------

NAME = "citrus"
TITLE = "Citrus"
PLAYER_COUNTS = (2, 5)
#: Why a game ends (12.4): every plantation tile built (CIT-END-1), or a round of passes with
#: no marked site or no finca tile left (CIT-END-2).
END_REASONS: Mapping[str, str] = {
    "tiles_exhausted": "every plantation tile built",
    "stalemate": "a round of passes with no new finca left",
}
#: Citrus has no external component files to import.
IMPORTERS: Mapping[str, Importer] = {}


def effective_options(variant: Json) -> dict[str, object]:
    """Every option with the value ``variant`` gives it (defaults filled in, shorthands
    expanded)."""
    from scorer.games.citrus.data import options_of

    return options_of(dict(variant))


def component_data(doc: Json) -> Components:
    """The component data of a record or position (fingerprints, event profiles)."""
    from scorer.games.citrus import component_data as data

    return data.component_data(doc)


if TYPE_CHECKING:
    from scorer.core.roles import Catalogue
    from scorer.games.citrus import rules as _module

    _check: Catalogue = _module
