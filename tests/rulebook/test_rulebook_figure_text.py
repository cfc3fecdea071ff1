"""Text in figures, measured: a card name set on a board's card in even lines (one routine breaks
both a cover's title and a figure's label), and the text a gallery face prints larger than its own
proportions (raised to the figures' smallest size) clear of the face's art, in every gallery of every
shipped player book and in a made-up game's."""
from __future__ import annotations

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.rulebook.legible import fit_lines
from rulebook_helpers import PLAYER_BOOKS

BOLD = "Helvetica-Bold"


# ----------------------------------------------------------------- one line-breaking routine
def test_a_name_that_fits_one_line_stays_on_it_at_the_largest_size():
    size, lines = fit_lines("Dew Circle", BOLD, 8.0, stringWidth("Dew Circle", BOLD, 7.0), 6.0)
    assert lines == ["Dew Circle"] and size == pytest.approx(7.0)


def test_a_long_name_breaks_into_even_lines_never_before_a_lone_short_word():
    """Greedy filling gave 'Ring of the Old / Oak'; the title's routine gives even lines."""
    size, lines = fit_lines("Ring of the Old Oak", BOLD, 6.1, 47, 6.1)
    assert lines == ["Ring of the", "Old Oak"] and size == pytest.approx(6.1)


def test_two_lines_take_the_largest_quarter_point_size_that_fits():
    width = stringWidth("Standing", BOLD, 7.3)
    size, lines = fit_lines("Standing Stones", BOLD, 8.0, width, 6.0)
    assert lines == ["Standing", "Stones"] and size == pytest.approx(7.25)


def test_a_word_too_wide_at_the_floor_fits_nowhere():
    assert fit_lines("Toadstool Ring", BOLD, 8.0, stringWidth("Toadstool", BOLD, 6.0) - 0.1, 6.0) is None


# ----------------------------------------------------------------- gallery text clear of its art
def _gallery_lines(pdf, game: str, edition: str):
    """Every line of text on the faces placed whole on the pages that hold a gallery (a face over
    another, as in a fan, aside), with how much of its box the art crosses."""
    from face_text import face_lines
    from test_rulebook_gallery_values import _edition, gallery_faces, page_faces
    loaded, faces = _edition(game, edition)
    pages = {page for _, _, page, _, _ in gallery_faces(pdf, faces, loaded)}
    assert pages, f"{pdf.name}: no gallery found"
    forms = page_faces(pdf)

    def alone(f, others) -> bool:
        return not any(g != f and g[0] < f[2] and f[0] < g[2] and g[1] < f[3] and f[1] < g[3] for g in others)
    return face_lines(pdf, {page: [f for f in forms[page] if alone(f, forms[page])] for page in pages})


def _crowded(lines) -> list[str]:
    from face_text import CROSSED
    return [f"p{line.page} {line.text!r}: {line.crossed:.1%} of its box crossed by art" for line in lines
            if line.crossed > CROSSED]


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=["-".join(b) for b in PLAYER_BOOKS])
def test_no_gallery_text_crowds_its_art(player_books, book):
    """Before, the Grove's A5 gallery printed '7 cubes hold it' 14% across its disc's edge and the
    druid's 'Standing' 3% over its figure and rim: the faces are now drawn larger instead. The thirty
    booklet's full gallery page raised its cards' corner values to 6 pt, and a raised '6' covered 3.4%
    of its orientation mark; the values, now large enough on their badges to print at 6 pt there, are
    not raised."""
    lines = _gallery_lines(player_books[book], *book[:2])
    assert lines, "no text on any gallery face"
    assert not _crowded(lines), "\n".join(_crowded(lines))


def _crowded_token_game(root):
    """The quartet with a coin like a circle token: a rim, a disc and a 6 pt line low in the disc,
    clear at its printed size; a rulebook whose A5 gallery draws the coins at half that size or less."""
    from quartet_game import write_quartet_game
    write_quartet_game(root)
    game = root / "components" / "quartet"
    (game / "templates" / "q-coins.yaml").write_text(   # 64 mm, like a circle token: a disc, a word low in it
        "id: q-coins\nsize: [64mm, 64mm]\nshape: round\nelements:\n"
        "  background: {kind: background, fill: sand}\n"
        "  rim: {kind: circle, cx: 32, cy: 32, r: 28, stroke: navy, stroke_width: 1.2}\n"
        "  disc: {kind: circle, cx: 32, cy: 32, r: 11, fill: navy}\n"
        "  label: {kind: text, x: 17, y: 33, w: 30, h: 5, text: \"A copper coin\", font: bold, size: 6,"
        " colour: sand, align: centre}\n")
    rules = game / "rules"
    rules.mkdir()
    (rules / "rulebook.yaml").write_text("main: rulebook.md\nlanguage: en-US\n")
    (rules / "rulebook.md").write_text("# Components\n\nThe coins pay for tricks.\n\n"
                                       "{{ figure('components/coins', 'The coins') }}\n\n"
                                       "{{ figure('components/heroes', 'The heroes') }}\n")
    return root


def test_a_made_up_tokens_raised_words_stay_inside_their_disc(tmp_path):
    """A made-up game's token whose words would cross their disc's edge once raised to the figures'
    smallest size, in a gallery that would draw it at 0.62 of its size: the gallery draws it larger,
    and its words show inside the disc."""
    from reportlab.lib.pagesizes import A5
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    from face_text import face_lines
    from generator.model import load_edition
    from generator.model.game import load_game
    from generator.model.layouts import Layouts
    from generator.rulebook.faces import PieceFaces
    from generator.rulebook.gallery import Gallery
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles
    from test_rulebook_gallery_values import page_faces
    root = _crowded_token_game(tmp_path)
    edition = load_edition(load_game(root / "components" / "quartet"), "base")
    layouts = Layouts(root / "layouts", edition.game.folder)
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    faces = PieceFaces(edition, layouts, styles.sheet.figures.min_text)
    coins = faces.component("coins")
    pdf = tmp_path / "gallery.pdf"
    SimpleDocTemplate(str(pdf), pagesize=A5).build([Gallery(coins, faces, styles, 40 * mm, 40 / 64, page_height=A5[1])])
    lines = face_lines(pdf, page_faces(pdf))
    assert any(line.text.replace(" ", "") == "Acoppercoin" for line in lines), [line.text for line in lines]
    assert not _crowded(lines), "\n".join(_crowded(lines))
