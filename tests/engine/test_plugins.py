"""Engines as plug-ins: the entry-point group, the shipped engines' own registration, and a toy
engine from a package outside ``generator/`` that ``simulate`` plays."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from generator.engine import plugins
from generator.engine.registry import ENGINES
from generator.rulebook.appendices import for_engine

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "plugins" / "nim_engine"

NIM_GAME = {
    "game.yaml": "id: nim-race\ntitle: Nim Race\nengine: nim\ndefault_edition: base\neditions: [base]\n",
    "editions/base.yaml": "id: base\ntitle: Base\nrules:\n  heap: 21\n  take_most: 3\n",
}


def install_toy(where: Path) -> Path:
    """The toy package and a dist-info declaring its entry point, as pip would leave them."""
    site = where / "site"
    shutil.copytree(TOY, site / "nim_engine")
    info = site / "nim_engine-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: nim-engine\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{plugins.GROUP}]\nnim = nim_engine.game:ENGINE\n")
    components = where / "components" / "nim-race"
    for name, text in NIM_GAME.items():
        (components / name).parent.mkdir(parents=True, exist_ok=True)
        (components / name).write_text(text)
    return site


def run(args: list[str], site: Path, components: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CI": "1", "PNP_COMPONENTS": str(components),
           "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    return subprocess.run([sys.executable, str(ROOT / "build.py"), *args], capture_output=True,
                          text=True, env=env, cwd=ROOT)


def test_shipped_engines_are_registered_in_pyproject_as_the_fallback_says():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"][plugins.GROUP]
    assert declared == plugins.SHIPPED
    for name, reference in declared.items():
        assert plugins.load_reference(reference) is ENGINES[name]


def test_each_shipped_engine_names_its_rulebook_appendices():
    for name in plugins.SHIPPED:
        appendices = for_engine(name)
        assert appendices is not None and callable(appendices.row)
    assert for_engine(None) is None


def test_the_registry_imports_no_game_until_one_is_asked_for():
    code = ("import sys, generator.engine.registry as r; names = sorted(r.ENGINES); "
            "print(names, any(m.startswith(('generator.engine.grove', 'generator.engine.channeling')) "
            "for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.strip() == "['channeling', 'grove'] False", out.stderr


def test_a_toy_engine_from_another_package_is_simulated(tmp_path):
    site = install_toy(tmp_path)
    listed = run(["list"], site, tmp_path / "components")
    assert listed.returncode == 0, listed.stderr
    result = run(["simulate", "nim-race", "--games", "40", "--agents", "greedy,random", "--seed", "3",
                  "--json", "-"], site, tmp_path / "components")
    assert result.returncode == 0, result.stderr
    res = json.loads(result.stdout)
    assert res["game"] == "nim" and res["games"] == 40
    # 21 counters, 1-3 a turn: the first player who plays perfectly always wins
    assert res["wins"] == {"light": 40, "dark": 0, "draw": 0}
    assert res["options"] == {"heap": 21, "take_most": 3}
    swapped = run(["simulate", "nim-race", "--games", "40", "--agents", "random,greedy", "--seed", "3",
                   "--json", "-"], site, tmp_path / "components")
    assert json.loads(swapped.stdout)["wins"]["light"] < 40


def test_a_toy_engine_rule_option_error_names_the_file(tmp_path):
    site = install_toy(tmp_path)
    edition = tmp_path / "components" / "nim-race" / "editions" / "base.yaml"
    edition.write_text(edition.read_text().replace("take_most: 3", "take_most: 30"))
    result = run(["simulate", "nim-race", "--games", "5"], site, tmp_path / "components")
    assert result.returncode == 2
    assert "base.yaml:5" in result.stderr and "take_most" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_a_broken_plug_in_is_one_clear_message(tmp_path):
    site = install_toy(tmp_path)
    (site / "nim_engine-0.1.dist-info" / "entry_points.txt").write_text(
        f"[{plugins.GROUP}]\nnim = nim_engine.missing:ENGINE\n")
    result = run(["simulate", "nim-race", "--games", "5"], site, tmp_path / "components")
    assert result.returncode == 2
    assert "rules engine 'nim' is registered as nim_engine.missing:ENGINE" in result.stderr
    assert "Traceback" not in result.stderr
