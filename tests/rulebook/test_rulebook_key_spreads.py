"""A figure's key says each mark once a spread (two facing pages: 2-3, 4-5, ...; page 1 faces none):
the first key on a spread in full, a later one only the marks no earlier key of the spread explained
(nothing when there are none); a figure that turns the page onto a new spread keys all its marks
again. Made-up figures laid out as a book is, read back from the PDF."""
from __future__ import annotations

from pathlib import Path

from reportlab.platypus import Flowable

from test_rulebook_beside import _Drawing, _styles

STAR, RING = ("badge", "ink", "zstar"), ("circle", "light", "zring")
CROSS, WAVE = ("line", "path", "zcross"), ("ring", "dark", "zwave")
MARKS = ("zstar", "zring", "zcross", "zwave")


def _figure(items: list, height: float = 60) -> list[Flowable]:
    from generator.rulebook.legend import Key
    return [_Drawing(120, height), Key(_styles(), 300, items)]


def _book(path: Path) -> list[list[str]]:
    """Figures over five pages, laid out as a rulebook is: the marks each page's keys name, in order."""
    import pdfplumber
    from reportlab.platypus import PageBreak, Spacer

    from generator.rulebook.document import PageSetup, RulebookDoc
    from generator.rulebook.legend import LegendFigure
    from generator.rulebook.small_boards import SmallBoards

    styles = _styles()
    setup = PageSetup((420, 595), top=50, bottom=50, inner=40, outer=40)
    boards = SmallBoards(styles, 300, [("one", lambda *a: None), ("two", lambda *a: None)], [STAR, WAVE])
    story = [*_figure([STAR, RING]), PageBreak(),                       # p1: faces no page
             *_figure([STAR, RING]), *_figure([STAR, RING, CROSS]), PageBreak(),   # p2: a new spread
             *_figure([STAR, CROSS]), boards, LegendFigure(styles, 300, [STAR]),  # p3: faces p2
             Spacer(0, 150), *_figure([STAR, RING], height=250), PageBreak(),   # too tall for p3: onto p4
             *_figure([RING])]                                                 # p5: faces p4
    RulebookDoc(path, setup, styles, "Keys", "Made-up game").build(story)
    with pdfplumber.open(path) as doc:
        return [[w["text"] for w in page.extract_words() if w["text"] in MARKS] for page in doc.pages]


def test_a_key_says_each_mark_once_a_spread(tmp_path):
    pages = _book(tmp_path / "keys.pdf")
    assert pages == [["zstar", "zring"],                  # p1
                     ["zstar", "zring", "zcross"],        # p2: the first key in full, the second its new mark
                     ["zwave", "zstar"],                  # p3: the small boards' new mark; a key on purpose whole
                     ["zstar", "zring"],                  # p4: the board that turned the page keys all its marks
                     []], pages                           # p5: its mark explained facing it


def test_two_layouts_of_the_keys_are_identical(tmp_path):
    _book(tmp_path / "one.pdf")
    _book(tmp_path / "two.pdf")
    assert (tmp_path / "one.pdf").read_bytes() == (tmp_path / "two.pdf").read_bytes()


def test_outside_a_layout_a_key_keeps_every_mark():
    """Measured on its own (no page, no spread), a key is whole."""
    from generator.rulebook.legend import Key
    key = Key(_styles(), 300, [STAR, RING])
    key.wrap(300, 1e6)
    assert key.legend.items == [STAR, RING] and key.height > 0
