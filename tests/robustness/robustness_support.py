"""A made-up game to attack, a previous build to protect, and the checks every bad input must pass.

Most cases run the command line in this process (`generator.cli.run`), which is what a user's
`python build.py ...` calls, so a case costs milliseconds, not a Python start-up. Only the faults
that are about processes (kill -9, SIGTERM, concurrent builds, file-size limits) start subprocesses.
"""
from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME = "pebble-post"
SECRET = "OUTSIDE-SECRET-7f3a"  # written outside the game folder: must never reach an output file

FILES = {
    "game.yaml": """\
id: pebble-post
title: Pebble Post
players: [2, 4]
default_edition: first
editions: [first]
glyphs: glyphs.yaml
components:
  - id: letters
    name: Letter cards
    kind: card
    face: letter-card
    back: letter-back
    fields:
      name: {type: text}
      stamps: {type: int, min: 0, max: 9}
      mark: {type: glyph}
    pieces: cards/letters.yaml
  - id: pebbles
    name: Pebble tokens
    kind: token
    face: round-token
    fields: {}
    pieces:
      - {count: 6}
""",
    "glyphs.yaml": """\
glyphs:
  - id: dot
    name: Dot
    shapes:
      - circle: [0.5, 0.5, 0.3]
  - id: bar
    name: Bar
    shapes:
      - polygon: [[0.1, 0.4], [0.9, 0.4], [0.9, 0.6], [0.1, 0.6]]
""",
    "cards/letters.yaml": """\
- {name: Postcard, stamps: 1, mark: dot, count: 3}
- {name: Parcel, stamps: 4, mark: bar, count: 2}
- {name: Telegram, stamps: 2, mark: dot}
""",
    "editions/first.yaml": """\
id: first
title: First edition
declares:
  - {component: letters, total: 6, ranges: {stamps: [0, 5]}}
""",
    "templates/letter-card.yaml": """\
id: letter-card
extends: poker-card
elements:
  name: {kind: text, x: 6, y: 8, w: 51, h: 10, text: "{name}", font: bold, size: 14, align: centre}
  stamps: {kind: ring, cx: 31.5, cy: 46, r: 14, count: $stamps, dot: 3, fill: splendor}
  mark: {kind: glyph, x: 24, y: 60, w: 15, h: 15, glyph: $mark}
  rule: {kind: line, x1: 6, y1: 80, x2: 57, y2: 80, stroke: ink, stroke_width: 0.5}
""",
    "templates/letter-back.yaml": """\
id: letter-back
extends: poker-card
elements:
  background: {kind: background, fill: dark}
  title: {kind: text, x: 6, y: 40, w: 51, h: 8, text: "Pebble Post", font: bold, size: 12, colour: dark-ink, align: centre}
""",
    "rules/rulebook.yaml": "main: rulebook.md\n",
    "rules/rulebook.md": """\
# Pebble Post

A game for {{ game.players }} players.

## Setting up

Shuffle the letter cards.
""",
}


def write_game(components: Path) -> Path:
    """The made-up game under components/; returns its folder."""
    folder = components / GAME
    for relative, text in FILES.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (components.parent / "secret.txt").write_text(SECRET + "\n")
    return folder


@dataclass
class Outcome:
    code: int
    out: str
    err: str


def run(*args: str) -> Outcome:
    """The command line in this process, as `python build.py ARGS` runs it (without its start-up)."""
    from generator.cli import run as cli_run

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_run(list(args))
    return Outcome(code, out.getvalue(), err.getvalue())


def run_process(*args: str, env: dict | None = None, **kwargs) -> subprocess.Popen:
    full_env = {**os.environ, "CI": "1", "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.Popen([sys.executable, str(ROOT / "build.py"), *args], env=full_env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under folder (following the output folder itself, not links inside), by path."""
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def strays(folder: Path) -> list[str]:
    """Staging folders beside an output folder (a lock file is not a stray)."""
    return sorted(p.name for p in folder.parent.iterdir() if p.name.startswith(f".{folder.name}-"))


def assert_refused(result: Outcome, names: str, out: Path, before: dict[str, bytes]) -> None:
    """A refused command: exit 1 or 2, one line naming `names`, no traceback, output untouched."""
    assert result.code in (1, 2), (result.code, result.err)
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    assert "Traceback" not in result.err
    assert names in lines[0], (names, lines[0])
    assert snapshot(out) == before, "the previous output changed"
    assert not strays(out), strays(out)
    assert SECRET not in result.err + result.out


@pytest.fixture(scope="session")
def built_workshop(tmp_path_factory) -> tuple[Path, Path]:
    """The made-up game and one good build of it (sheets and rulebook), made once."""
    base = tmp_path_factory.mktemp("workshop")
    write_game(base / "components")
    out = base / "previous"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PNP_COMPONENTS", str(base / "components"))
        mp.setenv("PNP_CACHE_DIR", str(base / "cache"))
        result = run("build", GAME, "-e", "first", "-p", "a4", "-p", "rulebook-a4", "--out", str(out))
    assert result.code == 0, result.err
    return base, out


@pytest.fixture
def workshop(built_workshop, tmp_path: Path, monkeypatch) -> Path:
    """A fresh copy of the made-up game, with PNP_COMPONENTS pointing at it; returns its folder."""
    base, _ = built_workshop
    components = tmp_path / "components"
    shutil.copytree(base / "components", components)
    shutil.copy(base / "secret.txt", tmp_path / "secret.txt")
    monkeypatch.setenv("PNP_COMPONENTS", str(components))
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    return components / GAME


@pytest.fixture
def previous_output(built_workshop, tmp_path: Path) -> Path:
    """A copy of the good build, as a user's output folder from an earlier run."""
    _, out = built_workshop
    target = tmp_path / "out"
    shutil.copytree(out, target)
    return target
