"""The shape of ``scorer/`` in numbers: what issue 22 (one verdict, role modules) measures.

    python bench/code_shape.py [--list] [ROOT]

prints functions over 60 lines, Python files over 400 lines, how often ``Any`` is written,
the modules directly in ``scorer/``, the length of every game's ``__init__.py``, and the
forwarders (methods whose body is one ``return`` of a call, or an import and that return).
``tests/test_layout.py`` holds the same limits; this script only reports them.
"""

from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

MAX_FUNCTION = 60
MAX_FILE = 400


def _is_forwarder(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    body = [n for n in node.body if not isinstance(n, ast.Expr | ast.ImportFrom | ast.Import)]
    return (
        len(body) == 1
        and isinstance(body[0], ast.Return)
        and isinstance(body[0].value, ast.Call)
        and len(node.body) <= 3
    )


def measure(root: Path) -> dict[str, object]:
    package = root / "scorer"
    long_functions: list[str] = []
    long_files: list[str] = []
    forwarders: list[str] = []
    any_count = 0
    for path in sorted(package.rglob("*.py")):
        text = path.read_text()
        rel = str(path.relative_to(root))
        any_count += len(re.findall(r"\bAny\b", text))
        if len(text.splitlines()) > MAX_FILE:
            long_files.append(f"{rel} ({len(text.splitlines())})")
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION:
                    long_functions.append(f"{rel}:{node.lineno} {node.name} ({length})")
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and _is_forwarder(item):
                        forwarders.append(f"{rel}:{item.lineno} {node.name}.{item.name}")
    flat = sorted(p.name for p in package.glob("*.py"))
    inits = {
        p.parent.name: len(p.read_text().splitlines())
        for p in sorted((package / "games").glob("*/__init__.py"))
    }
    return {
        "functions over 60 lines": long_functions,
        "files over 400 lines": long_files,
        "Any written": any_count,
        "modules directly in scorer/": flat,
        "game __init__ lines": inits,
        "forwarders in classes": forwarders,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--list", action="store_true", help="list every offender")
    args = parser.parse_args()
    for name, value in measure(Path(args.root)).items():
        if isinstance(value, list):
            print(f"{name}: {len(value)}")
            if args.list:
                for item in value:
                    print(f"  {item}")
        else:
            print(f"{name}: {value}")


if __name__ == "__main__":
    main()
