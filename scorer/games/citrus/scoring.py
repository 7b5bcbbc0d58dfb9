"""Final scoring (spec 13) as a ScoreSheet: one ``score_<category>`` per end-of-game step."""

from __future__ import annotations

from typing import NamedTuple

from scorer.core.values import PlayerScore, ScoreSheet
from scorer.games.citrus.data import CATEGORIES
from scorer.games.citrus.events import finca_shares
from scorer.games.citrus.state import Region, Site, State, live


class FinalFinca(NamedTuple):
    """An unscored finca at the end (13.1 step 1) and what each seat gets from it."""

    site: str
    finca: Site
    shares: list[list[Region]]
    adj: list[int]
    points: list[int]


def final_fincas(w: State) -> list[FinalFinca]:
    """13.1 step 1: each unscored finca gives its lower value to the largest positive adj."""
    out = []
    for site in sorted(w.fincas):
        s = w.sites[site]
        if s.scored:
            continue
        shares = finca_shares(w.static, w.region_of, w.regions, site)
        adj = [sum(len(r.cells) for r in rs) for rs in shares]
        top = max(adj, default=0)
        out.append(
            FinalFinca(site, s, shares, adj, [s.second if top > 0 and a == top else 0 for a in adj])
        )
    return out


def score_finca_final(w: State) -> list[int]:
    pts = [0] * len(w.static.names)
    for f in final_fincas(w):
        for i, v in enumerate(f.points):
            pts[i] += v
    return pts


def final_harvests(w: State) -> list[Region]:
    """13.1 step 2: the regions still owned, each harvested by its owner."""
    return sorted(
        (r for r in live(w.regions) if r.owner >= 0), key=lambda r: (r.owner, min(r.cells))
    )


def score_harvest_final(w: State) -> list[int]:
    pts = [0] * len(w.static.names)
    for r in final_harvests(w):
        pts[r.owner] += r.value
    return pts


def horse_value(w: State, points: int) -> int:
    """What one held horse tile is worth (printed value, or 1 with horse_points "one")."""
    return 1 if w.static.options.horse_points == "one" else points


def score_horses(w: State) -> list[int]:
    """13.1 step 3: horse tiles held (printed value, or 1 each with horse_points "one")."""
    return [sum(horse_value(w, h) for h in p.horses) for p in w.players]


def score_unused_actions(w: State) -> list[int]:
    """13.1 step 4: 1 point per unused action tile."""
    return [len(p.actions) for p in w.players]


def score(state: State) -> ScoreSheet:
    w = state
    immediate = bool(w.static.options.wild_horses_immediate)
    finals = {
        "finca_final": score_finca_final(w),
        "harvest_final": score_harvest_final(w),
        "horses": score_horses(w),
        "unused_actions": score_unused_actions(w),
    }
    lines = []
    for i, (name, p) in enumerate(zip(w.static.names, w.players, strict=True)):
        cats = {
            "harvest": p.harvest,
            "finca": p.finca,
            "penalties": p.penalties,
            **{k: v[i] for k, v in finals.items()},
        }
        track = p.score
        total = track + cats["finca_final"] + cats["harvest_final"] + cats["unused_actions"]
        if not immediate:
            total += cats["horses"]
        if i in w.static.unknown:
            for key in ("harvest", "finca", "penalties"):
                del cats[key]
        extras = {
            "money": p.money,
            "mat": p.mat,
            "returned": w.returned[i] if w.returned else 0,
            "track": track,
        }
        lines.append(
            PlayerScore(name, {c: cats[c] for c in CATEGORIES if c in cats}, total, extras)
        )
    totals = sorted({ln.total for ln in lines}, reverse=True)
    ranking = tuple(tuple(ln.name for ln in lines if ln.total == t) for t in totals)
    notes = list(w.static.notes)
    if w.static.unknown:
        notes.append(
            "harvest, finca and penalties are unknown for "
            + ", ".join(w.static.names[i] for i in sorted(w.static.unknown))
            + " (the position gives no breakdown); their track score is shown"
        )
    notes.extend(f"warning {f.rule} at {f.pointer}: {f.message}" for f in w.warnings)
    return ScoreSheet(
        CATEGORIES,
        tuple(lines),
        ranking,
        ("track", "money", "mat", "returned"),
        notes=tuple(notes),
        tiebreak="none: ties are shared victories",
    )
