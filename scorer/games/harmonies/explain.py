"""``scorer explain`` for Harmonies: one ScoreItem per scoring unit of ``scoring.player_units``.

The points come from the same units the score sheet sums, so the items of a player and category
always add up to the sheet's value. Items worth 0 are listed where they explain a 0 that players
may dispute: isolated Mountains, single yellow tokens, Buildings without 3 neighbouring colours,
a lone blue token, Animal cards without placed cubes and a spirit card whose cube is unplaced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorer.core.values import ScoreItem
from scorer.core.words import plural
from scorer.games.harmonies.board import NEIGHBOURS, TRACKS, Cell
from scorer.games.harmonies.cards import SPIRIT_DATA
from scorer.games.harmonies.landscapes import Unit
from scorer.games.harmonies.rules import CATEGORIES
from scorer.games.harmonies.scoring import player_units
from scorer.games.harmonies.state import PlayerState, State

RULE: dict[str, str] = {
    "trees": "HAR-SCORE-1",
    "mountains": "HAR-SCORE-2",
    "fields": "HAR-SCORE-3",
    "buildings": "HAR-SCORE-4",
    "water": "HAR-SCORE-5",
    "animals": "HAR-SCORE-7",
    "spirit": "HAR-SCORE-8",
}
LANDSCAPE: dict[str, tuple[str, str]] = {
    "tree": ("Tree", "Trees"),
    "mountain": ("Mountain", "Mountains"),
    "water": ("blue token", "blue tokens"),
    "field": ("yellow token", "yellow tokens"),
    "building": ("Building", "Buildings"),
}


def card_name(card: str) -> str:
    """The printed name of a card id: ``fennec_fox`` → Fennec Fox, ``ram_spirit`` → Ram's Spirit."""
    if card.endswith("_spirit"):
        return f"{card[:-7].replace('_', ' ').title()}'s Spirit"
    return card.replace("_", " ").title()


def at(cells: Sequence[Cell]) -> str:
    """``[c,r], [c,r]``: the cells, in the record's coordinates."""
    return ", ".join(f"[{c},{r}]" for c, r in cells)


def explain(state: State) -> list[ScoreItem]:
    """Every scoring item of every player, in seat and category order."""
    items: list[ScoreItem] = []
    for player in state.players:
        units = player_units(player, state.options)
        for category in CATEGORIES:
            items.extend(_items(state, player, category, units[category]))
    return items


@dataclass(frozen=True, slots=True)
class _Maker:
    """Builds the items of one player and category (on that player's board)."""

    player: str
    category: str

    def __call__(self, points: int, text: str, cells: Sequence[Cell], rule: str = "") -> ScoreItem:
        return ScoreItem(
            self.player,
            self.category,
            points,
            rule or RULE[self.category],
            text,
            tuple(cells),
            self.player,
        )


def _items(state: State, player: PlayerState, category: str, units: list[Unit]) -> list[ScoreItem]:
    item = _Maker(player.name, category)
    board = player.board
    if category == "trees":
        return [item(u.points, f"Tree of height {u.size} at {at(u.cells)}", u.cells) for u in units]
    if category == "mountains":
        return [
            item(
                u.points,
                f"Mountain of height {u.size} at {at(u.cells)}, next to Mountain {at(u.near)}"
                if u.near
                else f"isolated Mountain of height {u.size} at {at(u.cells)} (no neighbouring "
                "Mountain)",
                u.cells,
            )
            for u in units
        ]
    if category == "fields":
        return [
            item(
                u.points,
                f"Field of {u.size} yellow tokens at {at(u.cells)}"
                if u.size >= 2
                else f"single yellow token at {at(u.cells)} (a Field needs 2)",
                u.cells,
            )
            for u in units
        ]
    if category == "buildings":
        out = []
        for u in units:
            stack = ", ".join(board[u.cells[0]])
            seen = f"{', '.join(u.colours) or 'nothing'} ({plural(len(u.colours), 'colour')}" + (
                ")" if u.points else ", 3 needed)"
            )
            out.append(
                item(
                    u.points,
                    f"Building ({stack}) at {at(u.cells)}, neighbours show {seen}",
                    u.cells,
                )
            )
        return out
    if category == "water":
        return [_water(state, u, item) for u in units]
    if category == "animals":
        return [
            item(
                u.points,
                f"{card_name(u.card)}: {u.size} of "
                f"{plural(len(TRACKS[u.card]), 'cube')}"
                + (f" at {at(u.cells)}" if u.cells else " placed")
                + f" (track {', '.join(map(str, TRACKS[u.card]))})",
                u.cells,
            )
            for u in units
        ]
    return _spirit(player, units, item)


def _water(state: State, u: Unit, item: _Maker) -> ScoreItem:
    if state.side != "A":
        # the cells are listed once, by the explanation (an island can cover the whole board)
        return item(
            u.points, f"island of {plural(u.size, 'non-blue cell')}", u.cells, "HAR-SCORE-6"
        )
    if u.size == 1:
        return item(0, f"lone blue token at {at(u.cells)} (a river needs 2)", u.cells)
    ends = u.cells[0], u.cells[-1]
    if u.size >= 3 and ends[1] in NEIGHBOURS["A"][ends[0]]:
        return item(
            u.points,
            f"river loop of {u.size} blue tokens {_chain(u.cells)} (longest "
            "cycle, river_metric include_loops)",
            u.cells,
        )
    return item(
        u.points,
        f"river of {u.size} blue tokens from {at([ends[0]])} to "
        f"{at([ends[1]])}, shortest path {_chain(u.cells)}",
        u.cells,
    )


def _chain(cells: Sequence[Cell]) -> str:
    return "–".join(at([c]) for c in cells)


def _spirit(player: PlayerState, units: list[Unit], item: _Maker) -> list[ScoreItem]:
    if player.spirit is None:
        return []
    name = card_name(player.spirit)
    if player.spirit_cube is None:
        return [item(0, f"{name}: cube not placed, the card scores nothing", ())]
    head = f"{name} (cube at {at([player.spirit_cube])})"
    _, (landscape, unit, _), _ = SPIRIT_DATA[player.spirit]
    one, many = LANDSCAPE[landscape]
    if unit != "each":
        return [
            item(
                u.points,
                f"{head}: group of {u.size} {one if u.size == 1 else many} at {at(u.cells)}",
                u.cells,
            )
            for u in units
        ]
    out = []
    for size in sorted({u.size for u in units}):
        same = [u for u in units if u.size == size]
        what = one if len(same) == 1 else many
        height = "" if landscape == "water" else f" of height {size}"
        cells = [u.cells[0] for u in same]
        each = f", {plural(same[0].points, 'point')} each" if len(same) > 1 else ""
        out.append(
            item(
                sum(u.points for u in same),
                f"{head}: {len(same)} {what}{height} at {at(cells)}{each}",
                cells,
            )
        )
    if not units:
        out.append(item(0, f"{head}: no {many} that score", ()))
    return out
