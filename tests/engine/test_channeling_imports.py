"""The Channeling's modules depend one way: state uses observation, render and views, which never
import state at run time (only for type hints), and each module imports alone."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[2] / "pnp_games" / "channeling"


def runtime_imports() -> dict[str, set[str]]:
    """Each module's imports of sibling modules at module level (``if TYPE_CHECKING`` excluded)."""
    graph = {}
    for path in PACKAGE.glob("*.py"):
        deps = set()
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                deps.add(node.module.split(".")[0])
        graph[path.stem] = deps
    return graph


def test_no_import_circles():
    graph = runtime_imports()

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(d == goal or (d not in seen and reaches(d, goal, seen | {d})) for d in graph.get(start, ()))
    circles = [m for m in graph if reaches(m, m, {m})]
    assert circles == []
    for view in ("observation", "render", "views"):
        assert "state" not in graph[view]


@pytest.mark.parametrize("module", ["state", "observation", "render", "views", "turns", "agents", "mcts"])
def test_each_module_imports_alone(module):
    result = subprocess.run([sys.executable, "-c", f"import pnp_games.channeling.{module}"],
                            capture_output=True, text=True, cwd=PACKAGE.parents[2])
    assert result.returncode == 0, result.stderr
