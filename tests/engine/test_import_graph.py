"""The engines' import graph: no circles, every module importable alone, play without the rulebook.

The graph is read from the source with ``ast``: every ``import`` in a module counts, also one
inside a function, since a deferred import that closes a circle still ties the modules together
(one cannot be read, tested or moved without the other). Imports under ``if TYPE_CHECKING:``
name types for annotations only and never run, so they do not count.
"""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from generator.play import plugins

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "generator" / "engine"



def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_by(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that the file imports anywhere in it (the most specific name)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if _annotation_only(node):
            node.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            subs = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in modules]
            targets = subs + ([base] if len(subs) < len(node.names) else [])
        else:
            continue
        for target in targets:
            while target and target not in modules:  # `import a.b.c` names a.b.c, or the package holding it
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def _annotation_only(node: ast.AST) -> bool:
    """An ``if TYPE_CHECKING:`` block."""
    return isinstance(node, ast.If) and getattr(node.test, "id", getattr(node.test, "attr", None)) == "TYPE_CHECKING"


def import_graph(folder: Path) -> dict[str, set[str]]:
    files = {module_name(p): p for p in folder.rglob("*.py")}
    return {name: imported_by(path, set(files)) for name, path in files.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_circle_finder_finds_a_circle_through_a_deferred_import(tmp_path):
    package = tmp_path / "generator" / "engine"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .b import f\n")
    (package / "b.py").write_text("def f():\n    from . import a\n")
    (package / "c.py").write_text("import generator.play.a\n")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        graph = import_graph(package)
    finally:
        ROOT = saved
    assert graph["generator.play.c"] == {"generator.play.a"}
    assert circles(graph) == [["generator.play.a", "generator.play.b"]]


def test_no_import_circles_through_the_engines():
    """No circle among the engines' modules, nor through any other part of the generator (the
    rulebook reaches an appendix by the name in the engine's spec, never by an import)."""
    graph = import_graph(ROOT / "generator")
    assert [c for c in circles(graph) if any(m.startswith("generator.play") for m in c)] == []


def test_the_rulebook_imports_no_engine_package_and_names_no_game():
    """The rulebook reaches an engine's appendix only through the name its spec gives."""
    engine_modules = set(import_graph(ENGINE))
    shared = {"generator.play"} | {module_name(p) for p in ENGINE.glob("*.py")}  # no game's package
    for path in (ROOT / "generator" / "rulebook").rglob("*.py"):
        text = path.read_text().lower()
        named = [engine for engine in plugins.SHIPPED if engine in text]
        assert not named, f"{path.name} names {named}"
        inside = imported_by(path, engine_modules) - shared
        assert not inside, f"{path.name} imports {inside}, inside an engine's package"


def _python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_every_engine_module_imports_alone():
    """Each module imported first, with no other module of the package loaded before it."""
    names = sorted(import_graph(ENGINE))
    code = f"""
import importlib, sys
bad = []
for name in {names!r}:
    for loaded in [m for m in sys.modules if m == "generator" or m.startswith("generator.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if (exc.name or "").startswith("generator"):
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
play_game(data.options, list(data.deck), list(data.glyph_ids), 1, ["greedy", "greedy"], game="channeling")
grove = get_engine("grove")
play_game(grove.options_model(), [], [], 1, ["greedy", "random"], game="grove")
print(sorted(m for m in sys.modules if m.split(".")[0] == "reportlab" or m.startswith("generator.rulebook")
             or ".appendix" in m))
"""
    result = _python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
