"""An up-to-date edition is not built again; any change that can show in its files rebuilds it,
and renaming a card rebuilds only the editions that print that card."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from pnp_testing import ROOT, project_copy, project_env, run_cli


def build(components, out, *args, **env):
    result = run_cli("build", "the-channeling", "-p", "letter", "--out", str(out), *args,
                     env={"PNP_COMPONENTS": str(components), **env})
    assert result.returncode == 0, result.stderr
    return result.stdout


def build_all(components, tmp_path):
    """Each edition of The Channeling into a folder of its own: {edition: 'up to date' or 'N files'}."""
    states = {}
    for edition in ("2025", "thirty", "forest"):
        stdout = build(components, tmp_path / edition, "-e", edition, PNP_CACHE_DIR=str(tmp_path / "cache"))
        states.update(re.findall(r"^the-channeling (\w+): (up to date|\d+ files)", stdout, re.M))
    return states


def test_a_second_build_writes_nothing_and_a_change_rebuilds(game_copy, tmp_path):
    out = tmp_path / "kit"
    env = {"PNP_CACHE_DIR": str(tmp_path / "cache")}
    assert "files in" in build(game_copy, out, "-e", "2025", **env)
    sheet = next(out.glob("*letter-cards.pdf"))
    stamp = sheet.stat().st_mtime_ns
    assert "up to date" in build(game_copy, out, "-e", "2025", **env)
    assert sheet.stat().st_mtime_ns == stamp
    sheet.unlink()  # a listed file gone: built again
    assert "files in" in build(game_copy, out, "-e", "2025", **env)
    sheet.write_bytes(sheet.read_bytes() + b"%")  # a listed file edited: built again
    assert "files in" in build(game_copy, out, "-e", "2025", **env)
    assert "up to date" in build(game_copy, out, "-e", "2025", **env)
    assert "files in" in build(game_copy, out, "-e", "2025", "--force", **env)
    cards = game_copy / "the-channeling" / "cards" / "magic-circle-36.yaml"
    cards.write_text(cards.read_text().replace("vigor: 4, splendor: 3", "vigor: 4, splendor: 4"))
    assert "files in" in build(game_copy, out, "-e", "2025", **env)


def test_renaming_a_card_rebuilds_only_the_editions_printing_it(game_copy, tmp_path):
    assert set(build_all(game_copy, tmp_path).values()) != {"up to date"}
    assert set(build_all(game_copy, tmp_path).values()) == {"up to date"}
    cards = game_copy / "the-channeling" / "cards" / "magic-circle-36.yaml"
    cards.write_text(cards.read_text().replace("Hedge Ring", "Hedgerow Ring"))
    states = build_all(game_copy, tmp_path)
    assert states["2025"] != "up to date"
    assert states["thirty"] == states["forest"] == "up to date"
    os.utime(cards)  # touching alone changes nothing
    assert set(build_all(game_copy, tmp_path).values()) == {"up to date"}


def test_a_kept_engine_result_is_keyed_by_the_code_that_makes_it(tmp_path, monkeypatch):
    """A cached result made by a function outside the engine's own code (a rulebook appendix's step
    search, which picks the turn the back page draws) is not answered from an entry its old code
    made: editing the function's module, or a module beside it that it calls, gives a new key."""
    import importlib
    import sys

    from generator.runs.work import Work

    book = tmp_path / "made_up_appendix"
    book.mkdir()
    (book / "__init__.py").write_text("")
    (book / "search.py").write_text("from made_up_appendix.rule import LONGEST\n\n\n"
                                    "def find(unit):\n    return min(unit[0], LONGEST)\n\n\n"
                                    "def first(parts):\n    return parts[0]\n")
    (book / "rule.py").write_text("LONGEST = 4\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    search = importlib.import_module("made_up_appendix.search")
    try:
        work = Work("step", {"seed": 1}, "channeling", [(9,)], search.find, search.first, [1])
        keys = [work.key]
        (book / "rule.py").write_text("LONGEST = 5\n")   # what the search calls, beside it
        keys.append(work.key)
        (book / "search.py").write_text((book / "search.py").read_text().replace("min(", "max("))
        keys.append(work.key)
        assert len(set(keys)) == 3
    finally:
        for name in [m for m in sys.modules if m.startswith("made_up_appendix")]:
            del sys.modules[name]


def test_the_engine_fingerprint_covers_every_layer_engine_work_may_import():
    """The generator's code a game's result can depend on is every layer from ``runs`` down, as the
    import contract allows, and a game's kernel (its Cython source and built library), not a list
    of chosen files."""
    import tomllib

    from generator.runs import cache

    contract = next(c for c in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
                    if c["id"] == "layers")
    layers = contract["layers"]
    at = next(i for i, layer in enumerate(layers) if "runs" in layer.split(" | "))
    assert set(cache.ENGINE_LAYERS) == {"runs", *layers[at + 1:]}
    files, _ = cache.engine_sources("channeling")
    names = {p.relative_to(ROOT).as_posix() for p in files if p.is_relative_to(ROOT)}
    assert {"generator/play/kernels.py", "generator/runs/simulation.py", "pnp_games/channeling/_kernel.pyx"} <= names
    assert not any(name.startswith("pnp_games/channeling/book/") for name in names)


def test_an_upgraded_library_rebuilds(game_copy, tmp_path):
    """Any installed distribution's version is part of the fingerprint, not only those of a chosen few
    libraries: a dependency of a library that draws, a plug-in's own, may change a file."""
    site = tmp_path / "site"
    (site / "made_up_typesetter-1.0.dist-info").mkdir(parents=True)
    env = {"PNP_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(site)}
    out = tmp_path / "kit"
    build(game_copy, out, "-e", "2025", **env)
    assert "up to date" in build(game_copy, out, "-e", "2025", **env)
    (site / "made_up_typesetter-1.0.dist-info").rename(site / "made_up_typesetter-1.1.dist-info")
    assert "files in" in build(game_copy, out, "-e", "2025", **env)


def test_a_planted_contents_hint_is_none(tmp_path, monkeypatch):
    """The table of contents kept from the last build is read only in the shape the book's own
    headings give: a hint of an older format, or with mark-up (an image or a link reportlab would
    open while laying out the first pass), a foreign key or a wrong type, is no hint; a pipe or a
    link leading out of the project is not even opened."""
    from generator.core.files import read_kept
    from generator.rulebook.book import ContentsHint

    monkeypatch.setenv("PNP_PROJECT", str(tmp_path))   # the hint lies in the project's cache
    path = tmp_path / ".pnp-cache" / "hint.json"
    path.parent.mkdir()
    good = [[0, "Setting up", 2, "setting-up"], [1, "The grid &amp; the deck", 3, "the-grid-the-deck-2"]]
    path.write_text(json.dumps({"format": ContentsHint.FORMAT, "entries": good}))
    assert ContentsHint(path).entries == good
    outside = tmp_path / "outside.png"
    planted = [good,  # the format before this one: a bare list
               {"format": ContentsHint.FORMAT, "entries": [[0, f'<img src="{outside}"/>', 2, "a"]]},
               {"format": ContentsHint.FORMAT, "entries": [[0, "Setting up", 2, 'a"/><img src="x']]},
               {"format": ContentsHint.FORMAT, "entries": [[0, "Setting up", "2", "setting-up"]]},
               {"format": ContentsHint.FORMAT, "entries": [[0, "Setting up"]]},
               {"format": ContentsHint.FORMAT + 1, "entries": good}, [1], "text", None]
    for hint in planted:
        path.write_text(json.dumps(hint))
        assert ContentsHint(path).entries == [], hint
    path.unlink()
    os.mkfifo(path)   # never opened: it would wait for ever
    assert read_kept(path) is None and ContentsHint(path).entries == []
    path.unlink()
    (tmp_path.parent / "outside.json").write_text(json.dumps({"format": ContentsHint.FORMAT, "entries": good}))
    path.symlink_to(tmp_path.parent / "outside.json")
    assert read_kept(path) is None and ContentsHint(path).entries == []


@pytest.mark.long
def test_a_rebuild_after_the_tools_code_changed_equals_a_cold_build(tmp_path):
    """The tool's own code edited (a copy of it, as an editable install's source is edited): here the
    search for the turn the turn at a glance draws. A rulebook rebuilt into the same folder with the
    same cache is byte for byte the one a cold build makes, not one drawn from the old search's
    kept result."""
    tool = tmp_path / "tool"
    for part in ("generator", "pnp_games"):
        shutil.copytree(ROOT / part, tool / part, ignore=shutil.ignore_patterns("__pycache__", "*.c"))
    shutil.copy(ROOT / "build.py", tool / "build.py")
    project = project_copy(tmp_path)

    def rulebook(out, cache):
        result = subprocess.run([sys.executable, str(tool / "build.py"), "build", "the-channeling", "-e", "thirty",
                                 "-p", "rulebook-letter", "--out", str(out)], capture_output=True, text=True,
                                env={**os.environ, "CI": "1", **project_env(project), "PNP_CACHE_DIR": str(cache)},
                                cwd=tmp_path, timeout=1800)
        assert result.returncode == 0, result.stderr
        return next(out.glob("*.pdf")).read_bytes()

    before = rulebook(tmp_path / "book", tmp_path / "cache")
    assert b"A turn from the sample game" in _text(before)
    book = tool / "pnp_games" / "channeling" / "book" / "book.py"
    source = book.read_text()
    assert "len(action.path) < min_path or" in source
    book.write_text(source.replace("len(action.path) < min_path or", "len(action.path) < min_path + 2 or"))
    rebuilt = rulebook(tmp_path / "book", tmp_path / "cache")
    cold = rulebook(tmp_path / "cold", tmp_path / "cold-cache")
    assert cold != before   # the edit shows: another turn is drawn
    assert rebuilt == cold


def _text(pdf: bytes) -> bytes:
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(pdf)
    try:
        return "".join(page.get_textpage().get_text_range() for page in doc).encode()
    finally:
        doc.close()


def test_the_contents_hint_a_book_leaves_is_taken_by_the_next_build(tmp_path, monkeypatch):
    """The hint's check takes what the book's own headings give (a name with '&', a repeated name, a
    heading's key), so a second build starts from it rather than laying out one pass more."""
    from reportlab.lib.pagesizes import A5

    from generator.core.units import MM
    from generator.model import layouts_dir
    from generator.model.layouts import Layouts
    from generator.rulebook.book import ContentsHint
    from generator.rulebook.document import PageSetup, write_document
    from generator.rulebook.markdown import Converter
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles

    layouts = Layouts(layouts_dir())
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"), 1.0)
    setup = PageSetup(A5, top=18 * MM, bottom=18 * MM, inner=17 * MM, outer=12 * MM, booklet=False)
    text = "# Setting up\n\nThe grid.\n\n## Cards & cubes <first>\n\nA card.\n\n# Play\n\n## Cards & cubes <first>\n\nAgain.\n"

    def body(looks):
        return Converter(looks, 100 * MM, lambda name, w: []).convert(text)
    monkeypatch.setenv("PNP_PROJECT", str(tmp_path))
    hint = ContentsHint(tmp_path / ".pnp-cache" / "contents.json")
    write_document(tmp_path / "book.pdf", setup, styles, "Made-up", "Made-up", lambda: [], body, contents_hint=hint.entries)
    hint.keep()
    again = ContentsHint(hint.path)
    assert len(again.entries) == 4 and again.entries == hint.entries and again.was == again.entries
