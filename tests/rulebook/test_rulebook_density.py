"""Pages set as an editor fills them: narrow figures share a row instead of each taking the width
with its lines mostly blank, a key under a short text beside its drawing rather than under the
drawing, and a booklet's spare page spent on its glossary and index, each opening a page, rather
than on a blank Notes page."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak, Paragraph
from reportlab.lib.styles import ParagraphStyle

WIDTH = 340.0


class Drawing(Flowable):
    """A made-up drawing ``drawn`` points wide inside any width it is given, ``tall`` points tall."""

    def __init__(self, drawn: float, tall: float, measured: bool = True):
        super().__init__()
        self.drawn, self.tall = drawn, tall
        if measured:
            self.natural_width = lambda width: min(self.drawn, width)

    def wrap(self, avail_width, avail_height):
        return avail_width, self.tall

    def draw(self):
        self.canv.rect((self.width - self.drawn) / 2 if hasattr(self, "width") else 0, 0, self.drawn, self.tall)


def _figure(drawn: float, tall: float, measured: bool = True):
    from generator.rulebook.flowables import FigureBlock
    caption = Paragraph("A caption of a few words", ParagraphStyle("caption", fontSize=8, leading=10))
    return FigureBlock([Drawing(drawn, tall, measured)], caption)


def test_narrow_figures_in_a_run_share_rows_in_reading_order():
    """Figures whose drawings fit the width side by side go on one row; a wide one keeps a row of its
    own, a text between figures ends the row, and a drawing that cannot say its width stays alone."""
    from generator.rulebook.figure_row import GAP, FigureRow, figures_side_by_side
    text = Paragraph("Some words.", ParagraphStyle("body"))
    a, b, c, wide, d, e, unmeasured = (_figure(100, 60), _figure(110, 80), _figure(100, 40), _figure(300, 50),
                                       _figure(90, 50), _figure(90, 50), _figure(50, 50, measured=False))
    out = figures_side_by_side([a, b, c, wide, text, d, unmeasured, e], WIDTH)
    assert isinstance(out[0], FigureRow) and out[0].blocks == [a, b, c]   # 100 + 110 + 100 + 2 gaps of 12 < 340
    assert out[1:] == [wide, text, d, unmeasured, e]
    row = out[0]
    row.canv = Canvas("/dev/null")
    width, height = row.wrap(WIDTH, 1e6)
    assert height == max(f.wrap(w, 1e6)[1] for f, w in zip(row.blocks, row.columns))   # the tallest, not the sum
    assert sum(row.columns) + GAP * 2 == pytest.approx(WIDTH)
    assert all(col >= drawn for col, drawn in zip(row.columns, (100, 110, 100)))
    assert row.split(WIDTH, height / 2) == []   # moves on whole


def test_a_gallery_of_two_tokens_is_narrower_than_the_text(tmp_path):
    """A gallery says how wide its widest row draws: two druid tokens take far less than the text
    width, so they share a row with the next gallery."""
    from generator.model import layouts_for, load_edition
    from generator.rulebook.faces import PieceFaces
    from generator.rulebook.gallery import Gallery
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles
    edition = load_edition("battle-for-the-grove", "2024")
    layouts = layouts_for(edition)
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"), 0.92)
    faces = PieceFaces(edition, layouts, styles.sheet.figures.min_text)
    widths = {}
    for component in edition.components:
        if component.spec.face and component.pieces:
            gallery = Gallery(component, faces, styles, 32 * 72 / 25.4, 1.0)
            gallery.canv = Canvas("/dev/null")
            widths[component.id] = gallery.natural_width(WIDTH)
    assert widths["druids"] < WIDTH / 2 and widths["energy-cubes"] < WIDTH / 2, widths
    assert all(0 < w <= WIDTH for w in widths.values()), widths


def test_the_last_chapter_opens_a_page_only_when_unindexed():
    """The glossary (a chapter the index leaves out) gets a page break before the room its heading
    asks for; a last chapter the index covers is left as it is."""
    from generator.rulebook.document import _last_chapter_apart
    from generator.rulebook.flowables import RoomFor
    from generator.rulebook.markdown import Heading
    style = ParagraphStyle("h1")
    body = Paragraph("Text.", style)
    heading = Heading("Glossary", style, 0, "glossary", "Glossary")
    room = RoomFor([heading], body)
    flowables = [Heading("Rules", style, 0, "rules", "Rules"), body, room, heading, body]
    apart = _last_chapter_apart(flowables, re.compile("glossary", re.IGNORECASE))
    assert [type(f) for f in apart[:3]] == [Heading, Paragraph, PageBreak] and apart[3] is room
    assert _last_chapter_apart(flowables, re.compile("appendix")) == flowables


def test_a_grove_drawing_gives_its_key_apart_to_go_under_a_short_text():
    """A table drawing of the Grove with its legend: the key is a flowable of its own after the
    drawing, so a worked example whose text is shorter than the drawing sets the key under the text
    and takes only the drawing's height."""
    from generator.model import layouts_for, load_edition
    from generator.rulebook.faces import PieceFaces
    from generator.rulebook.flowables import Beside
    from generator.rulebook.legend import Key
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles, seat_roles
    from pnp_games.grove import GroveOptions, State
    from pnp_games.grove.book.book import _diagram
    from pnp_games.grove.book.diagram import GroveDiagram, GroveParts, grove_view
    edition = load_edition("battle-for-the-grove", "2024")
    layouts = layouts_for(edition)
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"), 0.92)
    styles.seat_roles = seat_roles(("Light", "Dark"))
    parts = GroveParts.model_validate({"circles": {"component": "magic-circles", "field": "circle"},
                                       "druids": {"component": "druids", "field": "colour"},
                                       "cubes": {"component": "energy-cubes", "field": "colour"}})
    options = GroveOptions()
    book = SimpleNamespace(faces=PieceFaces(edition, layouts, styles.sheet.figures.min_text), styles=styles)
    drawing, key = _diagram(book, parts, grove_view(State(options)), 0.32, options.druids_per_player)(WIDTH)
    assert isinstance(drawing, GroveDiagram) and isinstance(key, Key)
    canv = Canvas("/dev/null")
    text = [Paragraph("Light stands a druid up in the Grove and so earns a second action.", styles["beside"])]
    block = Beside(text, [drawing, key], WIDTH - drawing.width - 12, 12)
    block.canv = canv
    height = block.wrap(WIDTH, 1e6)[1]
    assert height == pytest.approx(drawing.height)
    assert height < drawing.height + key.height
