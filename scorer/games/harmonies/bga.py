"""A Board Game Arena capture of Harmonies → a ``scorer-position/1`` document.

``scorer import bga``, ``--from bga`` and the web app's Open read a BGA capture in either form of
``fixtures/harmonies/bga/FORMAT.md`` (``bga_gamedatas``: BGA's own ``gamedatas`` object;
``bga_snapshot``: the snapshot v1 form) into a ``bga_read.Capture`` and build the position from
it: token colours, board side, the cells (padding cells dropped), cards by BGA number
(``bga_cards``), the cubes as count-only cubes (each card's ``placed`` = track length − the cubes
still on it, beside the board-level list of the cells that carry a cube: BGA does not say which
card a cube on the board came from), the spirit card or the pending choice, and, once the game is
over, BGA's totals as ``claimed``. Every problem is an IMP-BGA-* finding pointing into the BGA
file; with an error no position is made.
"""

from __future__ import annotations

from typing import Any, Literal

from scorer.core.findings import Findings
from scorer.core.pointer import to_pointer
from scorer.core.values import Imported
from scorer.core.words import plural
from scorer.games.harmonies.bga_cards import card_of, is_spirit
from scorer.games.harmonies.bga_read import Capture, CapturePlayer, Path
from scorer.games.harmonies.board import TRACKS

#: Members only a BGA capture has (snapshot v1 and ``gamedatas``).
MARKERS = frozenset(
    {
        "boardSide",
        "hexes",
        "schemaVersion",
        "perspectivePlayerId",
        "centralTokenGroups",
        "riverCards",
        "bagCounts",
        "tokensOnCentralBoard",
        "cubesOnAnimalCards",
        "spiritsCards",
        "remainingTokens",
        "gamestate",
    }
)


def detect(doc: Any) -> Literal["yes", "unsure", "no"]:
    """Whether a document without ``format`` is a BGA capture (two markers), maybe (one)."""
    if not isinstance(doc, dict) or "format" in doc:
        return "no"
    found = len(MARKERS.intersection(doc))
    if found >= 2 and "players" in doc:
        return "yes"
    return "unsure" if found else "no"


def import_bga(doc: Any) -> Imported:
    """The position of a BGA capture (either form), its findings and the members' origins."""
    checks = Findings()
    capture = _read(doc, checks)
    if capture is None or checks.errors:
        return Imported(None, tuple(checks.items))
    document, origins = _build(capture, checks)
    if checks.errors:
        return Imported(None, tuple(checks.items), origins)
    return Imported(document, tuple(checks.items), origins)


def _read(doc: Any, checks: Findings) -> Capture | None:
    if not isinstance(doc, dict):
        # IMP-BGA-1: the capture is a JSON object
        checks.add("IMP-BGA-1", (), "a BGA capture is a JSON object")
        return None
    if isinstance(doc.get("gamedatas"), dict):  # saved with its name around it
        from scorer.games.harmonies.bga_gamedatas import read_gamedatas

        return read_gamedatas(doc["gamedatas"], ("gamedatas",), checks)
    if "schemaVersion" in doc:
        from scorer.games.harmonies.bga_snapshot import read_snapshot

        version = doc.get("schemaVersion")
        # IMP-BGA-1: a snapshot of a known version
        if version != 1:
            checks.add(
                "IMP-BGA-1", ("schemaVersion",), f"unknown snapshot version {version!r}", expected=1
            )
            return None
        return read_snapshot(doc, checks)
    from scorer.games.harmonies.bga_gamedatas import read_gamedatas

    return read_gamedatas(doc, (), checks)


def _build(capture: Capture, checks: Findings) -> tuple[dict[str, Any], dict[str, str]]:
    origins: dict[str, str] = {}
    nature = any(is_spirit(c.number) for p in capture.players for c in (*p.cards, *p.choices))
    boards: dict[str, Any] = {}
    for player in capture.players:
        boards[player.pid] = _board(player, nature, origins, checks)
    document: dict[str, Any] = {
        "format": "scorer-position/1",
        "game": "harmonies",
        "variant": {"board_side": capture.side, "nature_spirits": nature},
        "players": [{"name": p.pid} for p in capture.players],
        "boards": boards,
    }
    scores = {p.pid: p.score for p in capture.players if p.score is not None}
    bga: dict[str, Any] = {"form": capture.form}
    if capture.river:
        bga["river"] = [card_of(n) for n in capture.river]
    if capture.central:
        bga["central_board"] = capture.central
    if capture.finished and len(scores) == len(capture.players):
        document["claimed"] = {"scores": scores}
    elif scores:
        bga["scores_now"] = scores
    if capture.finished is not None:
        bga["finished"] = capture.finished
    document["meta"] = {"source": "Board Game Arena", "claims_by": "BGA", "bga": bga}
    return document, origins


def _board(
    player: CapturePlayer, nature: bool, origins: dict[str, str], checks: Findings
) -> dict[str, Any]:
    base = f"/boards/{to_pointer((player.pid,))[1:]}"
    origins[base] = to_pointer(player.at)
    cells = sorted((c for c in player.cells if c.tokens), key=lambda c: c.cell)
    cubes = sorted((c for c in player.cells if c.cube), key=lambda c: c.cell)
    for k, c in enumerate(cells):
        origins[f"{base}/cells/{k}"] = to_pointer(c.at)
    for m, c in enumerate(cubes):
        origins[f"{base}/cubes/{m}"] = to_pointer(c.at)
    board: dict[str, Any] = {
        "cells": [{"cell": list(c.cell), "tokens": c.tokens} for c in cells],
        "cards": [],
        "cubes": [list(c.cell) for c in cubes],
    }
    spirits = []
    given = 0
    for card in player.cards:
        cid = card_of(card.number)
        assert cid is not None  # checked when read (IMP-BGA-6)
        size = 1 if is_spirit(card.number) else len(TRACKS[cid])
        placed = _placed(card.remaining, size, card.done, card.at, checks)
        given += placed
        if is_spirit(card.number):
            spirits.append((cid, placed, card.at))
            continue
        origins[f"{base}/cards/{len(board['cards'])}"] = to_pointer(card.at)
        board["cards"].append({"card": cid, "placed": placed})
    if nature:
        board["spirit"] = _spirit(player, spirits, base, origins, checks)
    # IMP-BGA-9: the cubes on the board are the cubes the cards gave
    if given != len(cubes):
        checks.add(
            "IMP-BGA-9",
            (*player.at, "cells"),
            f"{player.pid}: {plural(len(cubes), 'cube')} on the board, the cards gave "
            f"{given} (a capture taken in the middle of an action?)",
            expected=given,
            found=len(cubes),
        )
    return board


def _placed(remaining: int, size: int, done: bool, at: Path, checks: Findings) -> int:
    # IMP-BGA-9: a card holds at most its track's cubes; a completed card holds none
    if remaining > size or (done and remaining):
        why = f"its track has {size}" if remaining > size else "it is completed"
        checks.add(
            "IMP-BGA-9",
            (*at, "remainingCubes"),
            f"{plural(remaining, 'cube')} still on the card, but {why}",
            expected=0 if done else f"at most {size}",
            found=remaining,
        )
        return 0
    return size - remaining


def _spirit(
    player: CapturePlayer,
    spirits: list[tuple[str, int, Path]],
    base: str,
    origins: dict[str, str],
    checks: Findings,
) -> dict[str, Any]:
    choices = [card_of(c.number) for c in player.choices]
    if len(spirits) == 1 and not choices:
        cid, placed, at = spirits[0]
        origins[f"{base}/spirit"] = to_pointer(at)
        return {"card": cid, "placed": placed}
    if not spirits and len(choices) == 2:
        origins[f"{base}/spirit"] = to_pointer(player.choices[0].at)
        return {"choices": choices}
    if not spirits and not choices:
        return {"card": None, "cube": None}
    # IMP-BGA-10: a player has one chosen spirit card, or two to choose from
    checks.add(
        "IMP-BGA-10",
        player.at,
        f"{player.pid}: {plural(len(spirits), 'chosen spirit card')} and "
        f"{plural(len(choices), 'spirit card')} to choose from",
        found={"chosen": len(spirits), "choices": len(choices)},
    )
    return {"card": None, "cube": None}
