"""The README tells the truth (issue 11 §5): every command of its ```sh blocks runs against the
shipped files, and the pre-commit hook checks game records only.

Commands run in README order, through a shell, in a temporary folder holding a link to the
shipped ``fixtures/`` and the few files the examples name that a clone does not have (a
``records/`` folder of a tournament, an ``archive/`` of NDJSON files, a ``.haz`` map, a saved
Board Game Arena game and a folder of them). A command
that is not an example of scorer is skipped only with the reason given in ``SKIP``; a command
the test does not recognise fails it, so a new README example is either runnable or explained.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, ROOT

README = ROOT / "README.md"
#: Command prefix → why the test does not run it.
SKIP = {
    "pip install": "installs scorer: the test runs in the environment it is installed in",
    "pytest": "runs this test suite",
    "make ": "runs the checks this test is part of",
    "python bench/": "a benchmark that takes minutes, not an example of scorer",
    "python3 -m venv": "creates a virtual environment",
    ". .venv/bin/activate": "activates a virtual environment",
    "scorer serve": "starts a web server that runs until it is stopped",
    "curl ": "asks a running `scorer serve` (its JSON API is tested in tests/serve)",
}
#: An option that needs an extra, and the module the extra installs.
EXTRAS = {"--dask": "distributed"}
HAZ = (
    "\r\n".join(
        [
            "[Control]",
            "Version=GRHIG0101",
            "ColCount=3",
            "RowCount=5",
            "Author=A. Tester",
            "MapName=Tiny",
            "MapVersion=1",
            "[Hex]",
            "1=2",
            "3=9",
            "100=6",
            "102=3",
            "104=2",
            "201=10",
            "203=7",
        ]
    )
    + "\r\n"
)


def sh_commands(text: str) -> list[tuple[str, int | None]]:
    """(command, expected exit status or None) of every ```sh block, continuation lines
    joined, comments dropped (an ``exit N`` in the comment is the expected status), and
    ``a && b`` split into its commands."""
    out: list[tuple[str, int | None]] = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.replace("\\\n", " ").splitlines():
            command, comment = split_comment(line)
            status = re.search(r"\bexit (\d)\b", comment)
            for part in split_and(command):
                if part:
                    out.append((part, int(status.group(1)) if status else None))
    return out


def split_comment(line: str) -> tuple[str, str]:
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].strip(), line[i:]
    return line.strip(), ""


def split_and(command: str) -> list[str]:
    parts, quote, start = [], None, 0
    for i, ch in enumerate(command):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif command.startswith("&&", i):
            parts.append(command[start:i].strip())
            start = i + 2
    parts.append(command[start:].strip())
    return [p for p in parts if p]


def skip_reason(command: str) -> str | None:
    for prefix, reason in SKIP.items():
        if command.startswith(prefix):
            return reason
    for option, module in EXTRAS.items():
        if option in command.split() and not _has(module):
            return f"{option} needs the {module} extra, which is not installed"
    return None


def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder like a clone with a tournament in it."""
    work = tmp_path_factory.mktemp("readme")
    (work / "fixtures").symlink_to(FIXTURES, target_is_directory=True)
    records = work / "records"
    records.mkdir()
    for game in ("harmonies", "kuhfstein", "citrus", "hacienda"):
        for path in sorted((FIXTURES / game / "valid").glob("*.json"))[:2]:
            shutil.copy(path, records / f"{game}-{path.name}")
    archive = work / "archive" / "2025"
    archive.mkdir(parents=True)
    lines = [
        p.read_bytes().replace(b"\n", b" ") + b"\n"
        for p in sorted((FIXTURES / "kuhfstein" / "valid").glob("sim-*.json"))[:3]
    ]
    (archive / "games.ndjson").write_bytes(b"".join(lines))
    (work / "MyMap.haz").write_text(HAZ, encoding="utf-8")
    bga = FIXTURES / "harmonies" / "bga"
    shutil.copy(bga / "gamedatas_match08.json", work / "table-123.json")  # a saved BGA game
    (work / "saved-games").mkdir()
    for path in sorted(bga.glob("*_dom_final.json")):
        shutil.copy(path, work / "saved-games" / path.name)
    return work


def test_readme_has_commands() -> None:
    commands = [c for c, _ in sh_commands(README.read_text(encoding="utf-8"))]
    assert sum(c.startswith("scorer ") for c in commands) >= 15, commands


def test_every_readme_command_runs(workdir: Path) -> None:
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "NO_COLOR": "1",
    }
    assert shutil.which("scorer", path=env["PATH"]), "the scorer entry point is not installed"
    stdin = (FIXTURES / "harmonies" / "valid" / "2p-side-a.json").read_bytes()
    ran, skipped = [], []
    for command, status in sh_commands(README.read_text(encoding="utf-8")):
        reason = skip_reason(command)
        if reason is not None:
            skipped.append((command, reason))
            continue
        assert command.startswith("scorer "), (
            f"README command {command!r} is neither a scorer example nor skipped with a reason "
            "in tests/test_readme.py SKIP"
        )
        proc = subprocess.run(
            command,
            shell=True,
            cwd=workdir,
            env=env,
            input=stdin,
            capture_output=True,
            timeout=600,
            check=False,
        )
        err = proc.stderr.decode("utf-8", "replace")
        assert "Traceback" not in err, f"{command}:\n{err}"
        allowed = (status,) if status is not None else (0, 1)
        assert proc.returncode in allowed, f"{command}: exit {proc.returncode}\n{err[-2000:]}"
        ran.append(command)
    assert len(ran) >= 15, (ran, skipped)
    for name in (
        "report.json",
        "pos.json",
        "board.svg",
        "g.json",
        "games.ndjson",
        "junit.xml",
        "scorer.sarif",
        "my-map.json",
        "site/index.html",
    ):
        assert (workdir / name).is_file(), f"a README example should have written {name}"


def test_readme_installs_scorer_from_its_repository() -> None:
    blocks = "\n".join(re.findall(r"```[a-z]*\n(.*?)```", README.read_text("utf-8"), re.S))
    assert not re.search(r"pip install scorer\b", blocks)  # an unrelated project on PyPI
    installs = re.findall(r"pip install \"?(git\+[^\s\"]+)", blocks)
    assert installs and all("example.invalid" in url for url in installs)


HOOK_FILES = re.compile(r"^\s+files:\s*(\S+)\s*$", re.M)


def hook_pattern() -> re.Pattern[str]:
    found = HOOK_FILES.findall((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert len(found) == 1, found
    return re.compile(found[0])


@pytest.mark.parametrize(
    ("path", "checked"),
    [
        ("records/r1.json", True),
        ("records/2025/round-3.ndjson", True),
        ("records/archive.jsonl", True),
        ("package.json", False),
        (".vscode/settings.json", False),
        ("tsconfig.json", False),
        ("site/records.json", False),
        ("records.json", False),
        ("records/notes.md", False),
    ],
)
def test_pre_commit_hook_checks_records_only(path: str, checked: bool) -> None:
    assert bool(hook_pattern().search(path)) is checked  # pre-commit matches with re.search


def test_pre_commit_hook_entry_honours_the_profile_exclude(tmp_path: Path) -> None:
    """What pre-commit runs: the hook's entry with the changed files its pattern selects."""
    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    entry = re.search(r"^\s+entry:\s*(.+)$", text, re.M)
    assert entry is not None
    (tmp_path / "records" / "drafts").mkdir(parents=True)
    good = FIXTURES / "harmonies" / "valid" / "2p-side-a.json"
    shutil.copy(good, tmp_path / "records" / "r1.json")
    (tmp_path / "records" / "drafts" / "d1.json").write_text("{not json")
    (tmp_path / "package.json").write_text('{"name": "site"}')
    (tmp_path / "scorer.toml").write_text('exclude = ["records/drafts"]\n')
    changed = ["package.json", "records/r1.json", "records/drafts/d1.json"]
    files = [f for f in changed if hook_pattern().search(f)]
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    proc = subprocess.run(
        [*entry.group(1).split(), *files],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout.decode() + proc.stderr.decode()
    assert b"1 passed, 0 failed" in proc.stdout + proc.stderr


def _git(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, timeout=60, check=False)


def pinned_revisions() -> list[str]:
    """The revisions the README's CI snippets pin: pre-commit's ``rev:`` and pip's ``@REV``."""
    blocks = "\n".join(re.findall(r"```yaml\n(.*?)```", README.read_text("utf-8"), re.S))
    revs = re.findall(r"^\s+rev:\s*(\S+)", blocks, re.M)
    revs += re.findall(r"pip install \"?git\+[^\s\"@]+@([^\s\"]+)", blocks)
    return revs


def test_readme_ci_snippets_pin_a_revision_that_exists() -> None:
    """Issue 25 §5: pre-commit checks out ``rev`` and pip installs ``@REV``: a tag this
    repository does not have fails at ``git checkout``. Each pin is a commit in this
    repository's history whose tree holds the hook and the entry point, or a tag it has."""
    revs = pinned_revisions()
    assert len(revs) == 2 and len(set(revs)) == 1, revs
    if shutil.which("git") is None or _git("rev-parse", "--git-dir").returncode != 0:
        pytest.skip("not a git checkout: the pinned revision cannot be looked up")
    rev = revs[0]
    if not re.fullmatch(r"[0-9a-f]{40}", rev):
        assert _git("tag", "--list", rev).stdout.decode().split() == [rev], f"no tag {rev}"
    assert _git("cat-file", "-e", f"{rev}^{{commit}}").returncode == 0, f"no commit {rev}"
    assert _git("merge-base", "--is-ancestor", rev, "HEAD").returncode == 0, rev
    hooks = _git("show", f"{rev}:.pre-commit-hooks.yaml").stdout.decode()
    assert "id: scorer-verify" in hooks
    pyproject = _git("show", f"{rev}:pyproject.toml").stdout.decode()
    assert re.search(r'^scorer = "scorer', pyproject, re.M), "no scorer entry point at the pin"
