"""No PDF the tool writes names a font it does not embed: every profile, test sheets included."""
from __future__ import annotations

import pikepdf
from reportlab.pdfgen.canvas import Canvas

from generator.model import load_edition
from generator.pipeline import build_edition, layouts_for
from pdf_inspect import unembedded_fonts


def test_every_pdf_of_every_profile_embeds_every_font_on_every_page(tmp_path):
    edition = load_edition("mana-hex", "draft")   # no rules engine, so the rulebook needs no simulation
    profiles = sorted(layouts_for(edition).profiles)
    build_edition(edition, tmp_path, profiles)
    pdfs = sorted(tmp_path.rglob("*.pdf"))
    kinds = {p.name.removeprefix("mana-hex-draft-") for p in pdfs}
    assert {"alignment.pdf", "gutterfold-cards.pdf", "rulebook-letter.pdf", "cmyk-class-cards.pdf"} <= kinds
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                assert unembedded_fonts(page) == set(), f"{path.name} page {number}"


def test_the_check_finds_reportlabs_standard_helvetica(tmp_path):
    path = tmp_path / "plain.pdf"
    canvas = Canvas(str(path))
    canvas.drawString(72, 72, "standard font")
    canvas.save()
    with pikepdf.open(path) as pdf:
        assert unembedded_fonts(pdf.pages[0]) == {"/Helvetica"}
