"""Component data: card definitions (cards.py, KUH-CARDDEF-*), scoring tiles (KUH-SETUP-8), the
bonus track (KUH-SETUP-7), trees (KUH-SETUP-6) and tile counts (KUH-SETUP-9).

The same checks serve a record's ``setup`` and a position's ``components``: every function
takes the path prefix and returns every violation it finds (nothing is raised here), so that
setup and position checks can report them all together.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from pyrsistent import PMap, pmap

from scorer.core.cache import by_repeated_content
from scorer.core.errors import PathPart, RuleViolation
from scorer.core.words import plural
from scorer.games.kuhfstein.cards import CardBook, parse_cards
from scorer.games.kuhfstein.state import KIND_SET, KINDS, MAX_SCORING_TILES, Components, ScoringTile

Path = tuple[PathPart, ...]

#: Condition type → required parameters (section 8.2).
CONDITIONS: Mapping[str, tuple[str, ...]] = {
    "kind_count_at_least": ("kind", "n"),
    "kind_majority": ("kind",),
    "trees_at_least": ("n",),
    "largest_group_at_least": ("kind", "n"),
    "each_kind_at_least": ("n",),
    "tiles_at_least": ("n",),
    "cows_on_landscape_at_least": ("n",),
    "cards_played_at_least": ("n",),
    "custom": ("text",),
}


def parse_scoring_tiles(
    raw: Mapping[str, Any], base: Path
) -> tuple[dict[str, ScoringTile], list[RuleViolation]]:
    """KUH-SETUP-8: at most 9 tiles, each with points ≥ 1 and a known, complete condition."""
    found: list[RuleViolation] = []
    tiles: dict[str, ScoringTile] = {}
    if len(raw) > MAX_SCORING_TILES:
        found.append(
            RuleViolation(
                "KUH-SETUP-8",
                f"{len(raw)} scoring tiles, the game has {MAX_SCORING_TILES}",
                base,
                {"expected": MAX_SCORING_TILES, "found": len(raw)},
            )
        )
    for tid, spec in raw.items():
        path = (*base, tid)
        problem = _scoring_tile_problem(tid, spec, path)
        if problem is not None:
            found.append(problem)
            continue
        cond = spec["condition"]
        text = spec.get("text") or cond.get("text") or _describe(cond)
        tiles[tid] = ScoringTile(
            tid, spec["points"], cond["type"], cond.get("kind", ""), cond.get("n", 0), text
        )
    return tiles, found


def _scoring_tile_problem(tid: str, spec: Mapping[str, Any], path: Path) -> RuleViolation | None:
    if spec["points"] < 1:
        return RuleViolation(
            "KUH-SETUP-8",
            f"scoring tile {tid}: points must be at least 1",
            (*path, "points"),
            {"found": spec["points"]},
        )
    cond = spec["condition"]
    ctype = cond.get("type")
    if ctype not in CONDITIONS:
        return RuleViolation(
            "KUH-SETUP-8",
            f"scoring tile {tid}: unknown condition type {ctype!r} (known: "
            f"{', '.join(CONDITIONS)})",
            (*path, "condition", "type") if ctype is not None else (*path, "condition"),
            {"found": ctype, "expected": list(CONDITIONS)},
        )
    for param in CONDITIONS[ctype]:
        if param not in cond:
            return RuleViolation(
                "KUH-SETUP-8",
                f"scoring tile {tid}: condition {ctype} needs {param!r}",
                (*path, "condition"),
                {"expected": param},
            )
    if "kind" in CONDITIONS[ctype] and cond["kind"] not in KIND_SET:
        return RuleViolation(
            "KUH-SETUP-8",
            f"scoring tile {tid}: unknown landscape kind {cond['kind']!r}",
            (*path, "condition", "kind"),
            {"found": cond["kind"]},
        )
    if "n" in CONDITIONS[ctype] and cond["n"] < 1:
        return RuleViolation(
            "KUH-SETUP-8",
            f"scoring tile {tid}: n must be at least 1",
            (*path, "condition", "n"),
            {"found": cond["n"]},
        )
    return None


def _describe(cond: Mapping[str, Any]) -> str:
    words = [str(cond["type"]).replace("_", " ")]
    words.extend(str(cond[p]) for p in ("kind", "n") if p in cond)
    return " ".join(words)


def parse_track(comp: Mapping[str, Any], base: Path) -> tuple[dict[int, str], list[RuleViolation]]:
    """KUH-SETUP-7: a bonus layout, positions distinct in 1..65, at most 6 cow spaces."""
    track = comp.get("track")
    if track is None or "bonus_spaces" not in track:
        return {}, [
            RuleViolation(
                "KUH-SETUP-7",
                "the bonus layout (track.bonus_spaces) is missing; there is no default layout",
                (*base, "track"),
            )
        ]
    found: list[RuleViolation] = []
    bonus: dict[int, str] = {}
    cows = 0
    for k, entry in enumerate(track["bonus_spaces"]):
        space, kind = entry["space"], entry["bonus"]
        path = (*base, "track", "bonus_spaces", k)
        if not 1 <= space <= 65 or space in bonus:
            why = "is used twice" if space in bonus else "is not in 1..65"
            found.append(
                RuleViolation("KUH-SETUP-7", f"bonus space {space} {why}", path, {"found": space})
            )
            continue
        cows += kind == "cow"
        if cows > 6:
            found.append(
                RuleViolation(
                    "KUH-SETUP-7",
                    "more than 6 cow spaces (a player owns 6 cows)",
                    path,
                    {"found": cows, "expected": 6},
                )
            )
            continue
        bonus[int(space)] = kind
    return bonus, found


def parse_trees(
    comp: Mapping[str, Any], players: int, base: Path
) -> tuple[int, list[RuleViolation]]:
    """KUH-SETUP-6: ``trees``, if given, equals 2 × players."""
    want = 2 * players
    trees = comp.get("trees", want)
    if trees != want:
        return want, [
            RuleViolation(
                "KUH-SETUP-6",
                f"{plural(trees, 'tree')}, the game has 2 per player ({want})",
                (*base, "trees"),
                {"expected": want, "found": trees},
            )
        ]
    return want, []


def parse_tile_counts(
    comp: Mapping[str, Any], total: int, base: Path
) -> tuple[dict[str, int] | None, list[RuleViolation]]:
    """KUH-SETUP-9 (shape part): the 5 kinds, non-negative, summing to the total."""
    counts = comp.get("tile_counts")
    if counts is None:
        return None, []
    path = (*base, "tile_counts")
    if set(counts) != KIND_SET or any(v < 0 for v in counts.values()):
        return None, [
            RuleViolation(
                "KUH-SETUP-9",
                "tile_counts needs exactly the 5 landscape "
                f"kinds ({', '.join(KINDS)}) with counts ≥ 0",
                path,
                {"found": sorted(counts)},
            )
        ]
    if sum(counts.values()) != total:
        return None, [
            RuleViolation(
                "KUH-SETUP-9",
                f"tile_counts sum to {sum(counts.values())}, the game has {total} tiles",
                path,
                {"expected": total, "found": sum(counts.values())},
            )
        ]
    return {k: int(counts[k]) for k in KINDS}, []


def build_components(
    comp: Mapping[str, Any], players: int, total: int, base: Path
) -> tuple[Components, list[RuleViolation]]:
    """All component data of ``comp`` (setup or components) with every violation found.

    The printed part (track, cards, scoring tiles) is parsed once per content
    (:func:`printed_parts`) when it is free of violations, as in every valid record."""
    printed = printed_parts(
        comp.get("track"), comp.get("cards", {}), comp.get("scoring_tiles", {}), base
    )
    bonus: dict[int, str] = {}
    found: list[RuleViolation] = []
    if printed is None:
        bonus, found = parse_track(comp, base)
    trees, more = parse_trees(comp, players, base)
    found += more
    counts, more = parse_tile_counts(comp, total, base)
    found += more
    if printed is None:
        cards, more = parse_cards(comp.get("cards", {}), (*base, "cards"))
        found += more
        tiles, more = parse_scoring_tiles(comp.get("scoring_tiles", {}), (*base, "scoring_tiles"))
        found += more
        printed = Printed(cards, pmap(tiles), pmap(bonus), tuple(sorted(bonus)))
    return (
        Components(
            printed.cards,
            printed.scoring_tiles,
            printed.bonus,
            trees,
            total,
            pmap(counts) if counts is not None else None,
            printed.spaces,
        ),
        found,
    )


class Printed(NamedTuple):
    """The printed component data of a game, parsed: shared by every record carrying it."""

    cards: CardBook
    scoring_tiles: PMap[str, ScoringTile]
    bonus: PMap[int, str]
    spaces: tuple[int, ...]


@by_repeated_content
def printed_parts(track: Any, cards: Any, scoring_tiles: Any, base: Path) -> Printed | None:
    """The track, cards and scoring tiles parsed, or None when any of them has a violation
    (a warning included: the caller then parses them again to report it). Kept from the
    second record with the same data on (:func:`~scorer.core.cache.by_repeated_content`):
    a simulated batch deals every record a deck of its own."""
    bonus, found = parse_track({} if track is None else {"track": track}, base)
    book, more = parse_cards(cards, (*base, "cards"))
    found += more
    tiles, more = parse_scoring_tiles(scoring_tiles, (*base, "scoring_tiles"))
    found += more
    if found:
        return None
    return Printed(book, pmap(tiles), pmap(bonus), tuple(sorted(bonus)))
