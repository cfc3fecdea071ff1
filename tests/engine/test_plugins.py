"""Engines as plug-ins: the entry-point group, the shipped engines' own registration, and a toy
engine from a package outside ``generator/`` that ``simulate`` plays."""
from __future__ import annotations

import json
import re
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from generator.play import plugins
from generator.play.registry import ENGINES
from generator.rulebook.appendices import for_engine

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "plugins" / "nim_engine"
NIM_PROJECT = ROOT / "tests" / "plugins" / "nim_project"  # a game played by the toy engine: data only


def install_toy(where: Path) -> Path:
    """The toy package and a dist-info declaring its entry point, as pip would leave them, and a
    copy of the project whose game it plays (``where`` is then that project's folder)."""
    site = where / "site"
    shutil.copytree(TOY, site / "nim_engine")
    info = site / "nim_engine-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: nim-engine\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{plugins.GROUP}]\nnim = nim_engine.game:ENGINE\n")
    shutil.copytree(NIM_PROJECT, where, dirs_exist_ok=True)
    return site


def run(args: list[str], site: Path, components: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CI": "1", "PNP_COMPONENTS": str(components),
           "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    return subprocess.run([sys.executable, str(ROOT / "build.py"), *args], capture_output=True,
                          text=True, env=env, cwd=ROOT)


SHIPPED = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"][plugins.GROUP]


def test_the_shipped_games_load_through_their_entry_points_only():
    assert SHIPPED == {"channeling": "pnp_games.channeling.game:ENGINE", "grove": "pnp_games.grove.game:ENGINE"}
    assert {name: plugins.discover()[name] for name in SHIPPED} == SHIPPED  # the installed metadata
    for name, reference in SHIPPED.items():
        assert plugins.load_reference(reference) is ENGINES[name]


def test_each_shipped_engine_names_its_rulebook_appendices():
    for name in SHIPPED:
        appendices = for_engine(name)
        assert appendices is not None and callable(appendices.row)
    assert for_engine(None) is None


def test_the_registry_imports_no_game_until_one_is_asked_for():
    code = ("import sys, generator.play.registry as r; names = sorted(r.ENGINES); "
            "print(names, any(m.startswith(('pnp_games.grove', 'pnp_games.channeling')) "
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


TOLD = re.compile(r"Turn (\d+): (Light|Dark)\s+(?:This turn shows [^.]*\.\s+)?\2 takes (\d+) counters? from the heap "
                  r"of (\d+),\s+leaving (\d+)\.")


def discs(image, dpi: int) -> tuple[int, int]:
    """(filled, outlined) discs drawn on a rasterised page: inked blobs as wide as tall, 14-30 points
    across (larger than the body text's letters); a filled one covers most of its box, a ring little."""
    width, height = image.size
    pixels = image.convert("L").load()
    inked = {(x, y) for y in range(height) for x in range(width) if pixels[x, y] < 235}
    smallest, largest = 14 * dpi / 72, 30 * dpi / 72
    filled = outlined = 0
    while inked:
        blob, todo = [], [inked.pop()]
        while todo:
            x, y = todo.pop()
            blob.append((x, y))
            for step in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if step in inked:
                    inked.remove(step)
                    todo.append(step)
        xs, ys = [x for x, _ in blob], [y for _, y in blob]
        w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        if smallest <= w <= largest and smallest <= h <= largest and abs(w - h) <= 2:
            cover = len(blob) / (w * h)
            filled += cover > 0.7
            outlined += cover < 0.35
    return filled, outlined


def test_a_toy_engine_brings_its_own_rulebook_appendix(tmp_path):
    """A made-up game played by the plug-in engine gets a rulebook whose sample game, heap drawings
    and balance table come from the engine's own appendix module."""
    from pypdf import PdfReader

    from pnp_testing import render_page

    site = install_toy(tmp_path)
    out = tmp_path / "book"
    result = run(["--project", str(tmp_path), "rulebook", "nim-race", "--out", str(out)], site,
                 tmp_path / "components")
    assert result.returncode == 0, result.stderr
    pdf = out / "nim-race-base-rulebook-letter.pdf"
    pages = [" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages]
    text = " ".join(pages)
    assert "Appendix A: A sample game" in text
    told = [(int(t), who, int(took), int(before), int(left)) for t, who, took, before, left in TOLD.findall(text)]
    assert [t[0] for t in told][:4] == [1, 2, 3, 4]  # rulebook.yaml tells the first four turns
    assert told[0][3] == 21 and all(before - took == left for _, _, took, before, left in told)
    assert told[-1][4] == 0 and "has taken the last counter and wins" in text
    assert "This turn shows taking the last counter to win" in text
    # the balance table, in the designer's report the project adds to its build: with 21 counters,
    # perfect play wins every game for the first player
    assert "games were played" not in text
    report = " ".join(" ".join(page.extract_text().split())
                      for page in PdfReader(out / "nim-race-base-designer-report.pdf").pages)
    assert re.search(r"400 games were played .* Base 100\.0% 0\.0% 11\.0", report), report
    for index, page in enumerate(pages):
        on_page = TOLD.findall(page)
        if not on_page:
            continue
        filled, outlined = discs(render_page(pdf, index, 100), 100)
        assert filled == sum(int(took) for _, _, took, _, _ in on_page), page
        assert outlined == sum(int(before) - int(took) for _, _, took, before, _ in on_page), page


def test_book_agents_the_engine_lacks_are_one_clear_message(tmp_path):
    """The built-in rulebook profile tells the sample game with tree search, which the toy engine
    does not offer: the message names the profile's file, line and key, and nothing is written."""
    site = install_toy(tmp_path)
    shutil.rmtree(tmp_path / "layouts")
    result = run(["--project", str(tmp_path), "rulebook", "nim-race", "--out", str(tmp_path / "book")], site,
                 tmp_path / "components")
    assert result.returncode == 2
    assert "rulebook-letter.yaml:" in result.stderr and "options.sample_agents" in result.stderr, result.stderr
    assert "found 'mcts'" in result.stderr and "Traceback" not in result.stderr
    assert not list((tmp_path / "book").glob("*.pdf"))
