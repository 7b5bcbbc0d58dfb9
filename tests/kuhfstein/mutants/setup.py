"""Kuhfstein's mutators of the setup and component data (KUH-SETUP-*, KUH-CARDDEF-*,
KUH-BONUS-5, KUH-FINAL-5/6, KUH-PLAY-6, KUH-CLAIM-1): bad or repeated display tiles and cards,
start cards and scoring tiles dealt twice, bad bonus spaces, card definitions worth nothing,
defined twice or of an odd cell count, unknown faces, bonus kinds and custom scoring tiles, a
cow space added, and a claimed tile count one off; with ``_new_card_id`` for a card no
definition has.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from tests.kuhfstein.mutants.where import Doc, _components, _is_record, _pick

#: Bonus kinds no rule knows (the schema takes any string).
UNKNOWN_BONUS = ("double_points", "free_swap", "wild_tile")


def tile_display_bad(doc: Doc, rng: random.Random) -> bool:
    """KUH-SETUP-2: a setup display tile of a kind the game does not have, or one tile fewer
    or more in the display."""
    setup = doc.get("setup")
    if not isinstance(setup, dict) or not setup.get("tile_display"):
        return False
    display = setup["tile_display"]
    i = rng.randrange(len(display))
    edit = rng.randrange(3)
    if edit == 0:
        display[i] = rng.choice(("mountain", "desert", "Hay"))
    elif edit == 1:
        del display[i]
    else:
        display.insert(i, display[i])
    return True


def card_display_twice(doc: Doc, rng: random.Random) -> bool:
    """KUH-SETUP-3: a setup display card replaced by another displayed one, or by an id no
    card definition has."""
    setup = doc.get("setup")
    if not isinstance(setup, dict) or len(setup.get("card_display") or []) < 2:
        return False
    display = setup["card_display"]
    i = rng.randrange(len(display))
    if rng.random() < 0.5:
        display[i] = rng.choice([c for k, c in enumerate(display) if k != i])
    else:
        display[i] = _new_card_id(setup.get("cards") or {})
    return True


def bonus_space_bad(doc: Doc, rng: random.Random) -> bool:
    """KUH-SETUP-7: a bonus space moved onto another one or off the track (0, 66), or the
    bonus layout left out."""
    comp = _components(doc)
    if comp is None:
        return False
    spaces = (comp.get("track") or {}).get("bonus_spaces") or []
    if not spaces or rng.random() < 0.15:
        if "track" not in comp:
            return False
        del comp["track"]
        return True
    entry = rng.choice(spaces)
    others = [e["space"] for e in spaces if e is not entry]
    entry["space"] = rng.choice([*others, 0, 66] if others else [0, 66])
    return True


def card_points_zero(doc: Doc, rng: random.Random) -> bool:
    """KUH-CARDDEF-4: a card definition worth 0 or fewer points."""
    cards = (_components(doc) or {}).get("cards")
    if not cards:
        return False
    cards[rng.choice(sorted(cards))]["points"] = rng.choice((0, -1))
    return True


def card_defined_twice(doc: Doc, rng: random.Random) -> bool:
    """KUH-CARDDEF-5: a card defined a second time, under a new id (the game has 55 cards;
    a simulated record defines all 55)."""
    cards = (_components(doc) or {}).get("cards")
    if not cards:
        return False
    cards[_new_card_id(cards)] = copy.deepcopy(cards[rng.choice(sorted(cards))])
    return True


def card_cell_count(doc: Doc, rng: random.Random) -> bool:
    """KUH-CARDDEF-7 (warning): a card of 2 cells loses its back (or one face) cell, or a
    card of 5 cells gains a sixth back cell next to it; the cells stay a valid pattern."""
    cards = (_components(doc) or {}).get("cards")
    if not cards:
        return False
    played = {s.get("card") for m in doc.get("moves") or [] for s in m.get("steps") or []}
    fit = [c for c in sorted(cards) if len(cards[c]["cells"]) in (2, 5)]
    quiet = [c for c in fit if c not in played]  # a card never played keeps the game legal
    cid = _pick(rng, quiet or fit)
    if cid is None:
        return False
    cells = cards[cid]["cells"]
    if len(cells) == 2:
        keep = max(cells, key=lambda c: c["face"] != "back")
        cards[cid]["cells"] = [{"x": 0, "y": 0, "face": keep["face"]}]
        return True
    taken = {(c["x"], c["y"]) for c in cells}
    free = sorted(
        {(c["x"] + dx, c["y"] + dy) for c in cells for dx, dy in ((1, 0), (0, 1))} - taken
    )
    x, y = rng.choice(free)
    cells.append({"x": x, "y": y, "face": "back"})
    return True


def unknown_bonus_kind(doc: Doc, rng: random.Random) -> bool:
    """KUH-BONUS-5 (warning): a bonus space some player's track score reaches given a kind
    no rule knows."""
    if not _is_record(doc):
        return False
    spaces = (doc["setup"].get("track") or {}).get("bonus_spaces") or []
    scores = (doc.get("claimed") or {}).get("scores") or {}
    top = max(scores.values(), default=65)
    reached = [e for e in spaces if e["space"] <= top]
    entry = _pick(rng, reached or spaces)
    if entry is None:
        return False
    entry["bonus"] = rng.choice(UNKNOWN_BONUS)
    return True


def custom_scoring_tile(doc: Doc, rng: random.Random) -> bool:
    """KUH-FINAL-6 (warning) and KUH-FINAL-5: a revealed scoring tile's condition made a
    custom one (which the checker cannot evaluate); half the time its reveal makes no met
    claim, as a player who cannot tell would not (KUH-FINAL-5)."""
    comp = _components(doc)
    if comp is None or not comp.get("scoring_tiles"):
        return False
    claims: list[dict[str, Any]] = []  # the objects holding a reveal's tile and met
    if _is_record(doc):
        claims = [
            s
            for m in doc["moves"]
            for s in m.get("steps") or []
            if s.get("do") == "reveal_scoring_tile"
        ]
    elif isinstance(doc.get("boards"), dict):
        claims = [b for b in doc["boards"].values() if "revealed" in b]
    claims = [c for c in claims if c.get("tile", c.get("revealed")) in comp["scoring_tiles"]]
    claim = _pick(rng, claims)
    if claim is None:
        return False
    tile = comp["scoring_tiles"][claim.get("tile", claim.get("revealed"))]
    tile["condition"] = {"type": "custom", "text": "the prettiest landscape"}
    if rng.random() < 0.5:
        claim.pop("met", None)
    return True


def cow_space_added(doc: Doc, rng: random.Random) -> bool:
    """KUH-PLAY-6: a cow space added to the bonus layout above every score reached, so each
    player starts with a cow fewer and a card that took the last cows lacks one."""
    if not _is_record(doc):
        return False
    spaces = (doc["setup"].get("track") or {}).get("bonus_spaces")
    if spaces is None or sum(e["bonus"] == "cow" for e in spaces) >= 6:
        return False
    scores = (doc.get("claimed") or {}).get("scores") or {}
    top = max(scores.values(), default=0)
    used = {e["space"] for e in spaces}
    free = [s for s in range(top + 1, 66) if s not in used] or [
        s for s in range(1, 66) if s not in used
    ]
    if not free:
        return False
    spaces.append({"space": rng.choice(free), "bonus": "cow"})
    spaces.sort(key=lambda e: e["space"])
    return True


def hand_card_taken(doc: Doc, rng: random.Random) -> bool:
    """KUH-SETUP-4: a player's start card replaced by a displayed card or another's start
    card."""
    setup = doc.get("setup")
    if not isinstance(setup, dict) or not setup.get("hands"):
        return False
    hands = setup["hands"]
    name = rng.choice(sorted(hands))
    pool = [*setup.get("card_display", []), *(c for n, h in hands.items() if n != name for c in h)]
    if not hands[name] or not pool:
        return False
    hands[name][0] = rng.choice(pool)
    return True


def scoring_tile_dealt_twice(doc: Doc, rng: random.Random) -> bool:
    """KUH-SETUP-5: a dealt scoring tile replaced by one dealt to another player (or by the
    player's other tile)."""
    setup = doc.get("setup")
    if not isinstance(setup, dict) or not setup.get("scoring_dealt"):
        return False
    dealt = setup["scoring_dealt"]
    name = rng.choice(sorted(dealt))
    pool = [t for n, ts in dealt.items() for t in ts]
    tiles = dealt[name]
    if not tiles:
        return False
    k = rng.randrange(len(tiles))
    tiles[k] = rng.choice([t for t in pool if t != tiles[k]] or pool)
    return True


def scoring_tile_bad(doc: Doc, rng: random.Random) -> bool:
    """KUH-SETUP-8: a scoring tile worth 0, or with an unknown condition type, an unknown
    landscape kind or a count below 1."""
    tiles = (_components(doc) or {}).get("scoring_tiles")
    if not tiles:
        return False
    tile = tiles[rng.choice(sorted(tiles))]
    cond = tile["condition"]
    edit = rng.randrange(4)
    if edit == 0:
        tile["points"] = 0
    elif edit == 1:
        cond["type"] = "most_cows"
    elif edit == 2 and "kind" in cond:
        cond["kind"] = "mountain"
    elif "n" in cond:
        cond["n"] = 0
    else:
        tile["points"] = -1
    return True


def card_face_unknown(doc: Doc, rng: random.Random) -> bool:
    """KUH-CARDDEF-3: a card cell showing a face that is neither a landscape kind nor back."""
    cards = (_components(doc) or {}).get("cards")
    if not cards:
        return False
    cells = cards[rng.choice(sorted(cards))]["cells"]
    rng.choice(cells)["face"] = rng.choice(("mountain", "cow", "Forest"))
    return True


def claimed_tiles_off(doc: Doc, rng: random.Random) -> bool:
    """KUH-CLAIM-1: a player's claimed tiles_placed one off."""
    placed = (doc.get("claimed") or {}).get("tiles_placed")
    if not placed:
        return False
    name = rng.choice(sorted(placed))
    placed[name] += rng.choice((-1, 1))
    return True


def _new_card_id(cards: dict[str, Any]) -> str:
    n = len(cards) + 1
    while f"C{n}" in cards:
        n += 1
    return f"C{n}"
