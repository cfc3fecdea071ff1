"""Text beside a figure: a key that ends the figure goes under a short text (the column beside the
drawing would stay empty); a long text runs on under the drawing at the full width, the key across
the block's foot; drawn into a PDF and measured there."""
from __future__ import annotations

from pathlib import Path

from reportlab.platypus import Flowable


class _Drawing(Flowable):
    """A made-up drawing: a grey box ``width`` x ``height`` points."""

    def __init__(self, width: float, height: float):
        super().__init__()
        self.width, self.height = width, height

    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def draw(self):
        self.canv.setFillGray(0.5)
        self.canv.rect(0, 0, self.width, self.height, stroke=0, fill=1)


def _styles():
    from test_rulebook_small_boards import _styles as styles
    return styles()


def _set(text: str, tmp_path: Path) -> tuple[dict, list[dict], float]:
    """The text beside a 150 x 200 pt drawing and its key, laid out on a page: the word of the key's
    made-up mark and the words of the text (pdfplumber: x0, top ...), and the block's height."""
    import pdfplumber
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    from generator.rulebook.flowables import Beside
    from generator.rulebook.legend import Key

    styles = _styles()
    key = Key(styles, 150, [("count", "light", "zorblax mark"), ("line", "path", "a made-up line")])
    block = Beside([Paragraph(text, styles["beside"])], [_Drawing(150, 200), key], 250, 14)
    path = tmp_path / "beside.pdf"
    doc = SimpleDocTemplate(str(path), pagesize=(500, 600), leftMargin=40, rightMargin=46, topMargin=40,
                            bottomMargin=40)
    doc.build([block])
    with pdfplumber.open(path) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    mark = next(w for w in words if w["text"] == "zorblax")
    return mark, [w for w in words if w["text"] in ("Wordy", "words.")], block.height


def test_a_short_text_takes_the_key_under_it(tmp_path):
    mark, text, height = _set("Wordy words. " * 8, tmp_path)
    assert mark["x0"] < 40 + 250                  # in the text column, left of the drawing
    assert mark["top"] > text[0]["top"]           # under the text
    assert height == 200                          # no taller than the drawing


def test_a_long_text_runs_on_under_the_drawing(tmp_path):
    """Beside the drawing while the drawing lasts, then across the full width (no empty column
    under the drawing); the key across the foot, after the last word."""
    mark, text, height = _set("Wordy words. " * 120, tmp_path)
    assert all(w["x0"] < 40 + 250 for w in text if w["top"] < 40 + 200)   # beside the drawing
    assert any(w["x0"] > 40 + 250 + 14 for w in text if w["top"] > 40 + 200)   # under it, at the full width
    assert mark["top"] > max(w["top"] for w in text)
    assert height > 200                           # the text is the taller
    assert mark["size"] >= _styles().sheet.figures.min_text - 0.01


def test_a_text_that_runs_on_keeps_the_key_under_the_drawing(tmp_path):
    """Split at a page foot, the part that stays keeps its key under the drawing: no key comes
    between two lines of the text that goes on below."""
    from reportlab.platypus import Paragraph

    from generator.rulebook.flowables import Beside
    from generator.rulebook.legend import Key

    styles = _styles()
    key = Key(styles, 150, [("count", "light", "zorblax mark")])
    # a short paragraph, then a block too tall to stay (it cannot split): the paragraph stays beside the drawing
    block = Beside([Paragraph("Wordy words. " * 8, styles["beside"]), _Drawing(240, 300)], [_Drawing(150, 200), key],
                   250, 14)
    from reportlab.pdfgen.canvas import Canvas
    block.canv = Canvas(str(tmp_path / "x.pdf"))
    first, *rest = block.split(414, 260)
    assert rest and isinstance(first, Beside)
    text, figure, below = first._columns(414)
    assert figure[-1] is key and below == [] and not any(isinstance(f, Key) for f in text)


def test_a_figure_with_no_room_at_the_page_foot_takes_its_whole_text_overleaf(tmp_path):
    """No room left for the drawing under a filler: the text does not start at the full width on
    this page while its drawing opens the next; the block goes on whole, text and drawing together."""
    import pdfplumber
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    from generator.rulebook.flowables import Beside

    styles = _styles()
    text = [Paragraph("Firstword " + "wordy words. " * 30, styles["beside"]), Paragraph("More words. " * 20, styles["beside"])]
    path = tmp_path / "overleaf.pdf"
    doc = SimpleDocTemplate(str(path), pagesize=(500, 600), leftMargin=40, rightMargin=46, topMargin=40,
                            bottomMargin=40)
    doc.build([_Drawing(400, 380), Beside(text, [_Drawing(150, 200)], 250, 14)])
    with pdfplumber.open(path) as pdf:
        pages = [[w["text"] for w in page.extract_words()] for page in pdf.pages]
        boxes = [len(page.rects) for page in pdf.pages]
    assert "Firstword" in pages[1] and not pages[0]     # the text begins on the drawing's page
    assert boxes[1] == 1
