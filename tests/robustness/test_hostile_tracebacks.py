"""A cloned project is untrusted, part 6: inputs that used to end in a traceback.

A previous build's manifest, the environment, a broken plug-in and the project's cache of engine
results are all read by the tool; whatever they hold, the answer is one line (or, for a damaged file
the tool only consults, a build that simply does without it), never a traceback.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from robustness_support import GAME, ROOT, assert_refused, run, snapshot


@pytest.mark.parametrize("manifest", [[1, 2], {"files": ["a4.pdf", 5, None]}, {"files": {"path": 1}},
                                      {"files": [{"path": "/etc/hostname", "profile": "zz"}, {"path": 3}]}],
                         ids=["a-list", "strings", "an-object", "outside-path"])
def test_a_previous_manifest_of_the_wrong_shape_is_done_without(manifest, workshop: Path,
                                                                previous_output: Path) -> None:
    (previous_output / "manifest.json").write_text(json.dumps(manifest))
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert built.code == 0 and "Traceback" not in built.err, built.err
    files = json.loads((previous_output / "manifest.json").read_text())["files"]
    assert all(isinstance(f, dict) and not f["path"].startswith("/") for f in files), files


def test_pnp_trace_naming_an_unwritable_path_is_one_line(workshop: Path, tmp_path: Path, previous_output: Path,
                                                         monkeypatch) -> None:
    monkeypatch.setenv("PNP_TRACE", str(tmp_path / "no-such-folder" / "trace.jsonl"))
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "a4", "--out", str(previous_output))
    assert_refused(built, "PNP_TRACE", previous_output, before)


@pytest.mark.parametrize("value", ["²", "٣"], ids=["superscript", "arabic-indic"])
def test_pnp_rulebook_jobs_that_is_not_a_whole_number_is_one_line(value, workshop: Path, previous_output: Path,
                                                                   monkeypatch) -> None:
    monkeypatch.setenv("PNP_RULEBOOK_JOBS", value)
    before = snapshot(previous_output)
    built = run("build", GAME, "-e", "first", "-p", "rulebook-a4", "--out", str(previous_output))
    assert_refused(built, "PNP_RULEBOOK_JOBS", previous_output, before)


def test_a_kept_sample_search_of_the_wrong_shape_is_a_miss(tmp_path: Path, monkeypatch) -> None:
    """The KeyError: 'records' of a planted cache file: it is computed again instead."""
    from generator.runs.cache import cache_dir, cache_key, cached
    from generator.runs.sample_search import SEARCH_RESULT

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    parts = {"agents": ["greedy", "greedy"], "first": 1}
    path = cache_dir() / f"sample-search-{cache_key('sample-search', parts, 'grove')}.json"
    path.parent.mkdir(parents=True)
    good = {"seed": 3, "tried": 1, "found": {}, "records": {}}
    for planted in ({"seed": 3}, [1], {"seed": "x", "tried": 1, "found": {}, "records": {}}):
        path.write_text(json.dumps(planted))
        assert cached("sample-search", parts, lambda: good, "grove", SEARCH_RESULT) == good
    path.unlink()
    os.mkfifo(path)  # a pipe in the cache is not opened (it would wait for ever)
    assert cached("sample-search", parts, lambda: good, "grove", SEARCH_RESULT) == good


@pytest.mark.parametrize("planted", [{"seed": 3}, [1], {"game": "x", "seed": "x"}, "text", None],
                         ids=["missing-keys", "a-list", "wrong-types", "a-string", "null"])
def test_a_kept_game_record_or_balance_run_of_the_wrong_shape_is_a_miss(planted, tmp_path: Path,
                                                                        monkeypatch) -> None:
    """Every engine result the rulebook keeps is checked for shape on load: a planted one is played again."""
    from generator.runs.cache import cache_dir
    from generator.model import load_edition
    from generator.runs.work import balance_work, engine_inputs, resolve, sample_work

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    inputs = engine_inputs(load_edition("battle-for-the-grove", "2024"))
    for work in (sample_work(inputs, 5, ("random", "random")), balance_work(inputs, 3, 1, ("random", "random"))):
        path = cache_dir() / f"{work.kind}-{work.key}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(planted))
        result = resolve(work)
        assert result != planted
        assert work.shape.validate_python(result) is not None


PLUG_INS = {"raises": "raise RuntimeError('plug-in broke')\n", "syntax": "def (:\n",
            "exits": "import sys\nsys.exit(3)\n"}


@pytest.mark.parametrize("kind", list(PLUG_INS))
def test_a_plug_in_whose_import_fails_is_one_line_naming_it(kind, tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "bad_engine").mkdir(parents=True)
    (site / "bad_engine" / "__init__.py").write_text(PLUG_INS[kind])
    info = site / "bad_engine-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: bad-engine\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[pnp_generator.engines]\nbad = bad_engine:ENGINE\n")
    components = tmp_path / "components"
    shutil.copytree(ROOT / "tests" / "plugins" / "nim_project" / "components", components)
    game = next(components.iterdir())
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("engine: nim", "engine: bad"))
    env = {**os.environ, "CI": "1", "PNP_COMPONENTS": str(components), "PNP_CACHE_DIR": str(tmp_path / "cache"),
           "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    result = subprocess.run([sys.executable, str(ROOT / "build.py"), "simulate", game.name, "--games", "3"],
                            capture_output=True, text=True, env=env, cwd=ROOT)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert "'bad'" in lines[0] and "bad_engine:ENGINE" in lines[0] and "channeling, grove" in lines[0], lines[0]


def test_an_edition_the_engine_cannot_set_up_stops_validate_and_build_alike(tmp_path: Path, monkeypatch) -> None:
    """The Channeling with seven glyphs: validate says the engine cannot set up a game, and build
    says the same in one line before a worker plays (it ended in a worker's traceback)."""
    project = tmp_path / "project"
    shutil.copytree(ROOT / "components" / "the-channeling", project / "components" / "the-channeling")
    shutil.copytree(ROOT / "layouts", project / "layouts")
    game = project / "components" / "the-channeling"
    glyphs = (game / "glyphs.yaml").read_text()
    (game / "glyphs.yaml").write_text(glyphs[:glyphs.index("  - id: hourglass")])
    edition = game / "editions" / "2025.yaml"
    edition.write_text(edition.read_text().replace("total: 24, per: set, groups: [light, dark, green], each: 8, "
                                                   "distinct: {glyph: 8}", "total: 21, per: set, groups: [light, "
                                                   "dark, green], each: 7, distinct: {glyph: 7}"))
    for name in ("PNP_COMPONENTS", "PNP_LAYOUTS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PNP_PROJECT", str(project))
    monkeypatch.setenv("PNP_RULEBOOK_JOBS", "2")  # engine work started ahead on workers
    checked = run("validate", "the-channeling", "-e", "2025")
    assert checked.code == 1 and "cannot set up a game" in checked.out + checked.err
    out = tmp_path / "out"
    built = run("build", "the-channeling", "-e", "2025", "-p", "rulebook-a4", "--out", str(out))
    assert_refused(built, "2025.yaml", out, {})
    assert "cannot set up a game" in built.err
