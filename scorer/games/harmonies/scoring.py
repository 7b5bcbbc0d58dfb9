"""Final scoring (section 8): the scoring units of each category, suns, tie-break, sheet, and
the one claim kind of Harmonies beyond totals and breakdowns, ``claimed.suns`` (11.5).

Every category is computed as a list of :class:`Unit` (a Tree, a Mountain, a Field group, a
Building, the river, an island, an Animal card, a spirit card's landscape or group); the score
is the sum of their points, and ``scorer explain`` lists the same units, so the two cannot
disagree.

The board categories (Trees, Mountains, Fields, Buildings, water) are computed in
``landscapes``; this module adds the Animal and spirit cards and makes the sheet."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from scorer.core.claims import claim_mismatch, not_a_player, unexpected_claim
from scorer.core.findings import Finding
from scorer.core.pointer import to_pointer
from scorer.core.values import Json, PlayerScore, ScoreSheet
from scorer.games.harmonies.board import (
    NEIGHBOURS,
    SPIRIT_CATEGORY,
    TRACKS,
    Cell,
    Stack,
)
from scorer.games.harmonies.cards import SPIRIT_DATA
from scorer.games.harmonies.landscapes import (
    POINTS,
    Board,
    Nbrs,
    Unit,
    board_units,
    is_building,
    is_mountain,
    is_tree,
    total,
)
from scorer.games.harmonies.rules import CATEGORIES
from scorer.games.harmonies.state import Options, PlayerState, State
from scorer.grid.regions import connected_groups


def _groups(board: Board, nbrs: Nbrs, keep: Collection[Cell]) -> list[frozenset[Cell]]:
    ordered = [c for c in board if c in keep]
    return connected_groups(ordered, nbrs.__getitem__)


def animal_units(player: PlayerState) -> list[Unit]:
    """HAR-SCORE-7: a card with k placed cubes scores the k-th value of its track."""
    # HAR-SCORE-7: the track value of the cubes placed
    return [
        Unit(h.cubes, _track_points(h.card, len(h.cubes)), len(h.cubes), card=h.card)
        for h in player.cards
    ]


def _track_points(card: str, placed: int) -> int:
    track = TRACKS[card]
    return track[min(placed, len(track)) - 1] if placed else 0


def spirit_units(player: PlayerState, nbrs: Nbrs, board: Board | None = None) -> list[Unit]:
    """HAR-SCORE-8: the landscapes (``each`` cards) or groups the spirit card scores, if its
    cube is placed; units worth 0 (e.g. a group of 1 for the Crane) are left out. ``board``:
    the player's board as a plain dict, if the caller has one."""
    # HAR-SCORE-8: the spirit card's rule, its cube placed
    if player.spirit is None or player.spirit_cube is None:
        return []
    _, (landscape, unit, table), _ = SPIRIT_DATA[player.spirit]
    if board is None:
        board = player.board.as_dict()
    groups: list[tuple[Cell, ...]]
    if unit == "each":
        keep = {"tree": is_tree, "mountain": is_mountain}.get(landscape, _is_water)
        groups = [(c,) for c, s in board.items() if keep(s)]
        sizes = [1 if landscape == "water" else len(board[g[0]]) for g in groups]
    else:
        keep = {"field": _is_field, "water": _is_water, "building": is_building}[landscape]
        cells = {c for c, s in board.items() if keep(s)}
        groups = [tuple(sorted(g)) for g in _groups(board, nbrs, cells)]
        sizes = [len(g) for g in groups]
    units = [
        Unit(g, _lookup(table, x), x, card=player.spirit)
        for g, x in zip(groups, sizes, strict=True)
    ]
    return [u for u in units if u.points]


def _is_water(stack: Stack) -> bool:
    return stack[-1] == "blue"


def _is_field(stack: Stack) -> bool:
    return stack[-1] == "yellow"


def score_spirit(player: PlayerState, nbrs: Nbrs) -> int:
    """HAR-SCORE-8: the spirit card's rule, if its cube is placed."""
    return total(spirit_units(player, nbrs))


def _lookup(table: tuple[tuple[int, int | None, int], ...], x: int) -> int:
    for low, high, points in table:
        if low <= x and (high is None or x <= high):
            return points
    return 0


def player_units(player: PlayerState, options: Options) -> dict[str, list[Unit]]:
    """The scoring units of one player, per category (the score is the sum of their points)."""
    return {
        **board_units(player, options),
        "animals": animal_units(player),
        "spirit": spirit_units(player, NEIGHBOURS[options.board_side]),
    }


SUN_STEPS: tuple[tuple[int, int], ...] = (
    (160, 8),
    (150, 7),
    (140, 6),
    (130, 5),
    (110, 4),
    (90, 3),
    (70, 2),
    (40, 1),
)


def suns(total: int, options: Options, spirit: str | None) -> int:
    """HAR-SCORE-11: base suns from the total plus side and spirit bonuses."""
    # HAR-SCORE-11: suns from the total and bonuses
    base = next((s for low, s in SUN_STEPS if total >= low), 0)
    side = 1 if options.board_side == "A" else 0
    if not options.nature_spirits:
        bonus = 2
    else:
        bonus = 1 if spirit is not None and SPIRIT_CATEGORY[spirit] == "group" else 0
    return base + side + bonus


def score_player(player: PlayerState, options: Options) -> PlayerScore:
    """The seven categories, total (HAR-SCORE-9) and display extras of one player."""
    units = player_units(player, options)
    extras: dict[str, object] = {}
    if options.board_side == "A":
        extras["river"] = sum(u.size for u in units["water"])
    else:
        extras["islands"] = len(units["water"])
    cats = {cat: sum(map(POINTS, units[cat])) for cat in CATEGORIES}
    cubes = player.animal_cubes()
    if options.tiebreak_counts_spirit_cube and player.spirit_cube is not None:
        cubes += 1
    extras["cubes"] = cubes
    extras["cards"] = [_card_text(h.card, len(h.cubes)) for h in player.cards]
    if options.nature_spirits:
        extras["spirit"] = _spirit_text(player, cats["spirit"])
    # HAR-SCORE-9: the total is the sum of the seven categories
    return PlayerScore(player.name, cats, sum(cats.values()), extras)


def _card_text(card: str, placed: int) -> str:
    return f"{card} {placed}/{len(TRACKS[card])}={_track_points(card, placed)}"


def _spirit_text(player: PlayerState, points: int) -> str:
    if player.spirit is None:
        return "not chosen"
    placed = "cube placed" if player.spirit_cube is not None else "cube not placed"
    return f"{player.spirit} ({placed})={points}"


def score_state(state: State) -> ScoreSheet:
    """HAR-SCORE-1…11: the score sheet of a final (or any) state."""
    options = state.options
    lines = [score_player(p, options) for p in state.players]
    if len(lines) == 1:
        only = lines[0]
        sun = suns(only.total, options, state.players[0].spirit)
        lines = [PlayerScore(only.name, only.categories, only.total, {**only.extras, "suns": sun})]
        return ScoreSheet(
            CATEGORIES,
            tuple(lines),
            ((only.name,),),
            ("cubes", "suns"),
            notes=("solo game: rated in suns (HAR-SCORE-11)", *state.notes),
        )
    what = (
        "Animal cubes and the spirit cube"
        if options.tiebreak_counts_spirit_cube
        else ("Animal cubes")
    )
    return ScoreSheet(
        CATEGORIES,
        tuple(lines),
        rank(lines),
        ("cubes",),
        tiebreak=f"more {what} placed, then shared",
        notes=tuple(state.notes),
    )


def rank(lines: list[PlayerScore]) -> tuple[tuple[str, ...], ...]:
    """HAR-SCORE-10: tiers by total, then cubes placed; still tied → shared place."""
    # HAR-SCORE-10: totals, then cubes, then shared

    def key(p: PlayerScore) -> tuple[int, int]:
        cubes = p.extras["cubes"]
        return (p.total, cubes if isinstance(cubes, int) else 0)

    tiers: list[tuple[str, ...]] = []
    last: tuple[int, int] | None = None
    for line in sorted(lines, key=key, reverse=True):
        if key(line) == last:
            tiers[-1] = (*tiers[-1], line.name)
        else:
            tiers.append((line.name,))
        last = key(line)
    return tuple(tiers)


def compare_suns(sheet: ScoreSheet, claimed: Json) -> list[Finding]:
    """REC-CLAIM-1 for every claimed sun rating that differs (solo); any in multiplayer."""
    if "suns" not in claimed:
        return []
    claims: Mapping[str, int] = claimed["suns"]
    if len(sheet.players) != 1:
        return [
            unexpected_claim(
                "/claimed/suns",
                "suns",
                claims,
                "suns are the solo rating; a multiplayer game has none",
                {"category": "suns", "expected": None, "found": dict(claims)},
            )
        ]
    findings = []
    line = sheet.players[0]
    for name, value in claims.items():
        pointer = to_pointer(("claimed", "suns", name))
        if name != line.name:
            findings.append(not_a_player(pointer, name))
        elif value != line.extras.get("suns"):
            findings.append(
                claim_mismatch(
                    pointer,
                    name,
                    "suns",
                    value,
                    line.extras.get("suns"),
                    unit="sun",
                    details={"category": "suns"},
                )
            )
    return findings
