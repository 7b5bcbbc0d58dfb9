"""What a game provides: five small roles, each one module of the game's package.

A game is a package ``scorer.games.<name>`` whose modules play these roles directly (a module
can satisfy a protocol; each role module checks itself against its protocol with mypy at its
end). Every consumer asks the registry for the one role it uses,
``registry.get(game, REFEREE)``, and imports nothing else of the game:

=============  ==================  ===============================================================
role           module              who uses it
=============  ==================  ===============================================================
Catalogue      ``rules``           the CLI's menus, ``scorer rules``, config, the schemas, profiles
Referee[S]     ``referee``         the referee of records and positions (``scorer.referee``)
Positions[S]   ``position``        positions: load, export, a blank board, a state to draw
Moves[S]       ``moves``           ``legal here:``, the generator promise, ``scorer simulate``
Pictures[S]    ``picture``         terminal boards, SVG pictures, the editor (and its data), scoring
=============  ==================  ===============================================================

``S`` is the game's own state type; outside the game a state is opaque (``object``): the core
passes back what the game gave it and never looks inside.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from scorer.core.findings import Finding
from scorer.core.values import (
    Importer,
    Json,
    Legal,
    Mark,
    Move,
    PositionResult,
    Record,
    RuleId,
    ScoreItem,
    ScoreSheet,
)

if TYPE_CHECKING:
    from scorer.core.components import Components

S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)
R_co = TypeVar("R_co", covariant=True)


class Catalogue(Protocol):
    """What a game is: names, rules, categories, options and component data. Cheap to import
    (menus and ``--help`` read it)."""

    @property
    def NAME(self) -> str: ...
    @property
    def TITLE(self) -> str: ...
    #: Every rule ID of the spec's catalogue with its one-line statement, in catalogue order.
    @property
    def RULE_IDS(self) -> Mapping[RuleId, str]: ...
    #: Score categories in the order of the score table.
    @property
    def CATEGORIES(self) -> tuple[str, ...]: ...
    #: The smallest and largest number of players.
    @property
    def PLAYER_COUNTS(self) -> tuple[int, int]: ...
    #: Why a game can end: stable word → words (the spec's end conditions).
    @property
    def END_REASONS(self) -> Mapping[str, str]: ...
    #: Importers of external component files (``scorer import-map``): format name → importer.
    @property
    def IMPORTERS(self) -> Mapping[str, Importer]: ...

    def effective_options(self, variant: Json) -> dict[str, object]:
        """Every option with the value a schema-valid ``variant`` gives it (defaults filled
        in, shorthands expanded)."""
        ...

    def component_data(self, doc: Json) -> Components:
        """The component data of a schema-valid record or position (scorer.core.components)."""
        ...


class Referee(Protocol[S]):
    """The rules of a turn: set-up, moves, the end and the score of a state."""

    #: Compare claimed totals and breakdowns with the provisional scores of an incomplete
    #: record (REC-END-2)? False for a game whose claims describe the end of the game only.
    @property
    def CLAIMS_WHEN_INCOMPLETE(self) -> bool: ...

    def initial_state(self, record: Record) -> S:
        """The state before the first move. Raises RuleViolation (path from the root)."""
        ...

    def expected_players(self, state: S) -> frozenset[str]:
        """The players who may make the next move."""
        ...

    def is_over(self, state: S) -> bool:
        """True once the game has ended (no further move is allowed)."""
        ...

    def apply(self, state: S, move: Move) -> S:
        """One move (a turn with its steps) applied. Pure. Raises RuleViolation (path in the
        move)."""
        ...

    def skip(self, state: S, move: Move) -> S:
        """Pass over a rejected move (``--keep-going``): the next player is to move."""
        ...

    def count_steps(self, move: Move) -> int:
        """The number of atomic steps of an applied move (throughput figures)."""
        ...

    def end_reason(self, state: S) -> str | None:
        """Why the game ended (a key of the catalogue's ``END_REASONS``), None if not over."""
        ...

    def score(self, state: S) -> ScoreSheet:
        """The score sheet of the state as if the game ended now."""
        ...

    def warnings(self, state: S) -> tuple[Finding, ...]:
        """Warnings collected while replaying up to ``state`` (absolute pointers)."""
        ...

    def extra_claims(self, sheet: ScoreSheet, claimed: Json) -> list[Finding]:
        """Claims beyond ``scores`` and ``breakdown`` compared (suns, intermediate, ...)."""
        ...


class Positions(Protocol[S]):
    """Position documents: a board as it stands, checked, exported, blank, or drawn."""

    def load_position(self, doc: Record) -> PositionResult[S]:
        """Check a schema-valid position document and build a state to score from it."""
        ...

    def export_position(self, state: S, record: Record) -> dict[str, object]:
        """The position document of ``state`` (``scorer show --position``)."""
        ...

    def blank_position(self, players: Sequence[str], options: Json) -> dict[str, object]:
        """The position document of a game about to start (the web app's "New"): the boards
        as set up, nothing placed, nothing claimed; ``options`` is a schema-valid variant."""
        ...

    def draft_state(self, doc: Record) -> S | None:
        """A state to draw an impossible position with (the web app), or None."""
        ...


class Moves(Protocol[S_contra]):
    """The legal-move generator (written apart from the checks) and the simulator on it."""

    #: Options ``simulate`` takes besides the variant's (name → what it is).
    @property
    def SIMULATE_OPTIONS(self) -> Mapping[str, str]: ...

    def legal_steps(self, state: S_contra, prefix: Sequence[Json] = ()) -> Iterator[Json]:
        """Legal next steps once the steps ``prefix`` of the current move are taken (chance
        outcomes as recorded); members that chance decides are left out."""
        ...

    def unoffered_step(self, state: S_contra, move: Move) -> int | None:
        """The first step of ``move`` the generator would not have offered, or None."""
        ...

    def legal_alternatives(
        self, state: S_contra, move: Move, at: int, rule: RuleId
    ) -> Legal | None:
        """What was legal instead of step ``at`` of ``move`` (rejected with ``rule``), or
        None where the question does not apply (a draw chance decided)."""
        ...

    def describe_step(self, step: Json) -> str:
        """A legal step in a few words (``legal here:``)."""
        ...

    def simulate(self, players: int, seed: int, options: Json) -> dict[str, object]:
        """One complete legal game record, reproducible from ``seed``. Raises ValueError for
        an option the simulator refuses."""
        ...


class Pictures(Protocol[S_contra]):
    """What a person looks at: boards as text, SVG pictures, the editor, scoring items."""

    def render(self, state: S_contra, color: bool = False) -> str:
        """The boards as text for the terminal, with a legend of the letters used."""
        ...

    def draw_svg(self, state: S_contra, items: Sequence[ScoreItem], mark: Mark | None) -> str:
        """The boards as a deterministic SVG document: ``items`` highlighted, ``mark``
        (an offending cell) marked."""
        ...

    def draw_editor_svg(
        self, state: S_contra, items: Sequence[ScoreItem], mark: Mark | None
    ) -> str:
        """The web app editor's picture: ``draw_svg`` plus the cells a piece can go on."""
        ...

    def explain(self, state: S_contra) -> list[ScoreItem]:
        """Every scoring item of the score: their points add up to each category."""
        ...

    def editor_data(self) -> dict[str, object]:
        """What the web app's editor of the game chooses from (maps, boards, cards, the
        pieces of its palette), as plain JSON data; ``{}`` for none."""
        ...


@dataclass(frozen=True, slots=True)
class Role(Generic[R_co]):
    """A role as the registry hands it out: the protocol's name and the module playing it."""

    name: str
    module: str


CATALOGUE: Role[Catalogue] = Role("Catalogue", "rules")
REFEREE: Role[Referee[object]] = Role("Referee", "referee")
POSITIONS: Role[Positions[object]] = Role("Positions", "position")
MOVES: Role[Moves[object]] = Role("Moves", "moves")
PICTURES: Role[Pictures[object]] = Role("Pictures", "picture")
ROLES: tuple[Role[object], ...] = (CATALOGUE, REFEREE, POSITIONS, MOVES, PICTURES)
