"""The protocol every game implements, and the value objects of scoring and verification.

A game package (``scorer.games.<name>``) exposes one object, ``RULES``, that satisfies
:class:`GameRules`. Everything here is a leaf: stdlib only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar

from scorer.core.findings import Finding

if TYPE_CHECKING:
    from scorer.core.components import Components

#: A JSON object as the schema admitted it (a record, a position, a step, a variant): its
#: members are JSON values whose shape the schema has checked.
Json = Mapping[str, Any]
Record = Json
#: One move of a record as the core sees it: the referee reads ``player`` and hands the rest
#: to the game, which reads it as its own typed move (a TypedDict next to its handlers).
Move = Mapping[str, object]
#: A state as the game-independent code sees it: opaque, passed back to the game's rules.
State = Any
#: A game's own state type (``GameRules[S]``).
S = TypeVar("S")
PlayerName = str
RuleId = str

Status = Literal[
    "ok", "mismatch", "illegal", "incomplete", "malformed", "impossible", "error", "ineligible"
]
Kind = Literal["record", "position", "unknown"]


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's line of a score table: category points, total and game-specific extras.

    ``beside`` holds a few words per category that the score table prints beside its points
    (Kuhfstein: which scoring tile, and whether it was met), so a table needs no second column
    for them. It is presentation only: ``extras`` carries the same facts for JSON consumers.
    """

    name: PlayerName
    categories: Mapping[str, int]
    total: int
    extras: Mapping[str, object] = field(default_factory=dict)
    beside: Mapping[str, str] = field(default_factory=dict)

    def shown(self, category: str) -> str:
        """The table cell of ``category``: ``5`` or, with words beside it, ``5 (W1, met)``."""
        points = str(self.categories.get(category, "—"))
        words = self.beside.get(category)
        return f"{points} ({words})" if words else points


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A complete score table (per player × category), its ranking and earlier scorings.

    ``ranking`` lists tiers from first place down; players in one tier share the place after
    the tie-break. ``extra_columns`` names the ``extras`` keys the table shows after ``total``.
    ``stages`` holds earlier scorings (e.g. Hacienda's intermediate scoring) by name.
    """

    categories: tuple[str, ...]
    players: tuple[PlayerScore, ...]
    ranking: tuple[tuple[PlayerName, ...], ...]
    extra_columns: tuple[str, ...] = ()
    stages: tuple[tuple[str, ScoreSheet], ...] = ()
    notes: tuple[str, ...] = ()
    tiebreak: str = ""
    #: Why the game ended, a stable word of the game's ``end_reasons`` (``threshold``,
    #: ``tiles_exhausted``, ...), or None while the game is not over.
    end_reason: str | None = None
    #: ``end_reason`` in words (the game's ``end_reasons``), for text output only.
    end_text: str = ""

    def player(self, name: PlayerName) -> PlayerScore:
        """The line of ``name``. Raises KeyError if there is none."""
        for line in self.players:
            if line.name == name:
                return line
        raise KeyError(name)

    @property
    def winners(self) -> tuple[PlayerName, ...]:
        return self.ranking[0] if self.ranking else ()


Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring item of ``scorer explain``: who scored what, where, by which rule.

    ``cells`` are the board cells the item covers (in the game's own coordinates, as records
    write them); ``board`` names the board they lie on for games with one board per player
    (Harmonies, Kuhfstein) and is ``None`` for a shared board (Hacienda, Citrus).
    """

    player: PlayerName
    category: str
    points: int
    rule: RuleId
    text: str
    cells: tuple[Cell, ...] = ()
    board: PlayerName | None = None


@dataclass(frozen=True, slots=True)
class Mark:
    """A cell to mark in a picture (the cell an illegal step named) and whose board it is on."""

    cell: Cell
    board: PlayerName | None = None
    rule: RuleId = ""


@dataclass(frozen=True, slots=True)
class PositionResult(Generic[S]):
    """What a game makes of a position document: a state to score (or None) and findings."""

    state: S | None
    findings: tuple[Finding, ...] = ()


@dataclass(frozen=True, slots=True)
class VerifyResult:
    """The outcome for one document (record or position)."""

    source: str
    kind: Kind
    game: str | None
    status: Status
    findings: tuple[Finding, ...] = ()
    moves_verified: int = 0
    moves_total: int = 0
    steps_verified: int = 0
    scores: ScoreSheet | None = None
    players: tuple[PlayerName, ...] = ()
    state: State | None = field(default=None, repr=False, compare=False)
    line: int | None = None
    #: ``sha256:<hex>`` of the document's component data (scorer.core.components), if readable.
    fingerprint: str | None = None
    #: Batch workers render the JSON output of a result themselves and send it as bytes,
    #: without the score sheet, so the parent process only writes it out.
    rendered: bytes | None = field(default=None, repr=False, compare=False)
    #: The document's free-form ``meta`` object, when it has one (standings group records by
    #: ``meta.event``, ``meta.round`` and ``meta.table``); it never affects verification.
    meta: Mapping[str, Any] | None = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        return self.status == "ok"


class GameRules(Protocol[S]):
    """What the referee, the CLI, the simulator and the web app need from a game.

    Generic in the game's state type ``S``. Every member is declared here and defined by every
    game (most through :class:`scorer.core.gamebase.BaseRules`); nothing is read with ``getattr``.
    """

    name: str
    title: str
    rule_ids: Mapping[RuleId, str]
    categories: tuple[str, ...]
    #: The smallest and largest number of players.
    player_counts: tuple[int, int]
    #: Options ``simulate`` takes besides the variant's (name → what it is).
    simulate_options: Mapping[str, str]
    #: Compare claimed totals and breakdowns with the provisional scores of an incomplete
    #: record (REC-END-2)? False for a game whose claims describe the end of the game only.
    claims_when_incomplete: bool
    #: Importers of external component files (``scorer import-map``): format name → importer.
    importers: Mapping[str, Importer]
    #: Why a game of this kind can end: stable word → words (spec end conditions). A score
    #: sheet's ``end_reason`` is one of these words, or None while the game is not over.
    end_reasons: Mapping[str, str]

    def initial_state(self, record: Record) -> S:
        """Build the state before the first move. Raises RuleViolation (path from the root)."""
        ...

    def expected_players(self, state: S) -> frozenset[PlayerName]:
        """The players who may make the next move."""
        ...

    def is_over(self, state: S) -> bool:
        """True once the game has ended (no further move is allowed)."""
        ...

    def apply(self, state: S, move: Move) -> S:
        """Apply one move (a turn with its steps). Pure. Raises RuleViolation (path in the move)."""
        ...

    def skip(self, state: S, move: Move) -> S:
        """Pass over a rejected move in ``--keep-going`` mode: the next player is to move."""
        ...

    def count_steps(self, move: Move) -> int:
        """Number of atomic steps a move holds (for throughput figures)."""
        ...

    def warnings(self, state: S) -> tuple[Finding, ...]:
        """Warnings collected while replaying up to ``state`` (absolute pointers)."""
        ...

    def score(self, state: S) -> ScoreSheet:
        """Score the state as if the game ended now."""
        ...

    def extra_claims(self, sheet: ScoreSheet, claimed: Mapping[str, Any]) -> list[Finding]:
        """Compare claims beyond ``scores`` and ``breakdown`` (e.g. suns, intermediate)."""
        ...

    def load_position(self, doc: Record) -> PositionResult[S]:
        """Check a schema-valid position document and build a state to score from it."""
        ...

    def export_position(self, state: S, record: Record) -> dict[str, Any]:
        """The position document of ``state`` (``scorer show --position``)."""
        ...

    def draft_state(self, doc: Record) -> S | None:
        """A state to draw an impossible position with (``scorer serve``), or None."""
        ...

    def render(self, state: S, color: bool = False) -> str:
        """The boards of ``state`` drawn as text for the terminal, with a legend of the letters
        used; ``color`` allows ANSI colours (a game may draw plain text regardless)."""
        ...

    def simulate(self, players: int, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """One complete legal game record, reproducible from ``seed``.

        ``options`` holds variant options and the game's ``simulate_options``; ``policy``
        (``random``, the default, or ``greedy``) chooses how the simulated players play.
        Raises ValueError for an option the simulator refuses."""
        ...

    def end_reason(self, state: S) -> str | None:
        """Why the game of ``state`` ended (a key of ``end_reasons``), or None if not over."""
        ...

    def legal_steps(self, state: S, prefix: Sequence[Mapping[str, Any]] = ()) -> Iterator[Any]:
        """Legal next steps of the player to move once the steps ``prefix`` of the current
        move are taken (as recorded, chance outcomes included), from the generator
        (independent of the checks). Members that chance decides (draws) are left out."""
        ...

    def unoffered_step(self, state: S, move: Move) -> int | None:
        """The index of the first step of ``move`` (legal in ``state``) that the generator
        would not have offered, or None if it could have produced every step (the promise
        that the checker accepts only what the generator offers)."""
        ...

    def legal_alternatives(self, state: S, move: Move, at: int, rule: RuleId) -> Legal | None:
        """What was legal instead of step ``at`` of ``move`` (rejected with ``rule``) in
        ``state``, the state before the move: legal steps of the same kind from the
        generator, or None where the question does not apply (a draw chance decided)."""
        ...

    def explain(self, state: S) -> list[ScoreItem]:
        """Every scoring item of ``score(state)``: their points add up to each category."""
        ...

    def draw_svg(self, state: S, items: Sequence[ScoreItem], mark: Mark | None) -> str:
        """The boards of ``state`` as a deterministic SVG document: player colours, a legend,
        coordinates, ``items`` highlighted, and ``mark`` (an offending cell) marked."""
        ...

    def draw_editor_svg(self, state: S, items: Sequence[ScoreItem], mark: Mark | None) -> str:
        """The picture of ``scorer serve``'s editor: ``draw_svg`` plus the empty cells a
        piece can be put on (``data-cell`` attributes)."""
        ...

    def effective_options(self, variant: Mapping[str, Any]) -> dict[str, Any]:
        """Every option of the game with the value a schema-valid ``variant`` gives it
        (defaults filled in, shorthands expanded)."""
        ...

    def component_data(self, doc: Mapping[str, Any]) -> Components:
        """The component data of a schema-valid record or position (scorer.core.components)."""
        ...


@dataclass(frozen=True, slots=True)
class Legal:
    """Legal alternatives to a rejected step, from the move generator (``details.legal``).

    ``steps`` are step objects as a record writes them (chance members left out) and
    ``texts`` the same alternatives in a few words each (``grass at [2, 1]``), in the same
    order; ``total`` is how many the generator found (at least ``len(steps)``: a game may stop
    listing early); ``note`` says what the alternatives are, or why there are none.
    """

    steps: tuple[Mapping[str, Any], ...] = ()
    texts: tuple[str, ...] = ()
    total: int = 0
    note: str = ""


@dataclass(frozen=True, slots=True)
class Importer:
    """An importer of an external component file (``scorer import-map``).

    ``convert(text, **fields)`` returns the component data in the scorer's own encoding or
    raises :class:`ImportFailed`; ``fields`` are the ones the CLI offers (name, id, ...).
    """

    title: str
    suffix: str
    convert: Callable[..., dict[str, Any]]


class ImportFailed(Exception):
    """An external file could not be imported: ``rule`` and ``line`` say where and why."""

    def __init__(self, rule: str, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.line = line


def steps_of(move: Move) -> Sequence[Any]:
    """The ``steps`` list of a move, or an empty tuple."""
    steps = move.get("steps")
    return steps if isinstance(steps, list) else ()
