"""A publisher's own game: its rulebook is set in its own colours, and a long row of cover pieces
wraps rather than shrinking below readable thumbnails."""
from __future__ import annotations

import pytest

from pnp_testing import run_cli

from generator.build.newgame import create_game


def test_a_new_game_book_takes_its_own_colour_for_headings(tmp_path, rulebook_env):
    """The scaffold's style.yaml names a pale 'sun' and a dark 'moon': the headings are set in moon,
    the first of the game's colours that reads as text on paper."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw
    create_game(tmp_path, "demo", "Demo")
    out = tmp_path / "out"
    result = run_cli("rulebook", "demo", "--profile", "rulebook-letter", "--out", str(out),
                     env={**rulebook_env, "PNP_PROJECT": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    pdf = next(out.glob("demo-*-rulebook-letter.pdf"))
    doc = pdfium.PdfDocument(str(pdf))
    colours = set()
    for page in doc:
        for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_TEXT]):
            r, g, b, a = (raw.c_uint(), raw.c_uint(), raw.c_uint(), raw.c_uint())
            raw.FPDFPageObj_GetFillColor(obj.raw, r, g, b, a)
            colours.add("#%02X%02X%02X" % (r.value, g.value, b.value))
    doc.close()
    assert "#3D4F8C" in colours          # moon
    assert "#2F7D4A" not in colours      # the built-in accent is not used


def test_the_accent_is_the_first_game_colour_dark_enough_for_text(tmp_path):
    from generator.model.layouts import Layouts
    from generator.rulebook.styles import ACCENT, accent_colour
    game = tmp_path / "game"
    game.mkdir()
    (game / "style.yaml").write_text('colours:\n  pale: {rgb: "#F2E6A0", cmyk: [0, 5, 34, 5]}\n')
    assert accent_colour(Layouts(None, game)) == ACCENT            # nothing dark enough: the built-in one
    (game / "style.yaml").write_text('colours:\n  pale: {rgb: "#F2E6A0", cmyk: [0, 5, 34, 5]}\n'
                                     '  wine: {rgb: "#7A1F3D", cmyk: [0, 75, 50, 52]}\n')
    assert accent_colour(Layouts(None, game)) == "wine"


def test_a_long_cover_row_wraps_at_thumbnails_of_25_mm(tmp_path):
    """Twelve cards on a cover: never shrunk below 25 mm tall, set on as many rows as that takes."""
    from reportlab.lib.units import mm
    from generator.model import load_edition
    from generator.model.layouts import Layouts
    from generator.rulebook.faces import PieceFaces
    from generator.rulebook.gallery import CoverRow
    from pnp_testing import ROOT
    edition = load_edition("the-channeling", "2025")
    faces = PieceFaces(edition, Layouts(ROOT / "layouts", edition.game.folder))
    deck = faces.component(edition.spec.deck)
    row = CoverRow(faces, [(deck.id, p) for p in deck.pieces[:12]], 70 * mm)
    width = 180 * mm
    _, height = row.wrap(width, 1000)
    assert min(h for _, h in row.sizes) >= 25 * mm - 1e-6     # sizes as drawn
    assert len(row.rows) > 1 and sum(len(r) for r in row.rows) == 12
    for r in row.rows:   # every row fits the width
        assert sum(row.sizes[i][0] for i in r) + row.gap * row.shrink * (len(r) - 1) <= width + 1e-6
    few = CoverRow(faces, [(deck.id, p) for p in deck.pieces[:3]], 70 * mm)
    few.wrap(width, 1000)
    assert len(few.rows) == 1 and few.shrink == 1.0


def test_the_druids_on_a_booklet_cover_are_25_mm_or_more(player_books):
    """The smallest cover: the druid tokens in front of the Channeling's fan are drawn at 25 mm or
    more, measured by the label each token prints (its size on the cover against its size on the
    token as printed). (A cover row's pieces are measured in test_rulebook_own_game.)"""
    import pdfplumber
    import yaml
    from generator.model import load_edition
    from generator.model.layouts import Layouts
    from generator.rulebook.faces import PieceFaces
    from pnp_testing import ROOT
    book = ("the-channeling", "2025", "rulebook-a5-booklet")
    game, edition_id, _ = book
    edition = load_edition(game, edition_id)
    faces = PieceFaces(edition, Layouts(ROOT / "layouts", edition.game.folder))
    druids = faces.component("druids")
    template, _ = faces.face(druids.id, druids.pieces[0])
    source = ROOT / "components" / game / "templates" / f"{druids.spec.face}.yaml"
    label = yaml.safe_load(source.read_text())["elements"]["label"]
    least = label["size"] * 25 / (template.size[1] / 72 * 25.4)   # the label's size on a 25 mm token
    with pdfplumber.open(player_books[book]) as doc:
        sizes = [w["size"] for w in doc.pages[0].extract_words(extra_attrs=["size"]) if w["text"] == label["text"]]
    assert sizes and min(sizes) >= least - 0.01, (sizes, least)
