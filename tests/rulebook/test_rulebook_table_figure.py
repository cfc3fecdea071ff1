"""A log table and its small boards (each board naming its row): at a page foot the table parts only
where every board stays on the page of its row; a table too short to part moves on whole with its
boards. Built into a PDF with made-up rows and boards, and read as the book test reads a book
(``figure_pages``)."""
from __future__ import annotations

from pathlib import Path

import pytest

from figure_pages import split_figures
from test_rulebook_small_boards import _box, _styles


def _build(path: Path, rows: int, boarded: list[int], filler: float, aspect: float = 0.6) -> None:
    """A page with ``filler`` points of made-up drawing, then a table of ``rows`` turns and the
    small boards of the turns ``boarded`` (``aspect`` times as high as wide), as the rule text sets them."""
    from reportlab.platypus import SimpleDocTemplate

    from generator.rulebook.markdown import Converter
    from generator.rulebook.small_boards import SmallBoards

    styles = _styles()

    def figures(name: str, width: float) -> list:
        boards = [(f"Turn {n}, someone", _box) for n in boarded]
        return [SmallBoards(styles, width, boards, [], cell=100, aspect=aspect, rows=[str(n) for n in boarded])]
    table = "| Turn | Player | What happened |\n|---|---|---|\n" + "".join(
        f"| {n} | someone | made-up words for turn {n} |\n" for n in range(1, rows + 1))
    flow = Converter(styles, 400, figures).convert(f"{table}\n![](figure:small)\n")

    from test_rulebook_beside import _Drawing
    doc = SimpleDocTemplate(str(path), pagesize=(480, 640), leftMargin=40, rightMargin=40, topMargin=40,
                            bottomMargin=40)
    doc.build([_Drawing(400, filler), *flow])


@pytest.mark.parametrize("filler", [120, 260, 330, 400, 470])
def test_each_small_board_stays_on_the_page_of_its_row(tmp_path, filler):
    path = tmp_path / "log.pdf"
    _build(path, 14, [2, 3, 7, 11, 12], filler)
    assert [str(s) for s in split_figures(path)] == []


def test_a_table_too_short_to_part_moves_on_with_its_boards(tmp_path):
    import pdfplumber
    path = tmp_path / "short.pdf"
    _build(path, 5, [1, 4], 400)
    with pdfplumber.open(path) as pdf:
        first = [w["text"] for w in pdf.pages[0].extract_words()]
    assert "Turn" not in first and "someone" not in first   # nothing of it stays under the filler
    assert [str(s) for s in split_figures(path)] == []


@pytest.mark.parametrize("filler", [300, 340, 380])
def test_a_log_longer_than_a_page_moves_on_when_no_part_fits_under_a_filler(tmp_path, filler):
    """The table and its boards fill more than a page, and the rest of this one (under half of
    it) holds no part that keeps its boards: the whole moves on to part on the next pages, rather
    than run on from here with every board after the table's end."""
    import pdfplumber
    path = tmp_path / "long.pdf"
    _build(path, 30, [2, 5, 20, 25], filler, aspect=2.0)
    with pdfplumber.open(path) as pdf:
        first = [w["text"] for w in pdf.pages[0].extract_words()]
    assert "someone" not in first
    assert [str(s) for s in split_figures(path)] == []


def test_a_log_whose_boards_fit_nowhere_near_runs_on_rather_than_leave_half_a_page_blank(tmp_path):
    """No part of the log keeps its (tall) boards under a filler that leaves most of the page: the
    table runs on from here, split to the page (its first part must fit), its boards after it."""
    import pdfplumber

    from reportlab.platypus import SimpleDocTemplate
    from generator.rulebook.markdown import Converter
    from generator.rulebook.small_boards import SmallBoards
    from test_rulebook_beside import _Drawing

    styles = _styles()

    def figures(name: str, width: float) -> list:
        return [SmallBoards(styles, width, [(f"Turn {n}, someone", _box) for n in range(1, 31)], [], cell=100,
                            aspect=2.5, rows=[str(n) for n in range(1, 31)])]
    table = "| Turn | Player | What happened |\n|---|---|---|\n" + "".join(
        f"| {n} | someone | made-up words for turn {n} |\n" for n in range(1, 31))
    path = tmp_path / "runs-on.pdf"
    doc = SimpleDocTemplate(str(path), pagesize=(480, 640), leftMargin=40, rightMargin=40, topMargin=40,
                            bottomMargin=40)
    doc.build([_Drawing(400, 200), *Converter(styles, 400, figures).convert(f"{table}\n![](figure:small)\n")])
    with pdfplumber.open(path) as pdf:
        first = [w["text"] for w in pdf.pages[0].extract_words()]
    assert "1" in first and "someone" in first   # the log starts under the filler


def _words(path: Path) -> list[dict]:
    import pdfplumber
    with pdfplumber.open(path) as pdf:
        return [w for page in pdf.pages for w in page.extract_words(extra_attrs=["size"])]


def _log(path: Path, rows: int, boarded: int, caption: str = "") -> None:
    """A table of ``rows`` turns and the small board of turn ``boarded`` with a legend and a caption."""
    from reportlab.platypus import SimpleDocTemplate

    from generator.rulebook.markdown import Converter
    from generator.rulebook.small_boards import SmallBoards

    styles = _styles()

    def figures(name: str, width: float) -> list:
        return [SmallBoards(styles, width, [(f"Turn {boarded}, someone", _box)], [("count", "light", "a made-up mark")],
                            cell=110, aspect=0.9, rows=[str(boarded)])]
    table = "| Turn | Player | What happened |\n|---|---|---|\n" + "".join(
        f"| {n} | someone | made-up words for turn {n}, long enough to fill a line of the table |\n"
        for n in range(1, rows + 1))
    flow = Converter(styles, 400, figures).convert(f"{table}\n![{caption}](figure:small)\n")
    SimpleDocTemplate(str(path), pagesize=(480, 640), leftMargin=40, rightMargin=40, topMargin=40,
                      bottomMargin=40).build(flow)


def test_the_lone_board_of_a_short_log_stands_beside_its_rows(tmp_path):
    """One board and a row or two: the board on the right of the rows, its key and the caption
    under the rows, so the block is as tall as the board instead of the table and the board."""
    path = tmp_path / "beside.pdf"
    _log(path, 2, 2, "The grid after the turn above.")
    words = _words(path)
    board = next(w for w in words if w["text"] == "Turn" and w["size"] <= 6.5)   # the board's caption
    row = next(w for w in words if w["text"] == "2" and w["size"] > 6.5)          # its log row
    assert board["top"] < row["bottom"]                              # beside the rows, not under them
    assert board["x0"] > max(w["x1"] for w in words if w["text"] == "table")   # right of the rows' text
    mark = next(w for w in words if w["text"] == "mark")   # the legend's
    caption = next(w for w in words if w["text"] == "grid")
    assert mark["top"] > row["bottom"] and caption["top"] > mark["top"]   # key, then caption, under the rows
    assert mark["x1"] < board["x0"] and caption["x1"] < board["x0"]      # on the rows' side
    assert [str(s) for s in split_figures(path)] == []


def test_the_lone_board_of_a_longer_log_stays_under_it(tmp_path):
    """Rows that, set beside the board, would run past it keep the board under the table."""
    path = tmp_path / "under.pdf"
    _log(path, 9, 4)
    words = _words(path)
    board = next(w for w in words if w["text"] == "Turn" and w["size"] <= 6.5)
    last = next(w for w in words if w["text"] == "9" and w["size"] > 6.5)
    assert board["top"] > last["bottom"]
