"""The package's import structure, as `lint-imports` checks it from pyproject.toml's contracts (the
generator's layers, no circle in any package, the games independent and reached only through entry
points), plus what a contract cannot say: every module imports alone, and playing a game loads no
typesetting.

import-linter reads every ``import`` in a module, also one inside a function or under
``if TYPE_CHECKING:``: a deferred import, or one for annotations only, that runs upward or closes a
circle still ties the modules together.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT = Path(sys.executable).with_name("lint-imports")
needs_linter = pytest.mark.skipif(not LINT.is_file(), reason="import-linter is not installed (the test extra)")


def lint(folder: Path, *config: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT), "--no-logo", "--no-cache", *config], capture_output=True, text=True,
                          cwd=folder, env={**os.environ, "PYTHONPATH": str(folder)})


@needs_linter
def test_every_import_contract_is_kept():
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@needs_linter
def test_a_deferred_upward_import_and_a_deferred_circle_break_the_contracts(tmp_path):
    """The same kinds of contract, with this project's settings, on a made-up package: an import inside
    a function counts, and so does one under ``if TYPE_CHECKING:``."""
    package = tmp_path / "toy"
    (package / "low").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "high.py").write_text("from toy.low import a\n")
    (package / "low" / "__init__.py").write_text("")
    (package / "low" / "a.py").write_text("def f():\n    from toy import high\n")
    (package / "low" / "b.py").write_text("def g():\n    from toy.low import c\n")
    (package / "low" / "c.py").write_text("from toy.low import b\n")
    (package / "mid").mkdir()
    (package / "mid" / "__init__.py").write_text("")
    (package / "mid" / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from toy.mid import e\n")
    (package / "mid" / "e.py").write_text("from toy.mid import d\n")
    ours = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    (tmp_path / "contracts.toml").write_text(
        '[tool.importlinter]\nroot_packages = ["toy"]\n'
        f'exclude_type_checking_imports = {str(ours["exclude_type_checking_imports"]).lower()}\n\n'
        '[[tool.importlinter.contracts]]\nid = "layers"\nname = "layers"\ntype = "layers"\n'
        'containers = ["toy"]\nlayers = ["high", "low"]\n\n'
        '[[tool.importlinter.contracts]]\nid = "circles"\nname = "circles"\ntype = "acyclic_siblings"\n'
        'ancestors = ["toy"]\n')
    result = lint(tmp_path, "contracts.toml")
    assert result.returncode == 1
    assert "toy.low.a -> toy.high" in result.stdout
    assert "No cycles are allowed in toy.low" in result.stdout
    assert "No cycles are allowed in toy.mid" in result.stdout  # an import for annotations only counts too


def _python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_every_engine_and_game_module_imports_alone():
    """Each module of the engine layers and of the games imported first, with no other module of the
    packages loaded before it."""
    names = sorted(".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
                   for folder in ("generator/play", "generator/runs", "generator/adapters", "pnp_games")
                   for p in (ROOT / folder).rglob("*.py"))
    code = f"""
import importlib, sys
bad = []
for name in {names!r}:
    for loaded in [m for m in sys.modules if m.split(".")[0] in ("generator", "pnp_games")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] in ("generator", "pnp_games"):
            bad.append(f"{{name}}: {{exc}}")
    except Exception as exc:
        bad.append(f"{{name}}: {{type(exc).__name__}}: {{exc}}")
print("\\n".join(bad))
"""
    result = _python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def test_playing_a_game_imports_neither_reportlab_nor_the_rulebook():
    code = """
import sys
from generator.play.registry import get_engine, play_game
sys.path.insert(0, "tests/engine")
from channeling_helpers import edition_data
data = edition_data("2025")
play_game(data.options, data.inputs, 1, ["greedy", "greedy"], game="channeling")
grove = get_engine("grove")
play_game(grove.options_model(), None, 1, ["greedy", "random"], game="grove")
print(sorted(m for m in sys.modules if m.split(".")[0] == "reportlab" or m.startswith("generator.rulebook")
             or m.startswith("generator.build") or m.endswith(".book") or ".book." in m))
"""
    result = _python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


GAME_WORDS = re.compile(r"channeling|grove|splendor|vigor|overchannel|fewer.cards", re.IGNORECASE)
SEAT_NAMES = re.compile(r"\b(Light|Dark)\b"  # the shipped games' seats, as reports name them
                        r"|[\"'](light|dark)[\"']|^\s*(light|dark):")  # and as a colour role or key


def named_games(root: Path) -> list[str]:
    """Each line of a file under ``root`` that names a game, a seat or a card field of the shipped games."""
    found = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                if GAME_WORDS.search(line) or SEAT_NAMES.search(line):
                    found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


def test_the_generator_names_no_game_seat_or_card_field():
    """Seats, views and summaries come from a game's GameInfo and hooks, never from the generator."""
    assert named_games(ROOT / "generator") == []


def test_the_name_finder_finds_a_game_a_seat_and_a_card_field(tmp_path):
    (tmp_path / "a.py").write_text('x = 1\nprint("Light wins")\nSEAT = "dark"\nlight = 2\n')
    (tmp_path / "c.yaml").write_text("colours:\n  dark: ink\n  darkest: ink\n")
    (tmp_path / "b.yaml").write_text("fields: {vigor: int}\nname: The Grove\n")
    assert [line.split(":")[0] + ":" + line.split(":")[1] for line in named_games(tmp_path)] == \
        ["a.py:2", "a.py:3", "b.yaml:1", "b.yaml:2", "c.yaml:2"]
