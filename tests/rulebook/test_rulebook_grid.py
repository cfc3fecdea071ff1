"""A run of short told turns set side by side (```grid N```), and one legend drawn for a run of
diagrams: made-up cells and figures, typeset into a PDF and measured there."""
from __future__ import annotations

from pathlib import Path

import pytest

from test_rulebook_small_boards import _styles


class _Figure:
    """A made-up drawing ``width`` points wide that prints its name."""

    def __new__(cls, name: str, width: float):
        from reportlab.platypus import Flowable

        class Drawing(Flowable):
            def wrap(self, avail_width, avail_height):
                return width, 60

            def draw(self):
                self.canv.rect(0, 0, width, 60)
                self.canv.setFont("Helvetica", 8)
                self.canv.drawString(4, 30, name)
        return Drawing()


CELLS = "\n".join(f"### Cell {n}\n\n![](figure:fig{n})\n\nwords{n} of the cell.\n" for n in range(1, 5))


def _typeset(path: Path, figure_width: float, text_width: float = 420) -> list[dict]:
    import pdfplumber
    from reportlab.platypus import SimpleDocTemplate

    from generator.rulebook.markdown import Converter
    conv = Converter(_styles(), text_width, lambda name, w: [_Figure(name, figure_width)])
    story = conv.convert(f"```grid 3\n{CELLS}```\n")
    doc = SimpleDocTemplate(str(path), pagesize=(text_width + 40, 800), leftMargin=20, rightMargin=20,
                            topMargin=20, bottomMargin=20)
    doc.build(story)
    with pdfplumber.open(path) as pdf:
        return [w for page in pdf.pages for w in page.extract_words()]


def _at(words: list[dict], text: str) -> dict:
    return next(w for w in words if w["text"] == text)


def test_cells_sit_three_to_a_row_in_reading_order_and_a_lone_one_beside_its_figure(tmp_path):
    words = _typeset(tmp_path / "grid.pdf", figure_width=110)
    tops = {n: _at(words, f"fig{n}")["top"] for n in range(1, 5)}
    lefts = {n: _at(words, f"fig{n}")["x0"] for n in range(1, 5)}
    assert tops[1] == pytest.approx(tops[2]) == pytest.approx(tops[3]) and tops[4] > tops[1] + 60
    assert lefts[1] < lefts[2] < lefts[3]
    for n in range(1, 4):   # the text under its own drawing
        assert _at(words, f"words{n}")["top"] > tops[n] and _at(words, f"words{n}")["x0"] < lefts[n] + 40
    alone = _at(words, "words4")   # the last cell, alone on its row, beside its drawing
    assert alone["x1"] < lefts[4] and abs(alone["top"] - tops[4]) < 60


def test_cells_whose_figures_do_not_fit_three_across_take_a_row_each_beside_their_figure(tmp_path):
    words = _typeset(tmp_path / "beside.pdf", figure_width=180)
    figs = [_at(words, f"fig{n}") for n in range(1, 5)]
    assert [f["top"] for f in figs] == sorted(f["top"] for f in figs) and figs[1]["top"] > figs[0]["top"] + 60
    for n, fig in enumerate(figs, start=1):
        text = _at(words, f"words{n}")
        assert text["x1"] < fig["x0"] and abs(text["top"] - fig["top"]) < 60   # to the left, on its row


def test_a_grid_names_how_many_cells_a_row_holds(tmp_path):
    from generator.core.errors import UserError
    from generator.rulebook.markdown import Converter
    conv = Converter(_styles(), 400, lambda name, w: [])
    with pytest.raises(UserError, match="grid"):
        conv.convert("```grid three\n### A\n\ntext\n```\n")


def test_one_key_for_a_run_of_diagrams_names_each_mark_once(tmp_path):
    import pdfplumber
    from reportlab.pdfgen.canvas import Canvas

    from generator.rulebook.legend import LegendFigure, merged
    first = [("count", "seat1", "made-up cubes"), ("arrow", "move", "walked")]
    second = [("count", "seat1", "made-up cubes"), ("pill", "cancel", "knocked over")]
    key = LegendFigure(_styles(), 300, merged(first, second))
    path = tmp_path / "key.pdf"
    canv = Canvas(str(path), pagesize=(320, key.height + 20))
    key.wrap(300, 1e6)
    key.drawOn(canv, 10, 10)
    canv.save()
    with pdfplumber.open(path) as pdf:
        text = pdf.pages[0].extract_text()
    assert text.count("made-up") == 1 and "walked" in text and "knocked" in text
