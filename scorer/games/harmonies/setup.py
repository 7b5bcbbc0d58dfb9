"""Setup (section 5): the record's ``setup`` → the state before the first turn.

Checks in the order HAR-SETUP-5, HAR-SETUP-1, HAR-SETUP-3, HAR-SETUP-4; paths are absolute.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pyrsistent import pvector

from scorer.core.errors import RuleViolation
from scorer.core.values import Json, Record
from scorer.core.words import plural
from scorer.games.harmonies.board import COLOURS, TOKEN_COUNTS, TRACKS
from scorer.games.harmonies.cards import SPIRIT_DATA
from scorer.games.harmonies.state import Options, State, empty_player


def spaces_for(players: int) -> int:
    """Central board spaces (and display size): 3 in solo, else 5."""
    return 3 if players == 1 else 5


def initial_state(record: Record) -> State:
    """Build the state before the first turn. Raises RuleViolation (absolute path)."""
    options = Options.parse(record.get("variant"))
    names = [p["name"] for p in record["players"]]
    setup = record["setup"]
    # HAR-SETUP-5: 1 to 4 players
    if not 1 <= len(names) <= 4:
        raise RuleViolation(
            "HAR-SETUP-5",
            f"Harmonies is for 1 to 4 players, found {len(names)}",
            ("players",),
            {"expected": "1-4", "found": len(names)},
        )
    n = spaces_for(len(names))
    central = _check_central(setup["central_board"], n)
    display = _check_display(setup["display"], n)
    dealt = _check_spirits(setup, names, options.nature_spirits)
    pouch = dict(TOKEN_COUNTS)
    for space in central:
        for colour in space:
            pouch[colour] -= 1
    colours = [p.get("color") for p in record["players"]]
    players = tuple(
        empty_player(name, options.board_side, dealt.get(name, ()), colour)
        for name, colour in zip(names, colours, strict=True)
    )
    return State(
        options,
        pvector(players),
        pvector(central),
        pvector(pouch[c] for c in COLOURS),
        pvector(display),
        pvector(display),
        options.animal_cube_supply,
    )


def _check_central(spaces: Sequence[Sequence[str]], n: int) -> tuple[tuple[str, ...], ...]:
    # HAR-SETUP-1: n spaces of exactly 3 tokens
    if len(spaces) != n:
        raise RuleViolation(
            "HAR-SETUP-1",
            f"the Central board must have {plural(n, 'space')}, found {len(spaces)}",
            ("setup", "central_board"),
            {"expected": n, "found": len(spaces)},
        )
    for k, space in enumerate(spaces):
        if len(space) != 3:
            raise RuleViolation(
                "HAR-SETUP-1",
                f"Central board space {k + 1} must hold 3 tokens, found {len(space)}",
                ("setup", "central_board", k),
                {"expected": 3, "found": len(space)},
            )
    return tuple(tuple(s) for s in spaces)


def _check_display(display: Sequence[str], n: int) -> tuple[str, ...]:
    # HAR-SETUP-3: n distinct catalog Animal card ids
    if len(display) != n:
        raise RuleViolation(
            "HAR-SETUP-3",
            f"the display must show {n} Animal cards, found {len(display)}",
            ("setup", "display"),
            {"expected": n, "found": len(display)},
        )
    seen: set[str] = set()
    for k, card in enumerate(display):
        if card not in TRACKS or card in seen:
            why = "is not an Animal card of the catalog" if card not in TRACKS else "is repeated"
            raise RuleViolation(
                "HAR-SETUP-3",
                f"display card {card!r} {why}",
                ("setup", "display", k),
                {"found": card},
            )
        seen.add(card)
    return tuple(display)


def _check_spirits(
    setup: Json, names: list[str], module: bool
) -> dict[str, tuple[str | None, ...]]:
    dealt: Mapping[str, Sequence[str | None]] = setup.get("spirits_dealt", {})
    # HAR-SETUP-4: without the module, no spirit cards are dealt
    if not module:
        if dealt:
            raise RuleViolation(
                "HAR-SETUP-4",
                "spirit cards are dealt but the Nature's Spirit module is off",
                ("setup", "spirits_dealt"),
            )
        return {}
    # HAR-SETUP-4: with the module, two entries per player, catalog ids, none twice
    if "spirits_dealt" not in setup:
        raise RuleViolation(
            "HAR-SETUP-4",
            "the Nature's Spirit module is on but no spirit cards are dealt",
            ("setup",),
            {"expected": "spirits_dealt"},
        )
    seen: set[str] = set()
    for name, entries in dealt.items():
        path = ("setup", "spirits_dealt", name)
        if name not in names:
            raise RuleViolation("HAR-SETUP-4", f"{name!r} is not a player", path, {"found": name})
        if len(entries) != 2:
            raise RuleViolation(
                "HAR-SETUP-4",
                f"{name} must be dealt 2 spirit entries, found {len(entries)}",
                path,
                {"expected": 2, "found": len(entries)},
            )
        for k, card in enumerate(entries):
            if card is not None and (card not in SPIRIT_DATA or card in seen):
                why = (
                    "is not a spirit card of the catalog"
                    if card not in SPIRIT_DATA
                    else ("is dealt twice")
                )
                raise RuleViolation(
                    "HAR-SETUP-4", f"spirit card {card!r} {why}", (*path, k), {"found": card}
                )
            if card is not None:
                seen.add(card)
    missing = [n for n in names if n not in dealt]
    if missing:
        raise RuleViolation(
            "HAR-SETUP-4",
            f"no spirit cards dealt to {', '.join(missing)}",
            ("setup", "spirits_dealt"),
            {"expected": names, "found": list(dealt)},
        )
    return {name: tuple(entries) for name, entries in dealt.items()}
