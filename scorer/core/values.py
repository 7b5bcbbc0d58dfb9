"""The values of scoring and verification that games and the core exchange.

Score sheets and their lines, scoring items, marks, the result of a position and of a
verification, legal alternatives, importers, and the JSON types the core reads. What a game
provides is in :mod:`scorer.core.roles`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from scorer.core.findings import Finding

if TYPE_CHECKING:
    pass

#: A JSON object as the schema admitted it (a record, a position, a step, a variant): its
#: members are JSON values whose shape the schema has checked.
Json = Mapping[str, Any]
Record = Json
#: One move of a record as the core sees it: the referee reads ``player`` and hands the rest
#: to the game, which reads it as its own typed move (a TypedDict next to its handlers).
Move = Mapping[str, object]
#: A game's own state type (``PositionResult[S]``).
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

    @property
    def shown_tiebreak(self) -> str:
        """``tiebreak`` where it is worth saying beside the winners: when two or more players
        have the top total (the tie-break decided the place the text names); else ''. The
        one test of it for every door (the CLI's ranking line, the web app)."""
        if not self.tiebreak or len(self.players) < 2:
            return ""
        top = max(p.total for p in self.players)
        return self.tiebreak if sum(p.total == top for p in self.players) > 1 else ""


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
    state: object | None = field(default=None, repr=False, compare=False)
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
    """An importer of an external file.

    ``makes == "components"`` (``scorer import-map``): ``convert(text, **fields)`` returns the
    component data in the scorer's own encoding or raises :class:`ImportFailed`; ``fields``
    are the ones the CLI offers (name, id, ...).

    ``makes == "position"`` (``scorer import``, ``--from``): ``convert(doc)`` takes the parsed
    JSON of another program's saved game and returns an :class:`Imported`; ``detect(doc)``
    says whether a document without ``format`` has that program's shape: ``"yes"``,
    ``"unsure"`` (some of its members, not enough to be sure) or ``"no"``.
    """

    title: str
    suffix: str
    convert: Callable[..., Any]
    makes: Literal["components", "position"] = "components"
    detect: Callable[[Any], Literal["yes", "unsure", "no"]] | None = None


@dataclass(frozen=True, slots=True)
class Imported:
    """What a position importer made of a document: the ``scorer-position/1`` document (None
    when an error finding stops the import), the findings (pointers into the imported file)
    and ``origins``: pointer prefixes of the position → the pointer in the imported file the
    member came from (a position finding is reported where its member came from)."""

    document: dict[str, Any] | None
    findings: tuple[Finding, ...]
    origins: Mapping[str, str] = field(default_factory=dict)


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


def located(source: str, line: int | None) -> str:
    """``file``, or ``file:line`` for a line of it (a record of an NDJSON file, a line of a
    map): the one way every output names where something is."""
    return source if line is None else f"{source}:{line}"
