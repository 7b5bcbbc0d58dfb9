"""A turn being played by a simulator policy (``simulate``'s random players and ``policy``'s
greedy ones): the move's Draft, its notes and the steps so far, each step replayed as it is
recorded. Chance (the market refill's draw) comes from the simulator, which owns the bag."""

from __future__ import annotations

from typing import Any, Protocol

from scorer.core.persist import Draft
from scorer.games.citrus.actions import apply_step, finish
from scorer.games.citrus.build import took_form
from scorer.games.citrus.events import end_turn
from scorer.games.citrus.state import State, begin, land_at, marked, notes_of, region_at


class Chance(Protocol):
    """What a turn asks the simulator for: the refill step drawn from its bag."""

    def refill_step(self, w: State) -> dict[str, Any]: ...


class Playing:
    """A turn being played by a policy: the draft, the move's notes and the steps so far;
    each step is replayed as it is recorded (``do``)."""

    def __init__(self, state: State, sim: Chance) -> None:
        self.sim = sim
        self.draft = begin(state)
        self.notes = notes_of(self.draft)
        if state.moves == 0:  # as in actions.apply_move: start fincas may be complete
            self.notes.fresh = {s for s, v in state.sites.items() if v.status == "finca"}
        self.steps: list[dict[str, Any]] = []

    def now(self) -> State:
        return self.draft.done()

    def marked(self) -> list[str]:
        return marked(self.draft["sites"])

    def do(self, step: dict[str, Any]) -> None:
        apply_step(self.draft, step, len(self.steps))
        self.steps.append(step)

    def buy(self, line: str) -> None:
        w = self.now()
        fields = w.static.layout[line]
        tiles = [tok for f in fields if (tok := w.market[f - 1]) is not None]
        self.do({"do": "buy", "line": line, "tiles": tiles})

    def place(self, token: str, cell: tuple[int, int]) -> None:
        w = self.now()
        lying = took_form(land_at(w, cell))
        seat, kind = self.notes.seat, token.rstrip("*")
        new = not any(
            (r := region_at(w, n)) is not None and r.owner == seat and r.kind == kind
            for n in w.static.board.nbrs[cell]
        )
        self.do({"do": "place", "tile": token, "at": list(cell), "new_region": new, "took": lying})

    def refill(self) -> None:
        if self.notes.refill_now is not None:
            self.do(self.sim.refill_step(self.now()))

    def finish(self) -> tuple[dict[str, Any], State]:
        """The end of the turn: the move as recorded (with ``expect``) and the new state."""
        return close_move(self.draft, self.steps)


def close_move(d: Draft[State], steps: list[dict[str, Any]]) -> tuple[dict[str, Any], State]:
    """The end of a simulated turn on ``d`` whose recorded steps are ``steps``: the end-of-turn
    effects, the move as recorded (with the ``expect`` block) and the new state."""
    t = notes_of(d)
    scorings = end_turn(d, t)
    p = d["players"][t.seat]
    move = {
        "player": d.base.static.names[t.seat],
        "action": "turn",
        "steps": steps,
        "expect": {
            "money": p.money,
            "score": p.score,
            "mat": p.mat,
            "income": t.income,
            "finca_scorings": scorings,
        },
    }
    finish(d, t, move, scorings)
    return move, d.done()
