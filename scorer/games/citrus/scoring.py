"""Final scoring (spec 13) as a ScoreSheet: one ``score_<category>`` per end-of-game step."""

from __future__ import annotations

from scorer.engine import PlayerScore, ScoreSheet
from scorer.games.citrus import events
from scorer.games.citrus.data import CATEGORIES
from scorer.games.citrus.state import State, Work


def score_finca_final(w: Work) -> list[int]:
    """13.1 step 1: each unscored finca gives its lower value to the largest positive adj."""
    pts = [0] * len(w.static.names)
    for site in sorted(w.sites):
        s = w.sites[site]
        if s.status != "finca" or s.scored:
            continue
        adj = events.adjacency(w, site)
        top = max(adj, default=0)
        if top > 0:
            for i, a in enumerate(adj):
                if a == top:
                    pts[i] += s.second
    return pts


def score_harvest_final(w: Work) -> list[int]:
    """13.1 step 2: every owned region is harvested by its owner."""
    pts = [0] * len(w.static.names)
    for r in w.regions.values():
        if r.owner >= 0:
            pts[r.owner] += r.value
    return pts


def score_horses(w: Work) -> list[int]:
    """13.1 step 3: horse tiles held (printed value, or 1 each with horse_points "one")."""
    one = w.static.options["horse_points"] == "one"
    return [len(p.horses) if one else sum(p.horses) for p in w.players]


def score_unused_actions(w: Work) -> list[int]:
    """13.1 step 4: 1 point per unused action tile."""
    return [len(p.actions) for p in w.players]


def score(state: State) -> ScoreSheet:
    w = Work.of(state)
    immediate = bool(w.static.options["wild_horses_immediate"])
    finals = {"finca_final": score_finca_final(w), "harvest_final": score_harvest_final(w),
              "horses": score_horses(w), "unused_actions": score_unused_actions(w)}
    lines = []
    for i, (name, p) in enumerate(zip(w.static.names, w.players, strict=True)):
        cats = {"harvest": p.harvest, "finca": p.finca, "penalties": p.penalties,
                **{k: v[i] for k, v in finals.items()}}
        track = p.score
        total = track + cats["finca_final"] + cats["harvest_final"] + cats["unused_actions"]
        if not immediate:
            total += cats["horses"]
        if i in w.static.unknown:
            for key in ("harvest", "finca", "penalties"):
                del cats[key]
        extras = {"money": p.money, "mat": p.mat, "returned": w.returned[i] if w.returned
                  else 0, "track": track}
        lines.append(PlayerScore(name, {c: cats[c] for c in CATEGORIES if c in cats}, total,
                                 extras))
    totals = sorted({ln.total for ln in lines}, reverse=True)
    ranking = tuple(tuple(ln.name for ln in lines if ln.total == t) for t in totals)
    notes = list(w.static.notes)
    if w.static.unknown:
        notes.append("harvest, finca and penalties are unknown for "
                     + ", ".join(w.static.names[i] for i in sorted(w.static.unknown))
                     + " (the position gives no breakdown); their track score is shown")
    notes.extend(f"warning {f.rule} at {f.pointer}: {f.message}" for f in w.warnings)
    return ScoreSheet(CATEGORIES, tuple(lines), ranking, ("track", "money", "mat", "returned"),
                      notes=tuple(notes), tiebreak="none: ties are shared victories")
