"""PDF/X-1a and PDF/X-4 print-shop files: every requirement checked on the document and every page."""
from __future__ import annotations

import hashlib
import shutil
import subprocess

import pikepdf
import pytest

from generator.model import load_edition
from generator.build.pipeline import build_edition
from pdf_inspect import pdfx_problems
from pnp_testing import project_copy, project_env, run_cli

STANDARDS = {"cmyk": "PDF/X-1a:2003", "pdfx4": "PDF/X-4"}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("pdfx")
    produced = build_edition(load_edition("the-channeling", "2025"), out, ["cmyk", "pdfx4", "a4"])
    return out, produced


def test_every_cmyk_deck_pdf_meets_the_pdfx_checks_on_every_page(built):
    out, produced = built
    decks = [p for p in produced if p.profile in STANDARDS]
    assert len(decks) == 4
    for entry in decks:
        assert entry.extra["pdfx"] == STANDARDS[entry.profile]
        assert pdfx_problems(out / entry.path, STANDARDS[entry.profile]) == [], entry.path
        with pikepdf.open(out / entry.path) as pdf:
            assert pdf.pdf_version == {"cmyk": "1.4", "pdfx4": "1.6"}[entry.profile]
            assert len(pdf.pages) == entry.pages > 0


def test_the_checks_find_what_an_rgb_home_sheet_lacks(built):
    out, _ = built
    problems = pdfx_problems(out / "the-channeling-2025-a4-cards.pdf", "PDF/X-1a:2003")
    text = "\n".join(problems)
    assert "GTS_PDFXVersion" in text and "OutputIntent" in text and "XMP" in text
    assert "page 1: RGB ['rg']" in text or "page 1: RGB ['RG', 'rg']" in text


def test_pdfx_files_are_byte_identical_between_builds(built, tmp_path):
    out, _ = built
    again = build_edition(load_edition("the-channeling", "2025"), tmp_path, ["cmyk"])
    for entry in again:
        assert hashlib.sha256((tmp_path / entry.path).read_bytes()).digest() == \
            hashlib.sha256((out / entry.path).read_bytes()).digest(), entry.path


def _profile(root, text: str) -> None:
    (root / "layouts" / "profiles" / "press.yaml").write_text(text)


PRESS = """id: press
name: press
kind: print-shop
bleed: 3mm
marks: null
backs: none
colour_model: {model}
options:
  pdfx: x-1a
  output_intent:
    icc: {icc}
"""


@pytest.mark.parametrize("model, icc, expected", [
    ("rgb", "icc/default_cmyk.icc", "press.yaml:9 at 'options.pdfx': expected colour_model: cmyk"),
    ("cmyk", "icc/missing.icc", "press.yaml:11 at 'options.output_intent.icc': expected an ICC file"),
    ("cmyk", "style.yaml", "at 'options.output_intent.icc': expected an ICC output profile for CMYK"),
])
def test_a_wrong_output_intent_is_one_clear_error_and_writes_nothing(tmp_path, model, icc, expected):
    root = project_copy(tmp_path)
    _profile(root, PRESS.format(model=model, icc=icc))
    out = tmp_path / "out"
    result = run_cli("build", "the-channeling", "-e", "2025", "-p", "press", "--out", str(out),
                     env=project_env(root))
    assert result.returncode == 2, result.stderr
    assert expected in result.stderr and "Traceback" not in result.stderr
    assert not out.exists()


def test_a_project_can_name_its_own_output_profile(tmp_path):
    root = project_copy(tmp_path)
    (root / "layouts" / "icc").mkdir()
    icc = (root / "layouts" / "icc" / "press.icc")
    from generator.model.layouts import BUILTIN_LOOKS
    icc.write_bytes((BUILTIN_LOOKS / "icc" / "default_cmyk.icc").read_bytes())
    _profile(root, PRESS.format(model="cmyk", icc="icc/press.icc") + "    condition: FOGRA39\n")
    out = tmp_path / "out"
    result = run_cli("build", "the-channeling", "-e", "2025", "-p", "press", "--out", str(out),
                     env=project_env(root))
    assert result.returncode == 0, result.stderr
    with pikepdf.open(out / "the-channeling-2025-press-glyph-cards.pdf") as pdf:
        assert str(pdf.Root.OutputIntents[0].OutputConditionIdentifier) == "FOGRA39"


def test_without_pikepdf_a_pdfx_profile_says_which_extra_to_install(monkeypatch, tmp_path):
    from generator.core.errors import UserError
    monkeypatch.setitem(__import__("sys").modules, "pikepdf", None)   # as if it were not installed
    with pytest.raises(UserError, match=r"pip install 'pnp-generator\[pdfx\]'"):
        build_edition(load_edition("the-channeling", "2025"), tmp_path / "out", ["cmyk"])
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript (Debian: ghostscript) is not installed")
def test_ghostscript_renders_the_pdfx_files_cleanly_on_process_plates_only(built, tmp_path):
    out, produced = built
    for entry in (p for p in produced if p.profile in STANDARDS):
        quiet = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=nullpage", str(out / entry.path)],
                               capture_output=True, text=True)
        assert quiet.returncode == 0 and not (quiet.stdout + quiet.stderr).strip(), entry.path
    first = next(p for p in produced if p.profile == "cmyk")
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-r20", "-dFirstPage=1", "-dLastPage=2", "-sDEVICE=tiffsep",
                    "-o", str(tmp_path / "plate-%d.tif"), str(out / first.path)], check=True, capture_output=True)
    plates = sorted(p.name for p in tmp_path.glob("plate-1(*).tif"))
    assert plates == ["plate-1(Black).tif", "plate-1(Cyan).tif", "plate-1(Magenta).tif", "plate-1(Yellow).tif"]
