"""End of a turn (sections 6.1, 6.7, 7): turn-level checks, solo discard, refills, triggers.

Order: HAR-TURN-2, HAR-TURN-3, HAR-TURN-6, the solo discard (HAR-SOLO-1/2/4 and its replacement,
HAR-REFILL-3/4), the Central board refill (HAR-REFILL-1, HAR-REFILL-2), the display refill
(HAR-REFILL-3, HAR-REFILL-4), then the end triggers (7.3: pouch and board) and the end (7.4).
Whether the turn is the game's final turn is decided before the refills are checked. Each
function works on the turn's :class:`~scorer.games.harmonies.state.TurnDraft`; ``end_turn``
returns the next state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from pyrsistent import PVector, pvector

from scorer.core.errors import RuleViolation
from scorer.core.words import plural
from scorer.games.harmonies.board import COLOURS, SIDE_CELLS, TRACKS, Stack
from scorer.games.harmonies.cellmap import CellMap
from scorer.games.harmonies.state import PlayerState, State, TurnDraft
from scorer.games.harmonies.steps import Refill, SoloDiscard, TurnMove

CATALOG_SIZE = len(TRACKS)
_INDEX = {c: i for i, c in enumerate(COLOURS)}
#: The solo Central board after a refill starts: its leftovers leave the game.
_SOLO_EMPTY: PVector[Stack] = pvector([(), (), ()])
_NO_SPACES: Mapping[str, list[str]] = MappingProxyType({})


def check_turn_complete(draft: TurnDraft) -> None:
    """The turn-level checks of 6.1 (paths at ``steps``)."""
    # HAR-TURN-2: exactly one take_tokens step
    if not draft.took_tokens:
        raise RuleViolation("HAR-TURN-2", "the turn takes no tokens", ("steps",))
    hand = draft.hand
    # HAR-TURN-3: all three taken tokens placed
    if hand:
        raise RuleViolation(
            "HAR-TURN-3",
            f"the turn ends with {', '.join(hand)} not placed",
            ("steps",),
            {"expected": 0, "found": list(hand)},
        )
    # HAR-TURN-6: the first turn chooses the spirit card
    if draft.options.nature_spirits and draft.first_turn and draft.spirit is None:
        raise RuleViolation(
            "HAR-TURN-6", "the player's first turn must choose a Nature's Spirit card", ("steps",)
        )


def _pouch_trigger(left: int, solo: bool, last_refill: str) -> bool:
    if solo and last_refill == "end":
        return left < 9
    return left == 0


def expected_spaces(state: State, space: int) -> dict[str, int]:
    """Space (as written in records) → number of tokens the refill puts there."""
    return _expected_spaces(state.pouch_size(), state.solo, space)


def _expected_spaces(left: int, solo: bool, space: int) -> dict[str, int]:
    if not solo:
        return {str(space): 3} if left else {}
    out = {}
    for s in range(1, 4):
        k = min(3, left)
        if k:
            out[str(s)] = k
        left -= k
    return out


def end_turn(draft: TurnDraft, move: TurnMove) -> State:
    """Finish the turn: checks, discard, refills, triggers. Returns the next state.

    The pouch size, the seat and whether the game is solo are read once here and handed to
    the helpers."""
    check_turn_complete(draft)
    state = draft.base
    players = state.players
    n = len(players)
    solo = n == 1
    seat = state.seat
    left = sum(state.pouch)
    board_full = len(SIDE_CELLS[draft.side]) - draft.filled <= 2
    # HAR-END-1 / HAR-END-2: the end is triggered (earlier, or by this turn)
    triggered = (
        state.triggered or board_full or _pouch_trigger(left, solo, state.options.solo_last_refill)
    )
    final = triggered and seat == n - 1
    discard = move.get("solo_discard")
    if discard is not None:
        _solo_discard(draft, discard, solo, final)
    refill = move.get("refill")
    _refill_central(draft, refill, final, solo, left)
    _refill_display(draft, refill, final, solo)
    draft.players = players.set(seat, _played(draft, players[seat]))
    draft.seat = (seat + 1) % n
    draft.turn = state.turn + 1
    if triggered != state.triggered:
        draft.triggered = triggered
        dry = _pouch_trigger(left, solo, state.options.solo_last_refill)
        draft.trigger = "pouch_empty" if dry else "board_full"
    if final != state.over:
        draft.over = final
    return draft.done()


def _played(draft: TurnDraft, player: PlayerState) -> PlayerState:
    """The record of the player to move after the turn (the draft's notes put in)."""
    side = draft.side
    cubes = player.cubes
    if draft.cube_at is not cubes.vector:
        cubes = CellMap(side, draft.cube_at, "", draft.cube_count)
    return PlayerState(
        player.name,
        CellMap(side, draft.stacks, (), draft.filled),
        cubes,
        draft.cards,
        player.dealt,
        draft.spirit,
        draft.spirit_cube,
        player.turns + 1,
        player.color,
    )


def _solo_discard(draft: TurnDraft, discard: SoloDiscard, solo: bool, final: bool) -> None:
    # HAR-SOLO-1: a display discard requires a solo game
    if not solo:
        raise RuleViolation(
            "HAR-SOLO-1", "only a solo game may discard from the display", ("solo_discard",)
        )
    # HAR-SOLO-2: not in a turn in which an Animal card was taken
    if draft.took_card:
        raise RuleViolation("HAR-SOLO-2", "an Animal card was taken this turn", ("solo_discard",))
    card = discard["card"]
    display = draft.display
    # HAR-SOLO-4: the discarded card is face up in the display
    if card not in display:
        raise RuleViolation(
            "HAR-SOLO-4",
            f"{card!r} is not in the display",
            ("solo_discard", "card"),
            {"expected": list(display), "found": card},
        )
    slot = display.index(card)
    replacement = discard.get("replacement")
    revealed = draft.revealed
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
    if replacement is None:
        draft.display = display.delete(slot)
    else:  # the replacement takes the discarded card's slot
        draft.revealed = _reveal(revealed, replacement, ("solo_discard", "replacement"))
        draft.display = display.set(slot, replacement)


def _reveal(revealed: PVector[str], card: str, path: tuple[str | int, ...]) -> PVector[str]:
    """``revealed`` with ``card`` revealed too."""
    # HAR-REFILL-4: a catalog Animal card not revealed before
    if card not in TRACKS or card in revealed:
        why = (
            "is not an Animal card of the catalog"
            if card not in TRACKS
            else ("was already revealed in this game")
        )
        raise RuleViolation("HAR-REFILL-4", f"revealed card {card!r} {why}", path, {"found": card})
    return revealed.append(card)


def _refill_central(
    draft: TurnDraft, refill: Refill | None, final: bool, solo: bool, left: int
) -> None:
    spaces: Mapping[str, list[str]] = (
        refill.get("spaces", _NO_SPACES) if refill is not None else _NO_SPACES
    )
    space = draft.space
    taken = spaces.get(str(space)) if len(spaces) == 1 else None
    # the usual refill, checked without building the expected one: a game of 2-4 with tokens
    # in the pouch puts 3 on the one space taken
    usual = taken is not None and not solo and left > 0 and len(taken) == 3
    if not final and not usual:
        _check_refill_spaces(refill, spaces, _expected_spaces(left, solo, space))
    central: PVector[Stack] = _SOLO_EMPTY if solo else draft.central
    if not spaces:
        if solo:
            draft.central = central
        return
    pouch = draft.pouch
    counts = pouch.tolist()
    for tokens in spaces.values():
        for colour in tokens:
            counts[_INDEX[colour]] -= 1
    if min(counts) < 0:
        _overdrawn(pouch, spaces)
    if usual and taken is not None:  # the space taken exists (HAR-TAKE-1)
        central = central.set(space - 1, tuple(taken))
    else:
        for key, tokens in spaces.items():
            index = int(key) - 1 if key.isascii() and key.isdigit() else -1
            if 0 <= index < len(central):
                central = central.set(index, tuple(tokens))
    draft.pouch = pvector(counts)
    draft.central = central


def _overdrawn(pouch: PVector[int], spaces: Mapping[str, list[str]]) -> None:
    """Raise HAR-REFILL-2 at the first listed token the pouch no longer holds (the refill
    draws more of some colour than the pouch has: the totals are checked first)."""
    counts = pouch.tolist()
    for key, tokens in spaces.items():
        for k, colour in enumerate(tokens):
            i = _INDEX[colour]
            # HAR-REFILL-2: every drawn colour is still in the pouch
            if counts[i] <= 0:
                raise RuleViolation(
                    "HAR-REFILL-2",
                    f"no {colour} token is left in the pouch",
                    ("refill", "spaces", key, k),
                    {"expected": dict(zip(COLOURS, counts, strict=True)), "found": colour},
                )
            counts[i] -= 1


def _check_refill_spaces(
    refill: Refill | None, spaces: Mapping[str, list[str]], expected: dict[str, int]
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


def _refill_display(draft: TurnDraft, refill: Refill | None, final: bool, solo: bool) -> None:
    cards: Sequence[str] = refill.get("display", ()) if refill is not None else ()
    display = draft.display
    revealed = draft.revealed
    want = min((3 if solo else 5) - len(display), CATALOG_SIZE - len(revealed))
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
    if cards:
        for k, card in enumerate(cards):
            revealed = _reveal(revealed, card, ("refill", "display", k))
            display = display.append(card)
        draft.revealed = revealed
        draft.display = display
