"""The README's standings example runs on a fresh clone and prints what the README shows."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

SECTION = "### Standings (tournaments)"


def blocks() -> list[tuple[str, str]]:
    """(language, body) of every fenced block of the README's standings section."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```(\w*)\n(.*?)```", section, flags=re.S)


def shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    )
    env.pop("NO_COLOR", None)
    return subprocess.run(
        ["bash", "-euo", "pipefail", "-c", command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_every_standings_command_of_the_readme_runs(tmp_path: Path) -> None:
    commands = [
        line
        for lang, body in blocks()
        if lang == "sh"
        for line in body.splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert len(commands) >= 2
    for command in commands:
        done = shell(command, tmp_path)
        assert done.returncode == 0, f"{command}\n{done.stderr}"
        assert done.stdout.strip()
    assert list(tmp_path.iterdir()) == []  # the example writes no file


def test_the_readme_shows_the_real_output(tmp_path: Path) -> None:
    (_, command), (_, shown) = blocks()[:2]
    done = shell(command.strip(), tmp_path)
    assert done.stdout == shown
