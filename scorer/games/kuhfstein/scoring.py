"""Final scoring (section 8): the scoring-tile conditions, the score table and the tie-break.

Categories: ``cards`` (points of the played cards), ``trees`` (5 each) and ``scoring_tile``
(KUH-FINAL-3: the revealed tile's points if its condition is met, else 0). Until a player
has revealed (an incomplete record, a position without ``revealed``), the dealt tile worth
more in the current state is used (the first dealt on a tie).
"""

from __future__ import annotations

from scorer.core.values import PlayerScore, ScoreSheet
from scorer.games.kuhfstein.state import CATEGORIES, KINDS, Board, ScoringTile, State
from scorer.grid.regions import connected_groups
from scorer.grid.squaregrid import orthogonal

NOTE_DATA = (
    "verified against the record's own component data (cards, scoring tiles and "
    "bonus track come from the record; card data not checked against an official "
    "catalog)"
)


def _count(board: Board, kind: str) -> int:
    return board.tiles.count(kind)


def evaluate(state: State, index: int, tile: ScoringTile) -> bool:
    """Whether ``tile``'s condition holds for player ``index`` (section 8.2; custom: False)."""
    board = state.boards[index]
    ctype, kind, n = tile.ctype, tile.kind, tile.n
    if ctype == "kind_count_at_least":
        return _count(board, kind) >= n
    if ctype == "kind_majority":
        mine = _count(board, kind)
        others = [_count(b, kind) for i, b in enumerate(state.boards) if i != index]
        if state.opts.majority_tie == "strict":
            return all(mine > o for o in others)
        return all(mine >= o for o in others)
    if ctype == "trees_at_least":
        return len(board.trees) >= n
    if ctype == "largest_group_at_least":
        cells = sorted(c for c, k in board.tiles.items() if k == kind)
        return max((len(g) for g in connected_groups(cells, orthogonal)), default=0) >= n
    if ctype == "each_kind_at_least":
        return all(_count(board, k) >= n for k in KINDS)
    if ctype == "tiles_at_least":
        return len(board.tiles) >= n
    if ctype == "cows_on_landscape_at_least":
        return len(board.cows) >= n
    if ctype == "cards_played_at_least":
        return len(board.played) >= n
    return False


def chosen_tile(state: State, index: int) -> tuple[str | None, bool]:
    """The revealed tile and whether it scores; else the better dealt tile now."""
    board = state.boards[index]
    if board.revealed is not None:
        return board.revealed, board.tile_met
    best: tuple[str | None, bool, int] = (None, False, -1)
    for tid in board.dealt:
        tile = state.comp.scoring_tiles.get(tid)
        if tile is None:
            continue
        met = evaluate(state, index, tile)
        worth = tile.points if met else 0
        if worth > best[2]:
            best = (tid, met, worth)
    return best[0], best[1]


EFFECTS = {
    "cow": "+1 cow",
    "extra_action": "+1 action",
    "extra_tile": "+1 tile",
    "extra_card": "+1 card",
}


def bonus_text(state: State, board: Board) -> str:
    """The bonus spaces the player's track score has reached, with their effects."""
    hits = sorted(p for p in state.comp.bonus if p <= board.score)
    bonus = state.comp.bonus
    return (
        "; ".join(f"{p}: {EFFECTS.get(bonus[p], bonus[p] + ' (no effect)')}" for p in hits) or "-"
    )


def player_line(state: State, index: int) -> PlayerScore:
    board = state.boards[index]
    tid, met = chosen_tile(state, index)
    # KUH-FINAL-3: the revealed tile's points if met, else 0; the other tile scores nothing
    tile_points = state.comp.scoring_tiles[tid].points if tid is not None and met else 0
    cats = {"cards": board.card_points, "trees": 5 * len(board.trees), "scoring_tile": tile_points}
    shown = f"{tid} ({'met' if met else 'not met'})" if tid is not None else "-"
    beside = {"scoring_tile": f"{tid}, {'met' if met else 'not met'}"} if tid is not None else {}
    extras: dict[str, object] = {
        "tiles_placed": len(board.tiles),
        "scoring tile": shown,
        "bonuses": bonus_text(state, board),
        "revealed": tid,
        "cows_on_landscape": len(board.cows),
        "cows_in_supply": board.supply,
        "track_score": board.score,
    }
    return PlayerScore(state.names[index], cats, sum(cats.values()), extras, beside)


def score_state(state: State) -> ScoreSheet:
    """The score table: totals, then the tie-break (more tiles), then a shared victory."""
    lines = tuple(player_line(state, i) for i in range(len(state.names)))
    keyed: dict[tuple[int, int], list[str]] = {}
    for line in lines:
        key = (line.total, int(str(line.extras["tiles_placed"])))
        keyed.setdefault(key, []).append(line.name)
    ranking = tuple(tuple(keyed[k]) for k in sorted(keyed, reverse=True))
    opts = state.opts
    notes = [
        NOTE_DATA,
        "options: "
        + ", ".join(f"{name}={getattr(opts, name)!r}" for name in opts.__dataclass_fields__),
    ]
    if state.warnings:
        rules = ", ".join(sorted({w.rule for w in state.warnings}))
        notes.append(
            f"partly unverified: {len(state.warnings)} warning(s) ({rules}); see the findings"
        )
    return ScoreSheet(
        categories=CATEGORIES,
        players=lines,
        ranking=ranking,
        extra_columns=("tiles_placed", "bonuses"),
        notes=tuple(notes),
        tiebreak="more landscape tiles in the landscape; still tied: shared victory",
    )
