"""End of a turn (sections 6.1, 6.7, 7): turn-level checks, solo discard, refills, triggers.

Order: HAR-TURN-2, HAR-TURN-3, HAR-TURN-6, the solo discard (HAR-SOLO-1/2/4 and its replacement,
HAR-REFILL-3/4), the Central board refill (HAR-REFILL-1, HAR-REFILL-2), the display refill
(HAR-REFILL-3, HAR-REFILL-4), then the end triggers (HAR-END-1, HAR-END-2) and the end (7.4).
Whether the turn is the game's final turn is decided before the refills are checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.errors import RuleViolation
from scorer.games.harmonies.actions import Turn
from scorer.games.harmonies.board import COLOURS, SIDE_CELLS, TRACKS
from scorer.games.harmonies.state import GameState, PlayerState
from scorer.words import plural

CATALOG_SIZE = len(TRACKS)
_INDEX = {c: i for i, c in enumerate(COLOURS)}


def check_turn_complete(t: Turn) -> None:
    """The turn-level checks of 6.1 (paths at ``steps``)."""
    # HAR-TURN-2: exactly one take_tokens step
    if not t.took:
        raise RuleViolation("HAR-TURN-2", "the turn takes no tokens", ("steps",))
    # HAR-TURN-3: all three taken tokens placed
    if t.hand:
        raise RuleViolation(
            "HAR-TURN-3",
            f"the turn ends with {', '.join(t.hand)} not placed",
            ("steps",),
            {"expected": 0, "found": list(t.hand)},
        )
    # HAR-TURN-6: the first turn chooses the spirit card
    if t.state.options.nature_spirits and t.first and t.spirit is None:
        raise RuleViolation(
            "HAR-TURN-6", "the player's first turn must choose a Nature's Spirit card", ("steps",)
        )


def pouch_trigger(state: GameState) -> bool:
    """HAR-END-1 for the refill due at the end of the current turn."""
    size = state.pouch_size()
    if state.solo and state.options.solo_last_refill == "end":
        return size < 9
    return size == 0


def expected_spaces(state: GameState, space: int) -> dict[str, int]:
    """Space (as written in records) → number of tokens the refill puts there."""
    left = state.pouch_size()
    if not state.solo:
        return {str(space): 3} if left else {}
    out = {}
    for s in range(1, 4):
        k = min(3, left)
        if k:
            out[str(s)] = k
        left -= k
    return out


def end_turn(t: Turn, move: Mapping[str, Any]) -> GameState:
    """Finish the turn: checks, discard, refills, triggers. Returns the next state."""
    check_turn_complete(t)
    state = t.state
    last_seat = state.seat == len(state.players) - 1
    board_full = len(SIDE_CELLS[state.side]) - len(t.board) <= 2
    # HAR-END-1 / HAR-END-2: the end is triggered (earlier, or by this turn)
    triggered = state.triggered or board_full or pouch_trigger(state)
    final = triggered and last_seat
    revealed = set(state.revealed)
    _solo_discard(t, move, revealed, final)
    refill = move.get("refill")
    pouch = _refill_central(t, refill, final)
    _refill_display(t, refill, revealed, final)
    player = PlayerState(
        t.player.name,
        t.board,
        t.cubes,
        tuple(t.cards),
        t.player.dealt,
        t.spirit,
        t.spirit_cube,
        t.player.turns + 1,
        t.player.color,
    )
    players = list(state.players)
    players[state.seat] = player
    return GameState(
        state.options,
        tuple(players),
        tuple(t.central),
        pouch,
        tuple(t.display),
        frozenset(revealed),
        t.reserve,
        (state.seat + 1) % len(players),
        state.turn + 1,
        triggered,
        final,
    )


def _solo_discard(t: Turn, move: Mapping[str, Any], revealed: set[str], final: bool) -> None:
    discard = move.get("solo_discard")
    if discard is None:
        return
    # HAR-SOLO-1: a display discard requires a solo game
    if not t.state.solo:
        raise RuleViolation(
            "HAR-SOLO-1", "only a solo game may discard from the display", ("solo_discard",)
        )
    # HAR-SOLO-2: not in a turn in which an Animal card was taken
    if t.took_card:
        raise RuleViolation("HAR-SOLO-2", "an Animal card was taken this turn", ("solo_discard",))
    card = discard["card"]
    # HAR-SOLO-4: the discarded card is face up in the display
    if card not in t.display:
        raise RuleViolation(
            "HAR-SOLO-4",
            f"{card!r} is not in the display",
            ("solo_discard", "card"),
            {"expected": list(t.display), "found": card},
        )
    slot = t.display.index(card)
    del t.display[slot]
    replacement = discard.get("replacement")
    pile = CATALOG_SIZE - len(revealed)
    # HAR-REFILL-3: one replacement while the draw pile lasts, none once it is empty
    if not final and (replacement is None) != (pile == 0):
        at = ("solo_discard", "replacement") if replacement is not None else ("solo_discard",)
        raise RuleViolation(
            "HAR-REFILL-3",
            f"the discard must be replaced by {min(pile, 1)} card(s) from the draw pile",
            at,
            {"expected": min(pile, 1), "found": int(replacement is not None)},
        )
    if replacement is not None:
        _reveal(replacement, revealed, ("solo_discard", "replacement"))
        t.display.insert(slot, replacement)


def _reveal(card: str, revealed: set[str], path: tuple[str | int, ...]) -> None:
    # HAR-REFILL-4: a catalog Animal card not revealed before
    if card not in TRACKS or card in revealed:
        why = (
            "is not an Animal card of the catalog"
            if card not in TRACKS
            else ("was already revealed in this game")
        )
        raise RuleViolation("HAR-REFILL-4", f"revealed card {card!r} {why}", path, {"found": card})
    revealed.add(card)


def _refill_central(t: Turn, refill: Mapping[str, Any] | None, final: bool) -> tuple[int, ...]:
    state = t.state
    expected = expected_spaces(state, t.space)
    spaces: Mapping[str, list[str]] = (refill or {}).get("spaces", {})
    if state.solo:
        t.central = [(), (), ()]  # leftovers leave the game
    if not final:
        _check_refill_spaces(refill, spaces, expected)
    pouch = list(state.pouch)
    for key, tokens in spaces.items():
        for k, colour in enumerate(tokens):
            i = _INDEX[colour]
            # HAR-REFILL-2: every drawn colour is still in the pouch
            if pouch[i] <= 0:
                raise RuleViolation(
                    "HAR-REFILL-2",
                    f"no {colour} token is left in the pouch",
                    ("refill", "spaces", key, k),
                    {"expected": dict(zip(COLOURS, pouch, strict=True)), "found": colour},
                )
            pouch[i] -= 1
        index = int(key) - 1 if key.isascii() and key.isdigit() else -1
        if 0 <= index < len(t.central):
            t.central[index] = tuple(tokens)
    return tuple(pouch)


def _check_refill_spaces(
    refill: Mapping[str, Any] | None, spaces: Mapping[str, list[str]], expected: dict[str, int]
) -> None:
    # HAR-REFILL-1: the refill names exactly the spaces that receive tokens
    if refill is None:
        if expected:
            raise RuleViolation(
                "HAR-REFILL-1", "the turn records no refill", (), {"expected": expected}
            )
        return
    for key, tokens in spaces.items():
        want = expected.get(key, 0)
        if key not in expected or len(tokens) != want:
            raise RuleViolation(
                "HAR-REFILL-1",
                f"space {key} must receive {plural(want, 'token')}, found {len(tokens)}",
                ("refill", "spaces", key),
                {"expected": want, "found": len(tokens)},
            )
    missing = [key for key in expected if key not in spaces]
    if missing:
        at = ("refill", "spaces") if "spaces" in refill else ("refill",)
        raise RuleViolation(
            "HAR-REFILL-1",
            f"space {missing[0]} must be refilled",
            at,
            {"expected": expected, "found": sorted(spaces)},
        )


def _refill_display(
    t: Turn, refill: Mapping[str, Any] | None, revealed: set[str], final: bool
) -> None:
    cards: list[str] = (refill or {}).get("display", [])
    size = 3 if t.state.solo else 5
    want = min(size - len(t.display), CATALOG_SIZE - len(revealed))
    # HAR-REFILL-3: as many cards as the empty slots and the draw pile allow
    if not final and len(cards) != want:
        at: tuple[str, ...] = ()
        if refill is not None:
            at = ("refill", "display") if "display" in refill else ("refill",)
        raise RuleViolation(
            "HAR-REFILL-3",
            f"the display refill must reveal {want} card(s), found {len(cards)}",
            at,
            {"expected": want, "found": len(cards)},
        )
    for k, card in enumerate(cards):
        _reveal(card, revealed, ("refill", "display", k))
        t.display.append(card)
