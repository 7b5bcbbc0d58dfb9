"""Every game package has the same rooms in the same places (CONTRIBUTING, "Adding a game").

Whoever adds a fifth game or fixes a rule in the fourth finds the turn driver in
``actions.py``, the position checks and export in ``position.py``, the simulator in
``simulate.py``, one step-handler signature, and no private turn objects.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import typing
from pathlib import Path

import pytest

from scorer.core.draft import StepHandler
from scorer.registry import GAME_MODULES, game_names

ROOT = Path(__file__).resolve().parent.parent
#: The modules every game package has, each in the role CONTRIBUTING gives it.
ROLES = (
    "__init__",
    "rules",
    "referee",
    "moves",
    "blank",
    "state",
    "setup",
    "actions",
    "events",
    "scoring",
    "position",
    "generator",
    "simulate",
    "render",
    "picture",
    "editor",
    "explain",
    "component_data",
)
#: Names of the drifted rooms the shape replaced: never again.
RETIRED = ("export", "simulator", "turn", "work", "claims")
#: Classes the shared Draft replaced (the move in progress).
RETIRED_CLASSES = ("Turn", "Work")
#: The ceiling of a module's length (lines): a file is read in one sitting.
MAX_LINES = 400
#: The ceiling of a function's length (lines), data tables aside.
MAX_FUNCTION = 60
#: Functions allowed to be longer, each with why: the one-pass JSON scanner keeps its state
#: machine in one loop (splitting it costs a call per value on every document with findings).
LONG_FUNCTIONS = {"scorer/reading/sourcemap.py:walk"}
GAMES = game_names()


def _package(game: str) -> Path:
    return ROOT.joinpath(*GAME_MODULES[game].split(".")) if game in GAME_MODULES else Path()


def _modules(game: str) -> list[str]:
    return [*sorted(m.name for m in pkgutil.iter_modules([str(_package(game))])), "__init__"]


@pytest.mark.parametrize("game", GAMES)
def test_every_role_has_its_module_and_no_retired_room_is_back(game: str) -> None:
    modules = _modules(game)
    assert [r for r in ROLES if r not in modules] == []
    assert [r for r in RETIRED if r in modules] == []


@pytest.mark.parametrize("game", GAMES)
def test_the_module_map_names_every_module(game: str) -> None:
    doc = importlib.import_module(GAME_MODULES[game]).__doc__ or ""
    _, _, modmap = doc.partition("Module map")
    missing = [m for m in _modules(game) if m != "__init__" and not re.search(rf"\b{m}\b", modmap)]
    assert missing == []


@pytest.mark.parametrize("game", GAMES)
def test_one_step_handler_signature_and_the_turn_driver_in_actions(game: str) -> None:
    actions = importlib.import_module(f"{GAME_MODULES[game]}.actions")
    assert callable(actions.apply_move) and callable(actions.skip_move)
    assert actions.StepHandler is StepHandler  # the core's one signature, not a copy
    assert actions.HANDLERS, "no step handlers"
    for kind, handler in actions.HANDLERS.items():
        params = list(inspect.signature(handler).parameters)
        assert params == ["draft", "step", "at"], (kind, params)
        assert handler.__name__ == f"step_{kind}", kind


@pytest.mark.parametrize("game", GAMES)
def test_no_private_turn_objects_and_files_read_in_one_sitting(game: str) -> None:
    for path in sorted(_package(game).glob("*.py")):
        text = path.read_text()
        assert len(text.splitlines()) <= MAX_LINES, path.name
        classes = [n.name for n in ast.walk(ast.parse(text)) if isinstance(n, ast.ClassDef)]
        assert [c for c in classes if c in RETIRED_CLASSES] == [], path.name


def test_no_core_module_reads_a_game_member_with_getattr() -> None:
    offenders = []
    for path in sorted((ROOT / "scorer").rglob("*.py")):
        if "games" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "getattr"
                and node.args
                and isinstance(node.args[0], ast.Name)
                and node.args[0].id == "rules"
            ):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_the_cli_reaches_games_through_the_registry() -> None:
    for path in sorted((ROOT / "scorer" / "cli").glob("*.py")):
        assert "scorer.games" not in path.read_text(), path.name


def test_no_game_name_in_the_web_app_server() -> None:
    """``scorer serve`` reaches every game through its roles: no branch on a game's name, no
    import of a game's module, no game named even in a comment (a fifth game edits nothing
    there)."""
    offenders = []
    for path in sorted((ROOT / "scorer" / "serve").glob("*.py")):
        text = path.read_text().lower()
        offenders += [f"{path.name}: {g}" for g in GAME_MODULES if g in text]
        if "scorer.games" in text:
            offenders.append(f"{path.name}: scorer.games")
    assert offenders == []


#: The layers of ``scorer/``, lowest first: a module imports only from its own package or a
#: lower layer (CONTRIBUTING, "Layout and dependency direction").
LAYERS: dict[str, int] = {
    "core": 0,
    "grid": 0,
    "registry": 1,
    "reading": 2,
    "games": 3,
    "referee": 4,
    "writing": 5,
    "running": 6,
    "standings": 7,
    "serve": 7,
    "cli": 8,
    "__main__": 9,
    "__init__": 9,
}


def _room(module: str) -> str:
    """The layer name of a dotted module ``scorer.x.y`` (``x``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _scorer_imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "scorer":
                found += [(node.lineno, f"scorer.{a.name}") for a in node.names]
            elif node.module.startswith("scorer."):
                found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("scorer.")]
    return found


def test_every_module_lies_in_a_layer_and_imports_only_downward() -> None:
    offenders = []
    for path in sorted((ROOT / "scorer").rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        own = rel.parts[1] if len(rel.parts) > 1 else "__init__"
        assert own in LAYERS, f"{rel}: not in a layer"
        for line, target in _scorer_imports(path):
            room = _room(target)
            if room == "__version__" or room == own:
                continue
            if LAYERS.get(room, 99) >= LAYERS[own]:
                offenders.append(f"{rel}:{line} imports {target}")
    assert offenders == []


def test_few_modules_lie_directly_in_scorer() -> None:
    flat = sorted(p.name for p in (ROOT / "scorer").glob("*.py"))
    assert len(flat) <= 12, flat


def test_every_file_reads_in_one_sitting_and_every_function_fits_a_screen() -> None:
    """CONTRIBUTING: at most 400 lines a file and 60 a function, everywhere in scorer/."""
    long_files, long_functions = [], []
    for path in sorted((ROOT / "scorer").rglob("*.py")):
        text = path.read_text()
        rel = str(path.relative_to(ROOT))
        if len(text.splitlines()) > MAX_LINES:
            long_files.append(rel)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION and f"{rel}:{node.name}" not in LONG_FUNCTIONS:
                    long_functions.append(f"{rel}:{node.name} ({length})")
    assert long_files == [] and long_functions == []


@pytest.mark.parametrize("game", GAMES)
def test_no_speed_trick_in_rule_code(game: str) -> None:
    """Issue 22: no constructor bypassed, no figure of a timing in a comment; a trick that
    speed needs lives in the core behind a named helper (core.draft) or in data built once."""
    offenders = []
    for path in sorted(_package(game).glob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"tuple\.__new__|object\.__new__|\btimeit\b|\d\s*(µs|ns)\b", line):
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert offenders == []


@pytest.mark.parametrize("game", GAMES)
def test_the_state_class_has_one_name_and_its_draft_repeats_its_fields(game: str) -> None:
    """Every game's state is ``state.State``; its ``TurnDraft`` declares exactly the state's
    fields with the same types (the notes of a move besides), so mypy checks a handler's
    every read and write against the state itself."""
    state = importlib.import_module(f"{GAME_MODULES[game]}.state")
    fields = typing.get_type_hints(state.State)
    draft = typing.get_type_hints(state.TurnDraft)
    assert {name: draft.get(name) for name in fields} == fields
    notes = set(draft) - set(fields) - {"base"}
    for name in notes:  # a note has a default (or is set in the draft's own __init__)
        assert hasattr(state.TurnDraft, name) or "__init__" in vars(state.TurnDraft), name


@pytest.mark.parametrize("game", GAMES)
def test_a_draft_stays_within_the_attributes_cpython_shares(game: str) -> None:
    """core.draft: at most 30 attributes (fields, notes and ``base``), or every access to a
    draft gets several times dearer (CPython 3.11's shared-key limit)."""
    state = importlib.import_module(f"{GAME_MODULES[game]}.state")
    assert len(typing.get_type_hints(state.TurnDraft)) <= 30
