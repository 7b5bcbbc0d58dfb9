"""The Harmonies rule catalogue (spec section 16): every HAR rule ID with its statement; the
words of the end reasons (7.3) and of the simulator's options.

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
* Count-only cubes (``placed``, issue 24): the checks of a board-level list run first without
  the counts (their findings unchanged), then the search with them; a count beyond the track is
  HAR-POS-14 at ``cards/<k>/placed``, counts no assignment satisfies HAR-POS-14 at ``cubes``.
  A pending spirit choice is checked like a chosen card (HAR-POS-5 at ``choices/<i>``); on a
  started board it is HAR-POS-15 (and not also HAR-POS-11).
* Board Game Arena captures (``bga``): IMP-BGA-* belong to this catalogue (the importer is
  Harmonies'); players keep BGA's seat order (``playerNo``; a snapshot's order as listed); BGA's
  totals are claimed only once ``gamestate`` is ``gameEnd`` (a snapshot carries none); the
  central board, the river and a running game's scores go to ``meta.bga``.
* ``skip`` (``--keep-going``) passes over a rejected turn: the seat advances and the player's turn
  count grows (so a later ``choose_spirit`` is no longer a first-turn choice); nothing else
  changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

from scorer.core.values import Imported, Importer, Json

if TYPE_CHECKING:
    from scorer.core.components import Components

#: Rule ID → one-line statement, in catalogue order. All are errors except HAR-POS-13 (warning).
RULE_IDS: Mapping[str, str] = {
    "HAR-SETUP-1": "The Central board has 5 spaces (solo 3) of exactly 3 tokens each.",
    "HAR-SETUP-3": "The initial display lists 5 (solo 3) distinct catalog Animal card ids.",
    "HAR-SETUP-4": (
        "With the module, every player is dealt exactly 2 spirit entries (catalog ids or "
        "null, ids distinct); without it, none."
    ),
    "HAR-SETUP-5": "The record has 1 to 4 players.",
    "HAR-TURN-2": "A turn contains exactly one take_tokens step.",
    "HAR-TURN-3": "When a turn ends, all three taken tokens have been placed.",
    "HAR-TURN-4": "A turn contains at most one take_card step.",
    "HAR-TURN-6": "With the module, a player's first turn contains a choose_spirit step.",
    "HAR-TAKE-1": "The Central board space exists (1–5; solo 1–3).",
    "HAR-TAKE-2": "The Central board space is not empty.",
    "HAR-TAKE-3": "Listed taken colours equal the colours on the space.",
    "HAR-TOK-1": "The placed colour is an in-hand token not yet placed this turn.",
    "HAR-TOK-2": "The target cell exists on the board side in use.",
    "HAR-TOK-3": "The target cell carries no cube.",
    "HAR-STACK-1": "Blue and yellow go only on an empty cell.",
    "HAR-STACK-2": "Gray goes on an empty cell or on 1–2 gray tokens.",
    "HAR-STACK-3": "Brown goes on an empty cell or on exactly one brown token.",
    "HAR-STACK-4": "Green goes on an empty cell or on 1–2 brown tokens.",
    "HAR-STACK-5": "Red goes on an empty cell or on exactly one brown, gray or red token.",
    "HAR-CARD-1": "The taken Animal card is face up in the display.",
    "HAR-CARD-3": (
        "The player holds at most 3 incomplete cards before taking one (spirit card "
        "included while its cube is unplaced)."
    ),
    "HAR-CARD-4": "With a limited reserve, it holds enough cubes for the card's track.",
    "HAR-CUBE-1": "The card is the player's and still has a cube on it.",
    "HAR-CUBE-2": "The target cell carries no cube.",
    "HAR-CUBE-3": (
        "The card's habitat matches exactly around the target cell in some (or the given) rotation."
    ),
    "HAR-SPIRIT-1": "choose_spirit requires the Nature's Spirit module.",
    "HAR-SPIRIT-2": "The chosen spirit card is one of the player's two dealt cards.",
    "HAR-SPIRIT-3": "The spirit card is chosen once, in the player's first turn.",
    "HAR-SOLO-1": "A display discard requires a solo game.",
    "HAR-SOLO-2": "A display discard is not allowed in a turn in which an Animal card was taken.",
    "HAR-SOLO-4": "The discarded card is face up in the display.",
    "HAR-REFILL-1": (
        "The refill names exactly the spaces that receive tokens, each with the right "
        "number of tokens."
    ),
    "HAR-REFILL-2": "Every drawn token colour is still in the pouch.",
    "HAR-REFILL-3": (
        "The number of revealed Animal cards (display refill, solo replacement) is what "
        "the draw pile can give."
    ),
    "HAR-REFILL-4": (
        "Every revealed Animal card is a catalog card not revealed before in the game."
    ),
    "HAR-END-1": (
        "The end is triggered when a Central board refill is due and the pouch is empty "
        "(solo end rule: fewer than 9 tokens)."
    ),
    "HAR-END-2": (
        "The end is triggered when the active player ends a turn with at most 2 empty cells."
    ),
    "HAR-SCORE-1": "Trees score 1, 3, 7 by height.",
    "HAR-SCORE-2": "Mountains score 1, 3, 7 by height if next to another Mountain.",
    "HAR-SCORE-3": "Each group of 2 or more yellow tokens scores 5.",
    "HAR-SCORE-4": "A Building scores 5 if its neighbours show at least 3 top colours.",
    "HAR-SCORE-5": (
        "Side A: the longest river scores by its length (0, 2, 5, 8, 11, 15, then +4 per token)."
    ),
    "HAR-SCORE-6": "Side B: each island of non-blue cells scores 5.",
    "HAR-SCORE-7": (
        "An Animal card with k placed cubes scores the k-th value of its track (0 if none)."
    ),
    "HAR-SCORE-8": "A Nature's Spirit card scores its rule if its cube is placed.",
    "HAR-SCORE-9": "The total is the sum of the seven categories.",
    "HAR-SCORE-10": "Highest total wins; ties go to more Animal cubes placed, then shared.",
    "HAR-SCORE-11": "Solo suns from the total, plus board side and spirit bonuses.",
    "HAR-POS-1": "A position has 1–4 players and one board per player name.",
    "HAR-POS-2": "Position cells exist on the board side and are listed once per board.",
    "HAR-POS-3": "Every stack of a position can be built under the stacking rules.",
    "HAR-POS-4": "Position Animal card ids are catalog ids, each at most once in the position.",
    "HAR-POS-5": "Position spirit entries agree with the module and the catalog.",
    "HAR-POS-6": "Tokens of each colour on all boards do not exceed the pouch content.",
    "HAR-POS-7": "No card lists more cubes than its track has spaces.",
    "HAR-POS-8": "Every cube lies on an existing cell, at most one cube per cell.",
    "HAR-POS-9": (
        "Every cube lies where its habitat matched when placed (cube cell exact, other "
        "cells matching from the bottom)."
    ),
    "HAR-POS-10": "No player has more than 4 incomplete cards.",
    "HAR-POS-11": (
        "An empty board has no cards and no chosen spirit; with the module, a non-empty "
        "board has a chosen spirit."
    ),
    "HAR-POS-12": "With a limited reserve, the tracks of all cards in the position fit in it.",
    "HAR-POS-13": (
        "Warning: token and card counts do not fit whole turns (multiples of 3, seat "
        "order, one card per turn)."
    ),
    "HAR-POS-14": (
        "A card's count-only cubes (placed) fit its track, and some assignment of the "
        "board-level cubes gives every such card exactly its count."
    ),
    "HAR-POS-15": (
        "A pending spirit choice (two dealt cards, none chosen) is possible only before the "
        "player's first turn."
    ),
    "IMP-BGA-1": (
        "A Board Game Arena capture is a JSON object in a known form (gamedatas or snapshot "
        "v1) with the members that form needs, of the right types."
    ),
    "IMP-BGA-2": "The capture's board side is sideA or sideB.",
    "IMP-BGA-3": (
        "Every token has a known colour (1-6; water, mountain, trunk, foliage, field, building)."
    ),
    "IMP-BGA-4": (
        "Tokens and cubes lie on cells of the board side (empty padding cells are dropped)."
    ),
    "IMP-BGA-5": (
        "A cell key names a cell of a player of the game, and a token's key that board's player."
    ),
    "IMP-BGA-6": "A card number is a catalogue card: 1-32 Animal cards, 33-42 spirit cards.",
    "IMP-BGA-7": "Each card is in one place (one board, the river or a player's choices).",
    "IMP-BGA-8": "A stack holds 1 to 3 tokens, one per level from the bottom.",
    "IMP-BGA-9": (
        "The cubes add up: a card holds at most its track's cubes (a completed card none), and "
        "the cubes on a board are the cubes its cards gave."
    ),
    "IMP-BGA-10": (
        "With the Nature's Spirit module, a player has one chosen spirit card, or two to choose "
        "from, or (before the deal) none."
    ),
}

#: Why a game ends (section 7.3, HAR-END-1 and HAR-END-2): the trigger that fired first →
#: words (``end_reason``).
END_REASONS: dict[str, str] = {
    "pouch_empty": "a Central board refill was due and the pouch could not give it",
    "board_full": "a player ended a turn with 2 or fewer empty cells",
}

#: Options of ``scorer simulate harmonies`` besides the variant's (``--option NAME=VALUE``):
#: knobs that steer the simulated players toward the game's rare paths.
SIMULATE_OPTIONS: dict[str, str] = {
    "end": "'board' (spread tokens: the board trigger) or 'pouch' (stack them: the pouch trigger)",
    "cards": "'eager': take an Animal card whenever allowed (empties the draw pile, the reserve)",
    "discard": "'always': in solo, discard a display card whenever allowed",
}


# -- the Catalogue role (scorer.core.roles.Catalogue) -------------------------------------------

NAME = "harmonies"
TITLE = "Harmonies"
#: Score categories in the order of the score table.
CATEGORIES: tuple[str, ...] = (
    "trees",
    "mountains",
    "fields",
    "buildings",
    "water",
    "animals",
    "spirit",
)
PLAYER_COUNTS = (1, 4)


def _import_bga(doc: Json) -> Imported:
    from scorer.games.harmonies.bga import import_bga

    return import_bga(doc)


def _detect_bga(doc: Json) -> Literal["yes", "unsure", "no"]:
    from scorer.games.harmonies.bga import detect

    return detect(doc)


#: ``scorer import bga`` and ``--from bga``: a Board Game Arena capture → a position.
IMPORTERS: Mapping[str, Importer] = {
    "bga": Importer(
        "Board Game Arena Harmonies capture (gamedatas or snapshot v1)",
        ".json",
        _import_bga,
        makes="position",
        detect=_detect_bga,
    )
}


def effective_options(variant: Json) -> dict[str, object]:
    """Every option with the value ``variant`` gives it (defaults filled in)."""
    from dataclasses import asdict

    from scorer.games.harmonies.state import Options

    return asdict(Options.parse(variant))


def component_data(doc: Json) -> Components:
    """The catalogue as component data (fingerprints, event profiles)."""
    from scorer.games.harmonies import component_data as data

    return data.component_data(doc)


if TYPE_CHECKING:
    from scorer.core.roles import Catalogue
    from scorer.games.harmonies import rules as _module

    _check: Catalogue = _module
