"""No PDF the tool writes names a font it does not embed: every profile, test sheets included."""
from __future__ import annotations

import pikepdf
from reportlab.pdfgen.canvas import Canvas

from generator.model import load_edition
from generator.build.pipeline import build_edition
from generator.model import layouts_for
from pdf_inspect import unembedded_fonts
from pnp_testing import project_env, run_cli
from pocket_game import write_pocket_game


def test_every_pdf_of_every_profile_embeds_every_font_on_every_page(tmp_path):
    edition = load_edition("mana-hex", "draft")   # no rules engine, so the rulebook needs no simulation
    layouts = layouts_for(edition)
    # the vendor profiles refuse mana-hex's 63 x 88 mm cards: the pocket game's sizes are theirs
    vendors = sorted(p.id for p in layouts.profiles.values() if p.options.get("vendor"))
    build_edition(edition, tmp_path / "mana-hex", sorted(set(layouts.profiles) - set(vendors)))
    pocket = write_pocket_game(tmp_path / "pocket")
    result = run_cli("build", "pocket", "-e", "base", *[f"-p{v}" for v in vendors], "--out",
                     str(tmp_path / "pocket-out"), env=project_env(pocket))
    assert result.returncode == 0, result.stderr
    pdfs = sorted(tmp_path.glob("*/*.pdf"))
    kinds = {p.name.removeprefix("mana-hex-draft-").removeprefix("pocket-base-") for p in pdfs}
    assert {"alignment.pdf", "gutterfold-cards.pdf", "rulebook-letter.pdf", "cmyk-class-cards.pdf",
            "tgc-poker.pdf", "dtc-poker.pdf"} <= kinds and vendors == ["dtc", "mpc", "ppg", "tgc"]
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
