"""A turn being played by a simulator policy (``simulate``'s random players and ``greedy``'s
greedy ones): the move's ``TurnDraft``, its notes and the steps so far, each step replayed as
it is recorded. Chance (the finca tiles, the sites revealed, the refill's draw) comes from the
deal's ``Sim``."""

from __future__ import annotations

from scorer.games.citrus.actions import apply_step, finish
from scorer.games.citrus.build import took_form
from scorer.games.citrus.deal import Sim
from scorer.games.citrus.events import end_turn
from scorer.games.citrus.state import State, TurnDraft, land_at, marked, region_at
from scorer.games.citrus.steps import Step, TurnMove


class Playing:
    """A turn being played by a policy: the draft, the move's notes and the steps so far;
    each step is replayed as it is recorded (``do``)."""

    def __init__(self, state: State, sim: Sim) -> None:
        self.sim = sim
        self.draft = TurnDraft(state)
        self.notes = self.draft.notes
        if state.moves == 0:  # as in actions.apply_move: start fincas may be complete
            self.notes.fresh = set(state.fincas)
        self.steps: list[Step] = []

    def now(self) -> State:
        return self.draft.done()

    def marked(self) -> list[str]:
        return marked(self.draft.sites)

    def do(self, step: Step) -> None:
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

    def finish(self) -> tuple[TurnMove, State]:
        """The end of the turn: the move as recorded (with ``expect``) and the new state."""
        return close_move(self.draft, self.steps)


def close_move(d: TurnDraft, steps: list[Step]) -> tuple[TurnMove, State]:
    """The end of a simulated turn on ``d`` whose recorded steps are ``steps``: the end-of-turn
    effects, the move as recorded (with the ``expect`` block) and the new state."""
    t = d.notes
    scorings = end_turn(d)
    p = d.players[t.seat]
    move: TurnMove = {
        "player": d.static.names[t.seat],
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
    finish(d, move, scorings)
    return move, d.done()
