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


def _a5_doc(pdf):
    """An A5 document of one frame 15 mm inside the trim, without padding."""
    from reportlab.lib.pagesizes import A5
    from reportlab.lib.units import mm
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate
    margin = 15 * mm
    frame = Frame(margin, margin, A5[0] - 2 * margin, A5[1] - 2 * margin, leftPadding=0, rightPadding=0,
                  topPadding=0, bottomPadding=0)
    return BaseDocTemplate(str(pdf), pagesize=A5, pageTemplates=[PageTemplate("page", [frame])]), frame


def _coin_figure(root, face_mm: float):
    """The made-up quartet's coins (one face, four copies) as a gallery ``face_mm`` tall, captioned."""
    from reportlab.lib.units import mm
    from quartet_game import write_quartet_game
    from generator.model import load_edition
    from generator.model.game import load_game
    from generator.model.layouts import Layouts
    from generator.rulebook.faces import PieceFaces
    from generator.rulebook.flowables import FigureBlock
    from generator.rulebook.gallery import Gallery
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles
    write_quartet_game(root)
    edition = load_edition(load_game(root / "components" / "quartet"), "base")
    layouts = Layouts(root / "layouts", edition.game.folder)
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    faces = PieceFaces(edition, layouts, styles.sheet.figures.min_text)
    coins = faces.component("coins")
    gallery = Gallery(coins, faces, styles, face_mm * mm, face_mm / 25.4)
    return FigureBlock([gallery], Paragraph("Coins as printed, with the number of each", styles["caption"]))


@pytest.mark.parametrize("room", ["short", "ample"])
def test_a_lone_face_takes_its_captions_beside_it_at_a_page_foot_too_short_for_them_under_it(tmp_path, room):
    """A gallery of one face, at a page foot with room for the face but not for its count, name and
    caption under it, sets them beside it (a side caption) and stays on the page rather than leaving
    the foot empty; with room enough they go under it, centred."""
    import pdfplumber
    from reportlab.lib.units import mm
    from reportlab.platypus import Spacer
    figure = _coin_figure(tmp_path / "project", 60)
    doc, frame = _a5_doc(tmp_path / "coins.pdf")
    face = 60 * mm
    above = frame._height - face - (4 if room == "short" else 60)   # what the page holds above the figure
    doc.build([Spacer(0, above), figure])
    with pdfplumber.open(str(tmp_path / "coins.pdf")) as pdf:
        assert len(pdf.pages) == 1
        words = {w["text"]: w for w in pdf.pages[0].extract_words()}
    count, name, caption = words["\u00d74"], words["Copper"], words["Coins"]
    centre = frame._x1 + frame._width / 2
    if room == "short":   # beside the face, in a column to its right, over the caption
        assert min(count["x0"], name["x0"], caption["x0"]) > centre
        assert count["bottom"] <= name["top"] and name["bottom"] <= caption["top"]
        assert caption["bottom"] <= frame._y1 + frame._height + 0.5 and caption["x1"] <= frame._x2 + 0.5
    else:                 # under it, centred
        assert abs((count["x0"] + count["x1"]) / 2 - centre) < 1 and abs((name["x0"] + name["x1"]) / 2 - centre) < 1
        assert caption["top"] > name["bottom"]


def test_a_drawing_wider_than_the_frame_is_scaled_to_it(tmp_path):
    """A drawing that lays itself out a little wider than the text (its own least width) is drawn
    scaled to the frame, never into the margins."""
    import pdfplumber
    from generator.rulebook.flowables import FigureBlock

    class Wide(Flowable):
        def wrap(self, avail_width, avail_height):
            self.drawn = avail_width * 1.05
            return self.drawn, 80.0

        def draw(self):
            self.canv.rect(0, 0, self.drawn, 80.0, fill=1)
    pdf = tmp_path / "wide.pdf"
    doc, frame = _a5_doc(pdf)
    doc.build([FigureBlock([Wide()], None)])
    with pdfplumber.open(str(pdf)) as read:
        rect = read.pages[0].rects[0]
    assert rect["x0"] == pytest.approx(frame._x1, abs=0.01) and rect["x1"] == pytest.approx(frame._x2, abs=0.01), rect
